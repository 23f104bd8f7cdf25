#pragma once
/// @file verlet_model.h
/// The Verlet solver's particle model as plain values (World::verletModel()), for drawing it and for tests:
/// every body becomes particles joined by rigid distance constraints (physics/src/verlet_solver.h has the
/// scheme). The solver itself is private to the engine.

#include "physics/math.h"

#include <cstddef>
#include <vector>

namespace phys {

/// One particle of the Verlet model.
struct VerletParticle {
    Vec2 position;        ///< x, world frame, metres
    Vec2 previous;        ///< x_prev: position at the start of the current substep, world frame, metres
    Vec2 localPoint;      ///< rest position, body frame, relative to the centre of mass, metres
    double mass = 0.0;    ///< kg (each non-hub particle of a dynamic body has the same mass)
    double invMass = 0.0; ///< 1/kg during this step: 0 while the body is static, kinematic or asleep
    double radius = 0.0;  ///< metres: the radius of a circle's centre particle, else 0
    int body = -1;        ///< body slot index in the World
};

/// A rigid distance constraint ("pole") between two particles of the same body.
struct VerletConstraint {
    int a = 0;               ///< particle index
    int b = 0;               ///< particle index
    double restLength = 0.0; ///< metres, from the body's shapes
};

/// A contiguous range of particles or constraints.
struct VerletRange {
    int first = 0;
    int count = 0;
};

/// A copy of the Verlet solver's particles and constraints as its last step left them. Empty until a step
/// has run with the Verlet solver, and after a switch back to the impulse solver.
struct VerletModel {
    std::vector<VerletParticle> particles;     ///< every particle, all bodies
    std::vector<VerletConstraint> constraints; ///< every distance constraint (dynamic bodies only)
    std::vector<VerletRange> bodyParticles;    ///< per body slot: its particles
    std::vector<VerletRange> bodyConstraints;  ///< per body slot: its constraints

    /// The particles of a body slot (count 0 if unknown).
    VerletRange particlesOf(int bodySlot) const { return at(bodyParticles, bodySlot); }
    /// The distance constraints of a body slot (count 0 if unknown or not dynamic).
    VerletRange constraintsOf(int bodySlot) const { return at(bodyConstraints, bodySlot); }

private:
    static VerletRange at(const std::vector<VerletRange>& ranges, int slot) {
        return slot >= 0 && static_cast<std::size_t>(slot) < ranges.size()
                   ? ranges[static_cast<std::size_t>(slot)]
                   : VerletRange{};
    }
};

} // namespace phys
