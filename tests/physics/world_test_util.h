#pragma once
/// @file world_test_util.h
/// Small helpers shared by the World and impulse-solver tests: body definitions and a stepping loop that
/// checks every body for NaN or infinity after every step.

#include "physics/polygon_factory.h"
#include "physics/world.h"

#include <cmath>
#include <string>
#include <vector>

namespace testutil {

inline phys::ShapeDef boxShape(double w, double h, double friction = 0.6, double restitution = 0.0,
                               double density = 1.0) {
    phys::ShapeDef s;
    s.geometry = *phys::factory::rectangle(w, h);
    s.friction = friction;
    s.restitution = restitution;
    s.density = density;
    return s;
}

inline phys::ShapeDef circleShape(double r, double friction = 0.6, double restitution = 0.0,
                                  double density = 1.0) {
    phys::ShapeDef s;
    s.geometry = phys::Circle{{0.0, 0.0}, r};
    s.friction = friction;
    s.restitution = restitution;
    s.density = density;
    return s;
}

inline phys::BodyDef bodyDef(phys::Vec2 position, phys::ShapeDef shape,
                             phys::BodyType type = phys::BodyType::Dynamic, double angle = 0.0) {
    phys::BodyDef d;
    d.type = type;
    d.position = position;
    d.angle = angle;
    d.shapes.push_back(std::move(shape));
    return d;
}

/// A static ground box whose top face is the line y = 0 from x = -halfWidth to +halfWidth.
inline phys::BodyId addGround(phys::World& world, double halfWidth = 50.0, double friction = 0.6,
                              double restitution = 0.0) {
    return *world.createBody(
        bodyDef({0.0, -0.5}, boxShape(2.0 * halfWidth, 1.0, friction, restitution), phys::BodyType::Static));
}

inline bool bodyFinite(const phys::World& world, phys::BodyId id) {
    const phys::Transform xf = world.transform(id);
    return phys::isFinite(xf.p) && phys::isFinite(world.worldCenter(id)) && std::isfinite(xf.q.c) &&
           std::isfinite(xf.q.s) && phys::isFinite(world.linearVelocity(id)) &&
           std::isfinite(world.angularVelocity(id));
}

/// Steps `steps` times; returns an empty string, or a description of the first non-finite body state.
inline std::string stepChecked(phys::World& world, int steps) {
    for (int s = 0; s < steps; ++s) {
        const phys::StepReport& r = world.step();
        if (!std::isfinite(r.kineticEnergy) || !std::isfinite(r.maxPenetration)) {
            return "non-finite report at step " + std::to_string(world.stepCount());
        }
        for (const phys::BodyId id : world.bodyIds()) {
            if (!bodyFinite(world, id)) {
                return "body " + std::to_string(id.index) + " not finite at step " +
                       std::to_string(world.stepCount());
            }
        }
    }
    return {};
}

/// A pyramid of 1 m boxes, `rows` at the bottom, 0.1 m gaps, standing on y = 0 (the replay, copy and snapshot
/// tests' busy start).
inline std::vector<phys::BodyDef> boxPyramid(int rows) {
    std::vector<phys::BodyDef> out;
    for (int row = 0; row < rows; ++row) {
        for (int i = 0; i < rows - row; ++i) {
            out.push_back(bodyDef({-0.55 * (rows - row - 1) + 1.1 * i, 0.5 + row * 1.0}, boxShape(1.0, 1.0)));
        }
    }
    return out;
}

/// One body's pose and velocities, compared exactly: the tests that replay, restore or branch a run check
/// that it gives the same bits as a straight one.
struct StateSample {
    phys::Vec2 position;
    double angle = 0.0;
    phys::Vec2 linearVelocity;
    double angularVelocity = 0.0;
    friend bool operator==(const StateSample&, const StateSample&) = default;
};

/// Every body's StateSample, in bodyIds() order.
inline std::vector<StateSample> statesOf(const phys::World& world) {
    std::vector<StateSample> out;
    for (const phys::BodyId id : world.bodyIds()) {
        out.push_back(
            {world.position(id), world.angle(id), world.linearVelocity(id), world.angularVelocity(id)});
    }
    return out;
}

} // namespace testutil
