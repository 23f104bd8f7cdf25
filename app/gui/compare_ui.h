#pragma once
/// @file compare_ui.h
/// Compare mode's user interface (issue 15), installed into the MainWindow from this one file: "Compare
/// Solvers..." (Simulation menu, and a button in the Simulation dock) opens the CompareDialog; its
/// configurations then run as a CompareRun (compare_run.h) from the edited scene, each on its own Timeline,
/// on one clock. While compare mode is on:
///   - a CompareView lies over the canvas: the configurations overlaid as colour-coded outlines with a legend,
///     or split into up to four titled panes with linked zoom and pan;
///   - the Compare dock holds the transport (Play/Pause, step back, step: Space, Left and Right as in Simulate
///     mode; the single run's actions are disabled meanwhile), a scrubber over the recorded ticks, the layout
///     choice, and the table: one row per configuration (max penetration, drift since t0, energy, momentum,
///     contacts, step cost: compare_table.h), updated every frame;
///   - the Graphs dock draws one line per configuration (of each selected body, or the scene's total energy).
/// "Leave Compare Mode" (or leaving Simulate mode, or a new scene) drops the run and gives back the single
/// simulation as it was (paused where it was).
///
/// Clock (as the SimulationController's, simulation_controller.h): each display frame adds the real time to
/// an accumulator and takes ticks while it holds one, at most kMaxTicksPerFrame; the configurations of a tick
/// step at once, one thread each (CompareRun::stepForward).

#include "compare_run.h"

#include <QElapsedTimer>
#include <QObject>

#include <memory>
#include <vector>

class QAction;
class QComboBox;
class QDockWidget;
class QLabel;
class QTableWidget;
class QTimer;

namespace cl {

class CompareDialog;
class CompareView;
class MainWindow;
class SimulationUi;
class TimelineScrubber;

class CompareUi : public QObject {
    Q_OBJECT

public:
    static constexpr int kMaxTicksPerFrame = 4;
    static constexpr int kTimerMilliseconds = 16;

    explicit CompareUi(MainWindow& window, SimulationUi& simulation);
    ~CompareUi() override;

    bool isActive() const { return m_run != nullptr; }
    const CompareRun* run() const { return m_run.get(); }
    CompareView* view() const { return m_view; }
    QTableWidget* table() const { return m_table; }
    QDockWidget* dock() const { return m_dock; }
    TimelineScrubber* scrubber() const { return m_scrubber; }
    QComboBox* layoutChoice() const { return m_layout; }
    /// actionCompare: opens the dialog (enters Simulate mode first).
    QAction* compareAction() const { return m_compare; }
    QAction* playAction() const { return m_play; }
    QAction* stepAction() const { return m_step; }
    QAction* stepBackAction() const { return m_stepBack; }
    QAction* leaveAction() const { return m_leave; }
    /// The dialog open, or null.
    CompareDialog* dialog() const { return m_dialog; }

    /// Enters compare mode with `configs` (2-6; the first four get split panes). The single run is paused.
    void start(std::vector<CompareConfig> configs);
    /// Back to the single simulation.
    void leave();
    bool isPlaying() const { return m_playing; }
    void play();
    void pause();
    void stepForward();
    void stepBack();
    void seek(std::int64_t tick);

    /// As SimulationController::setExternalClock: true = no timer, the caller calls advance().
    void setExternalClock(bool external) { m_externalClock = external; }
    /// One display frame: `realSeconds` of wall time passed.
    void advance(double realSeconds);

    /// The table's text of configuration `config`, column `column` (0 = name, then compareColumnTitles()).
    QString cellText(int config, int column) const;

signals:
    void activeChanged(bool active);
    void frameChanged();

private:
    void openDialog();
    void createDock();
    void updateViews();
    void updateTable();
    void onTimer();

    MainWindow& m_window;
    SimulationUi& m_simulation;
    std::unique_ptr<CompareRun> m_run;
    CompareView* m_view = nullptr;
    CompareDialog* m_dialog = nullptr;
    QDockWidget* m_dock = nullptr;
    QTableWidget* m_table = nullptr;
    TimelineScrubber* m_scrubber = nullptr;
    QComboBox* m_layout = nullptr;
    QLabel* m_timeLabel = nullptr;
    QAction* m_compare = nullptr;
    QAction* m_play = nullptr;
    QAction* m_step = nullptr;
    QAction* m_stepBack = nullptr;
    QAction* m_leave = nullptr;
    QTimer* m_timer = nullptr;
    QElapsedTimer m_clock;
    bool m_externalClock = false;
    bool m_playing = false;
    double m_accumulator = 0.0;
    /// The single run's actions disabled while comparing, with whether each was enabled.
    std::vector<std::pair<QAction*, bool>> m_disabled;
    bool m_timelineWasVisible = false;
};

/// Creates compare mode's UI in `window` (after installSimulation). Owned by the window.
CompareUi* installCompare(MainWindow& window);

} // namespace cl
