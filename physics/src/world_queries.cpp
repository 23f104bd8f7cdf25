/// @file world_queries.cpp
/// World's plain-value queries of whole arrays (body_state.h, verlet_model.h): copies of the internal
/// records for applications, kept apart from world.cpp's stepping code.

#include "body.h"
#include "contact.h"
#include "verlet_solver.h"

#include "physics/world.h"

namespace phys {

int World::bodySlotCount() const {
    return static_cast<int>(m_bodies.size());
}

int World::shapeSlotCount() const {
    return static_cast<int>(m_shapes.size());
}

BodyState World::bodyState(int bodySlot) const {
    if (bodySlot < 0 || static_cast<std::size_t>(bodySlot) >= m_bodies.size()) {
        return {};
    }
    const BodySim& b = m_bodies[static_cast<std::size_t>(bodySlot)];
    BodyState s;
    s.xf = b.xf;
    s.center = b.center;
    s.linearVelocity = b.linearVelocity;
    s.angularVelocity = b.angularVelocity;
    s.mass = b.mass;
    s.invMass = b.invMass;
    s.invInertia = b.invInertia;
    s.type = b.type;
    s.alive = b.alive;
    s.awake = b.awake;
    s.enabled = b.enabled;
    return s;
}

void World::bodyStates(std::vector<BodyState>& out) const {
    out.resize(m_bodies.size());
    for (std::size_t i = 0; i < m_bodies.size(); ++i) {
        out[i] = bodyState(static_cast<int>(i));
    }
}

void World::contactStates(std::vector<ContactState>& out) const {
    out.resize(m_contacts.size());
    for (std::size_t i = 0; i < m_contacts.size(); ++i) {
        const ContactSim& c = m_contacts[i];
        ContactState& s = out[i];
        s.bodyA = c.bodyA;
        s.bodyB = c.bodyB;
        s.shapeIndexA = m_shapes[static_cast<std::size_t>(c.shapeA)].indexInBody;
        s.shapeIndexB = m_shapes[static_cast<std::size_t>(c.shapeB)].indexInBody;
        // A pair without points has no touching record: an empty manifold and zero impulses.
        s.manifold = Manifold{};
        for (ContactPointState& p : s.points) {
            p = ContactPointState{};
        }
        if (c.touching < 0) {
            continue;
        }
        const TouchingSim& t = m_touching[static_cast<std::size_t>(c.touching)];
        s.manifold = t.manifold();
        for (int p = 0; p < kMaxManifoldPoints; ++p) {
            s.points[p] = {t.points[p].normalImpulse, t.points[p].tangentImpulse, t.isPersisted(p)};
        }
    }
}

VerletModel World::verletModel() const {
    VerletModel model;
    const VerletSolver& solver = verletSolver();
    model.particles.assign(solver.particles().begin(), solver.particles().end());
    model.constraints.assign(solver.constraints().begin(), solver.constraints().end());
    if (!model.particles.empty()) {
        model.bodyParticles.resize(m_bodies.size());
        model.bodyConstraints.resize(m_bodies.size());
        for (std::size_t i = 0; i < m_bodies.size(); ++i) {
            model.bodyParticles[i] = solver.bodyParticles(static_cast<int>(i));
            model.bodyConstraints[i] = solver.bodyConstraints(static_cast<int>(i));
        }
    }
    return model;
}

} // namespace phys
