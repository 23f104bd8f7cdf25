/// @file tst_solver_trace.cpp
/// The solver trace (physics/solver_trace.h, issue 15 "Step into the solver"): a traced step changes nothing
/// (every body state and every contact impulse bit-identical to an untraced step of the same World, with the
/// wide kernels of this machine running the untraced one), and the trace adds up: for each manifold point the
/// first substep's warm-start seed plus the traced deltas equals, exactly, the impulse the step stores for
/// the next warm start, and the substeps' impulses add up to the step's total. Default settings (60 Hz, 8
/// substeps of one solve and one relax sweep, continuous on), soft step and Baumgarte.

#include "physics/simd.h"
#include "physics/solver_trace.h"
#include "world_test_util.h"

#include <QList>
#include <QSet>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <tuple>
#include <utility>
#include <vector>

using namespace phys;
using namespace testutil;

// QCOMPARE on doubles is fuzzy (qFuzzyCompare); these checks are exact.
#define COMPARE_EXACT(actual, expected)                                                                      \
    QVERIFY2((actual) == (expected), qPrintable(QStringLiteral("%1 != %2")                                   \
                                                    .arg(static_cast<double>(actual), 0, 'g', 17)            \
                                                    .arg(static_cast<double>(expected), 0, 'g', 17)))

namespace {

/// A pyramid of 1 m boxes, 8 at the bottom.
World pyramid(const WorldSettings& settings) {
    World world(settings);
    addGround(world);
    for (const BodyDef& d : boxPyramid(8)) {
        world.createBody(d);
    }
    return world;
}

/// Friction and restitution: boxes sliding to a stop and bouncy balls and boxes falling fast enough to
/// bounce (faster than the 1 m/s restitution threshold).
World slideAndBounce(const WorldSettings& settings) {
    World world(settings);
    addGround(world, 50.0, 0.6, 0.0);
    for (int i = 0; i < 4; ++i) {
        BodyDef slider = bodyDef({-8.0 + 3.0 * i, 0.25}, boxShape(1.0, 0.5, 0.2 + 0.2 * i));
        slider.linearVelocity = {3.0 + i, 0.0};
        world.createBody(slider);
    }
    for (int i = 0; i < 5; ++i) {
        BodyDef ball = bodyDef({6.0 + 1.5 * i, 1.0 + 0.6 * i}, circleShape(0.4, 0.5, 0.3 + 0.15 * i));
        ball.linearVelocity = {0.5 * (i - 2), -4.0};
        world.createBody(ball);
    }
    BodyDef box = bodyDef({14.0, 2.0}, boxShape(0.8, 0.8, 0.4, 0.7), BodyType::Dynamic, 0.3);
    box.linearVelocity = {-1.0, -5.0};
    box.angularVelocity = 2.0;
    world.createBody(box);
    world.createBody(bodyDef({14.0, 0.6}, boxShape(3.0, 0.2, 0.5, 0.5), BodyType::Static, 0.1));
    return world;
}

/// Automatic substeps at work: a 20 m box 400 times the mass of each of the two 1 m boxes it rests on (Solver2D's
/// "High Mass Ratio 2", placed at rest), which runs 8 substeps; a stack of three 1 m boxes apart from it,
/// which runs 4; and a ball in free flight, touching nothing (8).
World mixedCounts(const WorldSettings& settings) {
    World world(settings);
    addGround(world, 60.0);
    world.createBody(bodyDef({-9.0, 0.5}, boxShape(1.0, 1.0)));
    world.createBody(bodyDef({9.0, 0.5}, boxShape(1.0, 1.0)));
    world.createBody(bodyDef({0.0, 11.0}, boxShape(20.0, 20.0)));
    for (int i = 0; i < 3; ++i) {
        world.createBody(bodyDef({30.0, 0.5 + i}, boxShape(1.0, 1.0)));
    }
    BodyDef ball = bodyDef({-30.0, 40.0}, circleShape(0.5));
    ball.linearVelocity = {2.0, 5.0};
    world.createBody(ball);
    return world;
}

WorldSettings settingsFor(PositionCorrection correction) {
    WorldSettings s;
    s.positionCorrection = correction;
    return s;
}

/// Every body's pose and velocities, every contact's carried-over impulses and the step's totals, as raw
/// doubles: two worlds are bit-identical when these are.
std::vector<double> fingerprint(const World& world) {
    std::vector<double> out;
    for (const StateSample& s : statesOf(world)) {
        out.insert(out.end(), {s.position.x, s.position.y, s.angle, s.linearVelocity.x, s.linearVelocity.y,
                               s.angularVelocity});
    }
    std::vector<ContactState> contacts;
    world.contactStates(contacts);
    for (const ContactState& c : contacts) {
        for (const ContactPointState& p : c.points) {
            out.insert(out.end(), {p.normalImpulse, p.tangentImpulse});
        }
    }
    for (const ContactReport& c : world.contacts()) {
        for (const ContactPointReport& p : c.points) {
            out.insert(out.end(), {p.normalImpulse, p.tangentImpulse});
        }
    }
    return out;
}

bool sameBits(const std::vector<double>& x, const std::vector<double>& y) {
    return x.size() == y.size() && std::memcmp(x.data(), y.data(), x.size() * sizeof(double)) == 0;
}

using Scene = World (*)(const WorldSettings&);

/// (a + b) and its rounding error, exactly (Knuth's TwoSum).
std::pair<double, double> twoSum(double a, double b) {
    const double s = a + b;
    const double bb = s - a;
    return {s, (a - (s - bb)) + (b - bb)};
}

/// A sum of doubles kept exactly, as a nonoverlapping expansion (Shewchuk, "Adaptive Precision
/// Floating-Point Arithmetic", 1997: Grow-Expansion with zero elimination). It is zero only when every part is.
struct ExactSum {
    std::vector<double> parts; ///< increasing magnitude
    void add(double b) {
        std::vector<double> out;
        double q = b;
        for (const double e : parts) {
            const auto [sum, error] = twoSum(q, e);
            if (error != 0.0) {
                out.push_back(error);
            }
            q = sum;
        }
        if (q != 0.0) {
            out.push_back(q);
        }
        parts = std::move(out);
    }
    bool isZero() const { return parts.empty(); }
};

/// (contact, point, kind) of a row.
using RowKey = std::tuple<int, int, int>;
RowKey keyOf(const SolverTraceRow& r) {
    return {r.contact, r.point, r.kind == RowKind::Normal ? 0 : 1};
}

} // namespace

class TestSolverTrace : public QObject {
    Q_OBJECT

private slots:
    void tracedStepIsBitIdentical_data();
    void tracedStepIsBitIdentical();
    void tracedEqualsEveryInstructionSet();
    void impulsesSumExactly_data();
    void impulsesSumExactly();
    void rowsChainThroughTheSweep();
    void residualFallsOnSettledStack();
    void verletLeavesTraceEmpty();
};

void TestSolverTrace::tracedStepIsBitIdentical_data() {
    QTest::addColumn<void*>("scene");
    QTest::addColumn<int>("correction");
    // The substep counts the rows may name (automatic substeps: the soft step's islands of equal boxes run
    // 4, a 400:1 island 8; Baumgarte runs 8 throughout).
    QTest::addColumn<QList<int>>("counts");
    const auto add = [](const char* name, Scene scene, PositionCorrection c, QList<int> counts) {
        QTest::newRow(name) << reinterpret_cast<void*>(scene) << static_cast<int>(c) << counts;
    };
    add("pyramid soft step", &pyramid, PositionCorrection::SoftStep, {4});
    add("pyramid Baumgarte", &pyramid, PositionCorrection::Baumgarte, {8});
    add("friction+restitution soft step", &slideAndBounce, PositionCorrection::SoftStep, {4});
    add("friction+restitution Baumgarte", &slideAndBounce, PositionCorrection::Baumgarte, {8});
    add("mixed counts soft step", &mixedCounts, PositionCorrection::SoftStep, {4, 8});
    add("mixed counts Baumgarte", &mixedCounts, PositionCorrection::Baumgarte, {8});
}

void TestSolverTrace::tracedStepIsBitIdentical() {
    QFETCH(void*, scene);
    QFETCH(int, correction);
    const auto make = reinterpret_cast<Scene>(scene);
    const WorldSettings settings = settingsFor(static_cast<PositionCorrection>(correction));
    World plain = make(settings);
    World traced = make(settings);
    SolverTrace trace;
    // Every step of the first two seconds traced in one World and not in the other: falling, first contact,
    // bounces, sliding and coming to rest.
    QFETCH(QList<int>, counts);
    int restitutionRows = 0;
    QSet<int> seen; // the substep counts the rows named
    for (int step = 0; step < 120; ++step) {
        plain.step();
        traced.step(&trace);
        QVERIFY(trace.traced);
        QVERIFY2(sameBits(fingerprint(plain), fingerprint(traced)),
                 qPrintable(QStringLiteral("differs after step %1").arg(step + 1)));
        // The trace has as many substeps as the most any island ran (here the most of `counts`, or of a
        // body in free flight, 8), and each row names its island's count, one of `counts`.
        int most = 0;
        for (const SolverTraceSubstep& sub : trace.substeps) {
            for (const SolverTraceStage& stage : sub.stages) {
                for (const SolverTraceIteration& it : stage.iterations) {
                    for (const SolverTraceRow& row : it.rows) {
                        QVERIFY2(counts.contains(row.substeps), qPrintable(QString::number(row.substeps)));
                        seen.insert(row.substeps);
                        most = std::max(most, row.substeps);
                    }
                }
            }
        }
        QVERIFY(static_cast<int>(trace.substeps.size()) >= most);
        QCOMPARE(trace.substepTime, settings.timeStep / static_cast<double>(trace.substeps.size()));
        for (const SolverTraceStage& stage : trace.substeps.back().stages) {
            if (stage.stage == SolverStage::Restitution) {
                restitutionRows += static_cast<int>(stage.iterations.front().rows.size());
            }
        }
    }
    if (make == &slideAndBounce) {
        QVERIFY(restitutionRows > 0); // the scene does bounce: the restitution stage was traced too
    }
    QCOMPARE(seen, QSet<int>(counts.begin(), counts.end())); // every count expected was run
}

void TestSolverTrace::tracedEqualsEveryInstructionSet() {
    // The traced step runs the scalar kernels; the untraced one whatever the processor has. Each untraced
    // instruction set this processor runs gives the traced run's bits (wide_solver.h's promise, checked
    // here for the trace's use of it).
    const WorldSettings settings;
    std::vector<std::vector<double>> traced;
    {
        World world = slideAndBounce(settings);
        SolverTrace trace;
        for (int step = 0; step < 60; ++step) {
            world.step(&trace);
            traced.push_back(fingerprint(world));
        }
    }
    const SimdLevel before = simdLevel();
    int levels = 0;
    for (const SimdLevel level : {SimdLevel::Scalar, SimdLevel::Sse2, SimdLevel::Avx2, SimdLevel::Avx512}) {
        if (setSimdLevel(level) != level) {
            continue; // not on this processor
        }
        ++levels;
        World world = slideAndBounce(settings);
        for (int step = 0; step < 60; ++step) {
            world.step();
            QVERIFY2(sameBits(fingerprint(world), traced[static_cast<std::size_t>(step)]),
                     qPrintable(QStringLiteral("level %1 differs after step %2")
                                    .arg(static_cast<int>(level))
                                    .arg(step + 1)));
        }
    }
    setSimdLevel(before);
    QVERIFY(levels >= 1);
}

void TestSolverTrace::impulsesSumExactly_data() {
    tracedStepIsBitIdentical_data();
}

void TestSolverTrace::impulsesSumExactly() {
    QFETCH(void*, scene);
    QFETCH(int, correction);
    const auto make = reinterpret_cast<Scene>(scene);
    const WorldSettings settings = settingsFor(static_cast<PositionCorrection>(correction));
    World world = make(settings);
    SolverTrace trace;
    int checkedPoints = 0;
    int roundedRows = 0;
    for (int step = 0; step < 90; ++step) {
        world.step(&trace);
        // Per (contact, point, row kind): the accumulated impulse as the rows chain it, the exact sum of the
        // seed and the rows' increments, and the step total as the solver adds it (the accumulated impulse of
        // each substep, in order).
        std::map<RowKey, double> chained;
        std::map<RowKey, ExactSum> sums;
        std::map<RowKey, double> total;
        std::map<RowKey, int> substepsOf;
        for (std::size_t sub = 0; sub < trace.substeps.size(); ++sub) {
            for (const SolverTraceStage& stage : trace.substeps[sub].stages) {
                for (const SolverTraceIteration& it : stage.iterations) {
                    for (const SolverTraceRow& row : it.rows) {
                        const RowKey key = keyOf(row);
                        // The row's own substep: with automatic substeps an island of 4 takes part in
                        // every other of the trace's 8.
                        QCOMPARE(static_cast<std::size_t>(row.substep),
                                 sub * row.substeps / trace.substeps.size());
                        substepsOf[key] = row.substeps;
                        if (stage.stage == SolverStage::WarmStart) {
                            if (row.substep == 0) {
                                chained[key] = row.warmStart;
                                sums[key].add(row.warmStart);
                            } else {
                                // The seed of a later substep is what the earlier ones accumulated.
                                COMPARE_EXACT(row.warmStart, chained.at(key));
                                total[key] =
                                    row.substep == 1 ? chained.at(key) : total.at(key) + chained.at(key);
                            }
                            continue;
                        }
                        COMPARE_EXACT(row.impulseBefore, chained.at(key));
                        COMPARE_EXACT(row.delta, row.clamped - row.impulseBefore);
                        chained[key] = row.clamped;
                        sums[key].add(row.delta);
                        sums[key].add(row.deltaRoundOff);
                        roundedRows += row.deltaRoundOff != 0.0 ? 1 : 0;
                    }
                }
            }
        }
        std::vector<ContactState> contacts;
        world.contactStates(contacts);
        std::map<RowKey, double> reported; // the step totals, by the same key
        {
            int index = 0;
            std::size_t reportIndex = 0;
            const std::vector<ContactReport> reports = world.contacts();
            for (const ContactState& c : contacts) {
                if (c.manifold.pointCount > 0) {
                    const ContactReport& r = reports[reportIndex++];
                    for (int k = 0; k < r.pointCount; ++k) {
                        reported[{index, k, 0}] = r.points[k].normalImpulse;
                        reported[{index, k, 1}] = r.points[k].tangentImpulse;
                    }
                }
                ++index;
            }
        }
        for (auto& [key, value] : chained) {
            const auto [contact, point, kind] = key;
            const ContactPointState& stored = contacts[static_cast<std::size_t>(contact)].points[point];
            const double expected = kind == 0 ? stored.normalImpulse : stored.tangentImpulse;
            COMPARE_EXACT(value, expected);
            // Seed + sum of the increments, with no rounding anywhere, is the stored impulse to the bit.
            ExactSum& sum = sums.at(key);
            sum.add(-expected);
            QVERIFY(sum.isZero());
            const double stepTotal = substepsOf.at(key) == 1 ? value : total.at(key) + value;
            COMPARE_EXACT(stepTotal, reported.at(key));
            ++checkedPoints;
        }
    }
    QVERIFY(checkedPoints > 100);
    qInfo("%d points checked; %d rows whose applied impulse was rounded", checkedPoints, roundedRows);
}

void TestSolverTrace::rowsChainThroughTheSweep() {
    // Within a sweep a row starts from the accumulated impulse the row of the same point and kind left, its
    // clamped value lies within its bounds, delta = clamped - before, and a contact's last row leaves the
    // bodies at the velocities the next row of either body starts from.
    World world = slideAndBounce(WorldSettings{});
    SolverTrace trace;
    for (int step = 0; step < 30; ++step) {
        world.step(&trace);
    }
    std::map<int, TraceVelocity> lastVelocity;  // per body slot, within one sweep
    std::map<int, TraceVelocity> finalVelocity; // per body slot, after the last row that moved it
    int rows = 0;
    for (const SolverTraceSubstep& sub : trace.substeps) {
        for (const SolverTraceStage& stage : sub.stages) {
            if (stage.stage == SolverStage::WarmStart) {
                continue;
            }
            for (const SolverTraceIteration& it : stage.iterations) {
                double residual = 0.0;
                lastVelocity.clear();
                for (const SolverTraceRow& row : it.rows) {
                    COMPARE_EXACT(row.delta, row.clamped - row.impulseBefore);
                    QVERIFY(row.clamped >= row.lower && row.clamped <= row.upper);
                    if (row.unclamped >= row.lower && row.unclamped <= row.upper) {
                        COMPARE_EXACT(row.clamped, row.unclamped);
                    }
                    for (const auto& [id, before, after] : {std::tuple{row.bodyA, row.beforeA, row.afterA},
                                                            std::tuple{row.bodyB, row.beforeB, row.afterB}}) {
                        const auto found = lastVelocity.find(static_cast<int>(id.index));
                        if (found != lastVelocity.end()) {
                            COMPARE_EXACT(before.v.x, found->second.v.x);
                            COMPARE_EXACT(before.v.y, found->second.v.y);
                            COMPARE_EXACT(before.w, found->second.w);
                        }
                        lastVelocity[static_cast<int>(id.index)] = after;
                        finalVelocity[static_cast<int>(id.index)] = after;
                    }
                    residual += std::abs(row.delta);
                    ++rows;
                }
                COMPARE_EXACT(it.residual, residual);
            }
        }
    }
    QVERIFY(rows > 0);
    // After the last sweep and restitution, each body's last traced velocity is the one the solver wrote
    // (continuous collision does not touch these slow bodies).
    QVERIFY(!finalVelocity.empty());
    for (const auto& [slot, v] : finalVelocity) {
        const BodyId id = world.idOfSlot(slot);
        if (world.type(id) != BodyType::Dynamic) {
            continue;
        }
        COMPARE_EXACT(v.v.x, world.linearVelocity(id).x);
        COMPARE_EXACT(v.v.y, world.linearVelocity(id).y);
        COMPARE_EXACT(v.w, world.angularVelocity(id));
    }
}

void TestSolverTrace::residualFallsOnSettledStack() {
    // A stack of ten boxes put down touching: the first steps build up the load (the impulses change by about
    // 0.1 N s per sweep); five seconds later it rests, the warm start carries the load and the sweeps change
    // almost nothing. (Within one step at the defaults the residual does not fall monotonically: each of the
    // 8 substeps runs one solve and one relax sweep with the positions integrated between them.)
    World world(WorldSettings{});
    addGround(world);
    for (int i = 0; i < 10; ++i) {
        world.createBody(bodyDef({0.0, 0.5 + i}, boxShape(1.0, 1.0)));
    }
    const auto largestResidual = [](const SolverTrace& trace) {
        double largest = 0.0;
        for (const SolverTraceSubstep& sub : trace.substeps) {
            for (const SolverTraceStage& stage : sub.stages) {
                if (stage.stage == SolverStage::Solve || stage.stage == SolverStage::Relax) {
                    for (const SolverTraceIteration& it : stage.iterations) {
                        largest = std::max(largest, it.residual);
                    }
                }
            }
        }
        return largest;
    };
    SolverTrace trace;
    double early = 0.0;
    for (int step = 0; step < 5; ++step) {
        world.step(&trace);
        early = std::max(early, largestResidual(trace));
    }
    QVERIFY(stepChecked(world, 295).empty());
    world.step(&trace);
    const double settled = largestResidual(trace);
    QVERIFY2(settled < 1e-3 * early,
             qPrintable(QStringLiteral("early %1, settled %2").arg(early).arg(settled)));
    QVERIFY(settled > 0.0); // still solving: the stack is awake and the sweeps run
}

void TestSolverTrace::verletLeavesTraceEmpty() {
    WorldSettings settings;
    settings.solver = SolverKind::Verlet;
    World world = pyramid(settings);
    SolverTrace trace;
    trace.traced = true;
    trace.substeps.resize(3);
    world.step(&trace);
    QVERIFY(!trace.traced);
    QVERIFY(trace.substeps.empty());
}

QTEST_APPLESS_MAIN(TestSolverTrace)
#include "tst_solver_trace.moc"
