#pragma once
/// @file point_query.h
/// Is a point inside a shape? Two tests for polygons, so the workbench can show both.
/// All points in the shape's local frame.

#include "physics/shape.h"

#include <span>

namespace phys {

/// Inside or on the circle.
bool pointInCircle(const Circle& circle, Vec2 point);

/// Convex polygon test by cross products: the point is inside when it is on the inner side of (or on) every
/// edge, i.e. cross(v[i+1] - v[i], p - v[i]) >= 0 for all i (CCW winding). Points on the boundary count as
/// inside.
bool pointInConvexPolygon(PolygonView polygon, Vec2 point);

/// Even-odd ray casting for any simple polygon (convex or not): a horizontal ray from the point towards +x;
/// count the edges it crosses; odd means inside.
///
/// The rule that makes rays through a vertex correct (the half-open rule of W. Randolph Franklin's PNPOLY and
/// Haines, "Point in Polygon Strategies", Graphics Gems IV): an edge (a, b) counts only when exactly one of
/// its end points lies strictly above the ray, (a.y > p.y) != (b.y > p.y). A vertex exactly at the ray's
/// height is therefore treated as slightly above it, so a ray through a vertex where the boundary passes from
/// one side of the ray to the other counts once, a ray that only grazes a vertex (both neighbours on the same
/// side) counts zero or two times, and horizontal edges never count. Points exactly on the boundary may go
/// either way.
/// @param vertices a closed polygon in either winding
bool pointInPolygonRayCast(std::span<const Vec2> vertices, Vec2 point);

/// One crossing found by the ray cast, for the workbench to draw.
struct RayCrossing {
    int edge = 0; ///< edge index (vertex i to i+1)
    Vec2 point;   ///< where the ray crosses it
};

/// Same as pointInPolygonRayCast but returns the counted crossings (their number is odd when inside).
int rayCastCrossings(std::span<const Vec2> vertices, Vec2 point, RayCrossing* out, int capacity);

} // namespace phys
