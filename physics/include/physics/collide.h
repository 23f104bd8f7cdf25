#pragma once
/// @file collide.h
/// The narrow phase: one entry point for any shape pair, the per-pair functions it dispatches to, and the
/// source's bounding-box tests (fast paths the workbench can show). Normal always from shape A to shape B,
/// depth positive when overlapping, world frame, metres.

#include "physics/clip.h"
#include "physics/defs.h"
#include "physics/manifold.h"
#include "physics/sat.h"

#include <variant>

namespace phys {

/// A shape's geometry, as in ShapeDef::geometry.
using ShapeGeometry = std::variant<Circle, Polygon>;
/// A shape's geometry as the collision kernels read it: a circle, or a view of a polygon stored anywhere.
using ShapeView = std::variant<Circle, PolygonView>;
/// A view of a geometry value (valid while the value lives).
inline ShapeView viewOf(const ShapeGeometry& geometry) {
    if (const auto* circle = std::get_if<Circle>(&geometry)) {
        return *circle;
    }
    return std::get<Polygon>(geometry).view();
}

/// The AABB-AABB test by per-axis overlap (the source's first early out).
struct AabbOverlap {
    double overlapX = 0.0; ///< min(a.upper.x, b.upper.x) - max(a.lower.x, b.lower.x), metres; < 0 = gap
    double overlapY = 0.0;
    bool overlapping = false; ///< both >= 0 (touching counts)
};
AabbOverlap aabbOverlap(const AABB& a, const AABB& b);

/// The AABB-circle test by closest point: clamp the centre into the box; overlap when the clamped point is
/// within the radius (touching counts).
struct AabbCircleTest {
    Vec2 closestPoint;            ///< point of the box closest to the centre, world
    double distanceSquared = 0.0; ///< from the centre to closestPoint, m^2
    bool overlapping = false;
};
AabbCircleTest aabbCircle(const AABB& box, Vec2 center, double radius);

/// Kind of shape pair, as dispatched.
enum class ShapePairKind : std::uint8_t { CircleCircle, PolygonCircle, CirclePolygon, PolygonPolygon };

/// Everything one collide call did, world frame. Only the parts that apply to the pair are filled.
struct CollideTrace {
    /// Option (input): SAT tests every axis, see SatTrace::testAllAxes.
    bool testAllAxes = true;

    ShapePairKind kind = ShapePairKind::PolygonPolygon;
    ContactMethod method = ContactMethod::Clipping; ///< as requested (circle pairs ignore it)
    AABB aabbA, aabbB;                              ///< bounding boxes, fattened by the speculative distance
    AabbOverlap aabb;                               ///< the AABB fast path
    /// The AABB test rejected the pair: the engine stopped there. A traced call still runs SAT afterwards so
    /// the workbench can show the axes; the manifold stays empty.
    bool aabbRejected = false;
    SatTrace sat;                 ///< circle-polygon pairs: axes are given with A = circle, B = polygon
    ClipTrace clip;               ///< polygon-polygon, ContactMethod::Clipping
    DeepestVerticesTrace deepest; ///< polygon-polygon, ContactMethod::DeepestVertices
    VertexEdgeTrace vertexEdge;   ///< polygon-polygon, ContactMethod::VertexEdge
    bool separated = false;
    Manifold manifold; ///< the returned manifold
};

/// Two circles: the centre line; coincident centres use +y (kCoincidentCentres). One point, midway between
/// the surfaces. @param speculativeDistance metres >= 0: circles closer than this still give a
/// (negative-depth) point
Manifold collideCircles(const Circle& a, const Transform& xfA, const Circle& b, const Transform& xfB,
                        double speculativeDistance = 0.0, CollideTrace* trace = nullptr);

/// Polygon A and circle B: SAT (satPolygonCircle), one point midway between the surfaces.
/// Feature id: A's face (edge index) or vertex, B's vertex 0 (the circle).
Manifold collidePolygonCircle(PolygonView a, const Transform& xfA, const Circle& b, const Transform& xfB,
                              double speculativeDistance = 0.0, CollideTrace* trace = nullptr);

/// Circle A and polygon B: collidePolygonCircle with the shapes swapped, normal flipped and ids swapped.
Manifold collideCirclePolygon(const Circle& a, const Transform& xfA, PolygonView b, const Transform& xfB,
                              double speculativeDistance = 0.0, CollideTrace* trace = nullptr);

/// Two polygons: SAT, then the contact points by `method`.
Manifold collidePolygons(PolygonView a, const Transform& xfA, PolygonView b, const Transform& xfB,
                         ContactMethod method = ContactMethod::Clipping, double speculativeDistance = 0.0,
                         CollideTrace* trace = nullptr);

/// The entry point the world and the app use: AABB fast path, then the pair's function.
/// A traced call and an untraced call return the identical manifold.
/// @param method contact method for polygon pairs (circle pairs always give one point)
/// @param speculativeDistance metres >= 0
Manifold collide(const ShapeGeometry& a, const Transform& xfA, const ShapeGeometry& b, const Transform& xfB,
                 ContactMethod method = ContactMethod::Clipping, double speculativeDistance = 0.0,
                 CollideTrace* trace = nullptr);

const char* toString(ShapePairKind kind); ///< "circle-circle", ...

} // namespace phys
