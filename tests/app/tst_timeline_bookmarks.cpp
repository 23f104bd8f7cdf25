/// @file tst_timeline_bookmarks.cpp
/// The bookmark finder (app/gui/timeline_bookmarks.h) on scripted runs of the engine with default settings
/// (60 Hz, 8 substeps, continuous on), each bookmark checked against a closed form or the engine's own
/// state: a ball dropped on the ground (first contact at the step free fall crosses the ground), a ball
/// thrown out of the world (escape at the step its centre crosses kEscapeBound), a velocity set between
/// steps (energy rose by 1/2 m v^2), a ball coming to rest with sleep on (fell asleep when the World says so).

#include "sim_worker.h"
#include "simulation_history.h"
#include "timeline_bookmarks.h"

#include "physics/world.h"

#include <QTest>

#include <cmath>
#include <vector>

using namespace cl;

namespace {

constexpr double kPi = 3.14159265358979323846;

phys::ShapeDef boxShape(double halfWidth, double halfHeight) {
    const phys::Vec2 points[] = {{-halfWidth, -halfHeight},
                                 {halfWidth, -halfHeight},
                                 {halfWidth, halfHeight},
                                 {-halfWidth, halfHeight}};
    phys::ShapeDef box;
    box.geometry = phys::Polygon::make(points).value();
    return box;
}

phys::BodyDef groundDef() {
    phys::BodyDef ground;
    ground.type = phys::BodyType::Static;
    ground.position = {0.0, -0.5}; // top surface at y = 0
    ground.shapes.push_back(boxShape(10.0, 0.5));
    return ground;
}

phys::BodyDef ballDef(phys::Vec2 position, phys::Vec2 velocity = {}) {
    phys::BodyDef ball;
    ball.type = phys::BodyType::Dynamic;
    ball.position = position;
    ball.linearVelocity = velocity;
    phys::ShapeDef circle; // the default: a circle of radius 0.5 at the origin, density 1
    ball.shapes.push_back(circle);
    return ball;
}

/// Steps `world` `steps` times, feeding the finder every frame (step 0 first), and keeps the frames.
std::vector<SimFrame> run(phys::World& world, BookmarkFinder& finder, int steps) {
    std::vector<SimFrame> frames(static_cast<std::size_t>(steps) + 1);
    recordSimFrame(world, frames[0]);
    finder.add(frames[0]);
    for (int i = 1; i <= steps; ++i) {
        world.step();
        recordSimFrame(world, frames[static_cast<std::size_t>(i)]);
        finder.add(frames[static_cast<std::size_t>(i)]);
    }
    return frames;
}

const Bookmark* findKind(const std::vector<Bookmark>& marks, BookmarkKind kind) {
    for (const Bookmark& b : marks) {
        if (b.kind == kind) {
            return &b;
        }
    }
    return nullptr;
}

} // namespace

class TestTimelineBookmarks : public QObject {
    Q_OBJECT

private slots:
    void ballDropFirstContact();
    void deepestPenetrationIsTheDeepestPoint();
    void thrownOutOfTheWorldEscapes();
    void velocitySetBetweenStepsRaisesEnergy();
    void restingBallFallsAsleep();
    void branchRestartsTheScan();
    void energyThreshold();
};

void TestTimelineBookmarks::ballDropFirstContact() {
    // Gap h = 1 m between the ball and the ground. Semi-implicit Euler over substeps of dts = dt / S drops the
    // ball g dts^2 k (k + 1) / 2 after k substeps (free fall). The first step whose solve pushes is the step
    // n1 whose free fall would cross the ground: at its start the gap is 2.1 mm, inside the speculative
    // margin (kSpeculativeDistance, 2 cm), so its manifold holds the point and the solve stops the approach.
    const double h = 1.0;
    phys::World world;
    const double g = -world.settings().gravity.y;
    // Automatic substeps: a ball that touches nothing runs the most (on the ground, the least).
    const int substeps = phys::substepRange(world.settings()).second;
    const double dts = world.settings().timeStep / substeps;
    auto drop = [&](std::int64_t steps) {
        const double k = static_cast<double>(steps * substeps);
        return g * dts * dts * k * (k + 1.0) / 2.0;
    };
    std::int64_t n1 = 1;
    while (!(drop(n1) > h)) {
        ++n1;
    }
    QVERIFY(h - drop(n1 - 1) < phys::kSpeculativeDistance);
    QVERIFY(world.createBody(groundDef()).ok());
    QVERIFY(world.createBody(ballDef({0.0, 0.5 + h})).ok());
    BookmarkFinder finder;
    const std::vector<SimFrame> frames = run(world, finder, 60);
    const std::vector<Bookmark> marks = finder.bookmarks();
    const Bookmark* first = findKind(marks, BookmarkKind::FirstContact);
    QVERIFY(first != nullptr);
    QCOMPARE(first->step, n1);
    QVERIFY((first->body == 0 && first->other == 1) || (first->body == 1 && first->other == 0));
    // No earlier frame has a pushing point.
    for (std::int64_t s = 0; s < first->step; ++s) {
        for (const SimContactPoint& p : frames[static_cast<std::size_t>(s)].points) {
            QVERIFY(!(p.normalImpulse > 0.0));
        }
    }
    // Nothing escaped or rose, and no body slept (sleep is off by default).
    QVERIFY(findKind(marks, BookmarkKind::Escaped) == nullptr);
    QVERIFY(findKind(marks, BookmarkKind::FellAsleep) == nullptr);
    QVERIFY(findKind(marks, BookmarkKind::EnergyRose) == nullptr);
}

void TestTimelineBookmarks::deepestPenetrationIsTheDeepestPoint() {
    // A box dropped from 3 m: the deepest point of the run (an oracle scan of every frame) is the bookmark.
    phys::World world;
    QVERIFY(world.createBody(groundDef()).ok());
    phys::BodyDef box = ballDef({0.0, 3.5});
    box.shapes[0] = boxShape(0.5, 0.5);
    box.angle = 0.3;
    QVERIFY(world.createBody(box).ok());
    BookmarkFinder finder;
    const std::vector<SimFrame> frames = run(world, finder, 180);
    double deepest = 0.0;
    std::int64_t at = -1;
    for (const SimFrame& f : frames) {
        for (const SimContactPoint& p : f.points) {
            if (p.depth > deepest) {
                deepest = p.depth;
                at = f.step;
            }
        }
    }
    QVERIFY2(at > 0, "the box should sink into the ground a little (soft contact)");
    const std::vector<Bookmark> marks = finder.bookmarks();
    const Bookmark* mark = findKind(marks, BookmarkKind::DeepestPenetration);
    QVERIFY(mark != nullptr);
    QCOMPARE(mark->step, at);
    QCOMPARE(mark->value, deepest);
}

void TestTimelineBookmarks::thrownOutOfTheWorldEscapes() {
    // No gravity, 60 m/s along x from 2.5 m inside the bound: 1 m a step, so the centre is at
    // kEscapeBound - 0.5 after step 2 and kEscapeBound + 0.5 after step 3 (all exact in binary).
    phys::WorldSettings settings;
    settings.gravity = {0.0, 0.0};
    phys::World world(settings);
    QVERIFY(world.createBody(ballDef({phys::kEscapeBound - 2.5, 0.0}, {60.0, 0.0})).ok());
    BookmarkFinder finder;
    const std::vector<SimFrame> frames = run(world, finder, 6);
    QVERIFY(frames[2].bodies[0].enabled);
    const std::vector<Bookmark> marks = finder.bookmarks();
    const Bookmark* mark = findKind(marks, BookmarkKind::Escaped);
    QVERIFY(mark != nullptr);
    QCOMPARE(mark->step, std::int64_t{3});
    QCOMPARE(mark->body, 0);
    QCOMPARE(mark->bodies, 1);
}

void TestTimelineBookmarks::velocitySetBetweenStepsRaisesEnergy() {
    // A ball at rest without gravity; after step 10 it is given 2 m/s: frame 11 has 1/2 m v^2 more
    // kinetic energy (m = pi r^2 at the default density 1).
    phys::WorldSettings settings;
    settings.gravity = {0.0, 0.0};
    phys::World world(settings);
    const auto id = world.createBody(ballDef({0.0, 0.0}));
    QVERIFY(id.ok());
    BookmarkFinder finder;
    SimFrame frame;
    recordSimFrame(world, frame);
    finder.add(frame);
    for (int i = 1; i <= 20; ++i) {
        if (i == 11) {
            world.setLinearVelocity(*id, {2.0, 0.0});
        }
        world.step();
        recordSimFrame(world, frame);
        finder.add(frame);
    }
    const std::vector<Bookmark> marks = finder.bookmarks();
    QCOMPARE(marks.size(), std::size_t{1});
    QCOMPARE(marks[0].kind, BookmarkKind::EnergyRose);
    QCOMPARE(marks[0].step, std::int64_t{11});
    const double m = kPi * 0.25;
    QVERIFY(std::abs(marks[0].value - 0.5 * m * 4.0) < 1e-12);
}

void TestTimelineBookmarks::restingBallFallsAsleep() {
    phys::WorldSettings settings;
    settings.sleep = true;
    phys::World world(settings);
    QVERIFY(world.createBody(groundDef()).ok());
    const auto ball = world.createBody(ballDef({0.0, 0.5}));
    QVERIFY(ball.ok());
    BookmarkFinder finder;
    const std::vector<SimFrame> frames = run(world, finder, 240);
    std::int64_t asleepAt = -1;
    for (const SimFrame& f : frames) {
        if (!f.bodies[1].awake) {
            asleepAt = f.step;
            break;
        }
    }
    QVERIFY2(asleepAt > 0, "a ball resting on the ground should fall asleep within 4 s");
    const std::vector<Bookmark> marks = finder.bookmarks();
    const Bookmark* mark = findKind(marks, BookmarkKind::FellAsleep);
    QVERIFY(mark != nullptr);
    QCOMPARE(mark->step, asleepAt);
    QCOMPARE(mark->body, 1);
}

void TestTimelineBookmarks::branchRestartsTheScan() {
    phys::World world;
    QVERIFY(world.createBody(groundDef()).ok());
    QVERIFY(world.createBody(ballDef({0.0, 1.5})).ok());
    BookmarkFinder finder;
    const std::vector<SimFrame> frames = run(world, finder, 60);
    QVERIFY(findKind(finder.bookmarks(), BookmarkKind::FirstContact) != nullptr);
    // Frames again from step 0 (a reset): the old bookmarks go.
    finder.add(frames[0]);
    QVERIFY(finder.bookmarks().empty());
    QCOMPARE(finder.lastStep(), std::int64_t{0});
}

void TestTimelineBookmarks::energyThreshold() {
    QCOMPARE(BookmarkFinder::energyThreshold(0.0), 1e-3);
    QCOMPARE(BookmarkFinder::energyThreshold(-500.0), 5.0);
}

QTEST_GUILESS_MAIN(TestTimelineBookmarks)
#include "tst_timeline_bookmarks.moc"
