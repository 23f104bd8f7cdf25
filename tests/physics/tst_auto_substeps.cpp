/// @file tst_auto_substeps.cpp
/// Automatic substeps (issue 17; defs.h WorldSettings::substeps, the default): the impulse solver's soft step
/// runs each island of touching bodies at Box2D v3's 4 substeps, and at 8 where a touching pair of dynamic
/// bodies has a mass ratio whose sag, |g| (1 + M/m) / (2 pi 30 Hz)^2, passes the linear slop (5 mm). Checked
/// here: the limit is that formula; which islands run which count (read from the solver trace, whose rows
/// name their island's count); each island moves exactly as the whole scene does with that count set
/// explicitly (so the choice of one island never reaches another); and the warm start of a contact whose
/// island changes count is its stored substep impulse rescaled by old count / new count, exactly.

#include "physics/solver_trace.h"
#include "physics/toi.h"
#include "world_test_util.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <vector>

using namespace phys;
using namespace testutil;

namespace {

/// A box of `density` resting on a 1 m box of density 1 at x, both on the ground (top at y = 0).
struct Pair {
    BodyId below;
    BodyId above;
};
Pair addPair(World& world, double x, double density, double width = 1.0) {
    const BodyId below = *world.createBody(bodyDef({x, 0.5}, boxShape(1.0, 1.0)));
    const BodyId above =
        *world.createBody(bodyDef({x, 1.0 + 0.5 * width}, boxShape(width, width, 0.6, 0.0, density)));
    return {below, above};
}

/// The substep counts the rows of a traced step name for the contacts that touch `body`.
std::set<int> countsOf(const SolverTrace& trace, BodyId body) {
    std::set<int> out;
    for (const SolverTraceSubstep& sub : trace.substeps) {
        for (const SolverTraceStage& stage : sub.stages) {
            for (const SolverTraceIteration& it : stage.iterations) {
                for (const SolverTraceRow& row : it.rows) {
                    if (row.bodyA == body || row.bodyB == body) {
                        out.insert(row.substeps);
                    }
                }
            }
        }
    }
    return out;
}

/// Solver2D's "High Mass Ratio 2" at rest (a 20 m box, 400 times each support's mass, on two 1 m boxes),
/// a stack of three 1 m boxes far from it, and a ball in free flight. Returns the bodies of each part.
struct Mixed {
    std::vector<BodyId> heavyIsland;
    std::vector<BodyId> stack;
};
Mixed addMixed(World& world) {
    Mixed m;
    addGround(world, 60.0);
    m.heavyIsland.push_back(*world.createBody(bodyDef({-9.0, 0.5}, boxShape(1.0, 1.0))));
    m.heavyIsland.push_back(*world.createBody(bodyDef({9.0, 0.5}, boxShape(1.0, 1.0))));
    m.heavyIsland.push_back(*world.createBody(bodyDef({0.0, 11.0}, boxShape(20.0, 20.0))));
    for (int i = 0; i < 3; ++i) {
        m.stack.push_back(*world.createBody(bodyDef({30.0, 0.5 + i}, boxShape(1.0, 1.0))));
    }
    BodyDef ball = bodyDef({-30.0, 40.0}, circleShape(0.5));
    ball.linearVelocity = {2.0, 5.0};
    world.createBody(ball);
    return m;
}

bool sameState(const World& a, const World& b, BodyId id) {
    return a.position(id) == b.position(id) && a.angle(id) == b.angle(id) &&
           a.linearVelocity(id) == b.linearVelocity(id) && a.angularVelocity(id) == b.angularVelocity(id);
}

} // namespace

class TestAutoSubsteps : public QObject {
    Q_OBJECT

private slots:
    void defaultIsAutomatic();
    void ratioLimitIsTheSagFormula();
    void countFollowsTheMassRatio();
    void islandRunsAsItsExplicitCount();
    void warmStartIsRescaledWhenTheCountChanges();
};

void TestAutoSubsteps::defaultIsAutomatic() {
    const WorldSettings s;
    QVERIFY(!s.substeps.has_value());
    QCOMPARE(substepRange(s), std::make_pair(4, 8));
    WorldSettings verlet;
    verlet.solver = SolverKind::Verlet;
    QCOMPARE(substepRange(verlet), std::make_pair(8, 8));
    QCOMPARE(uniformSubsteps(verlet), 8);
    WorldSettings baumgarte;
    baumgarte.positionCorrection = PositionCorrection::Baumgarte;
    QCOMPARE(substepRange(baumgarte), std::make_pair(8, 8));
    WorldSettings pushOut;
    pushOut.response = ResponseKind::PushOut;
    QCOMPARE(substepRange(pushOut), std::make_pair(1, 1));
    WorldSettings explicitCount;
    explicitCount.substeps = 3;
    QCOMPARE(substepRange(explicitCount), std::make_pair(3, 3));
    QVERIFY(!validate(explicitCount, "settings"));
    QVERIFY(!validate(s, "settings"));
}

void TestAutoSubsteps::ratioLimitIsTheSagFormula() {
    // sag = |g| (1 + M/m) / omega^2 <= kLinearSlop at the coarse count's stiffness: min(contactHertz, an
    // eighth of 4 substeps' rate) = 30 Hz at 60 steps a second.
    const WorldSettings s;
    const double omega30 = 2.0 * kPi * 30.0;
    const double limit = kLinearSlop * omega30 * omega30 / 9.81;
    QVERIFY(std::abs(autoSubstepsRatioLimit(s) - limit) <= 1e-12 * limit);
    QVERIFY(limit > 18.0 && limit < 18.2); // a mass ratio of 17.1
    // At 120 steps a second 4 substeps already give 60 Hz: four times the stiffness, four times the ratio.
    WorldSettings fast;
    fast.timeStep = 1.0 / 120.0;
    QVERIFY(std::abs(autoSubstepsRatioLimit(fast) - 4.0 * limit) <= 1e-12 * limit);
    // Half the gravity sags half as far.
    WorldSettings moon;
    moon.gravity = {0.0, -9.81 / 2.0};
    QVERIFY(std::abs(autoSubstepsRatioLimit(moon) - 2.0 * limit) <= 1e-12 * limit);
    // Nothing sags without gravity, nor with rigid contacts.
    WorldSettings free;
    free.gravity = {0.0, 0.0};
    QCOMPARE(autoSubstepsRatioLimit(free), std::numeric_limits<double>::infinity());
    WorldSettings rigid;
    rigid.contactHertz = 0.0;
    QCOMPARE(autoSubstepsRatioLimit(rigid), std::numeric_limits<double>::infinity());
    // The test is symmetric in the two bodies: 1 + M/m against the limit.
    QVERIFY(!autoSubstepsNeedFine(limit, 1.0, 1.0 / 17.0));
    QVERIFY(!autoSubstepsNeedFine(limit, 1.0 / 17.0, 1.0));
    QVERIFY(autoSubstepsNeedFine(limit, 1.0, 1.0 / 18.0));
    QVERIFY(autoSubstepsNeedFine(limit, 1.0 / 18.0, 1.0));
}

void TestAutoSubsteps::countFollowsTheMassRatio() {
    // Pairs of boxes resting on 1 m boxes, each pair its own island: 17 times as heavy sags 4.97 mm at 30 Hz
    // (within the slop: 4 substeps), 18 times 5.25 mm (8 substeps), the 400:1 box far more (8), two equal
    // boxes 0.55 mm (4). A ball flying far above touches nothing. Read from the rows of a traced step.
    World world;
    addGround(world, 60.0);
    const Pair equal = addPair(world, -20.0, 1.0);
    const Pair r17 = addPair(world, -10.0, 17.0);
    const Pair r18 = addPair(world, 0.0, 18.0);
    const Pair r400 = addPair(world, 15.0, 25.0, 4.0); // 4 m box of density 25: 400 kg on 1 kg
    SolverTrace trace;
    for (int step = 0; step < 30; ++step) {
        QVERIFY(stepChecked(world, 1).empty());
    }
    world.step(&trace);
    QCOMPARE(countsOf(trace, equal.above), std::set<int>{4});
    QCOMPARE(countsOf(trace, equal.below), std::set<int>{4});
    QCOMPARE(countsOf(trace, r17.above), std::set<int>{4});
    QCOMPARE(countsOf(trace, r18.above), std::set<int>{8});
    // The whole island runs the fine count, its contact with the ground too.
    QCOMPARE(countsOf(trace, r18.below), std::set<int>{8});
    QCOMPARE(countsOf(trace, r400.below), std::set<int>{8});
    QCOMPARE(static_cast<int>(trace.substeps.size()), 8);
    // A world of the equal pair alone has 4 substeps, traced as 4.
    World small;
    addGround(small);
    const Pair alone = addPair(small, 0.0, 1.0);
    QVERIFY(stepChecked(small, 30).empty());
    small.step(&trace);
    QCOMPARE(static_cast<int>(trace.substeps.size()), 4);
    QCOMPARE(countsOf(trace, alone.above), std::set<int>{4});
    // The sag goes as (1 + M/m) / f^2 (both contacts of the island, the ground's at twice f): the 18:1 box
    // at 8 substeps (60 Hz) sinks 19 / 18 / 4 = 0.26 times as far as the 17:1 box at 4 (30 Hz).
    const double sink17 = 1.5 - world.position(r17.above).y;
    const double sink18 = 1.5 - world.position(r18.above).y;
    qInfo("sink at 0.5 s: 17:1 at 4 substeps %.4f m, 18:1 at 8 substeps %.4f m", sink17, sink18);
    QVERIFY(sink17 > 0.0 && sink18 > 0.0);
    QVERIFY2(sink18 < 0.5 * sink17, qPrintable(QString::number(sink18 / sink17)));
}

void TestAutoSubsteps::islandRunsAsItsExplicitCount() {
    // The same scene three times: automatic, every island at an explicit 8, every island at an explicit 4.
    // The 400:1 island moves exactly as at 8, the stack exactly as at 4, step after step: each island's count
    // is its own, and the other islands' counts never reach it.
    WorldSettings eight;
    eight.substeps = 8;
    WorldSettings four;
    four.substeps = 4;
    World autoWorld;
    World eightWorld(eight);
    World fourWorld(four);
    const Mixed m = addMixed(autoWorld);
    addMixed(eightWorld);
    addMixed(fourWorld);
    for (int step = 0; step < 300; ++step) {
        autoWorld.step();
        eightWorld.step();
        fourWorld.step();
        for (const BodyId id : m.heavyIsland) {
            QVERIFY2(sameState(autoWorld, eightWorld, id), qPrintable(QString("step %1").arg(step + 1)));
        }
        for (const BodyId id : m.stack) {
            QVERIFY2(sameState(autoWorld, fourWorld, id), qPrintable(QString("step %1").arg(step + 1)));
        }
    }
    // And the 400:1 box rests as it does at 8 substeps: a 2.2 cm sink, not 8.6 (docs/simulation.md).
    const double sink = 11.0 - autoWorld.position(m.heavyIsland[2]).y;
    qInfo("400:1 box sinks %.4f m after 5 s", sink);
    QVERIFY(sink < 0.05);
}

void TestAutoSubsteps::warmStartIsRescaledWhenTheCountChanges() {
    // A 1 m box rests on the ground (4 substeps). A 4 m box 400 times its mass is then put on it: the island
    // runs 8 substeps, and the ground contact, whose stored impulses are a substep of 1/240 s's, warm starts
    // from half of them (a substep of 1/480 s). The heavy box removed again, the island goes back to 4 and
    // the warm start is twice what the 8-substep step stored. Exact: the factors are powers of two.
    World world;
    const BodyId ground = addGround(world, 20.0);
    const BodyId box = *world.createBody(bodyDef({0.0, 0.5}, boxShape(1.0, 1.0)));
    QVERIFY(stepChecked(world, 60).empty());
    // The ground contact's stored normal impulses (point order may change from step to step: compared as
    // sorted lists).
    const auto stored = [&]() {
        std::vector<ContactState> contacts;
        world.contactStates(contacts);
        std::vector<double> out;
        for (const ContactState& c : contacts) {
            const bool groundAndBox = (world.idOfSlot(c.bodyA) == ground && world.idOfSlot(c.bodyB) == box) ||
                                      (world.idOfSlot(c.bodyA) == box && world.idOfSlot(c.bodyB) == ground);
            for (int k = 0; groundAndBox && k < c.manifold.pointCount; ++k) {
                out.push_back(c.points[k].normalImpulse);
            }
        }
        std::sort(out.begin(), out.end());
        return out;
    };
    // The normal warm-start rows of the first substep of the ground contact, and their substep count.
    const auto seeds = [&](const SolverTrace& trace, int& substeps) {
        std::vector<double> out;
        for (const SolverTraceStage& stage : trace.substeps.front().stages) {
            if (stage.stage != SolverStage::WarmStart) {
                continue;
            }
            for (const SolverTraceRow& row : stage.iterations.front().rows) {
                const bool groundAndBox =
                    (row.bodyA == ground && row.bodyB == box) || (row.bodyA == box && row.bodyB == ground);
                if (groundAndBox && row.kind == RowKind::Normal) {
                    out.push_back(row.warmStart);
                    substeps = row.substeps;
                }
            }
        }
        std::sort(out.begin(), out.end());
        return out;
    };
    SolverTrace trace;
    int substeps = 0;
    {
        const std::vector<double> before = stored();
        QCOMPARE(before.size(), std::size_t(2));
        world.step(&trace);
        QCOMPARE(seeds(trace, substeps), before); // 4 then 4: as stored
        QCOMPARE(substeps, 4);
    }
    const BodyId heavy = *world.createBody(bodyDef({0.0, 3.0}, boxShape(4.0, 4.0, 0.6, 0.0, 25.0)));
    {
        const std::vector<double> before = stored();
        world.step(&trace);
        const std::vector<double> seeded = seeds(trace, substeps);
        QCOMPARE(substeps, 8);
        QCOMPARE(seeded.size(), before.size());
        for (std::size_t k = 0; k < before.size(); ++k) {
            QCOMPARE(seeded[k], before[k] * 0.5); // exact: QCOMPARE's fuzziness aside, x / 2 is exact
            QVERIFY(seeded[k] == before[k] * 0.5);
        }
    }
    QVERIFY(stepChecked(world, 30).empty());
    QVERIFY(world.removeBody(heavy));
    {
        const std::vector<double> before = stored();
        world.step(&trace);
        const std::vector<double> seeded = seeds(trace, substeps);
        QCOMPARE(substeps, 4);
        QCOMPARE(seeded.size(), before.size());
        for (std::size_t k = 0; k < before.size(); ++k) {
            QVERIFY(seeded[k] == before[k] * 2.0);
        }
    }
}

QTEST_APPLESS_MAIN(TestAutoSubsteps)
#include "tst_auto_substeps.moc"
