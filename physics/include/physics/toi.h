#pragma once
/// @file toi.h
/// Time of impact of two convex shapes moving over one step, by conservative advancement with a
/// separating-axis root finder (Catto, "Continuous Collision", GDC 2013; the scheme of Box2D's
/// b2TimeOfImpact): at the current time t1, GJK gives the closest features; they define a separating axis
/// whose separation s(t) is followed forwards, the deepest point along that axis at t2 is found, and the root
/// of s(t) = target between t1 and t2 is bracketed (alternating secant and bisection steps). The shapes are
/// then advanced to that time and the loop repeats until they are within the target distance, or never get
/// there in the step.
///
/// The target separation is a linear slop between the surfaces: the shapes stop just short of touching, so
/// the speculative contact of the next step takes over and meets them at the surface with the velocity they
/// had. (Box2D lets rounded shapes stop a slop inside their radii, where its contacts rest; a bounce measured
/// from there starts a slop low, which is 100% of a 5 mm rebound, so ContactLab stops every shape outside.)
///
/// Like SAT and GJK, it writes an optional trace (null in simulation).

#include "physics/distance.h"

#include <limits>
#include <vector>

namespace phys {

/// Box2D's linear slop (metres): the collision tolerance the time of impact aims at.
inline constexpr double kLinearSlop = 0.005;

/// The motion of a body over a step: the centre of mass moves on a line and the body turns at a constant rate
/// (Box2D's b2Sweep), so the pose at fraction t in [0, 1] is
///   c(t) = c1 + t (c2 - c1),  angle(t) = angle1 + t deltaAngle,  origin(t) = c(t) - R(angle(t)) localCenter.
struct Sweep {
    Vec2 localCenter;        ///< centre of mass, body frame
    Vec2 c1;                 ///< centre at the start, world frame
    Vec2 c2;                 ///< centre at the end
    Rot q1;                  ///< rotation at the start
    double deltaAngle = 0.0; ///< rotation over the step, radians (counter-clockwise)
};

/// A sweep that does not move (static body, or a body seen at one pose).
Sweep fixedSweep(const Transform& xf, Vec2 localCenter);
/// The sweep between two poses of a body with centre of mass `localCenter` (body frame); the rotation is
/// taken the short way round (|deltaAngle| <= pi).
Sweep makeSweep(Vec2 localCenter, Vec2 c1, Rot q1, Vec2 c2, Rot q2);
/// The body-origin pose at fraction t of the sweep.
Transform sweepTransform(const Sweep& sweep, double t);

enum class ToiState {
    Separated,  ///< the shapes stay farther apart than the target during the whole sweep
    Hit,        ///< they reach the target separation at `fraction`
    Overlapped, ///< the cores already overlap at the start (nothing to find by advancement)
    Failed,     ///< the root finder did not converge (round-off); `fraction` is the last safe time
};

/// One root-finder step: the time tried and the separation along the axis there.
struct ToiRootStep {
    double t = 0.0;
    double separation = 0.0;
};

/// How the separating axis of an iteration is defined (from GJK's closest features, Box2D's
/// b2SeparationFunction): two points, or a face of A or B and a point of the other.
enum class ToiAxisKind { Points, FaceA, FaceB };

/// One pass of conservative advancement.
struct ToiIteration {
    double t1 = 0.0;       ///< time advanced to (fraction of the step)
    double distance = 0.0; ///< core distance at t1 (GJK), metres
    Vec2 pointA;           ///< GJK witness points at t1, world frame
    Vec2 pointB;
    ToiAxisKind axisKind = ToiAxisKind::Points;
    Vec2 axis; ///< separating axis at t1, world frame (unit, from A to B)
    /// Each push-back: the deepest points along the axis at the end time t2 and the root search between t1
    /// and t2 (empty when the axis separates the shapes at t2 already).
    struct PushBack {
        double t2 = 0.0;
        double separationAtT2 = 0.0;
        /// The separation of those same points at t1 (set when s(t2) is below the target band: the root
        /// search is bracketed by [t1, t2]); NaN otherwise.
        double separationAtT1 = std::numeric_limits<double>::quiet_NaN();
        int indexA = -1; ///< deepest point on A along the axis at t2 (-1 for a face of A)
        int indexB = -1;
        std::vector<ToiRootStep> root;
    };
    std::vector<PushBack> pushBacks;
};

/// Which search the sweep used (timeOfImpact picks it from how far the turning moves the surfaces).
enum class ToiMethod {
    AxisSearch, ///< conservative advancement along separating axes with a root finder (Catto 2013)
    Bounded,    ///< bounded conservative advancement (Mirtich 1996): only `distance` and `t1` per pass
};

struct ToiTrace {
    ToiMethod method = ToiMethod::AxisSearch;
    double target = 0.0;    ///< target core separation, metres
    double tolerance = 0.0; ///< accepted error around the target, metres
    /// How far the turning of both sweeps can move a surface point over [0, 1] (sum of |deltaAngle| times
    /// each proxy's reach from its centre of rotation), metres; the axis search is used when it is at most
    /// kLinearSlop over [0, tMax].
    double turning = 0.0;
    /// Bounded only: the largest speed of any surface point relative to the other shape, metres per unit
    /// of the sweep's time (each pass advances t by (distance - target) / bound).
    double bound = 0.0;
    std::vector<ToiIteration> iterations;
};

struct ToiOutput {
    ToiState state = ToiState::Separated;
    double fraction = 1.0; ///< in [0, tMax]: the time of impact (Hit), tMax (Separated) or the last safe time
    int iterations = 0;    ///< advancement passes
    int rootIterations = 0; ///< root-finder steps over all passes
};

/// Time of impact of two swept shapes.
/// @param tMax only search [0, tMax] (a fraction of the step; 1 for the whole step)
/// @param trace optional: every advancement pass and root-finder step (null in simulation)
ToiOutput timeOfImpact(const DistanceProxy& a, const Sweep& sweepA, const DistanceProxy& b,
                       const Sweep& sweepB, double tMax = 1.0, ToiTrace* trace = nullptr);

const char* toString(ToiState state);

} // namespace phys
