#pragma once
/// @file epa.h
/// Penetration depth of two overlapping convex shapes by the expanding polytope algorithm (EPA), seeded from
/// GJK's final simplex, with an optional trace of every iteration for the walkthrough.
///
/// Conventions as SAT's (sat.h): the normal is unit and points from shape A to shape B (moving B by
/// depth * normal separates the shapes); the depth is positive when they overlap. World frame, metres.
/// Shapes are cores plus radii as GJK sees them (distance.h): a circle is its centre plus its radius.

#include "physics/distance.h"
#include "physics/sat.h"

#include <vector>

namespace phys {

/// Most EPA iterations. The Minkowski difference of two kMaxPolygonVertices-gons has at most
/// 2 * kMaxPolygonVertices vertices and each iteration adds one, so this is never reached on valid input.
inline constexpr int kMaxEpaIterations = 4 * kMaxPolygonVertices + 8;

/// Why the EPA loop stopped.
enum class EpaTermination {
    Converged, ///< the new support point lies (to round-off) on the closest edge's line: it is D's edge
    DuplicateSupport, ///< the support point is already a polytope vertex: the same
    Degenerate,       ///< the Minkowski difference has no area (a point or a segment): depth 0
    MaxIterations,
};

/// A polytope vertex: a point of the Minkowski difference D = A (-) B and the two support points it came
/// from (world frame).
struct EpaVertex {
    Vec2 w, wA, wB;
    int indexA = 0, indexB = 0; ///< indices in the shapes' proxies
};

/// One EPA iteration, world frame.
struct EpaIteration {
    std::vector<EpaVertex> polytope; ///< counter-clockwise, as it was when the iteration began
    int closestEdge = -1;            ///< edge from polytope[closestEdge] to the next vertex
    Vec2 normal;                     ///< that edge's outward unit normal
    double distance = 0.0;           ///< from the origin to the edge's line, metres
    EpaVertex support;               ///< D's support point along `normal`
    double supportDistance = 0.0;    ///< dot(support.w, normal), metres: the depth lies in [distance, this]
    bool last = false;               ///< the loop stopped here (support on the edge's line, or a duplicate)
};

/// What a traced EPA call saw.
struct EpaTrace {
    int seedCount = 0;                ///< vertices of GJK's final simplex (1, 2 or 3)
    std::vector<EpaVertex> seedAdded; ///< support points added to a 1- or 2-point simplex to make a triangle
    std::vector<EpaIteration> iterations;
    EpaTermination termination = EpaTermination::MaxIterations;
};

/// EPA's answer, for the cores (radii not included).
struct EpaOutput {
    Vec2 normal;         ///< unit, from A to B
    double depth = 0.0;  ///< metres, >= 0
    Vec2 pointA, pointB; ///< deepest points of the cores, world frame: pointA - pointB = depth * normal
    /// The shape whose edge makes D's closest edge (an edge of A: SatAxisOwner::A; of B: SatAxisOwner::B;
    /// SatAxisOwner::Circle when neither, e.g. a point against a point), and that edge's index in its proxy.
    SatAxisOwner owner = SatAxisOwner::Circle;
    int edge = -1;
    int iterations = 0;
    EpaTermination termination = EpaTermination::MaxIterations;
};

/*
 * EPA in 2D (van den Bergen, "Proximity Queries and Penetration Depth Computation on 3D Game Objects",
 * GDC 2001; Ericson, RTCD 9.5.3 mentions it; dyn4j's "EPA (Expanding Polytope Algorithm)" post for 2D).
 *
 *   polytope = GJK's final simplex (it holds the origin); 1 or 2 points: add supports along a normal of the
 *       segment (or along +-x, +-y for a point) until it is a triangle; make it counter-clockwise
 *   loop:
 *       e = the polytope edge closest to the origin: outward normal n, distance d = dot(n, e.start)
 *       w = support_A(n) - support_B(-n);  s = dot(w, n)
 *       s - d <= tolerance, or w already a vertex: D's closest edge is e; normal n, depth d; stop
 *       insert w between e's end points; drop the vertices that w makes reflex (the polytope stays the
 *       convex hull of its points, as 3D EPA removes the faces w sees)
 *   the depth lies in [d, s] at every step (the polytope is inside D, D's support along n is s)
 */
/// Penetration of two convex cores that GJK found overlapping.
/// @param seed GJK's final simplex (DistanceOutput::simplex, 1..3 vertices, holding the origin)
/// @param trace optional; every iteration
EpaOutput epaPenetration(const DistanceProxy& a, const Transform& xfA, const DistanceProxy& b,
                         const Transform& xfB, const Simplex& seed, EpaTrace* trace = nullptr);

/// Normal and depth of two shapes from GJK and EPA, radii included.
struct PenetrationOutput {
    bool coresOverlap = false; ///< GJK found the cores overlapping: EPA gave the core depth
    Vec2 normal;               ///< unit, from A to B
    /// Metres: positive when the shapes overlap, negative (minus the gap) when they are apart.
    double depth = 0.0;
    Vec2 pointA, pointB;                       ///< witness points on the surfaces, world frame
    SatAxisOwner owner = SatAxisOwner::Circle; ///< as EpaOutput::owner (Circle when the cores are apart)
    int edge = -1;
    DistanceOutput gjk;
    EpaOutput epa; ///< filled when coresOverlap
};

/// GJK on the cores; when they overlap, EPA from GJK's simplex; the radii are then added (Box2D's core plus
/// radius): depth = core depth + rA + rB, or rA + rB - core distance when the cores are apart. Coincident
/// circle centres (a Minkowski difference with no area) take SAT's fallback normal +y.
PenetrationOutput gjkEpaPenetration(const ShapeGeometry& a, const Transform& xfA, const ShapeGeometry& b,
                                    const Transform& xfB, DistanceTrace* gjkTrace = nullptr,
                                    EpaTrace* epaTrace = nullptr);

const char* toString(EpaTermination termination); ///< "converged", "duplicate support point", ...

} // namespace phys
