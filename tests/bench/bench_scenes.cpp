/// @file bench_scenes.cpp
/// The benchmark scenes (engine-neutral). Layouts follow the classic Box2D benchmark scenes (pyramid, rain,
/// many pyramids); the numbers (sizes, gaps, counts) are ours.

#include "bench_scenes.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>

namespace cl::bench {

namespace {

/// Horizontal gap between neighbouring boxes of a pyramid row, metres. A gap (instead of touching sides)
/// means each box rests on the two below it only, as in Box2D's pyramid sample.
constexpr double kPyramidGap = 0.125;
constexpr double kBoxSize = 1.0; ///< metres

BodySpec staticBox(double x, double y, double halfWidth, double halfHeight) {
    BodySpec body;
    body.isStatic = true;
    body.shape = ShapeKind::Box;
    body.x = x;
    body.y = y;
    body.halfWidth = halfWidth;
    body.halfHeight = halfHeight;
    return body;
}

/// Appends a pyramid whose bottom row is centred on x = centerX and rests on the line y = groundY.
/// Row i (0 = bottom) has base - i boxes, centres at y = groundY + (i + 1/2) * size: rows touch exactly, so
/// nothing falls at the start (a gap under each row makes the upper rows land on the ones below at several
/// m/s: measured with 0.025 m per row, that knocked the 40- and 100-row pyramids down in every engine).
void addPyramid(std::vector<BodySpec>& bodies, int base, double centerX, double groundY) {
    const double pitch = kBoxSize + kPyramidGap;
    for (int row = 0; row < base; ++row) {
        const int count = base - row;
        const double firstX = centerX - 0.5 * (count - 1) * pitch;
        for (int k = 0; k < count; ++k) {
            BodySpec box;
            box.shape = ShapeKind::Box;
            box.x = firstX + k * pitch;
            box.y = groundY + (row + 0.5) * kBoxSize;
            box.halfWidth = 0.5 * kBoxSize;
            box.halfHeight = 0.5 * kBoxSize;
            bodies.push_back(box);
        }
    }
}

} // namespace

int SceneSpec::dynamicCount() const {
    return static_cast<int>(std::count_if(bodies.begin(), bodies.end(),
                                          [](const BodySpec& b) { return !b.isStatic && !b.isKinematic; }));
}

SceneSpec makePyramid(int base) {
    SceneSpec scene;
    scene.name = "pyramid" + std::to_string(base);
    scene.description = "pyramid, base " + std::to_string(base) + " boxes of 1 m (" +
                        std::to_string(base * (base + 1) / 2) +
                        " boxes), 0.125 m apart in a row, rows touching, on a static ground";
    const double halfGround = 0.5 * base * (kBoxSize + kPyramidGap) + 20.0;
    scene.bodies.push_back(staticBox(0.0, -0.5, halfGround, 0.5)); // top face at y = 0
    addPyramid(scene.bodies, base, 0.0, 0.0);
    scene.measureStability = true;
    scene.defaultSteps = 600; // 10 s: the stability window needs t = 10 s
    scene.quickSteps = 600;   // still 10 s, so even a smoke run measures stability (pyramids are cheap)
    return scene;
}

SceneSpec makeRain() {
    // Container: floor top at y = 0, inner walls at x = -20 and x = 20, 70 m high.
    // Bodies: 40 rows x 25 columns, pitch 1.5 m, from y = 5 m up to 63.5 m, x jittered by +-0.2 m; each is a
    // circle or a box (random angle) with equal odds. Seeded, so every engine and run gets the same bodies.
    constexpr int kColumns = 25;
    constexpr int kRows = 40;
    constexpr double kPitch = 1.5;
    SceneSpec scene;
    scene.name = "rain";
    scene.description = "rain: 1000 circles (r 0.5 m) and boxes (1 m) falling into a 40 m wide container";
    scene.bodies.push_back(staticBox(0.0, -0.5, 21.0, 0.5)); // floor
    scene.bodies.push_back(staticBox(-20.5, 35.0, 0.5, 35.0));
    scene.bodies.push_back(staticBox(20.5, 35.0, 0.5, 35.0));
    std::mt19937_64 rng(20240404);
    std::uniform_real_distribution<double> jitter(-0.2, 0.2);
    std::uniform_real_distribution<double> angle(-std::numbers::pi, std::numbers::pi);
    std::bernoulli_distribution isCircle(0.5);
    for (int row = 0; row < kRows; ++row) {
        for (int col = 0; col < kColumns; ++col) {
            BodySpec body;
            body.x = -0.5 * (kColumns - 1) * kPitch + col * kPitch + jitter(rng);
            body.y = 5.0 + row * kPitch;
            if (isCircle(rng)) {
                body.shape = ShapeKind::Circle;
                body.radius = 0.5;
            } else {
                body.shape = ShapeKind::Box;
                body.halfWidth = 0.5;
                body.halfHeight = 0.5;
                body.angle = angle(rng);
            }
            scene.bodies.push_back(body);
        }
    }
    scene.defaultSteps = 600; // 10 s: everything has landed and mostly settled
    scene.quickSteps = 60;
    return scene;
}

SceneSpec makeManyPyramids() {
    // 20 rows of ground, 12 m apart; on each, 20 pyramids of base 10 (11.125 m wide), 13 m apart.
    constexpr int kRows = 20;
    constexpr int kColumns = 20;
    constexpr int kBase = 10;
    constexpr double kColumnPitch = 13.0;
    constexpr double kRowPitch = 12.0;
    SceneSpec scene;
    scene.name = "manypyramids";
    scene.description = "many pyramids: 20 x 20 pyramids of base 10 (22000 boxes, laid out as above), one "
                        "static ground per row";
    const double halfWidth = 0.5 * kColumns * kColumnPitch;
    const double centerX = 0.5 * (kColumns - 1) * kColumnPitch;
    for (int row = 0; row < kRows; ++row) {
        const double groundY = row * kRowPitch;
        scene.bodies.push_back(staticBox(centerX, groundY - 0.5, halfWidth, 0.5));
        for (int col = 0; col < kColumns; ++col) {
            addPyramid(scene.bodies, kBase, col * kColumnPitch, groundY);
        }
    }
    scene.measureStability = true;
    scene.defaultSteps = 600;
    scene.quickSteps = 60;
    return scene;
}

SceneSpec makeTumbler() {
    // Box2D v3 shared/benchmarks.c CreateTumbler, from its parameters: a drum of four walls (0.5 x 10 m half
    // extents at +-10 m) centred at (0, 10) turning at 25 deg/s, and a 45 x 45 grid of boxes of half extent
    // 0.125 m, 0.4 m apart, from (-9, 1) inside it. v3 turns a dynamic drum of density 50 with a motor joint;
    // ContactLab has no joints, so the drum here is kinematic at the motor's speed (v3's "washer" variant),
    // in every engine alike.
    constexpr int kGrid = 45;
    constexpr double kPitch = 0.4;
    SceneSpec scene;
    scene.name = "tumbler";
    scene.description =
        "tumbler (Box2D v3): 2025 boxes of 0.25 m in a 20 m drum turning at 25 deg/s (kinematic)";
    BodySpec drum;
    drum.isKinematic = true;
    drum.x = 0.0;
    drum.y = 10.0;
    drum.omega = 25.0 * std::numbers::pi / 180.0;
    drum.parts = {
        {10.0, 0.0, 0.5, 10.0}, {-10.0, 0.0, 0.5, 10.0}, {0.0, 10.0, 10.0, 0.5}, {0.0, -10.0, 10.0, 0.5}};
    scene.bodies.push_back(drum);
    double y = -0.2 * kGrid + 10.0;
    for (int i = 0; i < kGrid; ++i) {
        double x = -0.2 * kGrid;
        for (int j = 0; j < kGrid; ++j) {
            BodySpec box;
            box.x = x;
            box.y = y;
            box.halfWidth = 0.125;
            box.halfHeight = 0.125;
            scene.bodies.push_back(box);
            x += kPitch;
        }
        y += kPitch;
    }
    scene.defaultSteps = 600;
    scene.quickSteps = 60;
    return scene;
}

SceneSpec makeSmash() {
    // Box2D v3 shared/benchmarks.c CreateSmash, from its parameters: no gravity; a box of half extent 4 m,
    // density 8, at (-20, 0) moving at 40 m/s along x, into 120 columns x 80 rows of squares of 0.4 m side,
    // touching, from x = 30 m, centred on y = 0. (v3 creates the squares asleep; the benchmark runs every
    // engine with sleep off, so here they start awake and at rest.)
    constexpr int kColumns = 120;
    constexpr int kRows = 80;
    constexpr double kSide = 0.4;
    SceneSpec scene;
    scene.name = "smash";
    scene.description =
        "smash (Box2D v3): no gravity, an 8 m box (density 8) at 40 m/s into 9600 squares of 0.4 m";
    scene.gravity = 0.0;
    BodySpec ram;
    ram.x = -20.0;
    ram.y = 0.0;
    ram.halfWidth = 4.0;
    ram.halfHeight = 4.0;
    ram.density = 8.0;
    ram.vx = 40.0;
    scene.bodies.push_back(ram);
    for (int i = 0; i < kColumns; ++i) {
        for (int j = 0; j < kRows; ++j) {
            BodySpec box;
            box.x = i * kSide + 30.0;
            box.y = (j - kRows / 2.0) * kSide;
            box.halfWidth = 0.5 * kSide;
            box.halfHeight = 0.5 * kSide;
            scene.bodies.push_back(box);
        }
    }
    scene.defaultSteps = 600;
    scene.quickSteps = 60;
    return scene;
}

std::vector<std::string> sceneNames() {
    return {"pyramid20", "pyramid40", "pyramid100", "rain", "manypyramids", "tumbler", "smash"};
}

SceneSpec makeScene(const std::string& name, bool& ok) {
    ok = true;
    if (name == "pyramid20") {
        return makePyramid(20);
    }
    if (name == "pyramid40") {
        return makePyramid(40);
    }
    if (name == "pyramid100") {
        return makePyramid(100);
    }
    if (name == "rain") {
        return makeRain();
    }
    if (name == "manypyramids") {
        return makeManyPyramids();
    }
    if (name == "tumbler") {
        return makeTumbler();
    }
    if (name == "smash") {
        return makeSmash();
    }
    ok = false;
    return {};
}

} // namespace cl::bench
