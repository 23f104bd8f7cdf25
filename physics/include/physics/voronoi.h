#pragma once
/// @file voronoi.h
/// The Voronoi regions of a convex polygon's features (Ericson, "Real-Time Collision Detection" 5.1.x and
/// 5.2.x; Metanet's "Separating Axis Theorem" tutorial, section on circles): outside the polygon, every point
/// is closest either to one vertex (the wedge between the normals of the vertex's two edges) or to the
/// inside of one edge (the slab in front of the edge). This is the case SAT handles with its extra axis for
/// a circle: in a vertex region the separating axis runs from the vertex to the centre, in an edge region it
/// is the edge's normal. World frame, metres.

#include "physics/shape.h"

#include <vector>

namespace phys {

/// Which feature's region holds a point.
enum class VoronoiFeature {
    Vertex, ///< closest to vertex `index`
    Edge,   ///< closest to the inside of edge `index` (vertex index -> index + 1)
    Inside, ///< inside the polygon; `index` is the edge nearest the point (the least push out)
};

/// Where a point lies relative to a polygon's features.
struct VoronoiRegion {
    VoronoiFeature feature = VoronoiFeature::Inside;
    int index = -1;
    Vec2 closestPoint;     ///< the point of the polygon's boundary closest to the query, world frame
    double distance = 0.0; ///< to the boundary, metres: positive outside, negative inside
};

/*
 * Pseudocode (Ericson 5.1.9's closest point on a convex polygon, by regions):
 *   p = the point in the polygon's frame
 *   for each edge i (v_i -> v_i+1, outward normal n_i):
 *       h = dot(p - v_i, n_i)                       (height over the edge's line)
 *       t = dot(p - v_i, v_i+1 - v_i) / |edge|^2    (where the foot falls along the edge)
 *       h > 0 and 0 < t < 1: edge region i
 *       t <= 0 and the foot on edge i-1 falls at or past its end: vertex region i
 *   no region: inside; the nearest edge is the one of largest h (least negative)
 */
/// The region of `worldPoint` for polygon `polygon` placed by `xf`.
VoronoiRegion voronoiRegion(const Polygon& polygon, const Transform& xf, Vec2 worldPoint);

/// The outline of one region, cut off at `reach` metres from the polygon (for drawing): for a vertex the
/// wedge between its edges' normals, for an edge the slab in front of it. World frame, counter-clockwise.
/// Inside: the polygon itself.
std::vector<Vec2> voronoiRegionOutline(const Polygon& polygon, const Transform& xf, VoronoiFeature feature,
                                       int index, double reach);

const char* toString(VoronoiFeature feature); ///< "vertex", "edge", "inside"

} // namespace phys
