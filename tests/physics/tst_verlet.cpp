/// @file tst_verlet.cpp
/// The Verlet (position-based) solver against closed forms and stated tolerances: free fall, resting box,
/// ball and stacks, a pyramid, rigidity of the particle model, restitution, solver switching, and no
/// allocation per step. Every World step is checked for NaN. Tolerances are explained where they are
/// declared.

#include "physics/polygon_factory.h"
#include "physics/world.h"
#include "verlet_solver.h"
#include "verlet_test_util.h"
#include "world_internals.h"

#include <QtTest>

#include <atomic>
#include <cmath>
#include <cstdlib>
#include <new>
#include <vector>

// Allocation counter for the steady-state test: every operator new in this program goes through here.
namespace {
std::atomic<long> g_allocations{0};
}

void* operator new(std::size_t size) {
    ++g_allocations;
    if (void* p = std::malloc(size == 0 ? 1 : size)) {
        return p;
    }
    throw std::bad_alloc();
}
void operator delete(void* p) noexcept {
    std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
    std::free(p);
}

using namespace phys;
using namespace verlettest;

namespace {

constexpr double kDt = 1.0 / 60.0;
constexpr double kG = 9.81;
/// The default substeps and the substep (the closed forms below count substeps, not steps).
const int kSubsteps = uniformSubsteps(WorldSettings{}); // automatic: the Verlet solver's 8
const double kH = kDt / kSubsteps;

/// Steps the world n times, failing on the first NaN.
bool stepChecked(World& world, int n) {
    for (int i = 0; i < n; ++i) {
        world.step();
        if (!stateFinite(world)) {
            qWarning("non-finite state at step %lld", static_cast<long long>(world.stepCount()));
            return false;
        }
    }
    return true;
}

double angleDifference(double a, double b) {
    return std::remainder(a - b, 2.0 * kPi);
}

/// Drives a VerletSolver directly (so its particles can be inspected) on bodies created in a World: every
/// pair of shapes of different bodies is a candidate contact (a superset of what the World's broad phase
/// hands over).
struct Harness {
    World world;
    WorldSettings settings = verletSettings();
    VerletSolver solver;
    std::vector<BodySim> bodies;
    std::vector<ShapeSim> shapes;
    std::vector<ContactSim> contacts;
    std::vector<int> awake;

    explicit Harness(VerletResponse response) : solver(response) {}

    void capture() {
        bodies.assign(phys::WorldInternals::bodies(world).begin(), phys::WorldInternals::bodies(world).end());
        shapes.assign(phys::WorldInternals::shapes(world).begin(), phys::WorldInternals::shapes(world).end());
        contacts.clear();
        awake.clear();
        for (int i = 0; i < static_cast<int>(bodies.size()); ++i) {
            if (bodies[static_cast<std::size_t>(i)].isSimulated()) {
                awake.push_back(i);
            }
        }
        for (int a = 0; a < static_cast<int>(shapes.size()); ++a) {
            for (int b = a + 1; b < static_cast<int>(shapes.size()); ++b) {
                const ShapeSim& sa = shapes[static_cast<std::size_t>(a)];
                const ShapeSim& sb = shapes[static_cast<std::size_t>(b)];
                if (sa.body == sb.body ||
                    (bodies[static_cast<std::size_t>(sa.body)].type != BodyType::Dynamic &&
                     bodies[static_cast<std::size_t>(sb.body)].type != BodyType::Dynamic)) {
                    continue;
                }
                ContactSim c;
                c.shapeA = a;
                c.shapeB = b;
                c.bodyA = sa.body;
                c.bodyB = sb.body;
                contacts.push_back(c);
            }
        }
    }

    void step() {
        SolverContext ctx;
        ctx.settings = &settings;
        ctx.timeStep = settings.timeStep;
        ctx.bodies = bodies;
        ctx.shapes = shapes;
        ctx.polygons = &phys::WorldInternals::polygons(world);
        ctx.contacts = contacts;
        ctx.awakeBodies = awake;
        for (const int i : awake) {
            bodies[static_cast<std::size_t>(i)].center0 = bodies[static_cast<std::size_t>(i)].center;
        }
        solver.step(ctx);
        for (const int i : awake) {
            syncOriginFromCenter(bodies[static_cast<std::size_t>(i)]);
        }
    }
};

} // namespace

class TestVerlet : public QObject {
    Q_OBJECT

private slots:
    void freeFallMatchesClosedForm();
    void boxComesToRestOnGround();
    void ballComesToRestOnGround();
    void stackRests_data();
    void stackRests();
    void pyramidStands();
    void articleResponseSinks();
    void shapeStaysRigid_data();
    void shapeStaysRigid();
    void particlesMatchBodyMass();
    void ballRollsWithoutSlipping();
    void restitutionBounces();
    void solverSwitchRoundTrip();
    void noAllocationInSteadyState();
};

void TestVerlet::freeFallMatchesClosedForm() {
    // Position Verlet x_{k+1} = 2 x_k - x_{k-1} + g h^2 (h the substep), started (on the first step after the
    // switch) from x_{-1} = x_0 - v_0 h, has the exact solution after N substeps
    //   x_N = x_0 + N v_0 h + g h^2 N (N + 1) / 2,   v_N = (x_N - x_{N-1}) / h = v_0 + N g h
    // (the same sequence as semi-implicit Euler). The rotation is extrapolated along the arc, so the angle is
    // theta_0 + N w h and w stays w_0. Only round-off separates the solver from these numbers: 1e-9.
    World world(verletSettings());
    const Vec2 p0{1.0, 20.0};
    const Vec2 v0{1.5, 4.0};
    const double w0 = 3.0;
    const double a0 = 0.3;
    BodyDef def = boxDef(p0, 1.2, 0.6, BodyType::Dynamic, a0);
    def.linearVelocity = v0;
    def.angularVelocity = w0;
    const BodyId box = *world.createBody(def);
    BodyDef ring = ballDef({-5.0, 30.0}, 0.4);
    ring.linearVelocity = {-1.0, 0.0};
    ring.angularVelocity = -7.0;
    const BodyId ball = *world.createBody(ring);
    for (int n = 1; n <= 180; ++n) {
        QVERIFY(stepChecked(world, 1));
        const double t = n * kDt;
        const int N = n * kSubsteps;
        const double fall = kG * kH * kH * N * (N + 1) / 2.0;
        const Vec2 expected{p0.x + v0.x * t, p0.y + v0.y * t - fall};
        QVERIFY2(distance(world.worldCenter(box), expected) < 1e-9, qPrintable(QString::number(n)));
        QVERIFY(std::abs(world.linearVelocity(box).y - (v0.y - N * kG * kH)) < 1e-9);
        QVERIFY(std::abs(world.linearVelocity(box).x - v0.x) < 1e-9);
        QVERIFY(std::abs(angleDifference(world.angle(box), a0 + w0 * t)) < 1e-9);
        QVERIFY(std::abs(world.angularVelocity(box) - w0) < 1e-9);
        const Vec2 expectedBall{-5.0 - t, 30.0 - fall};
        QVERIFY(distance(world.worldCenter(ball), expectedBall) < 1e-9);
        QVERIFY(std::abs(world.angularVelocity(ball) + 7.0) < 1e-9);
    }
}

void TestVerlet::boxComesToRestOnGround() {
    // A 1 m box dropped from 0.5 m (bottom face at 0.5 m, tilted 0.2 rad so a corner lands first).
    // Rest: after 4 s the box lies on its face, and over the following second
    //   sinking  (top of ground - lowest corner) <= 1 mm    (each step gravity pushes g h^2 = 2.7 mm into the
    //             ground; the iterations remove it, a single body to the last 1e-6 m)
    //   jitter   every centre within 0.1 mm of its mean, |v| <= 1 mm/s, |w| <= 1e-3 rad/s
    World world(verletSettings());
    addGround(world);
    const BodyId box = *world.createBody(boxDef({0.0, 1.0}, 1.0, 1.0, BodyType::Dynamic, 0.2));
    QVERIFY(stepChecked(world, 240));
    double minY = 1e9;
    double maxY = -1e9;
    for (int i = 0; i < 60; ++i) {
        QVERIFY(stepChecked(world, 1));
        const AABB bounds = world.bodyAABB(box);
        QVERIFY2(bounds.lower.y >= -1e-3, qPrintable(QString::number(bounds.lower.y)));
        minY = std::min(minY, world.worldCenter(box).y);
        maxY = std::max(maxY, world.worldCenter(box).y);
        QVERIFY(length(world.linearVelocity(box)) <= 1e-3);
        QVERIFY(std::abs(world.angularVelocity(box)) <= 1e-3);
    }
    QVERIFY(maxY - minY <= 1e-4);
    // On a face: the angle is a multiple of pi/2.
    const double a = world.angle(box);
    QVERIFY(std::abs(std::remainder(a, kPi / 2.0)) < 1e-3);
    QVERIFY(std::abs(world.worldCenter(box).y - 0.5) < 1e-3);
}

void TestVerlet::ballComesToRestOnGround() {
    // A ball (r = 0.5 m) dropped from 2 m rests with its centre at r: |y - r| <= 1 mm, still (|v| <= 1 mm/s),
    // and it does not start rolling on flat ground (|x| and the angle stay below 1e-6: nothing pushes it
    // sideways, so any drift would be the solver's).
    World world(verletSettings());
    addGround(world);
    const BodyId ball = *world.createBody(ballDef({0.0, 2.0}, 0.5));
    QVERIFY(stepChecked(world, 300));
    for (int i = 0; i < 60; ++i) {
        QVERIFY(stepChecked(world, 1));
        QVERIFY(std::abs(world.worldCenter(ball).y - 0.5) <= 1e-3);
        QVERIFY(length(world.linearVelocity(ball)) <= 1e-3);
        QVERIFY(std::abs(world.worldCenter(ball).x) <= 1e-6);
        QVERIFY(std::abs(world.angle(ball)) <= 1e-6);
    }
}

void TestVerlet::stackRests_data() {
    QTest::addColumn<int>("count");
    QTest::addColumn<double>("sinkTolerance");
    // Tolerances (default settings). Every step gravity moves each box down by g h^2 = 2.7 mm at 60 Hz; the
    // Gauss-Seidel sweeps from the ground up remove most of it, and the last sweep's shock propagation
    // (verlet_solver.h) takes what is left out of the box above each support, so the stack keeps its height
    // (measured 1e-15 m for 5 and 10 boxes; 2.3 mm and 14 mm before shock propagation). The bound is the
    // 1 mm of boxComesToRestOnGround:
    //   top box sink  <= 1 mm
    // and, as a rest is still: sideways drift <= 0.1 mm, |angle| <= 1e-4 rad, |v| <= 1 mm/s in the last
    // second.
    QTest::newRow("5 boxes") << 5 << 0.001;
    QTest::newRow("10 boxes") << 10 << 0.001;
}

void TestVerlet::stackRests() {
    QFETCH(int, count);
    QFETCH(double, sinkTolerance);
    World world(verletSettings());
    addGround(world);
    std::vector<BodyId> boxes;
    for (int i = 0; i < count; ++i) {
        boxes.push_back(*world.createBody(boxDef({0.0, 0.5 + i}, 1.0, 1.0)));
    }
    QVERIFY(stepChecked(world, 540)); // 9 s
    for (int step = 0; step < 60; ++step) {
        QVERIFY(stepChecked(world, 1));
        for (int i = 0; i < count; ++i) {
            const BodyId id = boxes[static_cast<std::size_t>(i)];
            const Vec2 c = world.worldCenter(id);
            QVERIFY2(c.y >= 0.5 + i - sinkTolerance && c.y <= 0.5 + i + 1e-4,
                     qPrintable(QString("box %1 y %2").arg(i).arg(c.y, 0, 'g', 9)));
            QVERIFY(std::abs(c.x) <= 1e-4);
            QVERIFY(std::abs(world.angle(id)) <= 1e-4);
            QVERIFY(length(world.linearVelocity(id)) <= 1e-3);
        }
    }
}

void TestVerlet::articleResponseSinks() {
    // The source's literal response (settings.verletResponse = article) moves only the touched particles; the
    // push reaches the rest of each box through its edges over later relaxations, so a stack sinks much more
    // than with the rigid response. The World switches response live; this is the teaching contrast.
    auto topSink = [](VerletResponse response) {
        WorldSettings s = verletSettings();
        s.verletResponse = response;
        World world(s);
        addGround(world);
        BodyId top;
        for (int i = 0; i < 5; ++i) {
            top = *world.createBody(boxDef({0.0, 0.5 + i}, 1.0, 1.0));
        }
        if (!stepChecked(world, 180)) {
            return -1.0;
        }
        return 4.5 - world.worldCenter(top).y;
    };
    const double rigid = topSink(VerletResponse::Rigid);
    const double article = topSink(VerletResponse::Article);
    qInfo("5-box stack, top box sink after 3 s: rigid %.4f m, article %.4f m", rigid, article);
    // Shock propagation leaves the rigid stack at its height to round-off (measured 0.0000 m, either sign).
    QVERIFY(rigid >= -1e-6 && rigid <= 0.003);
    // Measured 4.5 cm at 1 substep x 8 iterations and 5.8 mm at 8 substeps x 1 iteration (more substeps let
    // the edges pass the push on more often); the rigid stack keeps its height to round-off either way.
    QVERIFY(article > 5.0 * rigid && article > 0.003);

    // Switching the response on a running world rebuilds the particles from the current poses: nothing jumps.
    WorldSettings s = verletSettings();
    World world(s);
    addGround(world);
    const BodyId box = *world.createBody(boxDef({0.0, 0.5}, 1.0, 1.0));
    QVERIFY(stepChecked(world, 60));
    const Vec2 before = world.worldCenter(box);
    s.verletResponse = VerletResponse::Article;
    QVERIFY(!world.setSettings(s));
    QVERIFY(stepChecked(world, 1));
    QVERIFY(distance(world.worldCenter(box), before) < 1e-3);
}

void TestVerlet::pyramidStands() {
    // A 4-row pyramid of 1 m boxes with 0.05 m gaps between neighbours (10 boxes), at the default settings
    // (it needed 16 iterations before the friction anchors; tst_verlet_fidelity has the 10-row pyramid).
    // After 5 s every box is within 2 cm of its place, turned by <= 0.01 rad, and still (|v| <= 1 cm/s).
    World world(verletSettings());
    addGround(world);
    struct Placed {
        BodyId id;
        Vec2 start;
    };
    std::vector<Placed> boxes;
    const int rows = 4;
    for (int row = 0; row < rows; ++row) {
        const int n = rows - row;
        for (int k = 0; k < n; ++k) {
            const Vec2 p{(k - (n - 1) / 2.0) * 1.05, 0.5 + row};
            boxes.push_back({*world.createBody(boxDef(p, 1.0, 1.0)), p});
        }
    }
    QVERIFY(stepChecked(world, 300));
    for (const Placed& b : boxes) {
        QVERIFY2(distance(world.worldCenter(b.id), b.start) <= 0.02,
                 qPrintable(QString::number(distance(world.worldCenter(b.id), b.start))));
        QVERIFY(std::abs(angleDifference(world.angle(b.id), 0.0)) <= 0.01);
        QVERIFY(length(world.linearVelocity(b.id)) <= 0.01);
    }
}

void TestVerlet::shapeStaysRigid_data() {
    QTest::addColumn<int>("response");
    QTest::addColumn<double>("bound");
    QTest::newRow("rigid") << static_cast<int>(VerletResponse::Rigid) << 1e-3;
    QTest::newRow("article") << static_cast<int>(VerletResponse::Article) << 0.015; // measured 1.25%
}

void TestVerlet::shapeStaysRigid() {
    // 10 s of collisions: spinning boxes, a hexagon and a ball dropped onto each other and onto the ground,
    // between two walls, at the default 8 iterations. Measured: the largest relative error |length - rest| /
    // rest of any edge, brace or spoke at the end of a step, over the first second and over the 9 s after it.
    // - Rigid response (the default): corrections move each body as a whole, so the particles stay rigid to
    //   round-off; the bound is the brief's 0.1%.
    // - Article response: only the touched particles move and the edges are relaxed 8 times per step, which
    // the
    //   article itself says leaves bodies "not totally rigid". Measured 2.3% (first second), 1.25% (after):
    //   0.1% is out of reach at 8 iterations, so the bound is the measurement rounded up, to catch a
    //   regression, not to claim rigidity.
    QFETCH(int, response);
    QFETCH(double, bound);
    Harness hx(static_cast<VerletResponse>(response));
    addGround(hx.world);
    // Walls, so what rolls stays in the scene.
    hx.world.createBody(boxDef({-8.0, 5.0}, 1.0, 10.0, BodyType::Static));
    hx.world.createBody(boxDef({8.0, 5.0}, 1.0, 10.0, BodyType::Static));
    for (int i = 0; i < 4; ++i) {
        BodyDef d = boxDef({-2.0 + 1.3 * i, 1.0 + 1.2 * i}, 1.0, 0.6, BodyType::Dynamic, 0.4 * i);
        d.angularVelocity = 2.0 - i;
        hx.world.createBody(d);
    }
    BodyDef hex;
    hex.position = {0.3, 7.0};
    hex.angularVelocity = 4.0;
    ShapeDef hs;
    hs.geometry = *factory::regular(6, 0.6);
    hex.shapes.push_back(hs);
    hx.world.createBody(hex);
    hx.world.createBody(ballDef({-0.5, 9.0}, 0.4));
    hx.capture();
    double worstLate = 0.0;
    double worstEarly = 0.0;
    for (int step = 1; step <= 600; ++step) {
        hx.step();
        const double stretch = hx.solver.maxRelativeStretch();
        QVERIFY(std::isfinite(stretch));
        (step > 60 ? worstLate : worstEarly) = std::max(step > 60 ? worstLate : worstEarly, stretch);
    }
    qInfo("largest relative stretch: %.3g (first second), %.3g (after)", worstEarly, worstLate);
    QVERIFY(worstLate <= bound);
    // Every dynamic particle is above the ground at the end: nothing tunnelled.
    for (const VerletParticle& p : hx.solver.particles()) {
        QVERIFY(p.invMass == 0.0 || p.position.y >= -0.02);
    }
}

void TestVerlet::particlesMatchBodyMass() {
    // The particle masses reproduce the body's mass and centre of mass exactly, and its rotational inertia
    // when the hub can carry the rest (a box, a triangle and a disc are such shapes): see buildBody's
    // quadratic.
    Harness hx(VerletResponse::Rigid);
    const BodyId box = *hx.world.createBody(boxDef({0.0, 5.0}, 2.0, 1.0));
    BodyDef tri;
    tri.position = {4.0, 5.0};
    ShapeDef ts;
    ts.geometry = *factory::triangle(1.0, 2.0, 1.1);
    tri.shapes.push_back(ts);
    const BodyId triangle = *hx.world.createBody(tri);
    const BodyId disc = *hx.world.createBody(ballDef({8.0, 5.0}, 0.7));
    hx.capture();
    hx.step();
    for (const BodyId id : {box, triangle, disc}) {
        const MassData md = hx.world.massData(id);
        const VerletRange r = hx.solver.bodyParticles(id.index);
        double m = 0.0;
        Vec2 first;
        double second = 0.0;
        for (int k = r.first; k < r.first + r.count; ++k) {
            const VerletParticle& p = hx.solver.particles()[static_cast<std::size_t>(k)];
            m += p.mass;
            first += p.mass * p.localPoint;
            second += p.mass * lengthSquared(p.localPoint);
        }
        QVERIFY(std::abs(m - md.mass) <= 1e-12 * md.mass);
        QVERIFY(length(first) <= 1e-12 * md.mass);
        QVERIFY2(std::abs(second - md.inertia) <= 1e-9 * md.inertia,
                 qPrintable(QString("%1 vs %2").arg(second).arg(md.inertia)));
    }
}

void TestVerlet::ballRollsWithoutSlipping() {
    // A disc sliding at v0 = 3 m/s with no spin on flat ground (mu = 0.3): Coulomb friction brings it to
    // rolling, after which v = -w r and v = v0 / (1 + I / (m r^2)) = 2 v0 / 3 = 2 m/s (angular momentum about
    // the contact point is conserved). Friction is applied on the rim point of the rigid particle cluster.
    // After 3 s: |v - 2| <= 0.02 m/s and |v + w r| <= 0.02 m/s (the rolling contact point changes particle
    // every step).
    World world(verletSettings());
    addGround(world);
    BodyDef def = ballDef({0.0, 0.5}, 0.5);
    def.linearVelocity = {3.0, 0.0};
    def.shapes[0].friction = 0.3;
    const BodyId ball = *world.createBody(def);
    QVERIFY(stepChecked(world, 180));
    const double v = world.linearVelocity(ball).x;
    const double w = world.angularVelocity(ball);
    QVERIFY2(std::abs(v - 2.0) <= 0.02, qPrintable(QString::number(v)));
    QVERIFY(std::abs(v + w * 0.5) <= 0.02);
}

void TestVerlet::restitutionBounces() {
    // A ball (e = 0.5) dropped from 2 m (centre; falls 1.5 m, hits at about 5.4 m/s) onto a ground with e =
    // 0. Position Verlet alone is perfectly inelastic; the restitution pass sets the rebound speed to e times
    // the approach speed measured at the start of the impact step, so the apex of the first bounce is about
    // e^2 * 1.5 m = 0.375 m above the contact height. The impact step's sampling (the ball is caught up to
    // one step, 9 cm, early or late) and gravity during that step allow +-15%.
    World world(verletSettings());
    addGround(world);
    BodyDef def = ballDef({0.0, 2.0}, 0.5);
    def.shapes[0].restitution = 0.5;
    const BodyId ball = *world.createBody(def);
    bool hit = false;
    double apex = 0.0;
    for (int i = 0; i < 180; ++i) {
        QVERIFY(stepChecked(world, 1));
        const double vy = world.linearVelocity(ball).y;
        if (!hit && vy > 0.0) {
            hit = true;
        }
        if (hit) {
            apex = std::max(apex, world.worldCenter(ball).y - 0.5);
            if (vy < 0.0) {
                break;
            }
        }
    }
    QVERIFY(hit);
    QVERIFY2(std::abs(apex - 0.375) <= 0.15 * 0.375, qPrintable(QString::number(apex)));
}

void TestVerlet::solverSwitchRoundTrip() {
    // impulse (1 s) -> Verlet (2 s) -> impulse (2 s) on a scene with a resting 3-box stack, a resting ball
    // and a spinning box in free flight high above (it never touches anything).
    // - Free flyer: both solvers produce the closed-form centre x_n = x_0 + n v_0 h + g h^2 n (n + 1) / 2
    // (1e-9)
    //   and keep w (1e-9). The angle differs only by the impulse solver's rotation update (it turns by
    //   atan(w h) per step, Verlet by w h): <= n_impulse (w h)^3 / 3 + 1e-9.
    // - Resting bodies: after the round trip every one is within 5 mm and 0.01 rad of where it started and
    //   slower than 1 cm/s: a switch neither kicks nor drops them.
    WorldSettings impulse;
    World world(impulse);
    addGround(world);
    std::vector<BodyId> resting;
    std::vector<Vec2> starts;
    for (int i = 0; i < 3; ++i) {
        resting.push_back(*world.createBody(boxDef({0.0, 0.5 + i}, 1.0, 1.0)));
        starts.push_back({0.0, 0.5 + i});
    }
    resting.push_back(*world.createBody(ballDef({4.0, 0.5}, 0.5)));
    starts.push_back({4.0, 0.5});
    const Vec2 p0{-6.0, 200.0};
    const Vec2 v0{0.5, 30.0};
    const double w0 = 2.5;
    BodyDef flyer = boxDef(p0, 1.0, 0.5);
    flyer.linearVelocity = v0;
    flyer.angularVelocity = w0;
    const BodyId fly = *world.createBody(flyer);

    auto checkFlyer = [&](int n, int impulseSteps) {
        const double t = n * kDt;
        const int N = n * kSubsteps;
        const Vec2 expected{p0.x + v0.x * t, p0.y + v0.y * t - kG * kH * kH * N * (N + 1) / 2.0};
        const double wh = w0 * kH;
        const double angleTolerance = impulseSteps * kSubsteps * (wh * wh * wh / 3.0) + 1e-9;
        // Position Verlet's round-off at 200-250 m grows with the square of the substeps taken (measured
        // 1e-9 m after 107 Verlet steps of 4 substeps): the bound scales with kSubsteps^2.
        return distance(world.worldCenter(fly), expected) < 1e-9 * kSubsteps * kSubsteps &&
               std::abs(world.angularVelocity(fly) - w0) < 1e-9 &&
               std::abs(angleDifference(world.angle(fly), w0 * t)) <= angleTolerance;
    };

    int n = 0;
    int impulseSteps = 0;
    for (int i = 0; i < 60; ++i, ++n, ++impulseSteps) {
        QVERIFY(stepChecked(world, 1));
        QVERIFY(checkFlyer(n + 1, impulseSteps + 1));
    }
    WorldSettings verlet = world.settings();
    verlet.solver = SolverKind::Verlet;
    QVERIFY(!world.setSettings(verlet));
    for (int i = 0; i < 120; ++i, ++n) {
        QVERIFY(stepChecked(world, 1));
        QVERIFY2(checkFlyer(n + 1, impulseSteps), qPrintable(QString("verlet step %1").arg(i)));
    }
    QVERIFY(!world.setSettings(impulse));
    for (int i = 0; i < 120; ++i, ++n, ++impulseSteps) {
        QVERIFY(stepChecked(world, 1));
        QVERIFY(checkFlyer(n + 1, impulseSteps + 1));
    }
    for (std::size_t i = 0; i < resting.size(); ++i) {
        QVERIFY2(
            distance(world.worldCenter(resting[i]), starts[i]) <= 0.005,
            qPrintable(
                QString("body %1 moved %2").arg(i).arg(distance(world.worldCenter(resting[i]), starts[i]))));
        QVERIFY(std::abs(angleDifference(world.angle(resting[i]), 0.0)) <= 0.01 ||
                i + 1 == resting.size()); // the ball may turn
        QVERIFY(length(world.linearVelocity(resting[i])) <= 0.01);
    }
}

void TestVerlet::noAllocationInSteadyState() {
    // After the first steps (layout, contact list growth), a Verlet step allocates nothing: a stack and a
    // ball resting, a box falling, 120 steps counted through the global operator new.
    Harness hx(VerletResponse::Rigid);
    addGround(hx.world);
    for (int i = 0; i < 4; ++i) {
        hx.world.createBody(boxDef({0.0, 0.5 + i}, 1.0, 1.0));
    }
    hx.world.createBody(ballDef({3.0, 0.5}, 0.5));
    hx.world.createBody(boxDef({-3.0, 5.0}, 1.0, 1.0, BodyType::Dynamic, 0.3));
    hx.capture();
    for (int i = 0; i < 5; ++i) {
        hx.step();
    }
    const long before = g_allocations.load();
    for (int i = 0; i < 120; ++i) {
        hx.step();
    }
    QCOMPARE(g_allocations.load() - before, 0L);
}

QTEST_GUILESS_MAIN(TestVerlet)
#include "tst_verlet.moc"
