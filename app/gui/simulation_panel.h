#pragma once
/// @file simulation_panel.h
/// The Simulate mode's user interface, installed into the MainWindow from this one file: the Simulation
/// toolbar (Edit/Simulate switch, Reset, step back, Play/Pause, step, time scale, time readout, the demo's
/// one-line description and warnings), the Simulation dock (solver, response, contact method, warm
/// starting, continuous, sleep, gravity, time step, iterations, substeps, overlay toggles), the Energy dock,
/// the grab tool, the canvas overlay, and the Simulation demos in File > Samples.

#include "document.h"
#include "timeline_bookmarks.h"

#include <QObject>
#include <QString>

class QAction;
class QCommandLineParser;
class QCheckBox;
class QComboBox;
class QDockWidget;
class QPushButton;
class QVBoxLayout;
class QDoubleSpinBox;
class QLabel;
class QProgressBar;
class QSpinBox;
class QTimer;
class QToolBar;

namespace cl {

class EnergyPlot;
class GraphDock;
class TimelineScrubber;
class GrabTool;
class MainWindow;
class SimOverlay;
class SimulationController;
class Tool;

class SimulationUi : public QObject {
    Q_OBJECT

public:
    /// Pick radius for choosing a contact point on a paused frame, pixels.
    static constexpr double kContactPickPixels = 8.0;

    explicit SimulationUi(MainWindow& window);
    ~SimulationUi() override;

    SimulationController* controller() const { return m_controller; }
    GrabTool* grabTool() const { return m_grabTool; }
    SimOverlay* overlay() const { return m_overlay; }
    EnergyPlot* energyPlot() const { return m_energyPlot; }
    QToolBar* toolBar() const { return m_toolBar; }
    QDockWidget* dock() const { return m_dock; }
    /// Adds a button to the Simulation panel, under its settings and above its statistics (compare mode and
    /// the solver stepper add theirs).
    void addPanelButton(QPushButton* button);
    QDockWidget* energyDock() const { return m_energyDock; }
    /// The timeline under the canvas (Simulate mode) and its dock (object name timelineDock).
    TimelineScrubber* scrubber() const { return m_scrubber; }
    QDockWidget* timelineDock() const { return m_timelineDock; }
    /// The bookmarks the scrubber shows, in step order (timeline_bookmarks.h).
    const std::vector<Bookmark>& bookmarks() const { return m_marks; }
    /// The tooltip text of a bookmark ("First contact: ball and ground, step 42, t = 0.700 s").
    QString bookmarkLabel(const Bookmark& bookmark) const;
    /// The Graphs dock (object name graphDock).
    GraphDock* graphDock() const { return m_graphDock; }
    /// Actions by role (also findable by object name: actionSimulate, actionSimPlay, actionSimStep,
    /// actionSimStepBack, actionSimReset).
    QAction* simulateAction() const { return m_simulate; }
    QAction* playAction() const { return m_play; }
    QAction* stepAction() const { return m_step; }
    QAction* stepBackAction() const { return m_stepBack; }
    QAction* resetAction() const { return m_reset; }
    /// Cancel of a step that runs long (button in the toolbar's progress, Esc): enabled while the progress
    /// shows (object name actionSimCancelStep).
    QAction* cancelStepAction() const { return m_cancelStep; }
    /// Whether the progress of a long step shows, and its text ("Stepping frame 1,203... 4.2 s").
    bool isProgressShown() const;
    QString progressText() const;
    /// A step running longer than this shows its progress and Cancel, seconds.
    static constexpr double kProgressAfterSeconds = 1.0;
    /// The one-line description of the open scene (its "description" key), empty when none.
    QString description() const { return m_description; }

    /// Applies overlay names ("contacts,normals,impulses,velocities,aabbs,pairs,sleeping,particles,centres,
    /// legend", or "all" / "none") as the overlay options; returns the names not understood.
    QStringList setOverlayNames(const QString& names);

    /// Sample scene resources of the Simulation demos (":/scenes/demos/*.json"), sorted.
    static QStringList demoFiles();

private:
    void createToolBar();
    void createDock();
    void createEnergyDock();
    void createTimelineDock();
    /// Brings the bookmarks up to the recorded frames (incrementally; from scratch after a branch) and moves
    /// the scrubber's range and cursor.
    void updateTimeline();
    void addDemosMenu();
    void onSimulatingChanged(bool simulating);
    void onFrame();
    void syncSettingsWidgets();
    void applySettingsFromWidgets();
    void updateTimeLabel();
    void onSceneReset();
    void restoreEditPoses();
    void onContactChosen(BodyKey a, BodyKey b);
    void createProgress();
    /// Before the first step of a run whose scene would make more than kHeavyPairCount contact pairs: asks
    /// whether to run it, naming the count. Returns whether to go on (true for a lighter scene, or once
    /// confirmed for this run).
    bool confirmHeavyRun();
    void updateProgress();
    bool pickContact(QPointF viewportPoint);

    MainWindow& m_window;
    SimulationController* m_controller = nullptr;
    GrabTool* m_grabTool = nullptr;
    SimOverlay* m_overlay = nullptr;
    EnergyPlot* m_energyPlot = nullptr;
    QToolBar* m_toolBar = nullptr;
    QDockWidget* m_dock = nullptr;
    QDockWidget* m_energyDock = nullptr;
    bool m_graphsPlaced = false; ///< the Graphs dock was tabbed with Energy (first Simulate, default layout)
    QDockWidget* m_timelineDock = nullptr;
    TimelineScrubber* m_scrubber = nullptr;
    GraphDock* m_graphDock = nullptr;
    BookmarkFinder m_finder;
    std::vector<Bookmark> m_marks;  ///< of the frames held (none before the oldest)
    std::int64_t m_marksFirst = -1; ///< the oldest frame held when m_marks was made
    QAction* m_simulate = nullptr;
    QAction* m_play = nullptr;
    QAction* m_step = nullptr;
    QAction* m_stepBack = nullptr;
    QAction* m_reset = nullptr;
    QDoubleSpinBox* m_timeScale = nullptr;
    QLabel* m_timeLabel = nullptr;
    QLabel* m_descriptionLabel = nullptr;
    QLabel* m_warningLabel = nullptr;
    /// The toolbar's actions for the two labels: a widget in a QToolBar is shown and hidden through its
    /// action (QWidget::setVisible on it does not work: the empty description stayed as a blank box and a
    /// warning never showed in the real window).
    QAction* m_descriptionAction = nullptr;
    QAction* m_warningAction = nullptr;
    QAction* m_progressAction = nullptr; ///< the toolbar's progress group (busy bar, text, Cancel)
    QProgressBar* m_progressBar = nullptr;
    QLabel* m_progressLabel = nullptr;
    QAction* m_cancelStep = nullptr;
    QTimer* m_progressTimer = nullptr;
    bool m_heavyConfirmed =
        false; ///< the user agreed to run this heavy run (reset when the World is rebuilt)
    QComboBox* m_solver = nullptr;
    QComboBox* m_response = nullptr;
    QComboBox* m_method = nullptr;
    QCheckBox* m_warmStart = nullptr;
    QCheckBox* m_recycle = nullptr;
    QCheckBox* m_continuous = nullptr;
    QCheckBox* m_sleep = nullptr;
    QCheckBox* m_gravity = nullptr;
    QDoubleSpinBox* m_gravityY = nullptr;
    QDoubleSpinBox* m_timeStepHz = nullptr;
    QSpinBox* m_iterations = nullptr;
    QSpinBox* m_substeps = nullptr;
    QSpinBox* m_threads = nullptr; ///< the World's thread count (QSettings simulation/threads)
    /// The history's memory budget, MB (QSettings simulation/historyMegabytes)
    QSpinBox* m_historyMemory = nullptr;
    QLabel* m_settingsError = nullptr;
    QLabel* m_statsLabel = nullptr;
    QVBoxLayout* m_panelLayout = nullptr; ///< the panel's column (addPanelButton)
    QString m_description;
    Tool* m_previousTool = nullptr;
    bool m_syncing = false;
    std::int64_t m_lastPlottedStep = -1;
};

/// Adds the command-line options of Simulate mode: --simulate, --steps N, --play, --sim-overlays LIST.
void addSimulationOptions(QCommandLineParser& parser);
/// Applies them to `window` (after its scene is open): enters Simulate mode, takes N steps (paused there, for
/// screenshots), sets the overlays, or starts playing. Returns an error message for a bad value, else empty.
QString applySimulationOptions(const QCommandLineParser& parser, MainWindow& window);

/// Creates the simulation UI in `window` (called once from the MainWindow constructor, after the editing
/// workbench). Returns it (owned by the window; also found with window.findChild<SimulationUi*>()).
SimulationUi* installSimulation(MainWindow& window);

} // namespace cl
