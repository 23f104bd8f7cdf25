#pragma once
/// @file walkthrough_dock.h
/// The Walkthrough dock: pick two bodies, a mode (SAT, Clipping, Methods) and step through what the engine
/// did, with an explanation written from the live numbers and a table of every axis or stage. The canvas
/// overlay (widgets/overlay.h) draws the current step; the View menu toggles the diagnostic overlays.
///
/// Two sources of bodies: the edited scene (the document, followed edit by edit), or a contact chosen on a
/// paused simulation frame (showSimulationContact): the two bodies as the engine saw them for that manifold
/// (poses at the start of the step), the shapes of the chosen point, and the World's speculative margin, so
/// the walkthrough's points are the engine's. A line above the pair says which ("Simulation frame 45, ...");
/// its button, or leaving Simulate mode, goes back to the edited scene. The document is never changed.

#include "document.h"
#include "overlay.h"
#include "simulation_controller.h"
#include "walkthrough.h"

#include <QDockWidget>
#include <QHash>
#include <QList>

#include <optional>
#include <utility>

class QAction;
class QComboBox;
class QCommandLineParser;
class QLabel;
class QMenu;
class QPushButton;
class QTabBar;
class QTableWidget;
class QToolButton;

namespace cl {

class CompactRowsDelegate;
class ExplanationBox;
class ExplanationLabel;
class GjkPanel;
class MainWindow;
class SceneCanvas;

class WalkthroughDock : public QDockWidget {
    Q_OBJECT

public:
    /// @param document observed for body changes (the walkthrough follows every edit, keeping its step)
    /// @param canvas gets the overlay; its selection of two bodies picks the pair
    WalkthroughDock(Document* document, SceneCanvas* canvas, QWidget* parent = nullptr);
    ~WalkthroughDock() override;

    WalkthroughMode mode() const { return m_mode; }
    /// Index in the document's bodies of A and B (-1 when unset).
    int indexA() const;
    int indexB() const;
    BodyKey keyA() const { return m_keyA; }
    /// How many times the pair's body lists were refilled (a test checks that a body batch does it once).
    int bodyListRefreshes() const { return m_bodyListRefreshes; }
    BodyKey keyB() const { return m_keyB; }
    /// The current step, 0-based (-1 when the walkthrough is empty).
    int currentStep() const { return m_step; }
    const Walkthrough& walkthrough() const { return m_walkthrough; }
    WalkthroughOverlay* overlay() const { return m_overlay; }
    /// Whether the SAT and clipping page is the dock's page in front (gjk_panel.cpp's page switch says):
    /// the canvas shows its step only then, so another page never stands beside SAT's ruler.
    void setSatPageInFront(bool inFront);
    /// The GJK page when it is the page in front (the step keys step it), else null.
    GjkPanel* gjkPageInFront() const;

    /// The explanation shown for the current step (plain text).
    QString explanation() const;
    QTableWidget* table() const { return m_table; }

    /// True while a simulation frame's contact is shown instead of the edited scene.
    bool isShowingSimulation() const { return m_sim.has_value(); }
    /// The simulation contact shown (nullopt for the edited scene).
    const std::optional<SimContactPick>& simulationContact() const { return m_sim; }
    /// Where the bodies come from, as the line above the pair says it (empty for the edited scene).
    QString sourceText() const;
    /// The header's sentence for a contact the engine recycled (SimContactPoint::recycled) at the pick's step.
    static QString recycledText(const cl::SimContactPick& pick);
    /// Follows `controller`: a contact chosen on a paused frame opens here, leaving Simulate mode returns to
    /// the edited scene.
    void setSimulation(SimulationController* controller);

    /// The Walkthrough menu (modes, steps, swap) and the View menu's overlay toggles.
    QMenu* menu() const { return m_menu; }
    QList<QAction*> overlayActions() const { return m_overlayActions; }

public slots:
    void setMode(cl::WalkthroughMode mode);
    /// Picks bodies by index in the document; false (nothing changes) when out of range or equal.
    bool setPair(int indexA, int indexB);
    /// Picks bodies by key; false when unknown or equal.
    bool setPairKeys(cl::BodyKey keyA, cl::BodyKey keyB);
    void swapPair();
    /// Goes to step `step` (clamped into range).
    void setStep(int step);
    void nextStep();
    void previousStep();
    void firstStep();
    void lastStep();
    void setOverlayOptions(const cl::OverlayOptions& options);
    /// Shows the walkthrough of a simulation contact (see the file comment) and raises the dock. The mode
    /// and the rest of the dock work as usual; picking another pair returns to the edited scene.
    void showSimulationContact(const cl::SimContactPick& pick);
    /// Back to the edited scene's bodies (the same pair, by key).
    void showEditedScene();
    /// While a simulation contact is shown and the run is paused on another frame (stepped, scrubbed, a
    /// bookmark): shows the same pair's deepest point of that frame, keeping the walkthrough's step. When the
    /// pair does not touch there, the last frame's contact stays (its note names its frame).
    void followShownFrame();
    /// Zooms the canvas onto A and B (their traced bounding boxes) with room around them for the SAT ruler.
    void framePair();
    /// After the pair changed (or a lesson revealed a step): frames it when the view would cut its drawing
    /// (see the definition).
    void frameIfCut();

signals:
    /// The step, the pair, the mode or the numbers changed.
    void walkthroughChanged();

protected:
    /// A new font (presentation mode) resizes the explanation and the step title with it.
    void changeEvent(QEvent* event) override;
    /// The table's viewport changed width: fit the columns again.
    bool eventFilter(QObject* watched, QEvent* event) override;
    /// The SAT page's minimum height: its layout's at its width (its wrapped texts in full).
    void fitPage();

private:
    void buildUi();
    /// The explanation's and step title's fonts, from the dock's font.
    void applyFonts();
    /// The explanation's, the source row's and the A/B labels' colours, from the current palette.
    void applyPalette();
    void buildMenu();
    /// Recomputes the traces from the document's current bodies, keeping the step (clamped).
    void rebuild();
    /// Refills the pair combo boxes from the document.
    void refreshBodyList();
    /// Picks a default pair: the first two bodies that touch, one of them not static (else any two that
    /// touch), else the first two.
    void chooseDefaultPair();
    /// Draws the step on the canvas exactly when the panel is on screen and, while simulating, only for a
    /// contact chosen on the run (not the edited scene's pair).
    void updateOverlayVisibility();
    void updateView();
    /// Moves the canvas to the current step's subject when it lies off the view (OverlayPainter::stepView).
    void showStepOnCanvas();
    void fillTable();
    /// Scrolls the table to the current step's rows (the selected ones).
    void showCurrentRows();
    /// Column widths that fit the viewport, and the table's type that lets every row show (see
    /// walkthrough_dock.cpp).
    void fitColumns();
    /// fitColumns at the table's present type.
    void fitColumnsAtShrink();
    /// The table's type: the dock's times `shrink` (the items' too).
    void setTableShrink(double shrink);
    /// Whether every row fits the viewport's height.
    bool rowsFit() const;
    /// Every row as tall as its text (what QHeaderView::ResizeToContents gives), from m_rowHeights when a
    /// row of the same shape was measured before (see walkthrough_dock.cpp).
    void fitRows();
    void onSceneReset();
    void onBodyChanged(cl::BodyKey key);
    void onBodyRemoved(cl::BodyKey key);
    /// The end of a body batch (Document::beginBodyBatch): the body lists, the pair and the selection, once.
    void onBodyBatchEnded();
    /// What onBodyRemoved and an insert do, for all the bodies of a batch at once.
    void followBodyEdits();
    /// No pair yet, no simulation contact shown, and two bodies to pick from (the second body drawn).
    bool wantsFirstPair() const;
    /// Drops the shown simulation contact, picks the default pair and starts at its first step.
    void restartWithDefaultPair();
    void onSelectionChanged(const QList<quint64>& keys);

    Document* m_document = nullptr;
    SceneCanvas* m_canvas = nullptr;
    SimulationController* m_controller = nullptr;
    std::optional<SimContactPick> m_sim;
    QWidget* m_page = nullptr; ///< the SAT and clipping page (fitPage)
    WalkthroughOverlay* m_overlay = nullptr;
    Walkthrough m_walkthrough;
    WalkthroughMode m_mode = WalkthroughMode::Sat;
    BodyKey m_keyA = 0;
    BodyKey m_keyB = 0;
    int m_step = -1;
    bool m_updatingCombos = false;
    bool m_bodiesStale = false;    ///< bodies came or went in the body batch under way
    bool m_selectionStale = false; ///< the canvas selection changed in it
    int m_bodyListRefreshes = 0;
    /// Lays a cell's lines out on one line when fitColumns finds room (walkthrough_dock.cpp).
    CompactRowsDelegate* m_compactRows = nullptr;
    bool m_fittingColumns = false;  ///< inside fitColumns (its own resizes do not start another)
    double m_tableShrink = 1.0;     ///< the table's type against the dock's (fitColumns)
    bool m_searchingShrink = false; ///< inside fitColumns' search of the type
    /// The viewport and table shape for which fitColumns last chose m_tableShrink.
    QString m_shrinkSituation;
    /// fitColumns' measures of cell texts in the table's font: widest line, widest word (pixels); the key is
    /// 'b' or 'n' (bold or not) and the text.
    QHash<QString, std::pair<int, int>> m_textWidths;
    /// fitRows' measured row heights (pixels) by the row's shape: its cells' texts with every digit written
    /// as 0 and their weights, when no cell wraps; the exact texts and the column widths when one may.
    QHash<QString, int> m_rowHeights;
    /// Set while a body edit rebuilds the walkthrough on the same step: the explanation's numbers change,
    /// not what it explains, and it keeps its size hints (explanation_label.h).
    bool m_numbersOnly = false;
    bool m_onScreen = false;      ///< the panel is shown and in front (visibilityChanged)
    bool m_satPageInFront = true; ///< setSatPageInFront

    QWidget* m_sourceRow = nullptr;
    QLabel* m_sourceLabel = nullptr;
    QComboBox* m_comboA = nullptr;
    QToolButton* m_swap = nullptr;
    QComboBox* m_comboB = nullptr;
    QTabBar* m_modeTabs = nullptr;
    QPushButton* m_previous = nullptr;
    QPushButton* m_next = nullptr;
    QLabel* m_stepLabel = nullptr;
    ExplanationLabel* m_explanation = nullptr;
    ExplanationBox* m_explanationBox = nullptr; ///< the explanation's place in the layout
    QLabel* m_labelA = nullptr;
    QLabel* m_labelB = nullptr;
    QTableWidget* m_table = nullptr;
    QMenu* m_menu = nullptr;
    QList<QAction*> m_modeActions;
    QList<QAction*> m_overlayActions;
};

/// Adds the Walkthrough dock, its menu, the View menu's overlay toggles and the File menu's Export submenu to
/// `window` (one line in the MainWindow constructor).
WalkthroughDock* installWalkthrough(MainWindow& window);

/// Adds the app's walkthrough options to a command line: --walkthrough sat|clipping|methods, --step N
/// (1-based), --pair I,J (body indices), --overlays normals,aabbs,centroids,indices,contacts.
void addWalkthroughOptions(QCommandLineParser& parser);
/// Applies the options of addWalkthroughOptions to the window's dock (after the scene is open): shows the
/// dock, picks mode, pair and step, switches overlays on. Returns an empty string on success, else the usage
/// error.
QString applyWalkthroughOptions(const QCommandLineParser& parser, MainWindow& window);

} // namespace cl
