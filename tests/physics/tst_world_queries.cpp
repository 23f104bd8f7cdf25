/// @file tst_world_queries.cpp
/// World's plain-value queries (body_state.h, verlet_model.h), which the app reads instead of the engine's
/// internal arrays: after a busy run each copy holds exactly the internal record's values (read through
/// world_internals.h), slot for slot and contact for contact, dead slots included; contactStates() agrees
/// with contacts() on the contacts with points; verletModel() is the Verlet solver's own particles and ranges.
#include "world_test_util.h"

#include "physics/body_state.h"
#include "physics/verlet_model.h"
#include "physics/world.h"
#include "world_internals.h"

#include <QTest>

#include <vector>

using namespace testutil;

namespace {

/// A 6-row pyramid of boxes with balls dropped on it, one box removed (a dead slot), stepped 90 times.
phys::World pyramid(phys::SolverKind solver) {
    phys::WorldSettings settings;
    settings.solver = solver;
    phys::World world(settings);
    addGround(world, 20.0);
    std::vector<phys::BodyId> boxes;
    for (int row = 0; row < 6; ++row) {
        for (int i = 0; i < 6 - row; ++i) {
            boxes.push_back(
                *world.createBody(bodyDef({-0.55 * (5 - row) + 1.1 * i, 0.5 + row}, boxShape(1, 1))));
        }
    }
    for (int i = 0; i < 4; ++i) {
        [[maybe_unused]] auto id = world.createBody(bodyDef({-2.0 + 1.3 * i, 9.0}, circleShape(0.3)));
    }
    world.removeBody(boxes[3]);
    for (int s = 0; s < 90; ++s) {
        world.step();
    }
    return world;
}

bool same(phys::Vec2 a, phys::Vec2 b) {
    return a.x == b.x && a.y == b.y;
}

} // namespace

class TestWorldQueries : public QObject {
    Q_OBJECT
private slots:
    void bodyStatesAreTheRecords();
    void contactStatesAreTheRecords();
    void verletModelIsTheSolvers();
};

void TestWorldQueries::bodyStatesAreTheRecords() {
    const phys::World world = pyramid(phys::SolverKind::Impulse);
    const auto sims = phys::WorldInternals::bodies(world);
    std::vector<phys::BodyState> states;
    world.bodyStates(states);
    QCOMPARE(states.size(), sims.size());
    QCOMPARE(world.bodySlotCount(), static_cast<int>(sims.size()));
    QCOMPARE(world.shapeSlotCount(), static_cast<int>(phys::WorldInternals::shapes(world).size()));
    int dead = 0;
    for (std::size_t i = 0; i < sims.size(); ++i) {
        const phys::BodySim& b = sims[i];
        const phys::BodyState& s = states[i];
        QVERIFY(same(s.xf.p, b.xf.p) && s.xf.q.c == b.xf.q.c && s.xf.q.s == b.xf.q.s);
        QVERIFY(same(s.center, b.center) && same(s.linearVelocity, b.linearVelocity));
        QVERIFY(s.angularVelocity == b.angularVelocity);
        QVERIFY(s.mass == b.mass && s.invMass == b.invMass && s.invInertia == b.invInertia);
        QCOMPARE(s.type, b.type);
        QCOMPARE(s.alive, b.alive);
        QCOMPARE(s.awake, b.awake);
        QCOMPARE(s.enabled, b.enabled);
        const phys::BodyState one = world.bodyState(static_cast<int>(i));
        QVERIFY(same(one.center, s.center) && one.alive == s.alive);
        dead += s.alive ? 0 : 1;
    }
    QCOMPARE(dead, 1); // the removed box's slot
    QVERIFY(!world.bodyState(world.bodySlotCount()).alive);
}

void TestWorldQueries::contactStatesAreTheRecords() {
    const phys::World world = pyramid(phys::SolverKind::Impulse);
    const auto sims = phys::WorldInternals::contacts(world);
    const auto shapes = phys::WorldInternals::shapes(world);
    std::vector<phys::ContactState> states;
    world.contactStates(states);
    QCOMPARE(states.size(), sims.size());
    QVERIFY(states.size() > 20);
    std::vector<const phys::ContactState*> touching;
    for (std::size_t i = 0; i < sims.size(); ++i) {
        const phys::ContactSim& c = sims[i];
        const phys::ContactState& s = states[i];
        QCOMPARE(s.bodyA, c.bodyA);
        QCOMPARE(s.bodyB, c.bodyB);
        QCOMPARE(s.shapeIndexA, shapes[static_cast<std::size_t>(c.shapeA)].indexInBody);
        QCOMPARE(s.shapeIndexB, shapes[static_cast<std::size_t>(c.shapeB)].indexInBody);
        QCOMPARE(s.manifold.pointCount, c.manifold.pointCount);
        QVERIFY(same(s.manifold.normal, c.manifold.normal));
        for (int p = 0; p < c.manifold.pointCount; ++p) {
            QVERIFY(same(s.manifold.points[p].point, c.manifold.points[p].point));
            QVERIFY(s.manifold.points[p].depth == c.manifold.points[p].depth);
            QVERIFY(s.points[p].normalImpulse == c.points[p].normalImpulse);
            QVERIFY(s.points[p].tangentImpulse == c.points[p].tangentImpulse);
            QCOMPARE(s.points[p].persisted, c.points[p].persisted);
        }
        if (s.manifold.pointCount > 0) {
            touching.push_back(&s);
        }
    }
    // contacts() reports the same contacts with points, in the same order.
    const std::vector<phys::ContactReport> reports = world.contacts();
    QCOMPARE(reports.size(), touching.size());
    for (std::size_t i = 0; i < reports.size(); ++i) {
        QCOMPARE(reports[i].bodyA.index, touching[i]->bodyA);
        QCOMPARE(reports[i].bodyB.index, touching[i]->bodyB);
        QCOMPARE(reports[i].shapeIndexA, touching[i]->shapeIndexA);
        QCOMPARE(reports[i].pointCount, touching[i]->manifold.pointCount);
        QVERIFY(same(reports[i].normal, touching[i]->manifold.normal));
    }
}

void TestWorldQueries::verletModelIsTheSolvers() {
    QVERIFY(pyramid(phys::SolverKind::Impulse).verletModel().particles.empty());
    const phys::World world = pyramid(phys::SolverKind::Verlet);
    const phys::VerletSolver& solver = phys::WorldInternals::verletSolver(world);
    const phys::VerletModel model = world.verletModel();
    QVERIFY(!model.particles.empty());
    QCOMPARE(model.particles.size(), solver.particles().size());
    QCOMPARE(model.constraints.size(), solver.constraints().size());
    for (std::size_t i = 0; i < model.particles.size(); ++i) {
        QVERIFY(same(model.particles[i].position, solver.particles()[i].position));
        QCOMPARE(model.particles[i].body, solver.particles()[i].body);
    }
    for (int slot = -1; slot <= world.bodySlotCount(); ++slot) {
        QCOMPARE(model.particlesOf(slot).first, solver.bodyParticles(slot).first);
        QCOMPARE(model.particlesOf(slot).count, solver.bodyParticles(slot).count);
        QCOMPARE(model.constraintsOf(slot).first, solver.bodyConstraints(slot).first);
        QCOMPARE(model.constraintsOf(slot).count, solver.bodyConstraints(slot).count);
    }
}

QTEST_GUILESS_MAIN(TestWorldQueries)
#include "tst_world_queries.moc"
