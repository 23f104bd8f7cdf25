#pragma once
/// @file gjk_panel.h
/// The GJK, EPA, Voronoi and time-of-impact walkthroughs, and the steps of the last concave outline split into convex pieces,
/// as a page of the Walkthrough dock beside SAT and clipping. It
/// walks through the engine's own traces (phys::shapeDistance, phys::gjkEpaPenetration, phys::voronoiRegion)
/// for the dock's pair (first shape of each body), in two linked panes: the world (A, B, the support points,
/// the witness points) and the Minkowski difference A (-) B (the origin, the simplex or polytope, the region
/// that holds the closest point, the search direction). The explanation is written from the live numbers,
/// and the panel follows every edit of the two bodies (a vertex drag redraws both panes as it goes).

#include "document.h"
#include "gjk_canvas_overlay.h"
#include "gjk_steps.h"
#include "gjk_view.h"

#include "physics/epa.h"
#include "physics/toi.h"

#include <QString>
#include <QWidget>

#include <vector>

class QBoxLayout;
class QLabel;
class QShowEvent;
class QHideEvent;
class QPushButton;
class QTabBar;
class QTableWidget;

namespace cl {

class DrawPolygonTool;
class SceneCanvas;
class SimulationController;
class WalkthroughDock;

class GjkPanel : public QWidget {
    Q_OBJECT

public:
    /// The tabs, in the order of GjkSteps::Tab.
    enum class View { Gjk, Epa, Voronoi, Split, Toi };

    /// @param canvas the bodies are read as it shows them (a vertex drag's preview included); may be null
    GjkPanel(Document* document, SceneCanvas* canvas, QWidget* parent = nullptr);

    /// Picks the pair by key (0: none). Keeps the step when the pair stays the same.
    void setPair(BodyKey a, BodyKey b);
    View view() const { return m_view; }
    void setView(View view);

    int stepCount() const {
        flushPending();
        return int(m_steps.size());
    }
    int currentStep() const {
        flushPending();
        return m_step;
    }
    void setStep(int step);
    void nextStep() { setStep(m_step + 1); }
    void previousStep() { setStep(m_step - 1); }

    /// The title and explanation of the current step, as shown.
    QString stepTitle() const;
    QString explanation() const;

    GjkView* worldView() const {
        flushPending();
        return m_world;
    }
    /// What the page draws on the main canvas (null without a canvas): the current step's canvas items while
    /// the GJK tab is on screen in Edit mode, else nothing.
    GjkCanvasOverlay* canvasOverlay() const { return m_canvasOverlay; }
    GjkView* minkowskiView() const {
        flushPending();
        return m_minkowski;
    }
    /// The GJK and EPA tabs' table (GjkSteps::table): a row per iteration, then the result; clicking a row
    /// goes to its step. Hidden on the other tabs.
    QTableWidget* table() const {
        flushPending();
        return m_table;
    }
    /// The engine's answer for the current pair (GJK on the cores, EPA when they overlap, radii added).
    const phys::PenetrationOutput& penetration() const {
        flushPending();
        return m_penetration;
    }
    /// The TOI tab's answer and trace for the current pair and motion (Separated with no passes when nothing
    /// moves).
    const phys::ToiOutput& toi() const {
        flushPending();
        return m_toi;
    }
    const phys::ToiTrace& toiTrace() const {
        flushPending();
        return m_toiTrace;
    }

signals:
    void changed();

protected:
    void showEvent(QShowEvent* event) override;
    void hideEvent(QHideEvent* event) override;
    /// The explanation's width or the room the dock gives changed: the page is laid out again.
    bool eventFilter(QObject* watched, QEvent* event) override;

    void resizeEvent(QResizeEvent* event) override;
    int heightForWidth(int width) const override;
    void changeEvent(QEvent* event) override;

private:
    /// Lays the page out for the room the dock gives it (review v12b N6: at 1280x800 the panes and the
    /// explanation were below the fold and cells broke mid-number): the two panes side by side when the page
    /// is wide, the explanation whole under them, and the table under that, its columns fitted to the width
    /// (fitTableColumns) and as tall as all its rows (issue 12: at 1280x800 in presentation mode 1.5 rows
    /// showed): the pair's names go into the World pane's title, the explanation's type and then the
    /// table's shrink a little, the panes give up some height; when all that is not enough, the table is
    /// at least tall enough for the current step's row, which is scrolled into view.
    void fitPage();
    /// Column widths and cell line breaks for the table's width (table_fit.h: no number or name broken);
    /// the type shrinks to 85% and then the Support A and B columns go (the World pane and the explanation
    /// show those points) when the columns cannot fit otherwise.
    void fitTableColumns();
    /// The explanation at least as tall as its wrapped text.
    void fitExplanationHeight();

private:
    void rebuild();
    /// An edit of the pair that came while the page was off screen is rebuilt now (see m_stale).
    void flushPending() const;
    /// The decomposition of the last outline the Polygon tool split (its trace), step by step.
    void buildSplit();
    /// The time-of-impact sweep of the pair over one step (gjk_panel_toi.cpp): the motion is the bodies'
    /// velocities as set in the Inspector, or their state at the paused simulation frame shown.
    void buildToi();
    /// Finds the window's simulation controller (once) and follows its frames while the TOI tab is shown.
    SimulationController* simulation();
    void show();
    /// Fills the table from `table` (GjkSteps::table), or hides it when that has no rows.
    void fillTable(const WalkthroughTable& table);
    /// The canvas overlay shows the current step's canvas items only while this page and its GJK tab are on
    /// screen, and not over a running simulation (the items belong to the edited bodies).
    void updateCanvasOverlay();
    /// Body `key` as shown on the canvas (a drag's preview), else as in the document.
    const phys::BodyDef& shownBody(BodyKey key) const;

    Document* m_document = nullptr;
    SceneCanvas* m_canvas = nullptr;
    DrawPolygonTool* m_polygonTool = nullptr; ///< found in the window when the Split view first opens
    BodyKey m_keyA = 0, m_keyB = 0;
    /// The pair changed while the page was hidden (behind the SAT page, or the dock closed): the rebuild
    /// waits for the page to show or for a caller to ask what it shows. A vertex drag with the SAT page in
    /// front then costs no GJK/EPA trace, table and panes per mouse move (issue 12's drag benchmark).
    bool m_stale = false;
    View m_view = View::Gjk;
    int m_step = 0;
    std::vector<GjkStep> m_steps;
    phys::PenetrationOutput m_penetration;
    phys::ToiOutput m_toi;
    QString m_pieces; ///< the pieces shown when a body is compound (GjkSteps::pieces)
    phys::ToiTrace m_toiTrace;
    SimulationController* m_simulation = nullptr;
    bool m_simulationLooked = false;

    QTabBar* m_tabs = nullptr;
    QLabel* m_pairLabel = nullptr;
    QPushButton* m_previous = nullptr;
    QPushButton* m_next = nullptr;
    QLabel* m_stepLabel = nullptr;
    GjkCanvasOverlay* m_canvasOverlay = nullptr;
    GjkView* m_world = nullptr;
    GjkView* m_minkowski = nullptr;
    QLabel* m_explanation = nullptr;
    QTableWidget* m_table = nullptr;
    QBoxLayout* m_panes = nullptr; ///< the World and Minkowski panes: side by side, or one above the other
    QLabel* m_tableNote = nullptr; ///< says which columns a narrow page leaves out
    bool m_fitting = false;        ///< fitPage is running (its own resizes come back to it)
    /// The table's type against the page's that fitPage chose for the rows' height (fitTableColumns
    /// shrinks it further for the width).
    double m_tableShrink = 1.0;
    QString m_shrinkSituation; ///< the room, view and step m_tableShrink was chosen for
    int m_navSpacing = 6;      ///< between the Back / Next buttons and the step's title
};

/// Puts `satPage` (the dock's SAT and clipping page) and a GjkPanel (in a scroll area of its own) into tabs,
/// the panel following the dock's pair. The one hook in walkthrough_dock.cpp: the dock's scroll area holds
/// withGjkPanel(this, page, document, canvas) instead of the page.
QWidget* withGjkPanel(WalkthroughDock* dock, QWidget* satPage, Document* document, SceneCanvas* canvas);

} // namespace cl
