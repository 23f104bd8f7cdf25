/// @file tst_simd.cpp
/// The impulse solver's contact sweeps run in AVX-512 (eight lanes), AVX2 (four), SSE2 (two) or scalar code
/// (physics/simd.h, physics/src/wide_solver.h), over blocks of eight constraints. The choice must never
/// change a simulation: every path gives the same bits. The scenes below mix what the solver handles differently
/// (two- and one-point contacts, constraints against static and kinematic bodies, separate islands solved
/// group by group, restitution, friction, speculative gaps, Baumgarte instead of the soft step) and compare
/// every body's state after every step.

#include "physics/simd.h"
#include "world_internals.h"
#include "world_test_util.h"

#include <QTest>

#include <cstring>
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
