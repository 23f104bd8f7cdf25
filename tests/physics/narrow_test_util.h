#pragma once
/// @file narrow_test_util.h
/// Small helpers shared by the narrow-phase tests (tst_sat, tst_clip, tst_contact_methods, tst_catalogue):
/// a seeded generator, polygon construction, and independent reference computations written without the
/// engine's code (world-frame projections on both sides, closest points on segments).

#include "physics/collide.h"
#include "physics/polygon_factory.h"
#include "physics/shape.h"

#include <QtTest>

#include <cmath>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <vector>

namespace narrowtest {

using namespace phys;

/// SplitMix64: a tiny seeded generator, identical on every platform.
struct Rng {
    std::uint64_t state;
    explicit Rng(std::uint64_t seed) : state(seed) {}
    std::uint64_t next() {
        std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    /// Uniform in [lo, hi).
    double uniform(double lo, double hi) {
        return lo + (hi - lo) * double(next() >> 11) / 9007199254740992.0;
    }
    int integer(int lo, int hi) { return lo + int(next() % std::uint64_t(hi - lo + 1)); }
};

/// A polygon from CCW points that must be valid (the test fails loudly otherwise).
inline Polygon makePolygon(std::initializer_list<Vec2> points) {
    const std::vector<Vec2> pts(points);
    const Result<Polygon> r = Polygon::make(pts, PolygonCleanup::Strict);
    if (!r) {
        qFatal("invalid test polygon: %s", r.error().message.c_str());
    }
    return r.value();
}

inline Polygon box(double w, double h) {
    const double x = 0.5 * w, y = 0.5 * h;
    return makePolygon({{-x, -y}, {x, -y}, {x, y}, {-x, y}});
}

inline Polygon randomPolygon(Rng& rng) {
    const int n = rng.integer(3, 10);
    const Result<Polygon> r = factory::randomConvex(n, rng.uniform(0.3, 2.0), rng.next());
    if (!r) {
        qFatal("randomConvex failed: %s", r.error().message.c_str());
    }
    return r.value();
}

inline Transform randomTransform(Rng& rng, double spread) {
    return Transform{{rng.uniform(-spread, spread), rng.uniform(-spread, spread)},
                     Rot(rng.uniform(-kPi, kPi))};
}

inline std::vector<Vec2> worldVertices(const Polygon& p, const Transform& xf) {
    std::vector<Vec2> out;
    for (Vec2 v : p.vertices()) {
        out.push_back(transformPoint(xf, v));
    }
    return out;
}

/// The source's world-frame SAT ("is_separating_axis_polygons"): every edge normal of both polygons, shadows
/// of both on it, overlap = min(maxB - minA, maxA - minB). Returns the least overlap (negative = separated
/// on some axis: then minus the largest gap).
inline double sourceStyleLeastOverlap(const std::vector<Vec2>& a, const std::vector<Vec2>& b) {
    double least = std::numeric_limits<double>::infinity();
    for (const std::vector<Vec2>* poly : {&a, &b}) {
        const std::size_t n = poly->size();
        for (std::size_t i = 0; i < n; ++i) {
            const Vec2 e = (*poly)[(i + 1) % n] - (*poly)[i];
            const Vec2 axis = normalize(Vec2{e.y, -e.x});
            double minA = 1e300, maxA = -1e300, minB = 1e300, maxB = -1e300;
            for (Vec2 v : a) {
                minA = std::min(minA, dot(axis, v));
                maxA = std::max(maxA, dot(axis, v));
            }
            for (Vec2 v : b) {
                minB = std::min(minB, dot(axis, v));
                maxB = std::max(maxB, dot(axis, v));
            }
            least = std::min(least, std::min(maxB - minA, maxA - minB));
        }
    }
    return least;
}

/// Closest point to p on segment ab.
inline Vec2 closestOnSegment(Vec2 p, Vec2 a, Vec2 b) {
    const Vec2 ab = b - a;
    const double t = std::clamp(dot(p - a, ab) / dot(ab, ab), 0.0, 1.0);
    return a + t * ab;
}

/// Inside or on a CCW convex polygon (world vertices), by cross products.
inline bool insideConvex(const std::vector<Vec2>& poly, Vec2 p) {
    for (std::size_t i = 0; i < poly.size(); ++i) {
        if (cross(poly[(i + 1) % poly.size()] - poly[i], p - poly[i]) < 0.0) {
            return false;
        }
    }
    return true;
}

/// Distance from p to the boundary of a polygon and the closest boundary point.
inline double boundaryDistance(const std::vector<Vec2>& poly, Vec2 p, Vec2* closest = nullptr) {
    double best = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < poly.size(); ++i) {
        const Vec2 q = closestOnSegment(p, poly[i], poly[(i + 1) % poly.size()]);
        const double d = distance(p, q);
        if (d < best) {
            best = d;
            if (closest != nullptr) {
                *closest = q;
            }
        }
    }
    return best;
}

inline bool near(Vec2 a, Vec2 b, double tol) {
    return std::abs(a.x - b.x) <= tol && std::abs(a.y - b.y) <= tol;
}
inline bool near(double a, double b, double tol) {
    return std::abs(a - b) <= tol;
}

inline bool sameManifold(const Manifold& x, const Manifold& y) {
    if (x.pointCount != y.pointCount) {
        return false;
    }
    if (x.pointCount > 0 && !(x.normal == y.normal)) {
        return false;
    }
    for (int i = 0; i < x.pointCount; ++i) {
        if (!(x.points[i].point == y.points[i].point) || x.points[i].depth != y.points[i].depth ||
            !(x.points[i].id == y.points[i].id)) {
            return false;
        }
    }
    return true;
}

} // namespace narrowtest
