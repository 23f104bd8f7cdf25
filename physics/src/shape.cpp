#include "physics/shape.h"

#include "vertex_list.h"

#include <algorithm>
#include <string>
#include <vector>

namespace phys {

namespace {

/// Most points Polygon::make accepts in Repair mode before cleaning (a hand-drawn outline or a point cloud).
/// Larger inputs are refused up front, so a hostile input costs O(1), never O(n^2).
constexpr std::size_t kMaxRepairInput = 1024;

using detail::segmentsTouch;
using Pt = detail::SourcedPoint;

std::string str(std::size_t n) {
    return std::to_string(n);
}

} // namespace

Result<Circle> Circle::make(Vec2 center, double radius) {
    if (!isFinite(center)) {
        return Error{"circle centre is not a finite number"};
    }
    if (!std::isfinite(radius)) {
        return Error{"circle radius is not a finite number"};
    }
    if (radius <= 0.0) {
        return Error{"circle radius must be greater than 0 (got " + std::to_string(radius) + ")"};
    }
    return Circle{center, radius};
}

double signedArea(std::span<const Vec2> points) {
    // Shoelace formula, relative to the first point to limit round-off far from the origin.
    const std::size_t n = points.size();
    if (n < 3) {
        return 0.0;
    }
    const Vec2 origin = points[0];
    double twiceArea = 0.0;
    for (std::size_t i = 1; i + 1 < n; ++i) {
        twiceArea += cross(points[i] - origin, points[i + 1] - origin);
    }
    return 0.5 * twiceArea;
}

/*
 * Polygon::make — normalise and validate (design.md section 2).
 *
 *   reject non-finite coordinates; reject too few / too many points (O(1), before any work)
 *   merge (Repair) or reject (Strict) consecutive duplicates, within a tolerance relative to the size
 *   reject zero area; reverse clockwise input
 *   drop (Repair) or reject (Strict) collinear vertices; reject a fold-back (an edge doubling back)
 *   reject self-intersection: any two non-adjacent edges that touch (O(n^2), n is small by then)
 *   reject non-convexity: a clockwise turn at some vertex
 *   cache normals (clockwise perpendiculars, normalised) and the area centroid
 *
 * Tolerances are relative to the polygon's bounding-box size, so the same shape validates the same at any
 * scale.
 */
Result<Polygon> Polygon::make(std::span<const Vec2> points, PolygonCleanup cleanup) {
    const bool strict = cleanup == PolygonCleanup::Strict;
    const std::size_t limit = strict ? std::size_t(kMaxPolygonVertices) : kMaxRepairInput;
    const Result<double> checked =
        detail::checkVertexList(points, limit, std::size_t(kMaxPolygonVertices), "polygon");
    if (!checked) {
        return checked.error();
    }
    const std::size_t n = points.size();
    const double size = *checked;
    const double linTol = 1e-9 * size; // coincidence of points
    const double angTol = 1e-9;        // |sin| of the turn below which three points are collinear

    std::vector<Pt> pts;
    pts.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
        pts.push_back({points[i], int(i)});
    }

    // Consecutive duplicates (cyclic).
    for (std::size_t i = 0; pts.size() >= 2 && i < pts.size();) {
        const std::size_t j = (i + 1) % pts.size();
        if (distance(pts[i].p, pts[j].p) <= linTol) {
            const int later = std::max(pts[i].source, pts[j].source);
            const int earlier = std::min(pts[i].source, pts[j].source);
            if (strict) {
                return Error{"duplicate vertex: same point as vertex " + std::to_string(earlier), later};
            }
            pts.erase(pts.begin() + std::ptrdiff_t(j));
            if (j < i) {
                --i;
            }
        } else {
            ++i;
        }
    }
    if (pts.size() < 3) {
        return Error{"a polygon needs at least 3 distinct vertices, this one has " + str(pts.size()), -1};
    }

    // All points on one line: zero area (checked first, so it is not reported as a self-intersection).
    {
        std::size_t far = 0;
        for (std::size_t i = 1; i < pts.size(); ++i) {
            if (distanceSquared(pts[0].p, pts[i].p) > distanceSquared(pts[0].p, pts[far].p)) {
                far = i;
            }
        }
        const Vec2 d = normalize(pts[far].p - pts[0].p);
        bool flat = true;
        for (const Pt& q : pts) {
            flat = flat && std::abs(cross(d, q.p - pts[0].p)) <= linTol;
        }
        if (flat) {
            return Error{"polygon has zero area (its vertices are collinear)", -1};
        }
    }

    // Self-intersection: non-adjacent edges must not touch. O(n^2), but n is bounded above.
    for (std::size_t i = 0, m = pts.size(); i < m; ++i) {
        const Vec2 a = pts[i].p, b = pts[(i + 1) % m].p;
        for (std::size_t j = i + 2; j < m; ++j) {
            if (i == 0 && j == m - 1) {
                continue; // adjacent through the wrap
            }
            const Vec2 c = pts[j].p, d = pts[(j + 1) % m].p;
            if (segmentsTouch(a, b, c, d, linTol * size, linTol)) {
                return Error{
                    "polygon is self-intersecting: the edge from this vertex crosses the edge from vertex " +
                        std::to_string(std::min(pts[j].source, pts[(j + 1) % m].source)),
                    std::min(pts[i].source, pts[(i + 1) % m].source)};
            }
        }
    }

    {
        std::vector<Vec2> raw(pts.size());
        std::transform(pts.begin(), pts.end(), raw.begin(), [](const Pt& p) { return p.p; });
        const double a = signedArea(raw);
        if (std::abs(a) <= 1e-12 * size * size) {
            return Error{"polygon has zero area (its vertices are collinear)", -1};
        }
        if (a < 0.0) {
            std::reverse(pts.begin(), pts.end()); // clockwise input is reversed, not rejected
        }
    }

    // Collinear vertices and fold-backs. A vertex is collinear when its two edges turn by (almost) nothing.
    for (std::size_t i = 0; pts.size() >= 3 && i < pts.size();) {
        const std::size_t m = pts.size();
        const Vec2 prev = pts[(i + m - 1) % m].p, cur = pts[i].p, next = pts[(i + 1) % m].p;
        const Vec2 e0 = cur - prev, e1 = next - cur;
        const double turn = cross(e0, e1) / (length(e0) * length(e1));
        if (std::abs(turn) <= angTol) {
            if (dot(e0, e1) < 0.0) {
                return Error{"polygon folds back on itself at this vertex (self-intersecting)",
                             pts[i].source};
            }
            if (strict) {
                return Error{"collinear vertex: it lies on the straight line between its neighbours",
                             pts[i].source};
            }
            pts.erase(pts.begin() + std::ptrdiff_t(i));
            i = 0; // removing a vertex can make a neighbour collinear; restart (n is small)
            continue;
        }
        ++i;
    }
    const std::size_t m = pts.size();
    if (m < 3) {
        return Error{"polygon has zero area (its vertices are collinear)", -1};
    }

    // Convexity: every turn counter-clockwise.
    for (std::size_t i = 0; i < m; ++i) {
        const Vec2 prev = pts[(i + m - 1) % m].p, cur = pts[i].p, next = pts[(i + 1) % m].p;
        if (cross(cur - prev, next - cur) <= 0.0) {
            return Error{"polygon is not convex at this vertex", pts[i].source};
        }
    }

    if (m > std::size_t(kMaxPolygonVertices)) {
        return Error{"polygon has " + str(m) + " vertices after cleaning; at most " +
                         str(std::size_t(kMaxPolygonVertices)) + " are allowed",
                     -1};
    }

    Polygon poly;
    poly.m_count = int(m);
    for (std::size_t i = 0; i < m; ++i) {
        poly.m_vertices[i] = pts[i].p;
    }
    for (std::size_t i = 0; i < m; ++i) {
        poly.m_normals[i] = normalize(rightPerp(poly.m_vertices[(i + 1) % m] - poly.m_vertices[i]));
    }
    for (std::size_t i = 0; i < m; ++i) {
        // The same arithmetic SAT used per axis: back = min over k of dot(n_i, v_k - v_i), from 0 (k = i).
        double back = 0.0;
        for (std::size_t k = 0; k < m; ++k) {
            back = std::min(back, dot(poly.m_normals[i], poly.m_vertices[k] - poly.m_vertices[i]));
        }
        poly.m_thickness[i] = -back;
    }
    for (std::size_t i = 0; i < m; ++i) {
        poly.m_opposite[i] = -1;
        for (std::size_t k = 0; k < m; ++k) {
            if (poly.m_normals[k].x == -poly.m_normals[i].x && poly.m_normals[k].y == -poly.m_normals[i].y) {
                poly.m_opposite[i] = static_cast<std::int8_t>(k);
            }
        }
    }
    // Area centroid from a fan about vertex 0 (each triangle's centroid weighted by its area).
    const Vec2 o = poly.m_vertices[0];
    double twiceArea = 0.0;
    Vec2 weighted;
    for (std::size_t i = 1; i + 1 < m; ++i) {
        const Vec2 e1 = poly.m_vertices[i] - o, e2 = poly.m_vertices[i + 1] - o;
        const double d = cross(e1, e2);
        twiceArea += d;
        weighted += d * (e1 + e2);
    }
    poly.m_centroid = o + weighted / (3.0 * twiceArea);
    return poly;
}

AABB computeAABB(const Circle& circle, const Transform& xf) {
    const Vec2 c = transformPoint(xf, circle.center);
    return {{c.x - circle.radius, c.y - circle.radius}, {c.x + circle.radius, c.y + circle.radius}};
}

Polygon Polygon::copyOf(PolygonView view) {
    Polygon poly;
    poly.m_count = view.count();
    for (int i = 0; i < view.count(); ++i) {
        const auto k = static_cast<std::size_t>(i);
        poly.m_vertices[k] = view.vertex(i);
        poly.m_normals[k] = view.normal(i);
        poly.m_thickness[k] = view.thickness(i);
        poly.m_opposite[k] = static_cast<std::int8_t>(view.opposite(i));
    }
    poly.m_centroid = view.centroid();
    return poly;
}

AABB computeAABB(PolygonView polygon, const Transform& xf) {
    Vec2 lo = transformPoint(xf, polygon.vertex(0));
    Vec2 hi = lo;
    for (int i = 1; i < polygon.count(); ++i) {
        const Vec2 v = transformPoint(xf, polygon.vertex(i));
        lo = minVec(lo, v);
        hi = maxVec(hi, v);
    }
    return {lo, hi};
}

} // namespace phys
