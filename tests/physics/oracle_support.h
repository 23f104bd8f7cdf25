#pragma once
/// @file oracle_support.h
/// Shared helpers of the Boost.Geometry oracle suites (tst_oracle_sat, tst_oracle_manifold): conversion of
/// engine shapes to Boost.Geometry polygons in the world frame, a fine polygon for a circle, seeded random
/// shapes and placements, and an independent penetration depth from the Minkowski difference.

#include "physics/math.h"
#include "physics/polygon_factory.h"
#include "physics/shape.h"

#include <boost/geometry.hpp>
#include <boost/geometry/geometries/linestring.hpp>
#include <boost/geometry/geometries/multi_point.hpp>
#include <boost/geometry/geometries/multi_polygon.hpp>
#include <boost/geometry/geometries/point_xy.hpp>
#include <boost/geometry/geometries/polygon.hpp>

#include <cmath>
#include <cstdint>
#include <optional>
#include <random>

namespace oracle {

namespace bg = boost::geometry;
using BPoint = bg::model::d2::point_xy<double>;
/// Counter-clockwise, closed: the engine's winding (Boost.Geometry's default is clockwise).
using BPolygon = bg::model::polygon<BPoint, false, true>;
using BMultiPolygon = bg::model::multi_polygon<BPolygon>;
using BLinestring = bg::model::linestring<BPoint>;
using BMultiPoint = bg::model::multi_point<BPoint>;

/// Sides of the polygon that stands in for a circle. It is inscribed, so it lies inside the circle and misses
/// at most r (1 - cos(pi / kCircleSides)) = 7.53e-5 r of it, at the middle of each side.
inline constexpr int kCircleSides = 256;
inline double circleGap(double radius) {
    return radius * (1.0 - std::cos(phys::kPi / kCircleSides));
}

inline BPoint toBoost(phys::Vec2 v) {
    return {v.x, v.y};
}

/// The polygon placed by xf, world frame.
inline BPolygon toBoost(const phys::Polygon& polygon, const phys::Transform& xf, phys::Vec2 shift = {}) {
    BPolygon out;
    for (const phys::Vec2 v : polygon.vertices()) {
        bg::append(out.outer(), toBoost(phys::transformPoint(xf, v) + shift));
    }
    bg::append(out.outer(), toBoost(phys::transformPoint(xf, polygon.vertex(0)) + shift));
    return out;
}

/// The inscribed kCircleSides-gon of a circle placed by xf, world frame.
inline BPolygon circleToBoost(const phys::Circle& circle, const phys::Transform& xf, phys::Vec2 shift = {}) {
    const phys::Vec2 c = phys::transformPoint(xf, circle.center) + shift;
    BPolygon out;
    for (int i = 0; i <= kCircleSides; ++i) {
        const double angle = 2.0 * phys::kPi * (i % kCircleSides) / kCircleSides;
        bg::append(out.outer(),
                   BPoint{c.x + circle.radius * std::cos(angle), c.y + circle.radius * std::sin(angle)});
    }
    return out;
}

/// The boundary of a polygon as an open path, for distances to the boundary (bg::distance to a polygon is 0
/// inside it).
inline BLinestring boundary(const BPolygon& polygon) {
    return BLinestring(polygon.outer().begin(), polygon.outer().end());
}

/// Area of the intersection of two polygons, m^2.
inline double intersectionArea(const BPolygon& a, const BPolygon& b) {
    BMultiPolygon out;
    bg::intersection(a, b, out);
    return bg::area(out);
}

/// Penetration depth of two convex polygons from their Minkowski difference D = A - B = hull{a_i - b_j}
/// (an independent route: it uses neither SAT nor the engine's normals). They overlap when the origin is in
/// D; translating B by t keeps them overlapping exactly while t is inside D, so the shortest separating
/// translation reaches the boundary of D nearest the origin: depth = distance(origin, boundary of D).
/// @return the depth (>= 0) when the origin is inside D, nothing otherwise
inline std::optional<double> minkowskiDepth(const BPolygon& a, const BPolygon& b) {
    BMultiPoint differences;
    for (const BPoint& p : a.outer()) {
        for (const BPoint& q : b.outer()) {
            bg::append(differences, BPoint{p.x() - q.x(), p.y() - q.y()});
        }
    }
    BPolygon hull;
    bg::convex_hull(differences, hull);
    const BPoint origin{0.0, 0.0};
    if (!bg::covered_by(origin, hull)) {
        return std::nullopt;
    }
    return bg::distance(origin, boundary(hull));
}

/// Seeded random shapes and placements for the suites.
class ShapeSource {
public:
    explicit ShapeSource(std::uint64_t seed) : m_rng(seed), m_nextPolygonSeed(seed * 1000003u) {}

    /// A random convex polygon: 3..16 vertices, circumradius 0.1..3 m (log-uniform), from the factory.
    phys::Polygon polygon() {
        std::uniform_int_distribution<int> count(3, phys::kMaxPolygonVertices);
        const int n = count(m_rng);
        const double size = logUniform(0.1, 3.0);
        auto made = phys::factory::randomConvex(n, size, m_nextPolygonSeed++);
        return made.value();
    }
    /// Circumradius of a polygon about its local origin, metres.
    static double radius(const phys::Polygon& polygon) {
        double r = 0.0;
        for (const phys::Vec2 v : polygon.vertices()) {
            r = std::max(r, phys::length(v));
        }
        return r;
    }
    phys::Circle circle() {
        std::uniform_real_distribution<double> offset(-0.5, 0.5);
        return {{offset(m_rng), offset(m_rng)}, logUniform(0.1, 3.0)};
    }
    /// A random placement anywhere in a 20 m square, any angle.
    phys::Transform placement() {
        std::uniform_real_distribution<double> pos(-10.0, 10.0);
        std::uniform_real_distribution<double> angle(-phys::kPi, phys::kPi);
        return {{pos(m_rng), pos(m_rng)}, phys::Rot(angle(m_rng))};
    }
    /// A placement of B near A: its origin at a random direction from A's origin, at a distance drawn
    /// uniformly in [0, 1.15 (rA + rB)], so that a bit more than half of the pairs overlap. Any angle.
    phys::Transform near(const phys::Transform& xfA, double rA, double rB) {
        std::uniform_real_distribution<double> unit(0.0, 1.0);
        std::uniform_real_distribution<double> angle(-phys::kPi, phys::kPi);
        const double d = 1.15 * (rA + rB) * unit(m_rng);
        const double theta = angle(m_rng);
        return {xfA.p + d * phys::Vec2{std::cos(theta), std::sin(theta)}, phys::Rot(angle(m_rng))};
    }
    std::mt19937_64& rng() { return m_rng; }

private:
    double logUniform(double lo, double hi) {
        std::uniform_real_distribution<double> u(std::log(lo), std::log(hi));
        return std::exp(u(m_rng));
    }

    std::mt19937_64 m_rng;
    std::uint64_t m_nextPolygonSeed;
};

} // namespace oracle
