/// @file tst_world_snapshot.cpp
/// World::snapshot() / restore() and World::memoryBytes() (issue 15): a World restored from a snapshot and
/// stepped N times is bit-identical (poses and velocities compared with ==) to the World stepped straight on,
/// whether the snapshot goes back into the World it came from or into another one; the memory a World
/// reports grows with its bodies and stays in a plausible range per body.

#include "world_test_util.h"

#include "physics/world.h"
#include "world_internals.h"

#include <QTest>

#include <vector>

using namespace testutil;

namespace {

/// A 10-row pyramid of boxes with a few balls dropped on it: contacts, warm starts, and the balls' bounces.
phys::World pyramidWorld(const phys::WorldSettings& settings = {}) {
    phys::World world(settings);
    addGround(world, 30.0);
    for (const phys::BodyDef& box : boxPyramid(10)) {
        [[maybe_unused]] auto id = world.createBody(box);
    }
    for (int i = 0; i < 5; ++i) {
        [[maybe_unused]] auto id =
            world.createBody(bodyDef({-2.0 + 1.0 * i, 12.0 + 0.4 * i}, circleShape(0.3, 0.4, 0.5)));
    }
    return world;
}

/// Every body's state after each of `steps` steps.
std::vector<std::vector<StateSample>> run(phys::World& world, int steps) {
    std::vector<std::vector<StateSample>> out;
    for (int s = 0; s < steps; ++s) {
        world.step();
        out.push_back(statesOf(world));
    }
    return out;
}

/// Compares with == (bit-identical apart from the sign of zero), step by step and body by body.
void compareRuns(const std::vector<std::vector<StateSample>>& a,
                 const std::vector<std::vector<StateSample>>& b) {
    QCOMPARE(a.size(), b.size());
    for (std::size_t s = 0; s < a.size(); ++s) {
        QCOMPARE(a[s].size(), b[s].size());
        for (std::size_t i = 0; i < a[s].size(); ++i) {
            QVERIFY2(a[s][i] == b[s][i],
                     qPrintable(QStringLiteral("step %1, body %2 differs").arg(s + 1).arg(i)));
        }
    }
}

} // namespace

class TestWorldSnapshot : public QObject {
    Q_OBJECT

private slots:
    void restoreThenStepEqualsStraight_data();
    void restoreThenStepEqualsStraight();
    void restoreIntoAnotherWorld();
    void restoreKeepsThreadCount();
    void memoryGrowsWithBodies();
    void snapshotReportsItsState();
};

void TestWorldSnapshot::restoreThenStepEqualsStraight_data() {
    QTest::addColumn<int>("solver");
    QTest::newRow("impulse") << int(phys::SolverKind::Impulse);
    QTest::newRow("verlet") << int(phys::SolverKind::Verlet);
}

// Snapshot at step 90 (the pyramid settling, balls in flight), step 120 straight; restore the snapshot into
// the same World (now at step 210) and step 120 again: every state along the way is the same.
void TestWorldSnapshot::restoreThenStepEqualsStraight() {
    QFETCH(int, solver);
    phys::WorldSettings settings;
    settings.solver = static_cast<phys::SolverKind>(solver);
    phys::World world = pyramidWorld(settings);
    QCOMPARE(stepChecked(world, 90), std::string());
    const phys::WorldSnapshot snap = world.snapshot();
    QCOMPARE(snap.stepCount(), std::int64_t{90});
    const auto straight = run(world, 120);
    QCOMPARE(world.stepCount(), std::int64_t{210});

    world.restore(snap);
    QCOMPARE(world.stepCount(), std::int64_t{90});
    QCOMPARE(world.time(), snap.time());
    QCOMPARE(world.stateHash(), snap.stateHash());
    const auto replayed = run(world, 120);
    compareRuns(straight, replayed);
    // A snapshot can be restored again and again.
    world.restore(snap);
    compareRuns(straight, run(world, 120));
}

// Into a fresh World with nothing in common (other settings, no bodies): it becomes the snapshot's World.
void TestWorldSnapshot::restoreIntoAnotherWorld() {
    phys::World world = pyramidWorld();
    QCOMPARE(stepChecked(world, 60), std::string());
    const phys::WorldSnapshot snap = world.snapshot();
    const auto straight = run(world, 100);

    phys::WorldSettings other;
    other.solver = phys::SolverKind::Verlet;
    other.iterations = 3;
    phys::World target(other);
    target.restore(snap);
    QCOMPARE(target.bodyCount(), world.bodyCount());
    QCOMPARE(int(target.settings().solver), int(phys::SolverKind::Impulse));
    QCOMPARE(target.settings().iterations, world.settings().iterations);
    compareRuns(straight, run(target, 100));
}

// The thread count is the machine's: restore keeps the target's (and the result does not depend on it).
void TestWorldSnapshot::restoreKeepsThreadCount() {
    phys::World world = pyramidWorld();
    world.setThreadCount(1);
    QCOMPARE(stepChecked(world, 30), std::string());
    const phys::WorldSnapshot snap = world.snapshot();
    phys::World target;
    target.setThreadCount(2);
    const int threads = target.threadCount(); // 1 on a one-core machine
    target.restore(snap);
    QCOMPARE(target.threadCount(), threads);
    QCOMPARE(world.threadCount(), 1);
}

// The World's own estimate: at least what its body and shape arrays must hold, growing with the bodies, and
// within a few kilobytes per body (a box's share of contacts, tree nodes and solver rows is hundreds of bytes).
void TestWorldSnapshot::memoryGrowsWithBodies() {
    phys::World world;
    const std::size_t empty = world.memoryBytes();
    QVERIFY(empty >= sizeof(phys::World));
    QVERIFY2(empty < 64 * 1024, qPrintable(QString::number(empty)));
    addGround(world, 40.0);
    std::size_t previous = world.memoryBytes();
    int count = 1;
    for (const int columns : {10, 40}) {
        for (int row = 0; row < 10; ++row) {
            for (int i = 0; i < columns; ++i) {
                [[maybe_unused]] auto id = world.createBody(bodyDef(
                    {-20.0 + 1.05 * i, 0.5 + 1.02 * row + 12.0 * (columns / 40)}, boxShape(1.0, 1.0)));
                ++count;
            }
        }
        QCOMPARE(stepChecked(world, 60), std::string());
        const std::size_t bytes = world.memoryBytes();
        QVERIFY2(bytes > previous, qPrintable(QStringLiteral("%1 <= %2").arg(bytes).arg(previous)));
        const std::size_t floor =
            static_cast<std::size_t>(count) * (sizeof(phys::BodySim) + sizeof(phys::ShapeSim));
        QVERIFY2(bytes >= floor, qPrintable(QStringLiteral("%1 < %2").arg(bytes).arg(floor)));
        QVERIFY2(bytes - empty < static_cast<std::size_t>(count) * 16 * 1024,
                 qPrintable(QStringLiteral("%1 bytes for %2 bodies").arg(bytes).arg(count)));
        previous = bytes;
    }
    QVERIFY(!phys::WorldInternals::contacts(world).empty());
    // A snapshot holds a copy: its arrays are sized to their contents, never more than the original's.
    const phys::WorldSnapshot snap = world.snapshot();
    QVERIFY(snap.memoryBytes() <= world.memoryBytes());
    QVERIFY(snap.memoryBytes() >=
            static_cast<std::size_t>(count) * (sizeof(phys::BodySim) + sizeof(phys::ShapeSim)));
}

void TestWorldSnapshot::snapshotReportsItsState() {
    phys::WorldSnapshot none;
    QVERIFY(none.empty());
    QCOMPARE(none.memoryBytes(), std::size_t{0});
    phys::World world = pyramidWorld();
    world.step();
    phys::WorldSnapshot snap = world.snapshot();
    QVERIFY(!snap.empty());
    QCOMPARE(snap.stepCount(), std::int64_t{1});
    QCOMPARE(snap.stateHash(), world.stateHash());
    phys::WorldSnapshot moved = std::move(snap);
    QVERIFY(!moved.empty());
    QCOMPARE(moved.stateHash(), world.stateHash());
}

QTEST_GUILESS_MAIN(TestWorldSnapshot)
#include "tst_world_snapshot.moc"
