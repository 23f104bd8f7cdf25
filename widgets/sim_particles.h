#pragma once
/// @file sim_particles.h
/// The Verlet solver's particles and constraints as the simulation overlay draws them: read from the engine's
/// Verlet model (phys::VerletModel, World::verletModel()), placed on the poses drawn this display frame, and sorted into kinds (a hub particle, a
/// circle's centre particle with its radius; edge constraints along a body's outline apart from braces).

#include "sim_overlay.h"

#include "physics/math.h"
#include "physics/verlet_model.h"

#include <functional>

namespace cl {

/// What the engine can show of its Verlet model for the frame drawn.
enum class VerletView {
    Shown,       ///< the solver is Verlet and the frame is the World's newest step: particles filled in
    OtherSolver, ///< the run uses the impulse solver
    NotStepped,  ///< Verlet, but no Verlet step has run yet (the particles are built by the first one)
    PastFrame,   ///< a recorded past frame: particles are not recorded, only the newest step has them
};

/// Fills `out.particles` and `out.constraints` from `model` (state = `view`), and `out.particlesNote` (empty
/// when they are shown, else the reason they are not). `out.bodies` and `out.shapes` must already hold the
/// frame's bodies by World slot: each particle is moved by its body's display pose relative to its engine
/// pose (x_drawn = displayXf * engineXf^-1 * x), so the particles ride on the interpolated bodies.
/// @param model the World's Verlet model, or null when `view` is not Shown
/// @param enginePose body slot -> the pose the World holds for it now (the frame's recorded pose)
void fillVerletOverlay(SimOverlayFrame& out, VerletView view, const phys::VerletModel* model,
                       const std::function<phys::Transform(int slot)>& enginePose);

} // namespace cl
