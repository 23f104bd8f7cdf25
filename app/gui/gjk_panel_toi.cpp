/// @file gjk_panel_toi.cpp
/// The TOI tab's source of motion: the pair as edited with the velocities the Inspector sets, or the bodies
/// at the paused simulation frame shown. The steps themselves are GjkSteps::toi (widgets/gjk_steps.h).

#include "gjk_panel.h"
#include "simulation_controller.h"
#include "simulation_panel.h"

#include <optional>

namespace cl {

SimulationController* GjkPanel::simulation() {
    // Looked up once the panel sits in the main window (not while the dock is still being built).
    if (!m_simulationLooked && window()->inherits("QMainWindow")) {
        m_simulationLooked = true;
        if (auto* ui = window()->findChild<SimulationUi*>()) {
            m_simulation = ui->controller();
            auto follow = [this] {
                if (m_view == View::Toi) {
                    rebuild();
                }
            };
            connect(m_simulation, &SimulationController::frameChanged, this, [this, follow] {
                if (!m_simulation->isPlaying()) {
                    follow(); // the frame shown changed while paused (a step, a scrub)
                }
            });
            connect(m_simulation, &SimulationController::playingChanged, this, follow);
            connect(m_simulation, &SimulationController::simulatingChanged, this, [this, follow] {
                follow();
                updateCanvasOverlay();
            });
        }
    }
    return m_simulation;
}

void GjkPanel::buildToi() {
    // The motion: in Simulate mode the frame shown (paused), else the edited bodies with the velocities the
    // Inspector sets. One step of the scene's (or the run's) time step, as the engine sweeps.
    SimulationController* sim = simulation();
    const bool simulating = sim && sim->isSimulating();
    if (simulating && sim->isPlaying()) {
        m_steps.push_back(
            {tr("The run is playing"),
             tr("Pause the simulation: the sweep is drawn for the frame shown, from the bodies' "
                "poses and velocities there."),
             {},
             {},
             {}});
        return;
    }
    std::optional<phys::BodyDef> simA, simB;
    if (simulating) {
        simA = sim->bodyAt(m_keyA);
        simB = sim->bodyAt(m_keyB);
    }
    const bool fromFrame = simA && simB;
    const double dt = fromFrame ? sim->settings().timeStep : m_document->scene().def.settings.timeStep;
    ToiMotion motion;
    motion.a = fromFrame ? *simA : shownBody(m_keyA);
    motion.b = fromFrame ? *simB : shownBody(m_keyB);
    motion.dt = dt;
    if (fromFrame) {
        motion.frame = sim->currentStep();
        motion.frameTime = sim->currentTime();
    }
    GjkSteps steps = GjkSteps::toi(motion);
    m_steps = steps.steps();
    m_toi = steps.toiOutput();
    m_toiTrace = steps.toiTrace();
    m_pieces = steps.pieces();
}

} // namespace cl
