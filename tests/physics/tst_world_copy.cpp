/// @file tst_world_copy.cpp
/// World copies (physics/src/world_copy.cpp): a copy taken in the middle of a busy run and stepped on is
/// bit-identical to the original stepped on, for both solvers, with warm starting, sleep and a compound body;
/// the copy shares nothing with the original; assignment copies too.

#include "world_test_util.h"

#include "physics/polygon_factory.h"
#include "physics/world.h"
#include "world_internals.h"

#include <QTest>

#include <cstdint>
#include <cstring>
#include <vector>

using namespace testutil;

namespace {

/// A busy scene: a 10-row pyramid of boxes, a row of balls dropped on it, a compound body (box + circle),
/// random convex polygons falling into a static bowl, and a kinematic paddle that turns through it all.
phys::World busyWorld(const phys::WorldSettings& settings) {
    phys::World world(settings);
    addGround(world, 30.0);
    for (const phys::BodyDef& box : boxPyramid(10)) {
        [[maybe_unused]] auto id = world.createBody(box);
    }
    for (int i = 0; i < 6; ++i) {
        [[maybe_unused]] auto id = world.createBody(
            bodyDef({-3.0 + 1.2 * i, 13.0 + 0.3 * i}, circleShape(0.3 + 0.05 * i, 0.4, 0.3)));
    }
    phys::BodyDef compound = bodyDef({0.3, 16.0}, boxShape(2.0, 0.4), phys::BodyType::Dynamic, 0.4);
    phys::ShapeDef knob = circleShape(0.35);
    knob.geometry = phys::Circle{{1.0, 0.2}, 0.35};
    compound.shapes.push_back(knob);
    [[maybe_unused]] auto c = world.createBody(compound);
    // The bowl: two static slopes to the right of the pyramid, random polygons falling into it.
    [[maybe_unused]] auto left =
        world.createBody(bodyDef({10.0, 2.0}, boxShape(6.0, 0.3), phys::BodyType::Static, -0.5));
    [[maybe_unused]] auto right =
        world.createBody(bodyDef({16.0, 2.0}, boxShape(6.0, 0.3), phys::BodyType::Static, 0.5));
    for (int i = 0; i < 12; ++i) {
        phys::ShapeDef s;
        s.geometry = *phys::factory::randomConvex(3 + i % 6, 0.4, 1000u + static_cast<std::uint64_t>(i));
        s.friction = 0.3 + 0.05 * (i % 5);
        s.restitution = 0.1 * (i % 3);
        [[maybe_unused]] auto id = world.createBody(
            bodyDef({11.0 + 0.9 * (i % 5), 6.0 + 1.0 * (i / 5)}, s, phys::BodyType::Dynamic, 0.3 * i));
    }
    phys::BodyDef paddle = bodyDef({13.0, 5.0}, boxShape(3.0, 0.2), phys::BodyType::Kinematic);
    paddle.angularVelocity = 1.5;
    [[maybe_unused]] auto p = world.createBody(paddle);
    return world;
}

std::uint64_t contactsHash(const phys::World& world) {
    // Impulses (the warm-start state) and manifolds, bit for bit.
    std::uint64_t h = 1469598103934665603ull;
    auto mix = [&h](double v) {
        std::uint64_t bits = 0;
        static_assert(sizeof bits == sizeof v);
        std::memcpy(&bits, &v, sizeof v);
        h = (h ^ bits) * 1099511628211ull;
    };
    // Every pair; the manifold and impulses of those with points from their touching records (a pair without
    // points has an empty manifold and no impulses), and which record each one uses.
    for (const phys::ContactSim& c : phys::WorldInternals::contacts(world)) {
        h = (h ^ static_cast<std::uint64_t>(c.shapeA * 7919 + c.shapeB)) * 1099511628211ull;
        h = (h ^ static_cast<std::uint64_t>(c.touching + 1)) * 1099511628211ull;
        const phys::Manifold m = phys::WorldInternals::manifold(world, c);
        const phys::TouchingSim* t = phys::WorldInternals::touchingOf(world, c);
        mix(m.normal.x);
        mix(m.normal.y);
        for (int i = 0; i < m.pointCount; ++i) {
            mix(m.points[i].point.x);
            mix(m.points[i].depth);
            mix(t->points[i].normalImpulse);
            mix(t->points[i].tangentImpulse);
            mix(t->isPersisted(i) ? 1.0 : 0.0);
        }
    }
    return h;
}

} // namespace

class TestWorldCopy : public QObject {
    Q_OBJECT

private slots:
    void copyContinuesBitIdentical_data();
    void copyContinuesBitIdentical();
    void copySharesNothing();
    void assignmentCopies();
};

void TestWorldCopy::copyContinuesBitIdentical_data() {
    QTest::addColumn<int>("solver");
    QTest::addColumn<bool>("warmStarting");
    QTest::addColumn<bool>("sleep");
    QTest::addColumn<int>("substeps");
    QTest::newRow("impulse, warm start") << int(phys::SolverKind::Impulse) << true << false << 1;
    QTest::newRow("impulse, warm start, sleep") << int(phys::SolverKind::Impulse) << true << true << 1;
    QTest::newRow("impulse, cold, 4 substeps") << int(phys::SolverKind::Impulse) << false << false << 4;
    QTest::newRow("verlet") << int(phys::SolverKind::Verlet) << true << false << 1;
    QTest::newRow("verlet, sleep, 2 substeps") << int(phys::SolverKind::Verlet) << true << true << 2;
}

// Copy at step 300, step both 300 more: the same stateHash at every step (bit-identical poses and
// velocities), the same contacts and warm-start impulses, the same Verlet particles.
void TestWorldCopy::copyContinuesBitIdentical() {
    QFETCH(int, solver);
    QFETCH(bool, warmStarting);
    QFETCH(bool, sleep);
    QFETCH(int, substeps);
    phys::WorldSettings settings;
    settings.solver = static_cast<phys::SolverKind>(solver);
    settings.warmStarting = warmStarting;
    settings.sleep = sleep;
    settings.substeps = substeps;
    phys::World original = busyWorld(settings);
    QCOMPARE(stepChecked(original, 300), std::string());
    QVERIFY(phys::WorldInternals::contacts(original).size() >
            50); // busy: many persistent contacts to warm start from
    int warm = 0;
    for (const phys::TouchingSim& t : phys::WorldInternals::touching(original)) {
        for (int i = 0; i < t.pointCount; ++i) {
            warm += t.isPersisted(i) && t.points[i].normalImpulse > 0.0 ? 1 : 0;
        }
    }
    QVERIFY2(warm > 50, qPrintable(QString::number(warm)));

    phys::World copy(original);
    QCOMPARE(copy.stepCount(), original.stepCount());
    QCOMPARE(copy.time(), original.time());
    QCOMPARE(copy.stateHash(), original.stateHash());
    QCOMPARE(contactsHash(copy), contactsHash(original));
    for (int s = 0; s < 300; ++s) {
        original.step();
        copy.step();
        QCOMPARE(copy.stateHash(), original.stateHash());
    }
    QCOMPARE(contactsHash(copy), contactsHash(original));
    QCOMPARE(copy.kineticEnergy(), original.kineticEnergy());
    const auto pa = phys::WorldInternals::verletSolver(original).particles();
    const auto pb = phys::WorldInternals::verletSolver(copy).particles();
    QCOMPARE(pb.size(), pa.size());
    if (settings.solver == phys::SolverKind::Verlet) {
        QVERIFY(!pa.empty());
    }
    for (std::size_t i = 0; i < pa.size(); ++i) {
        QCOMPARE(pb[i].position, pa[i].position);
        QCOMPARE(pb[i].previous, pa[i].previous);
    }
    if (sleep) {
        int asleep = 0;
        for (const phys::BodySim& b : phys::WorldInternals::bodies(original)) {
            asleep += b.alive && b.type == phys::BodyType::Dynamic && !b.awake ? 1 : 0;
        }
        QVERIFY2(asleep > 0, "the sleep rows should put some bodies to sleep");
    }
}

// Stepping, pushing or deleting in the copy leaves the original untouched (and the other way round).
void TestWorldCopy::copySharesNothing() {
    phys::World original = busyWorld({});
    QCOMPARE(stepChecked(original, 120), std::string());
    const std::uint64_t before = original.stateHash();
    const std::uint64_t contactsBefore = contactsHash(original);
    {
        phys::World copy(original);
        const std::vector<phys::BodyId> ids = copy.bodyIds();
        copy.applyLinearImpulse(ids[5], {100.0, 50.0}, copy.worldCenter(ids[5]));
        QVERIFY(copy.removeBody(ids[3]));
        QCOMPARE(stepChecked(copy, 60), std::string());
        QVERIFY(copy.stateHash() != before);
        QCOMPARE(original.stateHash(), before);
        QCOMPARE(contactsHash(original), contactsBefore);
    } // the copy's broadphase, contact map and solvers go; the original's must still work
    phys::World reference = busyWorld({});
    QCOMPARE(stepChecked(reference, 180), std::string());
    QCOMPARE(stepChecked(original, 60), std::string());
    QCOMPARE(original.stateHash(), reference.stateHash());
}

// Assignment over a world with other bodies and another solver gives the same continuation.
void TestWorldCopy::assignmentCopies() {
    phys::WorldSettings verlet;
    verlet.solver = phys::SolverKind::Verlet;
    phys::World original = busyWorld({});
    QCOMPARE(stepChecked(original, 200), std::string());
    phys::World target = busyWorld(verlet);
    QCOMPARE(stepChecked(target, 37), std::string());
    target = original;
    QCOMPARE(target.settings().solver, phys::SolverKind::Impulse);
    QCOMPARE(target.bodyCount(), original.bodyCount());
    for (int s = 0; s < 100; ++s) {
        original.step();
        target.step();
    }
    QCOMPARE(target.stateHash(), original.stateHash());
    QCOMPARE(contactsHash(target), contactsHash(original));
    // Self-assignment keeps the state.
    const std::uint64_t h = target.stateHash();
    phys::World& alias = target;
    target = alias;
    QCOMPARE(target.stateHash(), h);
    target.step();
    original.step();
    QCOMPARE(target.stateHash(), original.stateHash());
}

QTEST_GUILESS_MAIN(TestWorldCopy)
#include "tst_world_copy.moc"
