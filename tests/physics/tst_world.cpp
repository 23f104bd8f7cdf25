/// @file tst_world.cpp
/// The World's API: validated creation with errors naming the field, stable ids with generations, mass
/// properties of compound bodies (origin apart from the centre of mass), body types, forces and impulses,
/// damping, live settings, point queries, and bodyDef round trips.

#include "world_test_util.h"

#include <QTest>

#include <cmath>

using namespace phys;
using namespace testutil;

class TestWorld : public QObject {
    Q_OBJECT

private slots:
    void invalidDefinitionNamesField();
    void idsAndGenerations();
    void compoundMassProperties();
    void spinAboutCentreOfMass();
    void bodyTypes();
    void forcesAndImpulses();
    void damping();
    void settingsLive();
    void pointQuery();
    void bodyDefRoundTrip();
    void removeBodyWakesAndCleansContacts();
    void packedPolygonsSurviveRemovals();
    void reserveTakesRoomAndChangesNothing();
};

void TestWorld::invalidDefinitionNamesField() {
    World world;
    BodyDef def = bodyDef({0.0, 0.0}, boxShape(1.0, 1.0));
    def.shapes.push_back(circleShape(0.5));
    def.shapes[1].density = -1.0;
    const Result<BodyId> r = world.createBody(def);
    QVERIFY(!r.ok());
    QVERIFY2(QString::fromStdString(r.error().message).startsWith(QStringLiteral("body.shapes[1].density")),
             r.error().message.c_str());
    QCOMPARE(r.error().index, 1);
    QCOMPARE(world.bodyCount(), 0);

    BodyDef nan = bodyDef({std::nan(""), 0.0}, boxShape(1.0, 1.0));
    const Result<BodyId> r2 = world.createBody(nan);
    QVERIFY(!r2.ok());
    QVERIFY2(QString::fromStdString(r2.error().message).startsWith(QStringLiteral("body.position")),
             r2.error().message.c_str());
    QCOMPARE(world.bodyCount(), 0);
    QVERIFY(world.bodyIds().empty());
}

void TestWorld::idsAndGenerations() {
    World world;
    const BodyId a = *world.createBody(bodyDef({0.0, 0.0}, boxShape(1.0, 1.0)));
    const BodyId b = *world.createBody(bodyDef({5.0, 0.0}, boxShape(1.0, 1.0)));
    QVERIFY(a != b);
    QVERIFY(world.isValid(a) && world.isValid(b));
    QVERIFY(world.removeBody(a));
    QVERIFY(!world.isValid(a));
    QVERIFY(!world.removeBody(a));
    QCOMPARE(world.bodyCount(), 1);
    const BodyId c = *world.createBody(bodyDef({9.0, 0.0}, circleShape(1.0)));
    QCOMPARE(c.index, a.index);            // the slot is reused...
    QVERIFY(c.generation != a.generation); // ...under a new generation
    QVERIFY(!world.isValid(a));
    QVERIFY(world.isValid(c));
    QCOMPARE(world.position(c), Vec2(9.0, 0.0));
    QCOMPARE(world.bodyIds().size(), std::size_t(2));
    QVERIFY(!world.isValid(kNullBody));
    world.clear();
    QCOMPARE(world.bodyCount(), 0);
}

void TestWorld::compoundMassProperties() {
    // Two unit squares (density 1) at x = 0 and x = 2 in the body frame: m = 2 kg, centre (1, 0), and about
    // it I = 2 (1/6) + 2 (1^2) = 7/3 kg m^2 (square: m (w^2 + h^2) / 12; parallel axis for each).
    World world;
    BodyDef def;
    def.position = {3.0, 4.0};
    def.angle = kPi / 2.0;
    def.shapes.push_back(boxShape(1.0, 1.0));
    ShapeDef second = boxShape(1.0, 1.0);
    std::array<Vec2, 4> pts{Vec2{1.5, -0.5}, Vec2{2.5, -0.5}, Vec2{2.5, 0.5}, Vec2{1.5, 0.5}};
    second.geometry = *Polygon::make(pts);
    def.shapes.push_back(second);
    const BodyId body = *world.createBody(def);
    const MassData md = world.massData(body);
    QVERIFY(std::abs(md.mass - 2.0) < 1e-12);
    QVERIFY(std::abs(md.center.x - 1.0) < 1e-12 && std::abs(md.center.y) < 1e-12);
    QVERIFY(std::abs(md.inertia - 7.0 / 3.0) < 1e-12);
    // World centre: origin + R(90 deg) (1, 0) = (3, 5).
    QVERIFY(distance(world.worldCenter(body), Vec2{3.0, 5.0}) < 1e-12);
    QCOMPARE(world.position(body), Vec2(3.0, 4.0));
    QCOMPARE(world.shapeCount(body), 2);
    const AABB box = world.bodyAABB(body);
    QVERIFY(std::abs(box.lower.x - 2.5) < 1e-12 && std::abs(box.upper.y - 6.5) < 1e-12);
}

void TestWorld::spinAboutCentreOfMass() {
    // No gravity, a body whose origin is 1 m from its centre of mass spinning at w: the centre stays put and
    // the origin circles it at 1 m; after a quarter turn the angle is pi/2 (to the integrator's rotation
    // error).
    WorldSettings settings;
    settings.gravity = {0.0, 0.0};
    World world(settings);
    BodyDef def = bodyDef({0.0, 0.0}, circleShape(0.5));
    std::get<Circle>(def.shapes[0].geometry).center = {1.0, 0.0};
    def.angularVelocity = kPi / 2.0; // a quarter turn per second
    const BodyId body = *world.createBody(def);
    const Vec2 c0 = world.worldCenter(body);
    for (int s = 0; s < 60; ++s) {
        world.step();
        QVERIFY(distance(world.worldCenter(body), c0) < 1e-12);
        QVERIFY(std::abs(distance(world.position(body), c0) - 1.0) < 1e-12);
    }
    QVERIFY2(std::abs(world.angle(body) - kPi / 2.0) < 1e-12, qPrintable(QString::number(world.angle(body))));
    QVERIFY(distance(world.position(body), Vec2{1.0, -1.0}) < 1e-12);
    QCOMPARE(world.angularVelocity(body), kPi / 2.0);
}

void TestWorld::bodyTypes() {
    // Static bodies never move; kinematic bodies move at their velocity, ignore gravity and are not pushed by
    // dynamic bodies; dynamic bodies fall.
    World world;
    const BodyId ground = addGround(world);
    BodyDef kin = bodyDef({0.0, 3.0}, boxShape(2.0, 0.2), BodyType::Kinematic);
    kin.linearVelocity = {1.0, 0.0};
    kin.angularVelocity = 0.0;
    const BodyId platform = *world.createBody(kin);
    const BodyId rider = *world.createBody(bodyDef({0.0, 3.6}, boxShape(0.5, 0.5)));
    QCOMPARE(world.massData(platform).mass, 0.0);
    QCOMPARE(world.massData(ground).mass, 0.0);
    for (int s = 0; s < 120; ++s) {
        const std::string err = stepChecked(world, 1);
        QVERIFY2(err.empty(), err.c_str());
    }
    QCOMPARE(world.position(ground), Vec2(0.0, -0.5));
    QVERIFY(std::abs(world.position(platform).x - 2.0) < 1e-9);
    QCOMPARE(world.position(platform).y, 3.0);
    // The rider landed on the platform and friction carried it along.
    QVERIFY(std::abs(world.position(rider).y - 3.35) < 0.02);
    QVERIFY(std::abs(world.linearVelocity(rider).x - 1.0) < 0.05);
}

void TestWorld::forcesAndImpulses() {
    // Closed forms with gravity off: a force F at lever r for one step gives v = F dt / m, w = (r x F) dt /
    // I; an impulse J at lever r gives v = J / m, w = (r x J) / I at once.
    WorldSettings settings;
    settings.gravity = {0.0, 0.0};
    World world(settings);
    const BodyId box = *world.createBody(bodyDef({1.0, 1.0}, boxShape(2.0, 1.0)));
    const double m = 2.0, I = m * (4.0 + 1.0) / 12.0, dt = world.settings().timeStep;
    world.applyForce(box, {0.0, 6.0}, {2.0, 1.0}); // lever (1, 0): torque 6
    world.step();
    QVERIFY(distance(world.linearVelocity(box), Vec2{0.0, 6.0 * dt / m}) < 1e-12);
    QVERIFY(std::abs(world.angularVelocity(box) - 6.0 * dt / I) < 1e-12);
    world.step(); // forces are cleared after a step
    QVERIFY(distance(world.linearVelocity(box), Vec2{0.0, 6.0 * dt / m}) < 1e-12);

    World w2(settings);
    const BodyId b2 = *w2.createBody(bodyDef({0.0, 0.0}, boxShape(2.0, 1.0)));
    w2.applyLinearImpulse(b2, {1.0, 0.0}, {0.0, 0.5}); // lever (0, 0.5): r x J = -0.5
    QVERIFY(distance(w2.linearVelocity(b2), Vec2{0.5, 0.0}) < 1e-12);
    QVERIFY(std::abs(w2.angularVelocity(b2) + 0.5 / I) < 1e-12);
    w2.applyAngularImpulse(b2, 0.5);
    QVERIFY(std::abs(w2.angularVelocity(b2)) < 1e-12);
    w2.applyTorque(b2, 3.0);
    w2.step();
    QVERIFY(std::abs(w2.angularVelocity(b2) - 3.0 * dt / I) < 1e-12);
    QVERIFY(distance(w2.velocityAtPoint(b2, w2.worldCenter(b2) + Vec2{0.0, 1.0}),
                     w2.linearVelocity(b2) + Vec2{-3.0 * dt / I, 0.0}) < 1e-12);
}

void TestWorld::damping() {
    // Damping acts once per substep h = dt / S. Exponential: v1 = v0 / (1 + h c)^S. The source's clamped air
    // drag: v -= min(|v|, 1) c h along v per substep (here |v0| = 5, so v drops by c dt per step while faster
    // than 1 m/s; the spin of 0.5 rad/s is under 1, so it is multiplied by 1 - c h per substep).
    for (const bool clamped : {false, true}) {
        WorldSettings settings;
        settings.gravity = {0.0, 0.0};
        settings.linearDamping = 0.5;
        settings.angularDamping = 0.5;
        settings.clampedDrag = clamped;
        World world(settings);
        BodyDef def = bodyDef({0.0, 0.0}, circleShape(0.5));
        def.linearVelocity = {3.0, 4.0};
        def.angularVelocity = 0.5;
        const BodyId body = *world.createBody(def);
        const double dt = settings.timeStep;
        // Automatic substeps: a body that touches nothing runs the most.
        const int substeps = substepRange(settings).second;
        const double h = dt / substeps;
        world.step();
        const double speed = length(world.linearVelocity(body));
        const double expected = clamped ? 5.0 - 0.5 * dt : 5.0 / std::pow(1.0 + 0.5 * h, substeps);
        QVERIFY(std::abs(speed - expected) < 1e-12);
        QVERIFY(std::abs(world.linearVelocity(body).y / world.linearVelocity(body).x - 4.0 / 3.0) < 1e-12);
        const double expectedW =
            clamped ? 0.5 * std::pow(1.0 - 0.5 * h, substeps) : 0.5 / std::pow(1.0 + 0.5 * h, substeps);
        QVERIFY(std::abs(world.angularVelocity(body) - expectedW) < 1e-12);
    }
}

void TestWorld::settingsLive() {
    World world;
    WorldSettings bad = world.settings();
    bad.iterations = 0;
    const auto e = world.setSettings(bad);
    QVERIFY(e.has_value());
    QCOMPARE(e->path, std::string("settings.iterations"));
    QCOMPARE(world.settings().iterations, WorldSettings{}.iterations);
    WorldSettings bad2 = world.settings();
    bad2.contactHertz = -1.0;
    QCOMPARE(world.setSettings(bad2)->path, std::string("settings.contactHertz"));

    WorldSettings good = world.settings();
    good.gravity = {0.0, -1.0};
    good.contactMethod = ContactMethod::DeepestVertices;
    QVERIFY(!world.setSettings(good).has_value());
    QCOMPARE(world.settings().contactMethod, ContactMethod::DeepestVertices);
    const BodyId body = *world.createBody(bodyDef({0.0, 10.0}, circleShape(0.5)));
    world.step();
    QVERIFY(std::abs(world.linearVelocity(body).y + 1.0 * world.settings().timeStep) < 1e-12);

    // An invalid constructor argument falls back to the defaults.
    World fallback(bad);
    QCOMPARE(fallback.settings().iterations, WorldSettings{}.iterations);
    QCOMPARE(parsePositionCorrection(toString(PositionCorrection::Baumgarte)), PositionCorrection::Baumgarte);
    QCOMPARE(parsePositionCorrection(toString(PositionCorrection::SoftStep)), PositionCorrection::SoftStep);
    QVERIFY(!parsePositionCorrection("sideways").has_value());
}

void TestWorld::pointQuery() {
    World world;
    const BodyId box =
        *world.createBody(bodyDef({0.0, 0.0}, boxShape(2.0, 1.0), BodyType::Dynamic, kPi / 2.0));
    const BodyId ball = *world.createBody(bodyDef({5.0, 0.0}, circleShape(1.0)));
    QCOMPARE(world.bodyAt({0.0, 0.9}), box); // rotated: 1 m wide, 2 m tall
    QCOMPARE(world.bodyAt({0.9, 0.0}), kNullBody);
    QCOMPARE(world.bodyAt({5.5, 0.5}), ball);
    QCOMPARE(world.bodyAt({5.8, 0.8}), kNullBody);
}

void TestWorld::bodyDefRoundTrip() {
    // Re-creating every body from bodyDef() in a fresh world reproduces the state bit for bit, and both
    // worlds then evolve identically.
    World a;
    addGround(a);
    for (int i = 0; i < 8; ++i) {
        BodyDef def = bodyDef({0.3 * i, 1.0 + 1.1 * i}, i % 2 ? circleShape(0.4) : boxShape(0.8, 0.6));
        def.angle = 0.2 * i;
        def.linearVelocity = {0.1 * i, 0.0};
        a.createBody(def);
    }
    for (int s = 0; s < 30; ++s) {
        a.step();
    }
    World b(a.settings());
    for (const BodyId id : a.bodyIds()) {
        QVERIFY(b.createBody(a.bodyDef(id)).ok());
    }
    for (const BodyId id : a.bodyIds()) {
        QCOMPARE(b.position(id), a.position(id));
        QVERIFY(std::abs(b.angle(id) - a.angle(id)) < 1e-15);
        QCOMPARE(b.linearVelocity(id), a.linearVelocity(id));
    }
}

void TestWorld::removeBodyWakesAndCleansContacts() {
    WorldSettings settings;
    settings.sleep = true;
    World world(settings);
    world.setReportFlags(kReportAll);
    addGround(world);
    const BodyId bottom = *world.createBody(bodyDef({0.0, 0.5}, boxShape(1.0, 1.0)));
    const BodyId top = *world.createBody(bodyDef({0.0, 1.5}, boxShape(1.0, 1.0)));
    for (int s = 0; s < 240; ++s) {
        world.step();
    }
    QVERIFY(!world.isAwake(top));
    QVERIFY(world.removeBody(bottom));
    QVERIFY(world.isAwake(top));
    const std::string err = stepChecked(world, 60);
    QVERIFY2(err.empty(), err.c_str());
    QVERIFY(std::abs(world.position(top).y - 0.5) < 0.02); // fell onto the ground
    for (const ContactReport& c : world.lastReport().contacts) {
        QVERIFY(world.isValid(c.bodyA) && world.isValid(c.bodyB));
    }
}

void TestWorld::packedPolygonsSurviveRemovals() {
    // The World keeps polygons packed by vertex count, equal ones in one record, and compacts the store once
    // unused records are half of it: after many removals every body must still have exactly the polygon it was made with (vertices,
    // mass, bounds, point query), in the World and in a copy of it.
    World world;
    struct Made {
        BodyId id;
        Polygon polygon;
    };
    std::vector<Made> made;
    auto add = [&](int k) {
        // Every 25th polygon is the same again: equal polygons share one record, which must outlive the
        // removal of some of its users.
        const int kind = k % 25;
        const Polygon polygon =
            *factory::randomConvex(3 + kind % 14, 0.5 + 0.01 * kind, 1000u + std::uint64_t(kind));
        ShapeDef shape;
        shape.geometry = polygon;
        const BodyDef def = bodyDef({3.0 * k, 10.0}, shape);
        const BodyId id = *world.createBody(def);
        made.push_back({id, polygon});
    };
    for (int k = 0; k < 60; ++k) {
        add(k);
    }
    // Remove 45 of them (the store compacts on the way), then add 20 more.
    for (int k = 0; k < 45; ++k) {
        const std::size_t at = static_cast<std::size_t>(k * 7) % made.size();
        QVERIFY(world.removeBody(made[at].id));
        made.erase(made.begin() + static_cast<std::ptrdiff_t>(at));
    }
    for (int k = 60; k < 80; ++k) {
        add(k);
    }
    const World copy = world;
    for (const World* w : {static_cast<const World*>(&world), &copy}) {
        QCOMPARE(w->bodyCount(), static_cast<int>(made.size()));
        for (const Made& m : made) {
            const ShapeDef shape = w->shape(m.id, 0);
            QVERIFY(std::get<Polygon>(shape.geometry) == m.polygon);
            QCOMPARE(w->massData(m.id).mass, computeMass(m.polygon, 1.0).mass);
            const Transform xf = w->transform(m.id);
            const AABB expected = computeAABB(m.polygon, xf);
            QCOMPARE(w->shapeAABB(m.id, 0).lower, expected.lower);
            QCOMPARE(w->shapeAABB(m.id, 0).upper, expected.upper);
            QVERIFY(w->bodyAt(transformPoint(xf, m.polygon.centroid())) == m.id);
        }
    }
}

void TestWorld::reserveTakesRoomAndChangesNothing() {
    // World::reserve makes the room a scene's bodies need at once (what the app's loader and the benchmark
    // call): it must hold less memory than growing body by body, and give the same simulation bit for bit,
    // proxy ids and contact order included. A 20-row pyramid, then a second one added beyond the room.
    std::vector<BodyDef> scene = boxPyramid(20);
    scene.push_back(bodyDef({0.0, -0.5}, boxShape(100.0, 1.0), BodyType::Static));
    World grown;
    World reserved;
    reserved.reserve(scene);
    for (const BodyDef& def : scene) {
        QVERIFY(grown.createBody(def).ok());
        QVERIFY(reserved.createBody(def).ok());
    }
    QVERIFY2(
        reserved.memoryBytes() < grown.memoryBytes(),
        qPrintable(
            QString("%1 bytes reserved, %2 grown").arg(reserved.memoryBytes()).arg(grown.memoryBytes())));
    for (int step = 1; step <= 240; ++step) {
        grown.step();
        reserved.step();
        if (step == 120) {
            // More bodies than were reserved: the arrays grow as before.
            for (BodyDef def : boxPyramid(5)) {
                def.position.x += 30.0;
                QVERIFY(grown.createBody(def).ok());
                QVERIFY(reserved.createBody(def).ok());
            }
        }
        if (step % 40 == 0) {
            QCOMPARE(reserved.stateHash(), grown.stateHash());
            QVERIFY(statesOf(reserved) == statesOf(grown));
        }
    }
    QCOMPARE(reserved.contacts().size(), grown.contacts().size());
}

QTEST_GUILESS_MAIN(TestWorld)
#include "tst_world.moc"
