#pragma once
/// @file solver_stepper.h
/// "Step into the solver" (issue 15): on a paused frame of Simulate mode, the next step's impulse solver
/// sweeps walked one row at a time (substep -> stage -> iteration -> contact -> row), from the engine's
/// SolverTrace (physics/solver_trace.h). The dock shows the current row's numbers with units, the canvas
/// highlights its contact and two bodies and draws their velocities at that moment, and a plot shows the
/// residual of every sweep. Finish takes the normal step (SimulationController::stepForward), which lands on
/// the state the traced copy reached: a traced step is bit-identical to an untraced one.
///
/// How the trace is made: a copy of the World at the frame shown (the controller's World, or, when the frame
/// shown is in the past, Timeline::worldAt: the run's checkpoint and inputs replayed up to it) is given the
/// frame's logged forces and stepped once with World::step(&trace); the run itself is not touched until
/// Finish.

#include "overlay.h"

#include "physics/solver_trace.h"
#include "physics/world.h"

#include <QDockWidget>

#include <cstdint>
#include <optional>
#include <vector>

class QAction;
class QCommandLineParser;
class QLabel;
class QPushButton;

namespace cl {

class MainWindow;
class QuantityPlot;
class SimulationUi;

/// Where the stepper stands in the trace.
struct SolverStepperPosition {
    int substep = 0;
    int stage = 0; ///< index into SolverTraceSubstep::stages
    int iteration = 0;
    int row = 0;
};

/// What the canvas shows for the current row: the two bodies outlined, the contact's points (the current
/// one ringed) and normal, each body's velocity before the row (faint) and after it.
class SolverStepperOverlay : public CanvasOverlay {
    Q_OBJECT

public:
    explicit SolverStepperOverlay(QObject* parent = nullptr) : CanvasOverlay(parent) {}
    struct Body {
        phys::BodyDef def; ///< shapes and pose of the frame shown
        phys::Vec2 center; ///< centre of mass, metres
        phys::TraceVelocity before, after;
        bool dynamic = false;
    };
    struct Shown {
        Body a, b;
        std::vector<phys::Vec2> points; ///< the contact's manifold points, metres
        int point = 0;                  ///< the current row's point
        phys::Vec2 normal;
        double maxSpeed = 0.0; ///< the walk's largest body speed, m/s: drawn kArrowPixels long
    };
    /// Length of the arrow of the walk's fastest body velocity, pixels at display scale 1: every arrow of a
    /// walk has the same scale (so a change from row to row shows as a change of length), whatever the speeds.
    static constexpr double kArrowPixels = 90.0;
    void setShown(std::optional<Shown> shown);
    const std::optional<Shown>& shown() const { return m_shown; }
    void paintOverlay(QPainter& painter, const SceneCanvas& canvas) override;

private:
    std::optional<Shown> m_shown;
};

class SolverStepperDock : public QDockWidget {
    Q_OBJECT

public:
    SolverStepperDock(MainWindow& window, SimulationUi& ui);

    /// Pauses, traces the step after the frame shown and shows its first row (the dock is raised). Returns
    /// false, with the reason shown in the dock, when the run has no rows to step (not simulating, the
    /// Verlet solver or the push-out response, a step running on the worker).
    bool start();
    /// Shows the dock and puts its tab in front.
    void bringToFront();
    /// Whether a traced step is being walked.
    bool isActive() const { return m_active; }
    void nextRow();
    void nextContact();
    void nextIteration();
    void nextSubstep();
    /// Takes the normal step (the controller's), and ends the walk.
    void finish();

    const phys::SolverTrace& trace() const { return m_trace; }
    /// The row shown; null when inactive or the step has no rows.
    const phys::SolverTraceRow* currentRow() const;
    SolverStepperPosition position() const;
    /// Rows of the whole trace in walk order, and the index of the current one.
    int rowCount() const { return static_cast<int>(m_order.size()); }
    int rowIndex() const { return m_index; }
    /// World::stateHash() of the traced copy after its step (what Finish must land on).
    std::uint64_t tracedStateHash() const { return m_tracedHash; }
    /// The step the walk started from (the frame shown then).
    std::int64_t fromStep() const { return m_fromStep; }
    QAction* startAction() const { return m_startAction; }
    SolverStepperOverlay* overlay() const { return m_overlay; }
    QuantityPlot* plot() const { return m_plot; }

    /// Number formatting of the dock: 6 significant digits and the unit ("0.0166667 N s").
    static QString quantity(double value, const QString& unit);

protected:
    /// N next row, C next contact, I next iteration, S next substep, F finish (while the focus is in the dock).
    void keyPressEvent(QKeyEvent* event) override;

private:
    void stop(const QString& message);
    void moveTo(int index);
    /// Advances until `differs(current, candidate)` or to the last row.
    template <class Differs> void advanceUntil(Differs differs);
    void showRow();
    void fillPlot();

    MainWindow& m_window;
    SimulationUi& m_ui;
    phys::SolverTrace m_trace;
    std::optional<phys::World> m_before;        ///< the frame shown, for the bodies' shapes and poses
    std::vector<phys::ContactState> m_contacts; ///< the solved step's contacts (its manifolds)
    std::vector<SolverStepperPosition> m_order; ///< every row in walk order
    int m_index = 0;
    bool m_active = false;
    bool m_finishing = false;
    bool m_placed = false; ///< tabbed beside the Energy dock (bringToFront, the first time)
    bool m_reopen = false; ///< open when Simulate mode was left: shown again on the next Simulate
    std::int64_t m_fromStep = -1;
    std::uint64_t m_tracedHash = 0;
    double m_startTime = 0.0;
    double m_maxSpeed = 0.0; ///< the largest speed of a dynamic body in any row of the walk, m/s

    QAction* m_startAction = nullptr;
    SolverStepperOverlay* m_overlay = nullptr;
    QLabel* m_where = nullptr;
    QLabel* m_status = nullptr;
    std::vector<std::pair<const char*, QLabel*>> m_values; ///< field object name -> its value label
    QPushButton* m_rowButton = nullptr;
    QPushButton* m_contactButton = nullptr;
    QPushButton* m_iterationButton = nullptr;
    QPushButton* m_substepButton = nullptr;
    QPushButton* m_finishButton = nullptr;
    QuantityPlot* m_plot = nullptr;
};

/// Creates the dock (object name solverStepperDock, hidden until started), the Simulation menu's "Step into
/// the Solver" action (actionStepIntoSolver, Ctrl+Shift+I), its button in the Simulation panel
/// (stepIntoSolverButton) and the canvas overlay. Called once from the MainWindow constructor.
SolverStepperDock* installSolverStepper(MainWindow& window, SimulationUi& ui);

/// Adds --step-into-solver ROWS: after --simulate and --steps, open the stepper and walk ROWS rows (for
/// screenshots).
void addSolverStepperOptions(QCommandLineParser& parser);
/// Applies it (after applySimulationOptions). Returns an error message for a bad value, else empty.
QString applySolverStepperOptions(const QCommandLineParser& parser, MainWindow& window);

} // namespace cl
