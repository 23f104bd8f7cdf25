#pragma once
/// @file polygon_factory.h
/// Ready-made convex polygons, centred on their centroid unless said otherwise (local frame, metres).

#include "physics/shape.h"

#include <cstdint>
#include <span>

namespace phys::factory {

/// Largest side or radius the factory makes, metres.
inline constexpr double kMaxLength = 1.0e6;

/// Axis-aligned rectangle of width w and height h centred on the origin.
Result<Polygon> rectangle(double w, double h);
/// Square of side s centred on the origin.
Result<Polygon> square(double s);
/// Triangle with sides a and b (metres) meeting at angle gamma (radians, in (0, pi)) at the first vertex;
/// the first side lies along +x. Centred on its centroid.
Result<Polygon> triangle(double a, double b, double gamma);
/// Regular n-gon inscribed in a circle of the given radius, first vertex at angle 0 (or -pi/2 + pi/n when
/// `flatBottom`, so the lowest edge is horizontal).
Result<Polygon> regular(int n, double radius, bool flatBottom = false);
/// Random convex polygon: n angles drawn uniformly (seeded) and sorted, points on a circle of radius `size`,
/// centred on the centroid. Angles that would make a degenerate polygon are redrawn.
Result<Polygon> randomConvex(int n, double size, std::uint64_t seed);
/// Convex hull of a point cloud (Boost.Geometry convex_hull), reduced to at most kMaxPolygonVertices
/// vertices by dropping the vertices whose removal loses the least area. Not re-centred.
Result<Polygon> convexHull(std::span<const Vec2> points);

} // namespace phys::factory
