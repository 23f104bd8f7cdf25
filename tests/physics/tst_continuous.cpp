/// @file tst_continuous.cpp
/// Continuous collision and exact bounces at the app's default settings (WorldSettings{}: 60 Hz, default
/// iterations and substeps, continuous collision on), against closed forms:
/// - no ghost collisions: a ball passing near a corner keeps its velocity;
/// - no tunnelling: a bullet created at 300-1000 m/s stops at a 5 cm wall on its first steps;
/// - restitution: a ball of restitution e dropped from h rebounds to e^2 h;
/// - the time of impact itself against a bisection oracle on random sweeps.

#include "physics/distance.h"
#include "physics/polygon_factory.h"
#include "physics/toi.h"
#include "world_test_util.h"

#include <QTest>

#include <cmath>
#include <random>

using namespace phys;
using namespace testutil;

class TestContinuous : public QObject {
    Q_OBJECT

private slots:
    void noGhostCollisionNearCorner_data();
    void noGhostCollisionNearCorner();
    void bulletCreatedFastStopsAtThinWall_data();
    void bulletCreatedFastStopsAtThinWall();
    void fastBoxStopsAtThinWallWithoutBulletFlag();
    void bounceHeight_data();
    void bounceHeight();
    void timeOfImpactMatchesBisection();
    void timeOfImpactTraceRecordsThePasses();
};

void TestContinuous::noGhostCollisionNearCorner_data() {
    QTest::addColumn<double>("speed");
    for (const double v : {2.0, 8.0, 20.0, 50.0}) {
        QTest::newRow(qPrintable(QString("%1 m/s").arg(v))) << v;
    }
}

void TestContinuous::noGhostCollisionNearCorner() {
    // A ball (r 0.05 m) moving along y = 0 passes 5 cm below the corner of a static 0.2 m box at (5, 0.2) (no
    // gravity). Nothing touches it: it must leave with its velocity, to 1% (issue 11: it used to leave at
    // (3.55, -3.48) m/s from 8 m/s, deflected by a speculative constraint along the corner-to-ball line).
    QFETCH(double, speed);
    WorldSettings settings;
    settings.gravity = {0.0, 0.0};
    World world(settings);
    world.createBody(bodyDef({5.0, 0.2}, boxShape(0.2, 0.2), BodyType::Static));
    BodyDef ball = bodyDef({0.0, 0.0}, circleShape(0.05));
    ball.linearVelocity = {speed, 0.0};
    const BodyId id = *world.createBody(ball);
    const int steps = static_cast<int>(std::ceil(10.0 / (speed * settings.timeStep))); // well past the box
    const std::string err = stepChecked(world, steps);
    QVERIFY2(err.empty(), err.c_str());
    const Vec2 v = world.linearVelocity(id);
    qInfo("ghost collision at %g m/s: velocity changed by %.3g%% (limit 1%%)", speed,
          100.0 * length(v - Vec2{speed, 0.0}) / speed);
    QVERIFY2(world.position(id).x > 6.0, "the ball did not pass the box");
    QVERIFY2(length(v - Vec2{speed, 0.0}) <= 0.01 * speed,
             qPrintable(QString("left with (%1, %2) m/s").arg(v.x).arg(v.y)));
}

void TestContinuous::bulletCreatedFastStopsAtThinWall_data() {
    QTest::addColumn<double>("speed");
    for (const double v : {200.0, 300.0, 500.0, 1000.0}) {
        QTest::newRow(qPrintable(QString("%1 m/s").arg(v))) << v;
    }
}

void TestContinuous::bulletCreatedFastStopsAtThinWall() {
    // A 0.05 m circle flagged bullet, created at 200-1000 m/s (3.3-16.7 m per step), 5 m from a static wall 5
    // cm thick (no gravity, restitution 0). The time of impact sweeps its first step: it must end on the near
    // side of the wall, touching it, and at rest along x.
    QFETCH(double, speed);
    WorldSettings settings;
    settings.gravity = {0.0, 0.0};
    World world(settings);
    world.createBody(bodyDef({5.0, 0.0}, boxShape(0.05, 4.0), BodyType::Static));
    BodyDef bullet = bodyDef({0.0, 0.0}, circleShape(0.05));
    bullet.linearVelocity = {speed, 0.0};
    bullet.bullet = true;
    const BodyId id = *world.createBody(bullet);
    double farthest = 0.0;
    for (int s = 0; s < 60; ++s) {
        const std::string err = stepChecked(world, 1);
        QVERIFY2(err.empty(), err.c_str());
        farthest = std::max(farthest, world.position(id).x);
    }
    const double wallFace = 5.0 - 0.025;
    QVERIFY2(
        farthest <= wallFace - 0.05 + kLinearSlop,
        qPrintable(QString("the centre reached x = %1 m (wall face at %2)").arg(farthest).arg(wallFace)));
    QVERIFY2(world.position(id).x > wallFace - 0.05 - 2.0 * kLinearSlop, "stopped short of the wall");
    QVERIFY(std::abs(world.linearVelocity(id).x) < 1e-6 * speed);
}

void TestContinuous::fastBoxStopsAtThinWallWithoutBulletFlag() {
    // Dynamic against static is swept for every body, bullet or not: a 0.2 m box thrown at 100 m/s (1.7 m per
    // step) at a 2 cm static wall does not pass it.
    WorldSettings settings;
    settings.gravity = {0.0, 0.0};
    World world(settings);
    world.createBody(bodyDef({10.0, 0.0}, boxShape(0.02, 4.0), BodyType::Static));
    BodyDef box = bodyDef({0.0, 0.0}, boxShape(0.2, 0.2));
    box.linearVelocity = {100.0, 0.0};
    const BodyId id = *world.createBody(box);
    const std::string err = stepChecked(world, 60);
    QVERIFY2(err.empty(), err.c_str());
    QVERIFY2(world.position(id).x + 0.1 <= 10.0 - 0.01 + kLinearSlop,
             qPrintable(QString("the box is at x = %1 m").arg(world.position(id).x)));
}

void TestContinuous::bounceHeight_data() {
    QTest::addColumn<double>("e");
    QTest::addColumn<double>("h");
    for (const double e : {0.1, 0.25, 0.5, 0.75, 0.9, 0.95}) {
        for (const double h : {0.5, 1.0, 3.0, 5.0}) {
            QTest::newRow(qPrintable(QString("e %1 h %2").arg(e).arg(h))) << e << h;
        }
    }
}

void TestContinuous::bounceHeight() {
    // A ball (r 0.25 m) of restitution e dropped from h onto ground of the same e rebounds to e^2 h (it meets
    // the ground at sqrt(2 g h) and leaves at e times that), within 4% (issue 11). The rebound height is the
    // apex of the flight the engine launches: the ball's height above the ground plus v^2 / 2g, taken at the
    // end of the step in which it turns upwards. (Reading the apex off the 60 Hz samples instead would
    // measure the integrator's free flight as well: semi-implicit Euler loses about v dt / 2 of height in a
    // flight, 5% of a 5 mm rebound, and the samples miss the top by up to g dt^2 / 8.)
    QFETCH(double, e);
    QFETCH(double, h);
    World world;
    addGround(world, 10.0, 0.6, e);
    const double r = 0.25;
    const double g = -world.settings().gravity.y;
    const BodyId ball = *world.createBody(bodyDef({0.0, h + r}, circleShape(r, 0.6, e)));
    double rebound = -1.0;
    for (int s = 0; s < 600 && rebound < 0.0; ++s) {
        const std::string err = stepChecked(world, 1);
        QVERIFY2(err.empty(), err.c_str());
        const double vy = world.linearVelocity(ball).y;
        if (vy > 0.0) {
            rebound = (world.position(ball).y - r) + vy * vy / (2.0 * g);
        }
    }
    const double expected = e * e * h;
    qInfo("bounce e %g h %g: rebound %.4f m, e^2 h %.4f m, off by %.2f%% (limit 4%%)", e, h, rebound,
          expected, 100.0 * std::abs(rebound - expected) / expected);
    QVERIFY2(rebound > 0.0, "the ball never bounced");
    QVERIFY2(std::abs(rebound - expected) <= 0.04 * expected,
             qPrintable(QString("rebound %1 m, expected %2 m").arg(rebound).arg(expected)));
}

void TestContinuous::timeOfImpactMatchesBisection() {
    // Random convex polygons and circles on random sweeps (translation up to 4 m, rotation up to 1 rad).
    // Oracle: sample the surface distance (GJK) at 2001 times; the first sample at which it drops to the
    // target or below brackets the time of impact, which bisection refines to 1e-9. The engine's time of
    // impact must not be later than the oracle's (it would let the shapes overlap) and not earlier than the
    // time at which the distance is the target plus the tolerance (it would stop them short). Cases where the
    // shapes start within the target are skipped by construction (they are placed apart at t = 0). 2000
    // seeded cases.
    std::mt19937_64 rng(20261123);
    std::uniform_real_distribution<double> u(-1.0, 1.0);
    int hits = 0;
    int misses = 0;
    for (int n = 0; n < 2000; ++n) {
        auto randomProxy = [&]() {
            if (rng() % 4 == 0) {
                return makeProxy(Circle{{0.1 * u(rng), 0.1 * u(rng)}, 0.1 + 0.3 * std::abs(u(rng))});
            }
            const int count = 3 + static_cast<int>(rng() % 6);
            return makeProxy(*factory::randomConvex(count, 0.3 + 0.7 * std::abs(u(rng)), rng()));
        };
        const DistanceProxy a = randomProxy();
        const DistanceProxy b = randomProxy();
        const Sweep sa = makeSweep({}, {0.0, 0.0}, Rot(u(rng)), {2.0 * u(rng), 2.0 * u(rng)}, Rot(u(rng)));
        Sweep sb = makeSweep({}, {4.0 + u(rng), 3.0 * u(rng)}, Rot(3.0 * u(rng)), {-1.0 + u(rng), u(rng)},
                             Rot(3.0 * u(rng)));
        auto surfaceDistance = [&](double t) {
            return shapeDistance(a, sweepTransform(sa, t), b, sweepTransform(sb, t), false).distance -
                   (a.radius + b.radius);
        };
        const double target = kLinearSlop;
        const double tolerance = 0.25 * kLinearSlop;
        if (surfaceDistance(0.0) <= target + tolerance) {
            continue;
        }
        double first = -1.0;
        const int samples = 2000;
        for (int k = 1; k <= samples; ++k) {
            const double t = static_cast<double>(k) / samples;
            if (surfaceDistance(t) <= target - tolerance) {
                double lo = static_cast<double>(k - 1) / samples;
                double hi = t;
                while (hi - lo > 1e-9) {
                    const double mid = 0.5 * (lo + hi);
                    (surfaceDistance(mid) <= target - tolerance ? hi : lo) = mid;
                }
                first = hi;
                break;
            }
        }
        const ToiOutput out = timeOfImpact(a, sa, b, sb, 1.0);
        if (first < 0.0) {
            // The oracle saw no contact at its resolution; the sweep must not report one before the end,
            // except between two samples (a grazing touch shorter than 1/2000 of the step).
            if (out.state == ToiState::Hit) {
                QVERIFY2(surfaceDistance(out.fraction) <= target + 2.0 * tolerance,
                         qPrintable(QString("case %1: hit at %2 where the distance is %3")
                                        .arg(n)
                                        .arg(out.fraction)
                                        .arg(surfaceDistance(out.fraction))));
            }
            ++misses;
            continue;
        }
        ++hits;
        QVERIFY2(out.state == ToiState::Hit,
                 qPrintable(QString("case %1: %2, oracle %3").arg(n).arg(toString(out.state)).arg(first)));
        QVERIFY2(
            out.fraction <= first + 1e-9,
            qPrintable(QString("case %1: toi %2 after the oracle's %3").arg(n).arg(out.fraction).arg(first)));
        const double d = surfaceDistance(out.fraction);
        QVERIFY2(d >= target - tolerance && d <= target + tolerance,
                 qPrintable(QString("case %1: distance %2 at the toi").arg(n).arg(d)));
    }
    qInfo("time of impact: %d hits and %d misses checked against the oracle", hits, misses);
    QVERIFY(hits > 500);
    QVERIFY(misses > 100);
}

void TestContinuous::timeOfImpactTraceRecordsThePasses() {
    // The traced sweep is the sweep: same result with and without a trace, and the trace's passes advance in
    // time and end at the reported fraction.
    const DistanceProxy a = makeProxy(*factory::rectangle(1.0, 1.0));
    const DistanceProxy b = makeProxy(Circle{{0.0, 0.0}, 0.25});
    const Sweep sa = fixedSweep(Transform{{0.0, 0.0}, Rot(0.3)}, {});
    const Sweep sb = makeSweep({}, {-5.0, 0.2}, Rot(0.0), {5.0, -0.1}, Rot(2.0));
    ToiTrace trace;
    const ToiOutput traced = timeOfImpact(a, sa, b, sb, 1.0, &trace);
    const ToiOutput plain = timeOfImpact(a, sa, b, sb, 1.0);
    QCOMPARE(traced.state, ToiState::Hit);
    QCOMPARE(traced.fraction, plain.fraction);
    QCOMPARE(static_cast<int>(trace.iterations.size()), traced.iterations);
    for (std::size_t i = 1; i < trace.iterations.size(); ++i) {
        QVERIFY(trace.iterations[i].t1 > trace.iterations[i - 1].t1);
    }
    QCOMPARE(trace.iterations.back().t1, traced.fraction);
    QVERIFY(trace.iterations.back().distance < trace.target + trace.tolerance);
}

QTEST_APPLESS_MAIN(TestContinuous)
#include "tst_continuous.moc"
