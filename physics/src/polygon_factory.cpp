#include "physics/polygon_factory.h"

#include <boost/geometry.hpp>
#include <boost/geometry/geometries/point_xy.hpp>

#include <algorithm>
#include <string>
#include <vector>

namespace phys::factory {

namespace {

/// Finite, positive, and not beyond the world's size.
bool validLength(double v) {
    return std::isfinite(v) && v > 0.0 && v <= kMaxLength;
}

/// splitmix64 (Steele, Lea, Flood 2014): a tiny, well-mixed generator whose output is the same on every
/// platform and standard library, so a seed names the same polygon everywhere.
struct SplitMix64 {
    std::uint64_t state;
    std::uint64_t next() {
        std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    /// Uniform in [0, 1) with 53 random bits.
    double uniform() { return double(next() >> 11) * (1.0 / 9007199254740992.0); }
};

Result<Polygon> centred(std::vector<Vec2> pts) {
    Result<Polygon> first = Polygon::make(pts);
    if (!first) {
        return first;
    }
    const Vec2 c = first->centroid();
    for (Vec2& p : pts) {
        p -= c;
    }
    return Polygon::make(pts);
}

} // namespace

Result<Polygon> rectangle(double w, double h) {
    if (!validLength(w) || !validLength(h)) {
        return Error{"rectangle width and height must be finite and greater than 0"};
    }
    const double x = 0.5 * w, y = 0.5 * h;
    const Vec2 pts[] = {{-x, -y}, {x, -y}, {x, y}, {-x, y}};
    return Polygon::make(pts);
}

Result<Polygon> square(double s) {
    return rectangle(s, s);
}

Result<Polygon> triangle(double a, double b, double gamma) {
    if (!validLength(a) || !validLength(b)) {
        return Error{"triangle sides must be finite and greater than 0"};
    }
    if (!(gamma > 0.0 && gamma < kPi)) {
        return Error{"triangle angle must be strictly between 0 and pi radians"};
    }
    return centred({{0.0, 0.0}, {a, 0.0}, {b * std::cos(gamma), b * std::sin(gamma)}});
}

Result<Polygon> regular(int n, double radius, bool flatBottom) {
    if (n < 3 || n > kMaxPolygonVertices) {
        return Error{"a regular polygon needs 3 to " + std::to_string(kMaxPolygonVertices) + " sides"};
    }
    if (!validLength(radius)) {
        return Error{"regular polygon radius must be finite and greater than 0"};
    }
    const double start = flatBottom ? -0.5 * kPi + kPi / n : 0.0;
    std::vector<Vec2> pts(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
        const double t = start + 2.0 * kPi * i / n;
        pts[std::size_t(i)] = {radius * std::cos(t), radius * std::sin(t)};
    }
    return Polygon::make(pts);
}

/*
 * Random convex polygon (source 003, "random convex polygons"):
 *   draw n angles uniformly in [0, 2 pi), sort them; redraw all while two neighbours are closer than
 *   a minimum gap (which would make near-duplicate vertices); put the points on a circle of radius `size`;
 *   move the centroid to the origin. Points on a circle in angular order are always convex.
 */
Result<Polygon> randomConvex(int n, double size, std::uint64_t seed) {
    if (n < 3 || n > kMaxPolygonVertices) {
        return Error{"a random polygon needs 3 to " + std::to_string(kMaxPolygonVertices) + " vertices"};
    }
    if (!validLength(size)) {
        return Error{"random polygon size must be finite and greater than 0"};
    }
    SplitMix64 rng{seed};
    const double minGap = 0.05 * (2.0 * kPi / n);
    std::vector<double> angles(static_cast<std::size_t>(n));
    for (;;) {
        for (double& a : angles) {
            a = 2.0 * kPi * rng.uniform();
        }
        std::sort(angles.begin(), angles.end());
        bool ok = 2.0 * kPi - angles.back() + angles.front() >= minGap;
        for (std::size_t i = 1; ok && i < angles.size(); ++i) {
            ok = angles[i] - angles[i - 1] >= minGap;
        }
        if (ok) {
            break;
        }
    }
    std::vector<Vec2> pts;
    pts.reserve(angles.size());
    for (double a : angles) {
        pts.push_back({size * std::cos(a), size * std::sin(a)});
    }
    return centred(std::move(pts));
}

/*
 * Convex hull of a point cloud: Boost.Geometry convex_hull (Andrew's monotone chain). When the hull has more
 * vertices than a Polygon may hold, repeatedly drop the vertex whose removal loses the least area (the
 * triangle it forms with its neighbours), a Visvalingam-Whyatt simplification, which keeps the hull convex
 * and inside the original hull.
 */
Result<Polygon> convexHull(std::span<const Vec2> points) {
    namespace bg = boost::geometry;
    using P = bg::model::d2::point_xy<double>;
    if (points.size() < 3) {
        return Error{"a convex hull needs at least 3 points"};
    }
    bg::model::multi_point<P> cloud;
    cloud.reserve(points.size());
    for (std::size_t i = 0; i < points.size(); ++i) {
        if (!isFinite(points[i])) {
            return Error{"point coordinate is not a finite number", int(i)};
        }
        cloud.push_back(P(points[i].x, points[i].y));
    }
    bg::model::polygon<P, false, false> hull; // counter-clockwise, open ring
    bg::convex_hull(cloud, hull);
    std::vector<Vec2> ring;
    for (const P& p : hull.outer()) {
        ring.push_back({p.x(), p.y()});
    }
    if (ring.size() >= 2 && ring.front() == ring.back()) {
        ring.pop_back();
    }
    if (signedArea(ring) < 0.0) {
        std::reverse(ring.begin(), ring.end());
    }
    while (ring.size() > std::size_t(kMaxPolygonVertices)) {
        const std::size_t m = ring.size();
        std::size_t best = 0;
        double bestLoss = 0.0;
        for (std::size_t i = 0; i < m; ++i) {
            const Vec2 a = ring[(i + m - 1) % m], b = ring[i], c = ring[(i + 1) % m];
            const double loss = std::abs(cross(b - a, c - a));
            if (i == 0 || loss < bestLoss) {
                best = i;
                bestLoss = loss;
            }
        }
        ring.erase(ring.begin() + std::ptrdiff_t(best));
    }
    return Polygon::make(ring);
}

} // namespace phys::factory
