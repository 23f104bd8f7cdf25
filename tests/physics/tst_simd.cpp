/// @file tst_simd.cpp
/// The impulse solver's contact sweeps run in AVX-512 (eight lanes), AVX2 (four), SSE2 (two) or scalar code
/// (physics/simd.h, physics/src/wide_solver.h), over blocks of eight constraints. The choice must never
/// change a simulation: every path gives the same bits. The scenes below mix what the solver handles differently
/// (two- and one-point contacts, constraints against static and kinematic bodies, separate islands solved
/// group by group, restitution, friction, speculative gaps, Baumgarte instead of the soft step) and compare
/// every body's state after every step.

#include "physics/simd.h"
#include "wide_solver.h"
#include "world_internals.h"
#include "world_test_util.h"

#include <QTest>

#include <cstring>
#include <random>
#include <vector>

using namespace phys;
using namespace testutil;

namespace {

/// A busy scene: a pyramid, a stack far away (its own island), bouncing and sliding bodies, a kinematic
/// paddle sweeping through, all at the app's defaults except what `settings` changes.
World busyScene(const WorldSettings& settings) {
    World world(settings);
    addGround(world, 60.0);
    for (int row = 0; row < 8; ++row) {
        for (int i = 0; i < 8 - row; ++i) {
            world.createBody(bodyDef({-4.0 + i + 0.5 * row, 0.5 + row}, boxShape(1.0, 1.0)));
        }
    }
    for (int i = 0; i < 6; ++i) {
        world.createBody(bodyDef({30.0 + (i % 2 == 0 ? 0.02 : -0.02), 0.5 + i}, boxShape(1.0, 1.0, 0.3)));
    }
    for (int i = 0; i < 12; ++i) {
        const double restitution = 0.1 * (i % 8);
        BodyDef d = bodyDef({-6.0 + 1.1 * i, 10.0 + 0.7 * i}, circleShape(0.3, 0.4, restitution));
        d.linearVelocity = {0.5 * (i % 3) - 0.5, -2.0};
        world.createBody(d);
    }
    BodyDef slider = bodyDef({15.0, 0.25}, boxShape(0.5, 0.5, 0.2), BodyType::Dynamic, 0.1);
    slider.linearVelocity = {-6.0, 0.0};
    world.createBody(slider);
    BodyDef paddle = bodyDef({-12.0, 1.5}, boxShape(0.4, 3.0), BodyType::Kinematic);
    paddle.linearVelocity = {1.5, 0.0};
    paddle.angularVelocity = 0.3;
    world.createBody(paddle);
    return world;
}

/// Every body's pose and velocities after every step, as raw doubles.
std::vector<double> run(SimdLevel level, const WorldSettings& settings, int steps) {
    setSimdLevel(level);
    World world = busyScene(settings);
    std::vector<double> out;
    for (int s = 0; s < steps; ++s) {
        const std::string err = stepChecked(world, 1);
        if (!err.empty()) {
            qWarning("%s", err.c_str());
            return {};
        }
        for (const BodyId id : world.bodyIds()) {
            const BodySim& b = phys::WorldInternals::body(world, id);
            out.insert(out.end(), {b.center.x, b.center.y, b.xf.q.c, b.xf.q.s, b.linearVelocity.x,
                                   b.linearVelocity.y, b.angularVelocity});
        }
        for (const ContactReport& c : world.contacts()) {
            for (const ContactPointReport& p : c.points) {
                out.insert(out.end(), {p.normalImpulse, p.tangentImpulse});
            }
        }
    }
    return out;
}

/// A random block of eight one-point constraints over bodies 2 lane and 2 lane + 1 (or the static dummy,
/// state 16, in about a quarter of the lanes), with their states: what fillBlocks() writes, in plausible
/// ranges (unit normals, positive masses, clamped warm-start impulses, gaps and overlaps).
struct RandomBlock {
    static constexpr int kDummy = 2 * wide::kLanes;
    wide::WideBlock block{};
    wide::WideCold cold{};
    wide::WideBounce bounce{};
    std::vector<wide::BodyState> states = std::vector<wide::BodyState>(kDummy + 1);
    wide::BiasRule rule;

    explicit RandomBlock(std::mt19937_64& rng) {
        std::uniform_real_distribution<double> u(-1.0, 1.0);
        std::uniform_real_distribution<double> positive(0.05, 2.0);
        for (int i = 0; i < kDummy; ++i) {
            wide::BodyState& s = states[static_cast<std::size_t>(i)];
            s.v = {3.0 * u(rng), 3.0 * u(rng)};
            s.w = 2.0 * u(rng);
            s.invMass = positive(rng);
            s.invInertia = positive(rng);
            s.dp = {0.02 * u(rng), 0.02 * u(rng)};
            s.dq = Rot(0.05 * u(rng));
        }
        for (int lane = 0; lane < wide::kLanes; ++lane) {
            block.a[lane] = 2 * lane;
            block.b[lane] = u(rng) < -0.5 ? kDummy : 2 * lane + 1;
            const Rot n(3.2 * u(rng));
            block.nx[lane] = n.c;
            block.ny[lane] = n.s;
            block.friction[lane] = 0.5 * (u(rng) + 1.0);
            block.offsetX[lane] = 0.7 * u(rng);
            block.offsetY[lane] = 0.7 * u(rng);
            wide::WidePoint& p = block.p[0];
            p.rAx[lane] = 0.5 * u(rng);
            p.rAy[lane] = 0.5 * u(rng);
            p.baseSeparation[lane] = 0.02 * u(rng);
            p.normalMass[lane] = positive(rng);
            p.tangentMass[lane] = positive(rng);
            p.normalImpulse[lane] = u(rng) < 0.0 ? 0.0 : positive(rng);
            p.tangentImpulse[lane] = block.friction[lane] * p.normalImpulse[lane] * u(rng);
            bounce.maxNormalImpulse[0][lane] = u(rng) < 0.0 ? 0.0 : positive(rng);
            cold.contact[lane] = lane;
            cold.pointCount[lane] = 1;
            cold.earlierNormal[0][lane] = positive(rng);
            cold.earlierTangent[0][lane] = u(rng);
        }
        rule.invH = 240.0;
        rule.maxPush = 3.0;
        rule.baumgarteRate = 0.2 * 240.0;
        rule.slop = 0.005;
        rule.contact = {60.0 * positive(rng), 0.5 + 0.25 * positive(rng), 0.25 * positive(rng)};
        rule.againstStatic = {120.0 * positive(rng), 0.5 + 0.25 * positive(rng), 0.25 * positive(rng)};
    }

    /// The same, but lane 7 gets a second point: the block is then solved as two-point constraints.
    RandomBlock withSecondPointInLastLane() const {
        RandomBlock twin = *this;
        wide::WidePoint& p = twin.block.p[1];
        constexpr int last = wide::kLanes - 1;
        p.rAx[last] = -0.3;
        p.rAy[last] = 0.2;
        p.normalMass[last] = 0.7;
        p.tangentMass[last] = 0.9;
        p.normalImpulse[last] = 0.4;
        twin.cold.pointCount[last] = 2;
        return twin;
    }
};

/// Whether two doubles are the same number (+0 and -0 are).
bool sameNumber(double x, double y) {
    return x == y;
}

/// The index of the first double that differs bit for bit, or -1.
long firstDifference(const std::vector<double>& x, const std::vector<double>& y) {
    if (x.size() != y.size()) {
        return 0;
    }
    for (std::size_t i = 0; i < x.size(); ++i) {
        if (std::memcmp(&x[i], &y[i], sizeof(double)) != 0) {
            return static_cast<long>(i);
        }
    }
    return -1;
}

} // namespace

class TestSimd : public QObject {
    Q_OBJECT

private slots:
    void cleanup() { setSimdLevel(bestSimdLevel()); }
    void everyPathGivesTheSameBits_data();
    void everyPathGivesTheSameBits();
    void onePointBlocksSolveAsTwoPointOnes();
    void levelsAreClampedToTheProcessor();
};

void TestSimd::everyPathGivesTheSameBits_data() {
    QTest::addColumn<int>("variant");
    QTest::newRow("defaults") << 0;
    QTest::newRow("baumgarte") << 1;
    QTest::newRow("no warm starting") << 2;
}

void TestSimd::everyPathGivesTheSameBits() {
    QFETCH(int, variant);
    WorldSettings settings;
    if (variant == 1) {
        settings.positionCorrection = PositionCorrection::Baumgarte;
    } else if (variant == 2) {
        settings.warmStarting = false;
    }
    constexpr int kSteps = 240;
    const std::vector<double> scalar = run(SimdLevel::Scalar, settings, kSteps);
    QVERIFY(!scalar.empty());
    qInfo("%zu numbers compared per path; this processor's best path: %s", scalar.size(),
          toString(bestSimdLevel()));
    for (const SimdLevel level : {SimdLevel::Sse2, SimdLevel::Avx2, SimdLevel::Avx512}) {
        if (setSimdLevel(level) != level) {
            continue; // not on this processor: run() would only repeat a lower path
        }
        const std::vector<double> wide = run(level, settings, kSteps);
        const long at = firstDifference(scalar, wide);
        if (at >= 0) {
            const auto valueAt = [at](const std::vector<double>& v) {
                return at < static_cast<long>(v.size()) ? v[static_cast<std::size_t>(at)] : 0.0;
            };
            QFAIL(qPrintable(QString("%1 differs from scalar at number %2 (%3 vs %4)")
                                 .arg(toString(simdLevel()))
                                 .arg(at)
                                 .arg(valueAt(scalar), 0, 'g', 17)
                                 .arg(valueAt(wide), 0, 'g', 17)));
        }
    }
}

void TestSimd::onePointBlocksSolveAsTwoPointOnes() {
    // A block whose lanes all have one point is solved without the unused second point (wide_kernels.inc,
    // solveOnePointLanes; the warm start likewise). The oracle is the two-point kernel: the same block with a
    // second point in lane 7 alone is solved as two-point constraints, and since a block's lanes share no
    // body, lanes 0-6 must come out as the same numbers either way: their bodies' velocities, their
    // accumulated and largest impulses, and the warm start's sums. Seeded random blocks, every pass, on every
    // path this processor has.
    std::mt19937_64 rng(20261207);
    int compared = 0;
    for (int trial = 0; trial < 2000; ++trial) {
        const RandomBlock one(rng);
        const RandomBlock two = one.withSecondPointInLastLane();
        for (const SimdLevel level :
             {SimdLevel::Scalar, SimdLevel::Sse2, SimdLevel::Avx2, SimdLevel::Avx512}) {
            if (setSimdLevel(level) != level) {
                continue;
            }
            const wide::Kernels& kernels = wide::kernelsFor(level);
            // Every other trial without restitution: the sweeps then keep no largest increment.
            const auto bounce = [trial](RandomBlock& r) {
                return trial % 2 == 0 ? &r.bounce : nullptr;
            };
            for (int pass = 0; pass < 5; ++pass) {
                RandomBlock x = one;
                RandomBlock y = two;
                for (RandomBlock* r : {&x, &y}) {
                    switch (pass) {
                    case 0:
                        kernels.solveBiased(&r->block, bounce(*r), 1, r->states.data(), r->rule);
                        break;
                    case 1:
                        kernels.solveRelax(&r->block, bounce(*r), 1, r->states.data(), r->rule);
                        break;
                    case 2:
                        kernels.solveBaumgarte(&r->block, bounce(*r), 1, r->states.data(), r->rule);
                        break;
                    default:
                        kernels.warmStart(&r->block, &r->cold, 1, r->states.data(), pass == 3);
                        break;
                    }
                }
                for (int lane = 0; lane < wide::kLanes - 1; ++lane) {
                    for (const int body : {x.block.a[lane], x.block.b[lane]}) {
                        const wide::BodyState& sx = x.states[static_cast<std::size_t>(body)];
                        const wide::BodyState& sy = y.states[static_cast<std::size_t>(body)];
                        if (!sameNumber(sx.v.x, sy.v.x) || !sameNumber(sx.v.y, sy.v.y) ||
                            !sameNumber(sx.w, sy.w)) {
                            QFAIL(qPrintable(
                                QString("%1, trial %2, pass %3, lane %4: body %5 moves at (%6, %7, %8) "
                                        "one-point, (%9, %10, %11) two-point")
                                    .arg(toString(level))
                                    .arg(trial)
                                    .arg(pass)
                                    .arg(lane)
                                    .arg(body)
                                    .arg(sx.v.x, 0, 'g', 17)
                                    .arg(sx.v.y, 0, 'g', 17)
                                    .arg(sx.w, 0, 'g', 17)
                                    .arg(sy.v.x, 0, 'g', 17)
                                    .arg(sy.v.y, 0, 'g', 17)
                                    .arg(sy.w, 0, 'g', 17)));
                        }
                    }
                    const wide::WidePoint& px = x.block.p[0];
                    const wide::WidePoint& py = y.block.p[0];
                    QVERIFY(sameNumber(px.normalImpulse[lane], py.normalImpulse[lane]));
                    QVERIFY(sameNumber(px.tangentImpulse[lane], py.tangentImpulse[lane]));
                    QVERIFY(
                        sameNumber(x.bounce.maxNormalImpulse[0][lane], y.bounce.maxNormalImpulse[0][lane]));
                    QVERIFY(sameNumber(x.cold.earlierNormal[0][lane], y.cold.earlierNormal[0][lane]));
                    QVERIFY(sameNumber(x.cold.earlierTangent[0][lane], y.cold.earlierTangent[0][lane]));
                    // The unused second point stays unused: zero impulses, nothing added to its sums.
                    QCOMPARE(x.block.p[1].normalImpulse[lane], 0.0);
                    QCOMPARE(x.block.p[1].tangentImpulse[lane], 0.0);
                    QCOMPARE(x.cold.earlierNormal[1][lane], 0.0);
                    ++compared;
                }
            }
        }
    }
    setSimdLevel(bestSimdLevel());
    qInfo("%d lanes compared", compared);
    QVERIFY(compared >= 2000 * 5 * 7 * 2); // at least the scalar and SSE2 paths
}

void TestSimd::levelsAreClampedToTheProcessor() {
    QCOMPARE(setSimdLevel(SimdLevel::Scalar), SimdLevel::Scalar);
    QCOMPARE(simdLevel(), SimdLevel::Scalar);
    const SimdLevel best = bestSimdLevel();
    QCOMPARE(setSimdLevel(SimdLevel::Avx2), best < SimdLevel::Avx2 ? best : SimdLevel::Avx2);
    QCOMPARE(setSimdLevel(SimdLevel::Avx512), best);
    QCOMPARE(simdLevel(), best);
}

QTEST_APPLESS_MAIN(TestSimd)
#include "tst_simd.moc"
