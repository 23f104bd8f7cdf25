#pragma once
/// @file verlet_test_util.h
/// Helpers shared by the Verlet solver's tests (tst_verlet, tst_verlet_fidelity): the app's default settings
/// with the solver switched to Verlet, box and ball definitions, the ground slab, and a finiteness check.

#include "physics/polygon_factory.h"
#include "physics/world.h"

#include <cmath>

namespace verlettest {

/// WorldSettings{} (the app's defaults) with the Verlet solver: the only setting these tests change.
inline phys::WorldSettings verletSettings() {
    phys::WorldSettings s;
    s.solver = phys::SolverKind::Verlet;
    return s;
}

inline phys::BodyDef boxDef(phys::Vec2 position, double w, double h,
                            phys::BodyType type = phys::BodyType::Dynamic, double angle = 0.0,
                            double density = 1.0) {
    phys::BodyDef def;
    def.type = type;
    def.position = position;
    def.angle = angle;
    phys::ShapeDef shape;
    shape.geometry = *phys::factory::rectangle(w, h);
    shape.density = density;
    def.shapes.push_back(shape);
    return def;
}

inline phys::BodyDef ballDef(phys::Vec2 position, double radius) {
    phys::BodyDef def;
    def.position = position;
    phys::ShapeDef shape;
    shape.geometry = phys::Circle{{0.0, 0.0}, radius};
    def.shapes.push_back(shape);
    return def;
}

/// Ground: a static 40 m x 1 m slab whose top face is y = 0.
inline phys::BodyId addGround(phys::World& world) {
    return *world.createBody(boxDef({0.0, -0.5}, 40.0, 1.0, phys::BodyType::Static));
}

/// Every body's pose and velocities are finite.
inline bool stateFinite(const phys::World& world) {
    for (const phys::BodyId id : world.bodyIds()) {
        const phys::Transform xf = world.transform(id);
        if (!phys::isFinite(xf.p) || !std::isfinite(xf.q.c) || !std::isfinite(xf.q.s) ||
            !phys::isFinite(world.linearVelocity(id)) || !std::isfinite(world.angularVelocity(id))) {
            return false;
        }
    }
    return true;
}

} // namespace verlettest
