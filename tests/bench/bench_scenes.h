#pragma once
/// @file bench_scenes.h
/// Engine-neutral benchmark scenes: a list of single-shape bodies (boxes and circles) that each engine
/// adapter builds in its own API, so ContactLab, Box2D and Chipmunk simulate exactly the same bodies. Units:
/// SI (metres, radians); positions are body centres in the world frame, y up, gravity -9.81 m/s^2 along y.

#include <string>
#include <vector>

namespace cl::bench {

/// Settings every engine is matched to (see each adapter for how its API expresses them).
inline constexpr double kTimeStep = 1.0 / 60.0; ///< seconds
inline constexpr double kGravity = -9.81;       ///< m/s^2, along y
inline constexpr double kDensity = 1.0;         ///< kg/m^2
inline constexpr double kMixedFriction =
    0.6; ///< Coulomb coefficient of every contact after the engine's mixing
inline constexpr double kRestitution = 0.0;
/// Stability window for the pyramids: the largest box displacement between these two times.
inline constexpr double kStabilityFrom = 1.0; ///< seconds
inline constexpr double kStabilityTo = 10.0;  ///< seconds
/// A box counts as "moved" when its centre moved farther than this in the stability window.
inline constexpr double kMovedThreshold = 0.5; ///< metres (half a box)

enum class ShapeKind { Box, Circle };

/// A box offset from its body's origin (for bodies of several boxes: the tumbler's drum).
struct BoxPart {
    double x = 0.0;          ///< centre in the body frame, metres
    double y = 0.0;          ///< centre in the body frame, metres
    double halfWidth = 0.5;  ///< metres
    double halfHeight = 0.5; ///< metres
};

/// One rigid body with one shape centred on the body origin (which is also its centre of mass), or with the
/// boxes of `parts` (placed symmetrically about the origin, so that it stays the centre of mass).
struct BodySpec {
    bool isStatic = false;
    bool isKinematic = false; ///< moves at its velocities, unmoved by contacts
    double vx = 0.0;          ///< initial velocity, m/s
    double vy = 0.0;          ///< initial velocity, m/s
    double omega = 0.0;       ///< initial angular velocity, rad/s, counter-clockwise
    double density = kDensity;
    std::vector<BoxPart> parts; ///< if not empty: these boxes instead of `shape`
    ShapeKind shape = ShapeKind::Box;
    double x = 0.0;          ///< centre, world frame, metres
    double y = 0.0;          ///< centre, world frame, metres
    double angle = 0.0;      ///< radians, counter-clockwise
    double halfWidth = 0.5;  ///< box only, metres
    double halfHeight = 0.5; ///< box only, metres
    double radius = 0.5;     ///< circle only, metres
};

struct SceneSpec {
    std::string name;        ///< command-line name, e.g. "pyramid20"
    std::string description; ///< one line for the output
    std::vector<BodySpec> bodies;
    double gravity = kGravity;     ///< m/s^2 along y
    bool measureStability = false; ///< a pyramid scene: report the displacement between 1 s and 10 s
    int defaultSteps = 600;        ///< steps per run unless --steps says otherwise
    int quickSteps = 60;           ///< steps per run with --quick

    int dynamicCount() const;
};

/// Pyramid of `base` boxes of 1 m on its bottom row, `base - 1` on the next..., standing on a static ground
/// box.
SceneSpec makePyramid(int base);
/// 1000 circles (radius 0.5 m) and boxes (1 m, random angle) in a seeded jittered grid, falling into a static
/// container 40 m wide.
SceneSpec makeRain();
/// 20 rows x 20 columns of pyramids of base 10; each row stands on its own static ground box.
SceneSpec makeManyPyramids();
/// Box2D v3's "tumbler" benchmark: 2025 boxes of 0.25 m in a 20 m drum turning at 25 deg/s.
SceneSpec makeTumbler();
/// Box2D v3's "smash" benchmark: without gravity, an 8 m box at 40 m/s into a block of 9600 boxes of 0.4 m.
SceneSpec makeSmash();

/// The names makeScene() accepts, in the default run order.
std::vector<std::string> sceneNames();
/// The scene of that name; `ok` false if the name is unknown.
SceneSpec makeScene(const std::string& name, bool& ok);

} // namespace cl::bench
