/// @file distance.cpp
/// GJK distance (see distance.h). References: Ericson, "Real-Time Collision Detection" (2005) 9.5 (GJK, the
/// Voronoi regions of the simplex); Catto, "Computing Distance using GJK" (GDC 2010) for the barycentric
/// solve of the segment and the triangle and for searching along the edge's perpendicular.

#include "physics/distance.h"

#include <cmath>
#include <variant>

namespace phys {

DistanceProxy makeProxy(PolygonView polygon) {
    DistanceProxy proxy;
    proxy.count = polygon.count();
    for (int i = 0; i < polygon.count(); ++i) {
        proxy.points[i] = polygon.vertex(i);
    }
    return proxy;
}

DistanceProxy makeProxy(const Circle& circle) {
    DistanceProxy proxy;
    proxy.count = 1;
    proxy.points[0] = circle.center;
    proxy.radius = circle.radius;
    return proxy;
}

int supportIndex(const DistanceProxy& proxy, Vec2 localDirection) {
    int best = 0;
    double bestValue = dot(proxy.points[0], localDirection);
    for (int i = 1; i < proxy.count; ++i) {
        const double value = dot(proxy.points[i], localDirection);
        if (value > bestValue) {
            best = i;
            bestValue = value;
        }
    }
    return best;
}

DistanceProxy makeProxy(const ShapeGeometry& geometry) {
    return makeProxy(viewOf(geometry));
}

DistanceProxy makeProxy(const ShapeView& geometry) {
    if (const auto* circle = std::get_if<Circle>(&geometry)) {
        return makeProxy(*circle);
    }
    return makeProxy(std::get<PolygonView>(geometry));
}

namespace {

SimplexVertex makeVertex(const DistanceProxy& a, const Transform& xfA, int indexA, const DistanceProxy& b,
                         const Transform& xfB, int indexB) {
    SimplexVertex v;
    v.indexA = indexA;
    v.indexB = indexB;
    v.wA = transformPoint(xfA, a.points[indexA]);
    v.wB = transformPoint(xfB, b.points[indexB]);
    v.w = v.wA - v.wB;
    v.a = 1.0;
    return v;
}

/// Segment w0 w1: the origin's closest point is w0, w1 or inside the edge (Ericson 5.1.2 in barycentric
/// form):
///   e = w1 - w0;  u = dot(w1, e) (weight of w0, unnormalised), v = -dot(w0, e) (weight of w1)
///   v <= 0: vertex 0;  u <= 0: vertex 1;  else edge with weights u / (u + v), v / (u + v)
SimplexRegion solve2(Simplex& s) {
    const Vec2 w0 = s.v[0].w;
    const Vec2 w1 = s.v[1].w;
    const Vec2 e = w1 - w0;
    const double v = -dot(w0, e);
    if (v <= 0.0) {
        s.v[0].a = 1.0;
        s.count = 1;
        return SimplexRegion::Vertex0;
    }
    const double u = dot(w1, e);
    if (u <= 0.0) {
        s.v[1].a = 1.0;
        s.v[0] = s.v[1];
        s.count = 1;
        return SimplexRegion::Vertex1;
    }
    const double inv = 1.0 / (u + v);
    s.v[0].a = u * inv;
    s.v[1].a = v * inv;
    s.count = 2;
    return SimplexRegion::Edge01;
}

/// Triangle w0 w1 w2 (Ericson 5.1.5 / Catto 2010): the edge weights as in solve2 and the triangle's signed
/// sub-areas (barycentric coordinates of the origin) pick the vertex, edge or interior region.
SimplexRegion solve3(Simplex& s) {
    const Vec2 w0 = s.v[0].w;
    const Vec2 w1 = s.v[1].w;
    const Vec2 w2 = s.v[2].w;

    const Vec2 e01 = w1 - w0;
    const double d01u = dot(w1, e01); // weight of w0 on edge 01
    const double d01v = -dot(w0, e01);
    const Vec2 e02 = w2 - w0;
    const double d02u = dot(w2, e02);
    const double d02v = -dot(w0, e02);
    const Vec2 e12 = w2 - w1;
    const double d12u = dot(w2, e12);
    const double d12v = -dot(w1, e12);

    const double n = cross(e01, e02);
    const double t0 = n * cross(w1, w2); // sub-area opposite w0: weight of w0
    const double t1 = n * cross(w2, w0);
    const double t2 = n * cross(w0, w1);

    if (d01v <= 0.0 && d02v <= 0.0) {
        s.v[0].a = 1.0;
        s.count = 1;
        return SimplexRegion::Vertex0;
    }
    if (d01u > 0.0 && d01v > 0.0 && t2 <= 0.0) {
        const double inv = 1.0 / (d01u + d01v);
        s.v[0].a = d01u * inv;
        s.v[1].a = d01v * inv;
        s.count = 2;
        return SimplexRegion::Edge01;
    }
    if (d02u > 0.0 && d02v > 0.0 && t1 <= 0.0) {
        const double inv = 1.0 / (d02u + d02v);
        s.v[0].a = d02u * inv;
        s.v[2].a = d02v * inv;
        s.v[1] = s.v[2];
        s.count = 2;
        return SimplexRegion::Edge02;
    }
    if (d01u <= 0.0 && d12v <= 0.0) {
        s.v[1].a = 1.0;
        s.v[0] = s.v[1];
        s.count = 1;
        return SimplexRegion::Vertex1;
    }
    if (d02u <= 0.0 && d12u <= 0.0) {
        s.v[2].a = 1.0;
        s.v[0] = s.v[2];
        s.count = 1;
        return SimplexRegion::Vertex2;
    }
    if (d12u > 0.0 && d12v > 0.0 && t0 <= 0.0) {
        const double inv = 1.0 / (d12u + d12v);
        s.v[1].a = d12u * inv;
        s.v[2].a = d12v * inv;
        s.v[0] = s.v[2];
        s.count = 2;
        return SimplexRegion::Edge12;
    }
    const double inv = 1.0 / (t0 + t1 + t2);
    s.v[0].a = t0 * inv;
    s.v[1].a = t1 * inv;
    s.v[2].a = t2 * inv;
    s.count = 3;
    return SimplexRegion::Interior;
}

Vec2 closestPoint(const Simplex& s) {
    Vec2 p;
    for (int i = 0; i < s.count; ++i) {
        p += s.v[i].a * s.v[i].w;
    }
    return p;
}

/// Towards the origin: from a vertex straight at it; from an edge along the edge's perpendicular on the
/// origin's side (exact in direction even when the closest point is tiny, Catto 2010).
Vec2 searchDirection(const Simplex& s) {
    if (s.count == 1) {
        return -s.v[0].w;
    }
    const Vec2 e = s.v[1].w - s.v[0].w;
    const double side = cross(e, -s.v[0].w);
    return side > 0.0 ? leftPerp(e) : rightPerp(e);
}

} // namespace

DistanceOutput shapeDistance(const DistanceProxy& a, const Transform& xfA, const DistanceProxy& b,
                             const Transform& xfB, bool useRadii, DistanceTrace* trace) {
    // Pseudocode (Ericson 9.5):
    //   simplex = { support pair (0, 0) }
    //   loop:
    //     reduce the simplex to the feature (Voronoi region) holding its point closest to the origin
    //     a triangle holds the origin -> overlap, stop
    //     d = direction from that feature towards the origin; d = 0 -> the origin is on the simplex, stop
    //     w = supportA(d) - supportB(-d)
    //     w already in the simplex, or no closer along d than the simplex -> the closest feature is found
    //     add w
    //   witness points from the barycentric weights: pA = sum a_i wA_i, pB = sum a_i wB_i
    if (trace) {
        trace->iterations.clear();
    }
    Simplex s;
    s.v[0] = makeVertex(a, xfA, 0, b, xfB, 0);
    s.count = 1;
    GjkTermination termination = GjkTermination::MaxIterations;
    int iterations = 0;
    for (int iter = 0; iter < kMaxGjkIterations; ++iter) {
        int savedA[3];
        int savedB[3];
        const int savedCount = s.count;
        for (int i = 0; i < savedCount; ++i) {
            savedA[i] = s.v[i].indexA;
            savedB[i] = s.v[i].indexB;
        }
        GjkIteration step;
        if (trace) {
            step.simplex = s;
        }
        SimplexRegion region = SimplexRegion::Vertex0;
        if (s.count == 2) {
            region = solve2(s);
        } else if (s.count == 3) {
            region = solve3(s);
        }
        if (trace) {
            step.region = region;
            step.reduced = s;
            step.closest = closestPoint(s);
        }
        auto record = [&] {
            if (trace) {
                trace->iterations.push_back(step);
            }
        };
        if (s.count == 3) {
            termination = GjkTermination::Overlap;
            record();
            break;
        }
        const Vec2 d = searchDirection(s);
        if (lengthSquared(d) <= 1e-300) {
            // The origin is a simplex vertex: the cores touch.
            termination = GjkTermination::Overlap;
            record();
            break;
        }
        const int indexA = supportIndex(a, xfA, d);
        const int indexB = supportIndex(b, xfB, -d);
        const SimplexVertex w = makeVertex(a, xfA, indexA, b, xfB, indexB);
        ++iterations;
        if (trace) {
            step.direction = d;
            step.supportA = w.wA;
            step.supportB = w.wB;
            step.supportIndexA = indexA;
            step.supportIndexB = indexB;
        }
        bool duplicate = false;
        for (int i = 0; i < savedCount; ++i) {
            if (savedA[i] == indexA && savedB[i] == indexB) {
                duplicate = true;
                break;
            }
        }
        if (duplicate) {
            step.duplicate = true;
            termination = GjkTermination::DuplicateSupport;
            record();
            break;
        }
        // Progress: the new vertex must lie beyond the current simplex along d (else the loop could cycle on
        // round-off between features that are equally close).
        const Vec2 closest = closestPoint(s);
        const double progress = dot(w.w - closest, d);
        const double scale = std::sqrt(lengthSquared(d)) * (std::sqrt(lengthSquared(w.w)) + 1.0);
        if (progress <= 1e-14 * scale) {
            termination = GjkTermination::NoProgress;
            record();
            break;
        }
        record();
        s.v[s.count] = w;
        ++s.count;
    }

    DistanceOutput out;
    out.iterations = iterations;
    out.simplex = s;
    for (int i = 0; i < s.count; ++i) {
        out.pointA += s.v[i].a * s.v[i].wA;
        out.pointB += s.v[i].a * s.v[i].wB;
    }
    if (termination == GjkTermination::Overlap) {
        out.pointB = out.pointA;
    }
    out.distance = distance(out.pointA, out.pointB);
    if (out.distance > 0.0) {
        out.normal = (out.pointB - out.pointA) / out.distance;
    }
    if (useRadii) {
        const double radii = a.radius + b.radius;
        if (out.distance > radii) {
            out.pointA += a.radius * out.normal;
            out.pointB -= b.radius * out.normal;
            out.distance -= radii;
        } else {
            const Vec2 p = 0.5 * (out.pointA + out.pointB);
            out.pointA = p;
            out.pointB = p;
            out.distance = 0.0;
        }
    }
    if (trace) {
        trace->termination = termination;
    }
    return out;
}

const char* toString(SimplexRegion region) {
    switch (region) {
    case SimplexRegion::Vertex0:
        return "vertex 0";
    case SimplexRegion::Vertex1:
        return "vertex 1";
    case SimplexRegion::Vertex2:
        return "vertex 2";
    case SimplexRegion::Edge01:
        return "edge 0-1";
    case SimplexRegion::Edge02:
        return "edge 0-2";
    case SimplexRegion::Edge12:
        return "edge 1-2";
    case SimplexRegion::Interior:
        return "interior";
    }
    return "?";
}

const char* toString(GjkTermination termination) {
    switch (termination) {
    case GjkTermination::Overlap:
        return "overlap";
    case GjkTermination::DuplicateSupport:
        return "duplicate support point";
    case GjkTermination::NoProgress:
        return "no progress";
    case GjkTermination::MaxIterations:
        return "iteration limit";
    }
    return "?";
}

} // namespace phys
