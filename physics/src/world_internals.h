#pragma once
/// @file world_internals.h
/// Test-only access to the World's internal arrays and solvers (private to the engine: physics/src). The
/// engine's own tests and the benchmark read them to check invariants the public API does not show (warm
/// starts, solver caches, the Verlet solver's own functions); applications use World's public queries.

#include "body.h"
#include "contact.h"
#include "verlet_solver.h"

#include "physics/world.h"

#include <span>

namespace phys {

struct WorldInternals {
    static std::span<const BodySim> bodies(const World& world) { return world.m_bodies; }
    static std::span<const ShapeSim> shapes(const World& world) { return world.m_shapes; }
    static std::span<const ContactSim> contacts(const World& world) { return world.m_contacts; }
    /// The touching records of the contacts whose manifold has points (ContactSim::touching).
    static ConstTouchingSpan touching(const World& world) { return world.m_touching; }
    /// How many records the touching array has room for (its pages' elements).
    static std::size_t touchingRoom(const World& world) { return world.m_touching.capacity(); }
    /// A contact's manifold (empty without points) and its touching record (null without points).
    static Manifold manifold(const World& world, const ContactSim& c) {
        return manifoldOf(c, world.m_touching);
    }
    static const TouchingSim* touchingOf(const World& world, const ContactSim& c) {
        return c.touching < 0 ? nullptr : &world.m_touching[static_cast<std::size_t>(c.touching)];
    }
    static const PolygonStore& polygons(const World& world) { return *world.m_polygons; }
    /// The raw record of a body (an invalid handle asserts in debug and gives a default record).
    static const BodySim& body(const World& world, BodyId id) { return world.bodySim(id); }
    static const VerletSolver& verletSolver(const World& world) { return world.verletSolver(); }
    static const ContactSolver& impulseSolver(const World& world) { return *world.m_impulseSolver; }
};

} // namespace phys
