/// @file tst_solver2d.cpp
/// Catto's Solver2D contact scenes ("Solver2D", 2024; the same scenes in Box2D v3's samples), rebuilt from
/// their published parameters and run at the app's default settings (WorldSettings{}: 60 Hz, default
/// iterations and substeps, continuous collision on). Each scene's threshold is the figure Box2D v3 (soft
/// step, 4 substeps, 1 relax iteration) reaches on it as measured for issue 11, or, where the scene has a
/// closed form, that form. Every figure is printed, so a run shows how far each scene is from its threshold.
///
/// Box2D's defaults that the scenes leave alone: density 1, friction 0.6, restitution 0. Box2D mixes friction
/// as sqrt(f1 f2), as ContactLab does. Box2D grounds made of segments or capsules are boxes here (ContactLab
/// has polygons and circles) with the same top surface.

#include "physics/toi.h"
#include "world_test_util.h"

#include <QTest>

#include <algorithm>
#include <cmath>
#include <vector>

using namespace phys;
using namespace testutil;

namespace {

constexpr double kDt = 1.0 / 60.0;

ShapeDef polygonShape(std::initializer_list<Vec2> points, double friction = 0.6, double density = 1.0) {
    const std::vector<Vec2> v(points);
    ShapeDef s;
    s.geometry = *factory::convexHull(v);
    s.friction = friction;
    s.density = density;
    return s;
}

/// A box of half extents (hx, hy) centred at `center` (body frame) and turned by `angle`: Box2D's
/// b2MakeOffsetBox.
ShapeDef offsetBox(double hx, double hy, Vec2 center, double angle, double friction = 0.6) {
    const Rot q(angle);
    std::vector<Vec2> v;
    for (const Vec2 corner : {Vec2{-hx, -hy}, Vec2{hx, -hy}, Vec2{hx, hy}, Vec2{-hx, hy}}) {
        v.push_back(center + rotate(q, corner));
    }
    ShapeDef s;
    s.geometry = *factory::convexHull(v);
    s.friction = friction;
    return s;
}

/// Largest displacement of any dynamic body between two times: the drift of a structure that should stand.
class DriftMeter {
public:
    explicit DriftMeter(World& world) : m_world(world) {}

    /// Steps to `from` seconds, records every dynamic body's position, steps to `to` and returns the largest
    /// distance of a body from its recorded position at `to`, metres.
    double run(double from, double to) {
        step(from);
        std::vector<BodyId> ids;
        std::vector<Vec2> start;
        for (const BodyId id : m_world.bodyIds()) {
            if (m_world.type(id) == BodyType::Dynamic) {
                ids.push_back(id);
                start.push_back(m_world.position(id));
            }
        }
        step(to);
        std::vector<double> drifts;
        for (std::size_t i = 0; i < ids.size(); ++i) {
            drifts.push_back(distance(m_world.position(ids[i]), start[i]));
        }
        std::sort(drifts.begin(), drifts.end());
        m_median = drifts.empty() ? 0.0 : drifts[drifts.size() / 2];
        return drifts.empty() ? 0.0 : drifts.back();
    }

    /// The median body's drift of the last run(), metres.
    double median() const { return m_median; }

    void step(double until) {
        while (m_world.time() < until - 0.5 * kDt) {
            const std::string err = stepChecked(m_world, 1);
            QVERIFY2(err.empty(), err.c_str());
        }
    }

private:
    World& m_world;
    double m_median = 0.0;
};

} // namespace

class TestSolver2D : public QObject {
    Q_OBJECT

private slots:
    void defaultsAreThoseOfTheApp();
    void verticalStack();
    void droppedVerticalStack();
    void tallDroppedStackStands();
    void arch();
    void cardHouse();
    void doubleDomino();
    void confined();
    void highMassRatio1();
    void highMassRatio2();
    void frictionRamp();
    void overlapRecovery();
};

void TestSolver2D::defaultsAreThoseOfTheApp() {
    // The scenes below run at WorldSettings{}; the app's new documents and scene files without settings get
    // the same values (defs.h), so this pins what "default" means for the figures.
    const WorldSettings s;
    QCOMPARE(s.timeStep, 1.0 / 60.0);
    QVERIFY(s.continuous);
    QCOMPARE(s.solver, SolverKind::Impulse);
}

void TestSolver2D::verticalStack() {
    // Vertical stack (issue 11's figures): 15 boxes of 1 m stacked touching, friction 0.3, shifted
    // alternately by -1 and +1 cm. Box2D v3 drifts 0.7 cm from 1 to 10 s.
    World world;
    world.createBody(bodyDef({0.0, -1.0}, boxShape(200.0, 2.0), BodyType::Static));
    for (int i = 0; i < 15; ++i) {
        const double shift = i % 2 == 0 ? -0.01 : 0.01;
        world.createBody(bodyDef({shift, 0.5 + 1.0 * i}, boxShape(1.0, 1.0, 0.3)));
    }
    const double drift = DriftMeter(world).run(1.0, 10.0);
    qInfo("vertical stack: drift %.4f m from 1 to 10 s (Box2D v3: 0.007 m)", drift);
    QVERIFY2(drift <= 0.007, qPrintable(QString("drift %1 m").arg(drift)));
}

void TestSolver2D::droppedVerticalStack() {
    // Solver2D's own "Vertical Stack": the same boxes with their centres 1.1 m apart from 0.55 m, so each
    // falls 10 cm onto the one below first. Box2D v3 drifts 5.7 cm from 1 to 10 s (peersim, 4 substeps).
    World world;
    world.createBody(bodyDef({0.0, -1.0}, boxShape(200.0, 2.0), BodyType::Static));
    for (int i = 0; i < 15; ++i) {
        const double shift = i % 2 == 0 ? -0.01 : 0.01;
        world.createBody(bodyDef({shift, 0.55 + 1.1 * i}, boxShape(1.0, 1.0, 0.3)));
    }
    const double drift = DriftMeter(world).run(1.0, 10.0);
    qInfo("dropped vertical stack: drift %.4f m from 1 to 10 s (Box2D v3: 0.057 m)", drift);
    QVERIFY2(drift <= 0.057, qPrintable(QString("drift %1 m").arg(drift)));
}

void TestSolver2D::tallDroppedStackStands() {
    // Solver2D's dropped stack made 25 boxes tall and run for 20 s. With lever arms taken afresh every step
    // (before the solver kept them, as Box2D v3's contact recycling does) it leaned ever further and had
    // fallen by 20 s, a box 34 m from where it was at 1 s; Box2D v3 (peersim, 4 substeps) stands, drifting
    // 18 cm from 1 to 20 s. It must stand: no box may move by half its width from 1 to 20 s, beyond which
    // it no longer rests on its own footprint.
    World world;
    world.createBody(bodyDef({0.0, -1.0}, boxShape(200.0, 2.0), BodyType::Static));
    for (int i = 0; i < 25; ++i) {
        const double shift = i % 2 == 0 ? -0.01 : 0.01;
        world.createBody(bodyDef({shift, 0.55 + 1.1 * i}, boxShape(1.0, 1.0, 0.3)));
    }
    const double drift = DriftMeter(world).run(1.0, 20.0);
    qInfo("dropped stack of 25: drift %.4f m from 1 to 20 s (standing: < 0.5 m)", drift);
    QVERIFY2(drift < 0.5, qPrintable(QString("drift %1 m").arg(drift)));
}

void TestSolver2D::arch() {
    // Solver2D / Box2D v3 "Arch": 17 voussoirs from the published inner and outer curves (scale 0.25), four
    // 4 x 1 m boxes on the key stone, friction 0.6. Box2D v3 moves 0.1 cm over 1-10 s.
    const Vec2 ps1[9] = {{16.0, 0.0},
                         {14.93803712795643, 5.133601056842984},
                         {13.79871746027416, 10.24928069555078},
                         {12.56252963284711, 15.34107019122473},
                         {11.20040987372525, 20.39856541571217},
                         {9.66521217819836, 25.40369899225096},
                         {7.87179930638133, 30.3179337000085},
                         {5.635199558196225, 35.03820717801641},
                         {2.405937953536585, 39.09554102558315}};
    const Vec2 ps2[9] = {{24.0, 0.0},
                         {22.33619528222415, 6.02299846205841},
                         {20.54936888969905, 12.00964361211476},
                         {18.60854610798073, 17.9470321677465},
                         {16.46769273811807, 23.81367936585418},
                         {14.05325025774858, 29.57079353071012},
                         {11.23551045834022, 35.13775818285372},
                         {7.752568160730571, 40.30450679009583},
                         {3.016931552701656, 44.28891593799322}};
    Vec2 a[9];
    Vec2 b[9];
    for (int i = 0; i < 9; ++i) {
        a[i] = 0.25 * ps1[i];
        b[i] = 0.25 * ps2[i];
    }
    World world;
    world.createBody(bodyDef({0.0, -1.0}, boxShape(200.0, 2.0), BodyType::Static));
    for (int i = 0; i < 8; ++i) {
        BodyDef d;
        d.shapes.push_back(polygonShape({a[i], b[i], b[i + 1], a[i + 1]}));
        world.createBody(d);
    }
    for (int i = 0; i < 8; ++i) {
        BodyDef d;
        d.shapes.push_back(polygonShape(
            {{-b[i].x, b[i].y}, {-a[i].x, a[i].y}, {-a[i + 1].x, a[i + 1].y}, {-b[i + 1].x, b[i + 1].y}}));
        world.createBody(d);
    }
    {
        BodyDef d;
        d.shapes.push_back(polygonShape({a[8], b[8], {-b[8].x, b[8].y}, {-a[8].x, a[8].y}}));
        world.createBody(d);
    }
    for (int i = 0; i < 4; ++i) {
        world.createBody(bodyDef({0.0, 0.5 + b[8].y + 1.0 * i}, boxShape(4.0, 1.0)));
    }
    const double drift = DriftMeter(world).run(1.0, 10.0);
    qInfo("arch: drift %.4f m from 1 to 10 s (Box2D v3: 0.001 m)", drift);
    QVERIFY2(drift <= 0.001, qPrintable(QString("drift %1 m").arg(drift)));
}

void TestSolver2D::cardHouse() {
    // Solver2D "Card House": cards 0.002 x 0.4 m leaning at +-25 degrees with flat cards across them, five
    // levels, friction 0.7 (Box2D v3 cannot build 2 mm cards: its polygons have no thinner than a slop). It
    // must stand for 10 s: no card moves more than 1 cm between 1 s and 10 s (a collapse moves them by tens
    // of centimetres).
    World world;
    world.createBody(bodyDef({0.0, -2.0}, boxShape(80.0, 4.0, 0.7), BodyType::Static));
    const double cardHeight = 0.2;
    const double cardThickness = 0.001;
    const double angle0 = 25.0 * kPi / 180.0;
    const double angle1 = -25.0 * kPi / 180.0;
    const double angle2 = 0.5 * kPi;
    const ShapeDef card = boxShape(2.0 * cardThickness, 2.0 * cardHeight, 0.7);
    int levels = 5;
    double z0 = 0.0;
    double y = cardHeight - 0.02;
    while (levels > 0) {
        double z = z0;
        for (int i = 0; i < levels; ++i) {
            if (i != levels - 1) {
                world.createBody(
                    bodyDef({z + 0.25, y + cardHeight - 0.015}, card, BodyType::Dynamic, angle2));
            }
            world.createBody(bodyDef({z, y}, card, BodyType::Dynamic, angle1));
            z += 0.175;
            world.createBody(bodyDef({z, y}, card, BodyType::Dynamic, angle0));
            z += 0.175;
        }
        y += cardHeight * 2.0 - 0.03;
        z0 += 0.175;
        --levels;
    }
    const double drift = DriftMeter(world).run(1.0, 10.0);
    qInfo("card house: drift %.4f m from 1 to 10 s (standing: < 0.01 m)", drift);
    QVERIFY2(drift < 0.01, qPrintable(QString("drift %1 m").arg(drift)));
}

void TestSolver2D::doubleDomino() {
    // Solver2D "Double Domino": 15 dominoes 0.25 x 1 m, 1 m apart, friction 0.6; the first is pushed at its
    // top with 0.2 N s. Each must topple the next: after 10 s every domino is turned by more than 20 degrees
    // (standing ones are at 0; the last falls flat).
    World world;
    world.createBody(bodyDef({0.0, -1.0}, boxShape(200.0, 2.0), BodyType::Static));
    std::vector<BodyId> dominoes;
    double x = -0.5 * 15;
    for (int i = 0; i < 15; ++i) {
        dominoes.push_back(*world.createBody(bodyDef({x, 0.5}, boxShape(0.25, 1.0, 0.6))));
        if (i == 0) {
            world.applyLinearImpulse(dominoes.back(), {0.2, 0.0}, {x, 1.0});
        }
        x += 1.0;
    }
    DriftMeter(world).step(10.0);
    double least = kPi;
    for (const BodyId id : dominoes) {
        least = std::min(least, std::abs(world.angle(id)));
    }
    qInfo("double domino: least turn %.1f degrees after 10 s (toppled: > 20)", least * 180.0 / kPi);
    QVERIFY2(least > 20.0 * kPi / 180.0, qPrintable(QString("a domino stands at %1 rad").arg(least)));
}

void TestSolver2D::confined() {
    // Solver2D "Confined": 625 discs of radius 0.5 without gravity, packed into a 20 x 19.5 m box whose area
    // (390 m^2) is less than theirs (491 m^2), so they must overlap and push against each other and the walls
    // for as long as it runs. What must hold: none leaves the box, no NaN, and the packing comes to rest.
    WorldSettings settings;
    settings.gravity = {0.0, 0.0};
    World world(settings);
    // Walls whose inner faces are Box2D's capsules' (radius 0.5 around x = +-10.5, y = 0 and 20.5).
    world.createBody(bodyDef({0.0, -0.5}, boxShape(22.0, 2.0), BodyType::Static));
    world.createBody(bodyDef({0.0, 21.0}, boxShape(22.0, 2.0), BodyType::Static));
    world.createBody(bodyDef({-11.0, 10.25}, boxShape(2.0, 24.0), BodyType::Static));
    world.createBody(bodyDef({11.0, 10.25}, boxShape(2.0, 24.0), BodyType::Static));
    const int grid = 25;
    std::vector<BodyId> discs;
    for (int column = 0; column < grid; ++column) {
        for (int row = 0; row < grid; ++row) {
            const double px = -8.75 + column * 18.0 / grid;
            const double py = 1.5 + row * 18.0 / grid;
            discs.push_back(*world.createBody(bodyDef({px, py}, circleShape(0.5))));
        }
    }
    // The first steps push the discs apart at up to maxPushVelocity per contact (Box2D v3 peaks at 49 kJ at
    // its step 4 as well); after 2 s the pushing must have settled into a packing that holds: no disc faster
    // than 0.5 m/s, none past a wall.
    double fastest = 0.0;
    for (int s = 0; s < 600; ++s) {
        const std::string err = stepChecked(world, 1);
        QVERIFY2(err.empty(), err.c_str());
        if (world.time() >= 2.0) {
            for (const BodyId id : discs) {
                fastest = std::max(fastest, length(world.linearVelocity(id)));
            }
        }
    }
    double outside = 0.0;
    for (const BodyId id : discs) {
        const Vec2 p = world.position(id);
        outside = std::max({outside, std::abs(p.x) - 10.0, 0.5 - p.y, p.y - 20.0});
    }
    qInfo("confined: fastest disc after 2 s %.4f m/s (limit 0.5), farthest centre past a wall %.3f m",
          fastest, outside);
    QVERIFY2(outside <= 0.0, qPrintable(QString("a disc centre is %1 m past a wall").arg(outside)));
    QVERIFY2(fastest < 0.5, qPrintable(QString("a disc moves at %1 m/s").arg(fastest)));
}

void TestSolver2D::highMassRatio1() {
    // Solver2D / Box2D v3 "High Mass Ratio 1": three pyramids of base 10 (2 m boxes), each with its top box
    // of density 100, 200 and 300 dropped from 2 m above its place. Box2D v3 drifts 1.3 cm over 1-10 s.
    World world;
    world.createBody(bodyDef({0.0, -1.0}, boxShape(100.0, 2.0), BodyType::Static));
    const double extent = 1.0;
    for (int j = 0; j < 3; ++j) {
        int count = 10;
        const double offset = -20.0 * extent + 2.0 * (count + 1.0) * extent * j;
        double y = extent;
        while (count > 0) {
            for (int i = 0; i < count; ++i) {
                const double coeff = i - 0.5 * count;
                const double yy = count == 1 ? y + 2.0 : y;
                const double density = count == 1 ? (j + 1.0) * 100.0 : 1.0;
                world.createBody(bodyDef({2.0 * coeff * extent + offset, yy},
                                         boxShape(2.0 * extent, 2.0 * extent, 0.6, 0.0, density)));
            }
            --count;
            y += 2.0 * extent;
        }
    }
    // Two figures, both held against Box2D v3 run on this very scene by shared/tools/peersim (4 substeps,
    // sleep off, g = 9.81): the largest drift (0.576 m there: the heavy boxes land at 0.64 s and push the
    // bottom boxes out), and the median body's drift (0.0134 m there), which is the 1.3 cm.
    DriftMeter meter(world);
    const double drift = meter.run(1.0, 10.0);
    qInfo("high mass ratio 1: from 1 to 10 s largest drift %.4f m (Box2D v3: 0.576 m), median %.4f m (Box2D "
          "v3 and the issue: 0.013 m)",
          drift, meter.median());
    QVERIFY2(drift <= 0.576, qPrintable(QString("drift %1 m").arg(drift)));
    QVERIFY2(meter.median() <= 0.013, qPrintable(QString("median drift %1 m").arg(meter.median())));
}

void TestSolver2D::highMassRatio2() {
    // Solver2D / Box2D v3 "High Mass Ratio 2": a 20 m box (400 times the mass of each support) dropped 15 m
    // onto two 1 m boxes 18 m apart. It must come to rest on them: its centre at 1 + 10 = 11 m. Box2D v3
    // sinks 8 cm; the issue asks for less than 5 cm, measured at 10 s.
    World world;
    world.createBody(bodyDef({0.0, -1.0}, boxShape(100.0, 2.0), BodyType::Static));
    world.createBody(bodyDef({-9.0, 0.5}, boxShape(1.0, 1.0)));
    world.createBody(bodyDef({9.0, 0.5}, boxShape(1.0, 1.0)));
    const BodyId big = *world.createBody(bodyDef({0.0, 26.0}, boxShape(20.0, 20.0)));
    DriftMeter(world).step(10.0);
    const double sink = 11.0 - world.position(big).y;
    qInfo("high mass ratio 2: sinks %.4f m at 10 s (Box2D v3: 0.08 m; limit 0.05 m)", sink);
    QVERIFY2(sink < 0.05, qPrintable(QString("sinks %1 m").arg(sink)));
}

void TestSolver2D::frictionRamp() {
    // Solver2D "Friction Ramp": five 1 m boxes of density 25 and friction 0.75, 0.5, 0.35, 0.1 and 0 dropped
    // onto a ramp of friction 0.2 sloping 0.25 rad. Mixed friction sqrt(0.2 f) against tan(0.25) = 0.255: the
    // first three (0.387, 0.316, 0.265) hold, the last two (0.141, 0) slide off (Coulomb). A holding box
    // slides a little after its landing (0.5-1.5 m in Box2D v3 too) and stops by 3 s; from 3 s to 10 s it
    // moves less than 1 cm. A sliding box leaves the top ramp (x > 9 m).
    World world;
    {
        BodyDef ground;
        ground.type = BodyType::Static;
        ground.shapes.push_back(offsetBox(40.0, 0.5, {0.0, -0.5}, 0.0, 0.2)); // Box2D's segment y = 0
        ground.shapes.push_back(offsetBox(13.0, 0.25, {-4.0, 22.0}, -0.25, 0.2));
        ground.shapes.push_back(offsetBox(0.25, 1.0, {10.5, 19.0}, 0.0, 0.2));
        ground.shapes.push_back(offsetBox(13.0, 0.25, {4.0, 14.0}, 0.25, 0.2));
        ground.shapes.push_back(offsetBox(0.25, 1.0, {-10.5, 11.0}, 0.0, 0.2));
        ground.shapes.push_back(offsetBox(13.0, 0.25, {-4.0, 6.0}, -0.25, 0.2));
        world.createBody(ground);
    }
    const double friction[5] = {0.75, 0.5, 0.35, 0.1, 0.0};
    std::vector<BodyId> boxes;
    for (int i = 0; i < 5; ++i) {
        boxes.push_back(
            *world.createBody(bodyDef({-15.0 + 4.0 * i, 28.0}, boxShape(1.0, 1.0, friction[i], 0.0, 25.0))));
    }
    // While the boxes slide on the top ramp (2.0 to 2.4 s, after the landing and before the fastest reaches
    // the wall) each one's acceleration along the slope is Coulomb's: g (sin - mu cos), to 2%.
    const double g = 9.81;
    const double theta = 0.25;
    const Vec2 down{std::cos(theta), -std::sin(theta)};
    DriftMeter meter(world);
    meter.step(2.0);
    std::vector<double> v0;
    for (const BodyId id : boxes) {
        v0.push_back(dot(world.linearVelocity(id), down));
    }
    meter.step(2.4);
    for (int i = 0; i < 5; ++i) {
        const double mu = std::sqrt(0.2 * friction[i]);
        const double a = (dot(world.linearVelocity(boxes[static_cast<std::size_t>(i)]), down) -
                          v0[static_cast<std::size_t>(i)]) /
                         0.4;
        const double expected = g * (std::sin(theta) - mu * std::cos(theta));
        qInfo("friction ramp: box %d (mixed mu %.3f) accelerates %.4f m/s^2 along the slope (Coulomb: %.4f)",
              i, mu, a, expected);
        QVERIFY2(std::abs(a - expected) <= 0.02 * std::abs(expected),
                 qPrintable(QString("box %1: %2 m/s^2").arg(i).arg(a)));
    }
    // At 10 s the two boxes that decelerate fast enough rest on the top ramp; the others have left it
    // (mu 0.265 holds a box at rest but slows a sliding one at only 0.1 m/s^2: it slides off, in Box2D v3
    // too).
    meter.step(10.0);
    for (int i = 0; i < 5; ++i) {
        const BodyId id = boxes[static_cast<std::size_t>(i)];
        const Vec2 p = world.position(id);
        const double speed = length(world.linearVelocity(id));
        qInfo("friction ramp: box %d at (%.2f, %.2f), %.4f m/s at 10 s", i, p.x, p.y, speed);
        if (i < 2) {
            QVERIFY2(speed < 0.01 && p.x < 8.6 && p.y > 20.0,
                     qPrintable(QString("box %1 does not rest on the top ramp").arg(i)));
        } else {
            QVERIFY2(p.x > 9.0 || p.y < 20.0, qPrintable(QString("box %1 stayed on the top ramp").arg(i)));
        }
    }
}

void TestSolver2D::overlapRecovery() {
    // Solver2D / Box2D v3 "Overlap Recovery": a pyramid of ten 1 m boxes spawned 25% into each other. Pushing
    // them apart must lift them to where they rest and no further: the total energy (kinetic plus potential,
    // ground at y = 0) never exceeds that of the recovered pyramid at rest by more than 10% (a solver that
    // flings them adds more), and after 3 s every overlap is under the allowed penetration plus a slop and no
    // box moves faster than 1 cm/s.
    World world;
    world.createBody(bodyDef({0.0, -1.0}, boxShape(80.0, 2.0), BodyType::Static));
    const int baseCount = 4;
    const double extent = 0.5;
    const double fraction = 1.0 - 0.25;
    double y = extent;
    std::vector<BodyId> boxes;
    for (int i = 0; i < baseCount; ++i) {
        double x = fraction * extent * (i - baseCount);
        for (int j = i; j < baseCount; ++j) {
            boxes.push_back(*world.createBody(bodyDef({x, y}, boxShape(2.0 * extent, 2.0 * extent))));
            x += 2.0 * fraction * extent;
        }
        y += 2.0 * fraction * extent;
    }
    double peak = 0.0;
    for (int s = 0; s < 180; ++s) {
        const std::string err = stepChecked(world, 1);
        QVERIFY2(err.empty(), err.c_str());
        peak = std::max(peak, world.kineticEnergy() + world.potentialEnergy());
    }
    const double rest = world.kineticEnergy() + world.potentialEnergy();
    double restSpeed = 0.0;
    for (const BodyId id : boxes) {
        restSpeed = std::max(restSpeed, length(world.linearVelocity(id)));
    }
    const double penetration = world.lastReport().maxPenetration;
    qInfo("overlap recovery: peak energy %.2f J, at rest %.2f J (+%.1f%%), penetration at 3 s %.4f m, speed "
          "%.4f m/s",
          peak, rest, 100.0 * (peak / rest - 1.0), penetration, restSpeed);
    QVERIFY2(peak <= 1.1 * rest, qPrintable(QString("energy rose to %1 J over %2 J").arg(peak).arg(rest)));
    QVERIFY2(penetration < world.settings().allowedPenetration + kLinearSlop,
             qPrintable(QString("penetration %1 m").arg(penetration)));
    QVERIFY2(restSpeed < 0.01, qPrintable(QString("still moving at %1 m/s").arg(restSpeed)));
}

QTEST_APPLESS_MAIN(TestSolver2D)
#include "tst_solver2d.moc"
