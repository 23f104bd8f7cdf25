#pragma once
/// @file sat.h
/// The Separating Axis Theorem for the three shape pairs, with an optional trace of every axis tested.
///
/// Conventions (design.md section 2): the collision normal points from shape A to shape B; an overlap is
/// positive when the shadows overlap and negative when there is a gap (separation = -overlap). Everything in
/// the trace is in the world frame, metres.
///
/// The overlap on an axis is the two-sided one of the source's SAT chapter: min(maxA - minB, maxB - minA),
/// the shortest push of B along the axis (either way) that clears A's shadow. When neither shadow contains
/// the other it is the length they share, min(maxA, maxB) - max(minA, minB); when they are apart it is minus
/// the gap; when one contains the other it is the push-out (longer than the shared length).

#include "physics/shape.h"

#include <cstdint>

namespace phys {

/// Which shape an axis comes from.
enum class SatAxisOwner : std::uint8_t {
    A,      ///< an edge normal of polygon A
    B,      ///< an edge normal of polygon B
    Circle, ///< an axis made for a circle: the centre line (circle-circle) or closest vertex -> centre
};

/// Most axes one SAT call can test: every edge of two polygons, plus one circle axis.
inline constexpr int kMaxSatAxes = 2 * kMaxPolygonVertices + 1;

/// Near-tie rules, tolerance tol = kSatTieAbsolute + kSatTieRelative * max(|overlap1|, |overlap2|).
/// Between the best axis of A and the best axis of B (Box2D b2CollidePolygons style hysteresis): B's axis is
/// used only when its overlap is smaller than A's by more than tol, so a resting box keeps the same reference
/// face from frame to frame instead of flipping on round-off. An axis is "facing" when B leaves through the
/// owner's own face (owner A or Circle: maxA - minB <= maxB - minA; owner B: maxB - minA <= maxA - minB).
/// The least overlap is always reached on a facing axis (sat.cpp), and a non-facing axis can only equal it
/// (a parallel face on the far side), so a facing axis wins within tol of a non-facing one: in one polygon's
/// scan, in the polygon-circle choice, and for B against A. Metres / dimensionless.
inline constexpr double kSatTieAbsolute = 0.0005; // 0.1 * a linear slop of 5 mm
inline constexpr double kSatTieRelative = 1.0e-3;

/// One axis as tested, world frame.
struct SatAxis {
    SatAxisOwner owner = SatAxisOwner::A;
    int edge = -1; ///< edge index in its owner polygon (vertex edge -> edge + 1); -1 for a circle axis,
                   ///< or for the polygon-circle axis the index of the closest polygon vertex
    /// Unit axis. Owner A and Circle: the direction from A to B (A's outward edge normal). Owner B: B's
    /// outward edge normal, which points from B towards A.
    Vec2 normal;
    double minA = 0.0, maxA = 0.0; ///< shadow of A on `normal`, metres
    double minB = 0.0, maxB = 0.0; ///< shadow of B on `normal`, metres
    /// Signed overlap of the shadows, metres: min(maxA - minB, maxB - minA) (see the file comment).
    /// Negative = gap. This is the engine's own number (computed in a local frame), so it may differ from
    /// the shadows above by round-off only.
    double overlap = 0.0;
    bool separating = false; ///< overlap < 0
    /// True when `overlap` is the push out through the owner's own face (no longer than the push the back
    /// way): the face looks at the other shape. Among near ties the engine prefers such an axis.
    bool facing = true;
};

/// What a traced SAT call saw. Pass one to the sat* functions (or through CollideTrace) to fill it.
struct SatTrace {
    /// Option (input): test every axis even after a separating one was found (the untraced call stops at
    /// the first axis with overlap < -speculativeDistance). The result is the same either way.
    bool testAllAxes = true;

    SatAxis axes[kMaxSatAxes]; ///< in test order: A's edges, then B's edges (or the circle axis last)
    int axisCount = 0;
    int bestAxisA = -1;  ///< index into axes of the least overlap among A-owned axes (-1 if none)
    int bestAxisB = -1;  ///< index into axes of the least overlap among B-owned axes (-1 if none)
    int circleAxis = -1; ///< index into axes of the circle axis (-1 if none)
    /// Index into axes of the chosen axis: the MTV, or when separated the first separating axis found.
    int mtvAxis = -1;
    bool nearTieKeptA =
        false; ///< B's axis had the smaller overlap but within the tie tolerance, so A's was kept
    bool separated = false;
    /// Unit, from A to B: the chosen axis's normal, or its negation when maxA - minB > maxB - minA on it.
    Vec2 mtvNormal;
    double mtvDepth = 0.0; ///< overlap on the chosen axis, metres (negative when separated)
};

/// The outcome of a SAT call.
struct SatResult {
    /// True when an axis with overlap < -speculativeDistance was found (the shapes are further apart than the
    /// speculative distance; with the default 0, they do not touch).
    bool separated = false;
    SatAxisOwner owner = SatAxisOwner::A; ///< owner of the chosen axis
    int edge = -1;                        ///< as SatAxis::edge
    Vec2 normal;                          ///< unit, world frame, from A to B
    /// Overlap on the chosen axis, metres. When not separated: the penetration depth (the MTV is
    /// depth * normal, moving B), negative for a gap smaller than the speculative distance. When separated:
    /// the overlap of the first axis found with overlap < -speculativeDistance (the same traced or not).
    double depth = 0.0;
};

/// SAT for two convex polygons: the edge normals of A, then of B.
/// The MTV is the axis of least overlap (the exact penetration depth); the near-tie rules above apply;
/// within one polygon the lower edge index wins an exact tie. The untraced path takes the same steps,
/// allocation-free, like Box2D's b2FindMaxSeparation (each edge of one polygon is brought into the other's
/// frame, the other's shadow found by a loop) plus the owner's own shadow on its normal, found in its frame.
/// @param xfA, xfB body transforms (local -> world)
/// @param speculativeDistance metres, >= 0: an axis separates (early out) only when its gap exceeds it
/// @param trace optional; filled in the world frame
SatResult satPolygons(PolygonView a, const Transform& xfA, PolygonView b, const Transform& xfB,
                      double speculativeDistance = 0.0, SatTrace* trace = nullptr);

/// SAT for a polygon (A) and a circle (B): the polygon's edge normals, then the axis from the polygon vertex
/// closest to the circle's centre to that centre (the source's axis). An exact tie prefers the edge normal;
/// the facing rule above applies between them.
/// This is exact in every Voronoi region: when not separated, depth = r - (distance from centre to polygon)
/// for a centre outside, r + (distance to the boundary) for a centre inside.
SatResult satPolygonCircle(PolygonView a, const Transform& xfA, const Circle& b, const Transform& xfB,
                           double speculativeDistance = 0.0, SatTrace* trace = nullptr);

/// SAT for two circles: the single axis is the centre line from A to B. Coincident centres (closer than
/// kCoincidentCentres) use the fallback axis +y (world).
SatResult satCircles(const Circle& a, const Transform& xfA, const Circle& b, const Transform& xfB,
                     double speculativeDistance = 0.0, SatTrace* trace = nullptr);

/// Centres closer than this (metres) count as coincident in circle-circle.
inline constexpr double kCoincidentCentres = 1.0e-12;

const char* toString(SatAxisOwner owner); ///< "a", "b", "circle"

} // namespace phys
