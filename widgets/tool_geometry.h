#pragma once
/// @file tool_geometry.h
/// Plain geometry the canvas tools share: grid snapping, the checks that refuse a bad click while a polygon
/// is drawn, building new bodies from world points, rotating a body about its centre of mass. No widget
/// state: every function is a value in, value out, so the tests can call them directly.
/// Units: metres and radians, world frame unless a name says `local`.

#include "physics/decompose.h"
#include "physics/defs.h"
#include "physics/result.h"

#include <QPainterPath>
#include <QString>

#include <span>
#include <string>
#include <vector>

namespace cl::toolgeom {

/// Nearest grid point to `worldPoint` for a square grid of spacing `step` through the origin.
/// @param step metres, > 0 (a non-positive step returns the point unchanged)
phys::Vec2 snapToGrid(phys::Vec2 worldPoint, double step);
/// Nearest multiple of `step` to `value` (for lengths and deltas).
double snapToStep(double value, double step);
/// The angle (radians) rounded to the nearest multiple of `increment` (radians).
double snapAngle(double angle, double increment);

/// Why appending `next` to an open polygon outline would be refused, or an empty string when it is fine.
///
/// The open outline must stay one that can become a convex polygon when it is closed:
///   refuse when the outline already has kMaxPolygonVertices vertices
///   refuse when `next` is closer than `minSpacing` to any vertex (a double click, a repeated point)
///   with two or more vertices: refuse when `next` is within `minSpacing`/3 of the line through the last
///     edge (collinear: the vertex would add nothing)
///   with three or more: refuse when the turn at the last vertex has the other sign than the first turn
///     (the outline would become non-convex there)
///   refuse when the new edge (last, next) touches any earlier, non-adjacent edge (self-intersection)
/// The closing edge is not checked here: closing may still give a non-convex outline, which the draw tool
/// offers to split into convex pieces or to replace by its convex hull.
/// With `allowConcave` the outline only has to stay simple: the turn test is skipped and the limit is
/// phys::kMaxDecomposeVertices (a concave outline becomes one compound body of convex pieces).
/// @param outline world points clicked so far, in order
/// @param minSpacing metres (a few pixels' worth at the current zoom)
QString outlineAppendError(std::span<const phys::Vec2> outline, phys::Vec2 next, double minSpacing,
                           bool allowConcave = false);

/// A new dynamic body (density 1, friction 0.6, restitution 0) holding one convex polygon given by world
/// points: the body origin is the polygon's centroid and the vertices are stored relative to it, so the
/// body's local frame is axis-aligned with the world (angle 0).
/// @return the body, or the error of phys::Polygon::make (Strict) for the world points
phys::Result<phys::BodyDef> polygonBody(std::span<const phys::Vec2> worldPoints, const std::string& name);
/// A new dynamic body whose shapes are the convex pieces of a simple outline (phys::decomposeConcave) given
/// by world points: the body origin is the outline's area centroid, the pieces are stored relative to it
/// (angle 0), each with the defaults of polygonBody.
/// @return the body, or the error of phys::decomposeConcave (naming the vertex of `worldPoints`)
/// @param trace optional: the decomposition's steps, in the body's local frame
phys::Result<phys::BodyDef> piecesBody(std::span<const phys::Vec2> worldPoints, const std::string& name,
                                       phys::DecomposeTrace* trace = nullptr);
/// A new dynamic body holding one circle: origin at `worldCentre`, circle centred on the origin.
phys::Result<phys::BodyDef> circleBody(phys::Vec2 worldCentre, double radius, const std::string& name);

/// Vertices of a regular polygon with `sides` vertices, centred on `centre`, the first vertex at
/// `firstVertex` (world points, counter-clockwise).
std::vector<phys::Vec2> regularPolygonPoints(phys::Vec2 centre, phys::Vec2 firstVertex, int sides);
/// The four corners of the axis-aligned rectangle with opposite corners `a` and `b`, counter-clockwise.
std::vector<phys::Vec2> rectanglePoints(phys::Vec2 a, phys::Vec2 b);

/// A name like "polygon 3": `base` followed by the smallest number >= 1 that no body in `existing` uses.
std::string uniqueName(const std::string& base, std::span<const std::string> existing);
/// "triangle", "square", "pentagon", ... "octagon", else "16-gon", for a regular polygon of `sides` sides.
std::string regularPolygonName(int sides);

/// Body origin -> world transform.
phys::Transform bodyTransform(const phys::BodyDef& body);
/// Centre of mass of a body in its local frame. Uses the shapes' densities; when the total mass is zero
/// (all densities 0) the area centroid instead. The origin for a body without shapes.
phys::Vec2 localCentreOfMass(const phys::BodyDef& body);
/// Centre of mass in the world frame.
phys::Vec2 worldCentreOfMass(const phys::BodyDef& body);
/// The body turned to `newAngle` (radians) about its centre of mass: the angle changes and the origin
/// moves so that the world centre of mass stays where it is.
/// @return the new origin (world frame)
phys::Vec2 positionForAngleAboutCentre(const phys::BodyDef& body, double newAngle);

/// The body's outline in world coordinates (metres), one closed subpath per shape, winding fill.
QPainterPath worldOutline(const phys::BodyDef& body);

/// The polygon of shape `shape` of `body` with local vertex `vertex` moved to `localPoint`, checked by
/// phys::Polygon::make (Strict). The vertex count must stay the same (a merged vertex is an error).
phys::Result<phys::Polygon> polygonWithMovedVertex(const phys::Polygon& polygon, int vertex,
                                                   phys::Vec2 localPoint);
/// The polygon with `localPoint` inserted after vertex `afterVertex`, checked like polygonWithMovedVertex.
phys::Result<phys::Polygon> polygonWithInsertedVertex(const phys::Polygon& polygon, int afterVertex,
                                                      phys::Vec2 localPoint);
/// The polygon without vertex `vertex`, checked likewise.
phys::Result<phys::Polygon> polygonWithoutVertex(const phys::Polygon& polygon, int vertex);

/// Distance from point p to segment [a, b] (metres) and the parameter t in [0, 1] of the closest point.
double distanceToSegment(phys::Vec2 p, phys::Vec2 a, phys::Vec2 b, double* t = nullptr);

/// Human text of a phys::Error for a hint, with the vertex named when it has an index, e.g.
/// "polygon is not convex at this vertex (vertex 2)".
QString errorText(const phys::Error& error);

} // namespace cl::toolgeom
