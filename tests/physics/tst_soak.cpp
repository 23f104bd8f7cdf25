/// @file tst_soak.cpp
/// Soak (issue 16): 40 seeded random scenes, 2,500 steps each (10^5 steps in all), half under the impulse
/// solver and half under Verlet, at the app's default settings otherwise (60 Hz, default iterations and
/// substeps, continuous on). Each scene is a closed static box holding 12-24 bodies with extreme but valid
/// values: circles, boxes, 2 mm cards and random convex polygons from 2 mm to 1.3 m, densities from 0.01 to
/// 1000 kg/m^2 (mass ratios up to 10^8), friction 0-1.5, restitution 0-1, speeds up to 30 m/s and spins up
/// to 30 rad/s, gravity 0, 9.81 or 50 m/s^2. Nothing acts on them but gravity, so after every step:
/// - every body state is finite (no NaN, no infinity);
/// - no body escapes the world (StepReport::escaped is empty);
/// - no energy appears. The mechanical energy E = kinetic + m g (height above the floor) is >= 0 and
///   contacts, friction and restitution <= 1 can only remove it, so E(t) <= E(0) in exact arithmetic. The
///   solvers' position corrections may push resting bodies apart by a linear slop or so, which bounds the
///   allowance: E(t) <= 1.05 E(0) + sum(m) g * 0.05 m (5% plus lifting every body by 5 cm).
/// Bodies start without overlap (one per cell of a grid), so no energy is owed to an initial overlap.

#include "physics/defs.h"
#include "physics/polygon_factory.h"
#include "physics/world.h"

#include <QTest>

#include <cmath>
#include <random>

using namespace phys;

namespace {

/// Scenes in the suite; CONTACTLAB_SOAK_SCENES=N runs more (the longer runs of docs/reliability.md).
int sceneCount() {
    const int wanted = qEnvironmentVariableIntValue("CONTACTLAB_SOAK_SCENES");
    return wanted > 0 ? wanted : 40;
}
constexpr int kStepsPerScene = 2500;
constexpr double kHalfWidth = 8.0; ///< inner half width of the box, m
constexpr double kHeight = 12.0;   ///< inner height, m

ShapeDef shapeOf(Polygon polygon) {
    ShapeDef s;
    s.geometry = polygon;
    return s;
}

void addWall(World& world, Vec2 center, double w, double h) {
    BodyDef d;
    d.type = BodyType::Static;
    d.position = center;
    d.shapes.push_back(shapeOf(*factory::rectangle(w, h)));
    world.createBody(d);
}

struct Soak {
    double worstEnergyRatio = 0.0; ///< max over steps of (E - E0) / allowance
    int bodies = 0;
};

/// Builds scene `seed` into `world` (empty, default settings but `solver`). @return total dynamic mass
double buildScene(World& world, std::uint64_t seed, std::mt19937_64& rng) {
    std::uniform_real_distribution<double> u(0.0, 1.0);
    addWall(world, {0.0, -0.5}, 2.0 * kHalfWidth + 2.0, 1.0);          // floor, top at y = 0
    addWall(world, {0.0, kHeight + 0.5}, 2.0 * kHalfWidth + 2.0, 1.0); // lid
    addWall(world, {-kHalfWidth - 0.5, kHeight / 2.0}, 1.0, kHeight);
    addWall(world, {kHalfWidth + 0.5, kHeight / 2.0}, 1.0, kHeight);

    // One body per 2 m cell, 8 columns x 5 rows, 12..24 of the 40 cells used.
    const int count = 12 + static_cast<int>(u(rng) * 13.0);
    std::vector<int> cells(40);
    for (int i = 0; i < 40; ++i) {
        cells[static_cast<std::size_t>(i)] = i;
    }
    std::shuffle(cells.begin(), cells.end(), rng);
    double mass = 0.0;
    for (int k = 0; k < count; ++k) {
        const int cell = cells[static_cast<std::size_t>(k)];
        const Vec2 center{-kHalfWidth + 1.0 + 2.0 * (cell % 8), 1.2 + 2.0 * (cell / 8)};
        // Every shape stays within 0.92 m of its centre whatever the angle: no overlap in a 2 m cell.
        const double size = 0.002 + u(rng) * 1.3;
        ShapeDef shape;
        switch (static_cast<int>(u(rng) * 4.0)) {
        case 0:
            shape.geometry = Circle{{0.0, 0.0}, std::max(kMinLength, size / 2.0)};
            break;
        case 1:
            shape.geometry = *factory::rectangle(std::max(0.01, size), std::max(0.01, size * u(rng)));
            break;
        case 2:
            shape.geometry = *factory::rectangle(0.002, 0.4); // a Solver2D card
            break;
        default:
            shape.geometry =
                *factory::randomConvex(3 + static_cast<int>(u(rng) * 13.0), std::max(0.05, size / 2.6),
                                       seed * 100 + static_cast<std::uint64_t>(k));
            break;
        }
        shape.density = std::pow(10.0, -2.0 + 5.0 * u(rng));
        shape.friction = 1.5 * u(rng);
        shape.restitution = u(rng);
        BodyDef d;
        d.position = center;
        d.angle = 2.0 * kPi * u(rng);
        d.linearVelocity = {60.0 * (u(rng) - 0.5), 60.0 * (u(rng) - 0.5)};
        d.angularVelocity = 60.0 * (u(rng) - 0.5);
        d.bullet = u(rng) < 0.2;
        d.shapes.push_back(shape);
        const auto id = world.createBody(d);
        if (id) {
            mass += world.massData(*id).mass;
        }
    }
    return mass;
}

} // namespace

class TestSoak : public QObject {
    Q_OBJECT

private slots:
    void seededScenesStayFiniteInsideAndGainNoEnergy();
};

void TestSoak::seededScenesStayFiniteInsideAndGainNoEnergy() {
    static constexpr double kGravities[] = {0.0, 9.81, 50.0};
    long steps = 0;
    double worst = 0.0;
    const int scenes = sceneCount();
    for (int scene = 0; scene < scenes; ++scene) {
        std::mt19937_64 rng(1600 + static_cast<std::uint64_t>(scene));
        WorldSettings settings; // the app's defaults
        settings.solver = scene % 2 ? SolverKind::Verlet : SolverKind::Impulse;
        const double g = kGravities[scene % 3];
        settings.gravity = {0.0, -g};
        World world(settings);
        const double mass = buildScene(world, static_cast<std::uint64_t>(scene), rng);
        QVERIFY(world.bodyCount() >= 16);
        // Height measured from the floor (y = 0): potentialEnergy() is -m g . centre = m g y here.
        const auto energy = [&world] {
            return world.kineticEnergy() + world.potentialEnergy();
        };
        const double e0 = energy();
        const double allowance = 0.05 * e0 + mass * std::max(g, 1.0) * 0.05;
        for (int s = 0; s < kStepsPerScene; ++s, ++steps) {
            const StepReport& report = world.step();
            QVERIFY2(report.escaped.empty(),
                     qPrintable(QStringLiteral("scene %1 step %2").arg(scene).arg(s)));
            for (const BodyId id : world.bodyIds()) {
                const Vec2 p = world.position(id);
                const Vec2 v = world.linearVelocity(id);
                QVERIFY2(std::isfinite(p.x) && std::isfinite(p.y) && std::isfinite(v.x) &&
                             std::isfinite(v.y) && std::isfinite(world.angle(id)) &&
                             std::isfinite(world.angularVelocity(id)),
                         qPrintable(QStringLiteral("scene %1 step %2").arg(scene).arg(s)));
            }
            const double e = energy();
            worst = std::max(worst, (e - e0) / allowance);
            QVERIFY2(e <= e0 + allowance,
                     qPrintable(QStringLiteral("scene %1 (%2) step %3: E %4 J > E0 %5 J + %6 J")
                                    .arg(scene)
                                    .arg(QLatin1String(toString(settings.solver)))
                                    .arg(s)
                                    .arg(e)
                                    .arg(e0)
                                    .arg(allowance)));
        }
    }
    QCOMPARE(steps, long(scenes) * kStepsPerScene);
    qInfo("soak: %ld steps; largest energy rise %.3f of the allowance", steps, worst);
}

QTEST_APPLESS_MAIN(TestSoak)
#include "tst_soak.moc"
