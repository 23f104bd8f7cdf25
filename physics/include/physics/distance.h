#pragma once
/// @file distance.h
/// Distance between two convex shapes by GJK (Gilbert, Johnson and Keerthi 1988), in the form of Ericson,
/// "Real-Time Collision Detection" 9.5 and Catto, "Computing Distance using GJK" (GDC 2010): the simplex is
/// kept in the Minkowski difference A (-) B, its point closest to the origin is found from barycentric
/// coordinates (the Voronoi region of the simplex that holds the origin), and a new support point is
/// searched towards the origin until no new vertex comes up.
///
/// A shape is seen as a core (a point cloud: a polygon's vertices, a circle's centre) and a radius, so
/// circles are the distance of their centres minus the radius, as in Box2D's b2DistanceProxy.
///
/// Like SAT and clipping, the algorithm writes an optional trace (null in simulation: the hot path pays
/// nothing) so the workbench can draw the steps the engine takes.

#include "physics/collide.h"
#include "physics/math.h"
#include "physics/shape.h"

#include <vector>

namespace phys {

/// A convex shape as GJK sees it: a core point cloud in the shape's body frame, and a radius.
struct DistanceProxy {
    Vec2 points[kMaxPolygonVertices]; ///< body frame, metres
    int count = 0;
    double radius = 0.0; ///< metres: the circle's radius, 0 for polygons
};

DistanceProxy makeProxy(PolygonView polygon);
DistanceProxy makeProxy(const Circle& circle);
DistanceProxy makeProxy(const ShapeGeometry& geometry);
DistanceProxy makeProxy(const ShapeView& geometry);
/// A Polygon value (the overload the conversions would otherwise make ambiguous).
inline DistanceProxy makeProxy(const Polygon& polygon) {
    return makeProxy(polygon.view());
}

/// Index of the proxy point furthest along a direction given in the proxy's own (body) frame. GJK, EPA and
/// the time of impact all search with it.
int supportIndex(const DistanceProxy& proxy, Vec2 localDirection);
/// The same along a world direction, for a proxy placed by `xf`.
inline int supportIndex(const DistanceProxy& proxy, const Transform& xf, Vec2 worldDirection) {
    return supportIndex(proxy, invRotate(xf.q, worldDirection));
}

/// A vertex of the simplex in the Minkowski difference A (-) B: w = wA - wB.
struct SimplexVertex {
    Vec2 wA;        ///< support point on A's core, world frame
    Vec2 wB;        ///< support point on B's core, world frame
    Vec2 w;         ///< wA - wB
    int indexA = 0; ///< index of wA in A's proxy
    int indexB = 0; ///< index of wB in B's proxy
    double a = 0.0; ///< barycentric weight of this vertex in the closest point (after solving)
};

struct Simplex {
    SimplexVertex v[3];
    int count = 0;
};

/// Which feature of the simplex holds its point closest to the origin (Ericson 9.5, the Voronoi regions of a
/// segment and of a triangle). Vertex indices are positions in the simplex before reduction.
enum class SimplexRegion { Vertex0, Vertex1, Vertex2, Edge01, Edge02, Edge12, Interior };

/// One GJK iteration, as the walkthrough shows it.
struct GjkIteration {
    Simplex simplex;                               ///< before reduction (1..3 vertices), world frame
    SimplexRegion region = SimplexRegion::Vertex0; ///< where the origin's closest point lies
    Simplex reduced;        ///< the vertices of that region, with their barycentric weights
    Vec2 closest;           ///< closest point of the simplex to the origin, Minkowski space
    Vec2 direction;         ///< next search direction (towards the origin), not normalised; zero at the end
    Vec2 supportA;          ///< support point found on A along `direction`, world frame
    Vec2 supportB;          ///< support point found on B along `-direction`, world frame
    int supportIndexA = -1; ///< -1 when the iteration ended before a support query
    int supportIndexB = -1;
    bool duplicate = false; ///< the support point was already in the simplex: the search is over
};

/// Why the GJK loop stopped.
enum class GjkTermination {
    Overlap,          ///< the simplex is a triangle that holds the origin (or the origin lies on it)
    DuplicateSupport, ///< the support point was already a simplex vertex: the closest feature is found
    NoProgress,       ///< the new support point is no closer to the origin than the simplex (round-off)
    MaxIterations,
};

struct DistanceTrace {
    std::vector<GjkIteration> iterations;
    GjkTermination termination = GjkTermination::MaxIterations;
};

struct DistanceOutput {
    Vec2 pointA;           ///< witness point on A, world frame (on the surface when useRadii)
    Vec2 pointB;           ///< witness point on B, world frame
    Vec2 normal;           ///< unit, from A to B; zero when the cores overlap
    double distance = 0.0; ///< metres, >= 0; 0 when the shapes overlap (EPA or SAT give the depth)
    int iterations = 0;
    Simplex simplex; ///< the final simplex (EPA's seed when the cores overlap)
};

/// Largest number of GJK iterations (each adds one support point; a pair of 16-gons needs far fewer).
inline constexpr int kMaxGjkIterations = 32;

/// Closest points of two convex shapes.
/// @param a, b the shapes' proxies, body frame
/// @param xfA, xfB the bodies' poses, world frame
/// @param useRadii true: distance between the surfaces (core distance minus both radii, clamped at 0; the
///        witness points moved onto the surfaces); false: distance between the cores
/// @param trace optional: every iteration, for the walkthrough (null in simulation)
DistanceOutput shapeDistance(const DistanceProxy& a, const Transform& xfA, const DistanceProxy& b,
                             const Transform& xfB, bool useRadii, DistanceTrace* trace = nullptr);

const char* toString(SimplexRegion region);
const char* toString(GjkTermination termination);

} // namespace phys
