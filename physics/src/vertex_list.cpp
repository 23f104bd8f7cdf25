#include "vertex_list.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace phys::detail {

Result<double> checkVertexList(std::span<const Vec2> points, std::size_t limit, std::size_t allowed,
                               std::string_view noun) {
    const std::string name(noun);
    const std::size_t n = points.size();
    if (n < 3) {
        const char* article = name.find_first_of("aeiou") == 0 ? "an " : "a ";
        return Error{article + name + " needs at least 3 vertices, this one has " + std::to_string(n),
                     n == 0 ? -1 : int(n) - 1};
    }
    if (n > limit) {
        return Error{name + " has " + std::to_string(n) + " vertices; at most " + std::to_string(allowed) +
                         " are allowed",
                     int(limit)};
    }
    for (std::size_t i = 0; i < n; ++i) {
        if (!isFinite(points[i])) {
            return Error{"vertex coordinate is not a finite number", int(i)};
        }
    }
    Vec2 lo = points[0], hi = points[0];
    for (Vec2 p : points) {
        lo = minVec(lo, p);
        hi = maxVec(hi, p);
    }
    const double size = std::max(hi.x - lo.x, hi.y - lo.y);
    if (!(size > 0.0) || !std::isfinite(size)) {
        return Error{name + " has zero area (all vertices coincide)", -1};
    }
    return size;
}

bool segmentsTouch(Vec2 a, Vec2 b, Vec2 c, Vec2 d, double crossEps, double eps) {
    auto sgn = [crossEps](double v) {
        return v > crossEps ? 1 : (v < -crossEps ? -1 : 0);
    };
    const int s1 = sgn(cross(b - a, c - a)), s2 = sgn(cross(b - a, d - a));
    const int s3 = sgn(cross(d - c, a - c)), s4 = sgn(cross(d - c, b - c));
    if (s1 * s2 < 0 && s3 * s4 < 0) {
        return true;
    }
    // r is collinear with pq: is it within pq's bounding box?
    auto within = [eps](Vec2 p, Vec2 q, Vec2 r) {
        return std::min(p.x, q.x) - eps <= r.x && r.x <= std::max(p.x, q.x) + eps &&
               std::min(p.y, q.y) - eps <= r.y && r.y <= std::max(p.y, q.y) + eps;
    };
    return (s1 == 0 && within(a, b, c)) || (s2 == 0 && within(a, b, d)) || (s3 == 0 && within(c, d, a)) ||
           (s4 == 0 && within(c, d, b));
}

} // namespace phys::detail
