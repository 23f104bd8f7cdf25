/// @file epa.cpp
/// EPA (see epa.h for the pseudocode and references).

#include "physics/epa.h"

#include <cmath>

namespace phys {

namespace {

struct Shapes {
    const DistanceProxy& a;
    const Transform& xfA;
    const DistanceProxy& b;
    const Transform& xfB;

    EpaVertex vertex(int indexA, int indexB) const {
        EpaVertex v;
        v.indexA = indexA;
        v.indexB = indexB;
        v.wA = transformPoint(xfA, a.points[indexA]);
        v.wB = transformPoint(xfB, b.points[indexB]);
        v.w = v.wA - v.wB;
        return v;
    }
    /// D's support point along a world direction: A's furthest along d minus B's furthest along -d.
    EpaVertex supportAlong(Vec2 d) const { return vertex(supportIndex(a, xfA, d), supportIndex(b, xfB, -d)); }
};

bool sameVertex(const EpaVertex& p, const EpaVertex& q) {
    return p.indexA == q.indexA && p.indexB == q.indexB;
}

int nextIndex(int i, int count) {
    return i + 1 == count ? 0 : i + 1;
}

} // namespace

EpaOutput epaPenetration(const DistanceProxy& a, const Transform& xfA, const DistanceProxy& b,
                         const Transform& xfB, const Simplex& seed, EpaTrace* trace) {
    const Shapes shapes{a, xfA, b, xfB};
    std::vector<EpaVertex> poly;
    for (int i = 0; i < seed.count; ++i) {
        poly.push_back(shapes.vertex(seed.v[i].indexA, seed.v[i].indexB));
    }
    if (trace) {
        *trace = EpaTrace{};
        trace->seedCount = seed.count;
    }
    double scale = 1.0; // metres: round-off tolerances are relative to the size of D
    for (const EpaVertex& v : poly) {
        scale = std::max(scale, length(v.w));
    }
    const double tolerance = 1e-13 * scale;

    EpaOutput out;
    auto degenerate = [&](Vec2 normal) {
        out.normal = normal;
        out.depth = 0.0;
        out.pointA = poly.empty() ? Vec2{} : poly[0].wA;
        out.pointB = out.pointA;
        out.termination = EpaTermination::Degenerate;
        if (trace) {
            trace->termination = out.termination;
        }
        return out;
    };
    // Adds D's support along d when it is a new point at least `tolerance` off the line through the
    // polytope's vertices along d (so a triangle made from it has area).
    auto grow = [&](Vec2 d) {
        const EpaVertex w = shapes.supportAlong(d);
        for (const EpaVertex& v : poly) {
            if (sameVertex(v, w) || dot(w.w - v.w, d) <= tolerance * length(d)) {
                return false;
            }
        }
        poly.push_back(w);
        if (trace) {
            trace->seedAdded.push_back(w);
        }
        return true;
    };

    // A triangle GJK ended with may be flat (the origin on an edge): keep two of its points and grow again.
    if (poly.size() == 3 &&
        std::abs(cross(poly[1].w - poly[0].w, poly[2].w - poly[0].w)) <= tolerance * scale) {
        poly.pop_back();
    }
    if (poly.size() == 2 && distance(poly[0].w, poly[1].w) <= tolerance) {
        poly.pop_back();
    }
    if (poly.size() == 1) {
        const Vec2 axes[4] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
        bool grown = false;
        for (int i = 0; i < 4 && !grown; ++i) {
            grown = grow(axes[i]);
        }
        if (!grown) {
            return degenerate({0.0, 1.0}); // D is a point (coincident circle centres): SAT's fallback axis
        }
    }
    if (poly.size() == 2) {
        const Vec2 e = poly[1].w - poly[0].w;
        const Vec2 n = normalize(leftPerp(e));
        if (!grow(n) && !grow(-n)) {
            return degenerate(n); // D is a segment through the origin: no depth across it
        }
    }
    if (cross(poly[1].w - poly[0].w, poly[2].w - poly[0].w) < 0.0) {
        std::swap(poly[1], poly[2]);
    }

    for (int iter = 0; iter < kMaxEpaIterations; ++iter) {
        const int count = int(poly.size());
        int closest = 0;
        double closestDistance = 0.0;
        Vec2 closestNormal;
        for (int i = 0; i < count; ++i) {
            const Vec2 e = poly[std::size_t(nextIndex(i, count))].w - poly[std::size_t(i)].w;
            const Vec2 n = normalize(rightPerp(e)); // outward for a counter-clockwise polytope
            const double d = dot(n, poly[std::size_t(i)].w);
            if (i == 0 || d < closestDistance) {
                closest = i;
                closestDistance = d;
                closestNormal = n;
            }
        }
        const EpaVertex w = shapes.supportAlong(closestNormal);
        const double s = dot(w.w, closestNormal);
        bool duplicate = false;
        for (const EpaVertex& v : poly) {
            duplicate = duplicate || sameVertex(v, w);
        }
        const bool converged = s - closestDistance <= tolerance;
        if (trace) {
            trace->iterations.push_back(
                {poly, closest, closestNormal, closestDistance, w, s, converged || duplicate});
        }
        out.iterations = iter + 1;
        if (converged || duplicate) {
            const EpaVertex& v0 = poly[std::size_t(closest)];
            const EpaVertex& v1 = poly[std::size_t(nextIndex(closest, count))];
            const Vec2 e = v1.w - v0.w;
            const double t = std::clamp(-dot(v0.w, e) / lengthSquared(e), 0.0, 1.0);
            out.normal = closestNormal;
            out.depth = std::max(0.0, closestDistance);
            out.pointA = lerp(v0.wA, v1.wA, t);
            out.pointB = lerp(v0.wB, v1.wB, t);
            if (a.count > 1 && v1.indexA == nextIndex(v0.indexA, a.count)) {
                out.owner = SatAxisOwner::A;
                out.edge = v0.indexA;
            } else if (b.count > 1 && v1.indexB == nextIndex(v0.indexB, b.count)) {
                // -B is B turned by half a turn (which keeps the winding): B's edge v0 -> v1, normal -n.
                out.owner = SatAxisOwner::B;
                out.edge = v0.indexB;
            }
            out.termination = converged ? EpaTermination::Converged : EpaTermination::DuplicateSupport;
            if (trace) {
                trace->termination = out.termination;
            }
            return out;
        }
        // Insert w between the edge's end points; then drop the vertices w makes reflex (in 3D, the faces w
        // sees). With GJK's support points they never are, but a seed may hold a point inside D (GJK's first
        // vertex is not a support point), and then the hull of the polytope and w loses it.
        int at = closest + 1;
        poly.insert(poly.begin() + at, w);
        auto reflex = [&poly](int i) {
            const int n = int(poly.size());
            const Vec2 prev = poly[std::size_t((i + n - 1) % n)].w, cur = poly[std::size_t(i)].w;
            const Vec2 next = poly[std::size_t((i + 1) % n)].w;
            return cross(cur - prev, next - cur) <= 0.0;
        };
        while (poly.size() > 3 && reflex((at + int(poly.size()) - 1) % int(poly.size()))) {
            const int before = (at + int(poly.size()) - 1) % int(poly.size());
            poly.erase(poly.begin() + before);
            at -= before < at ? 1 : 0;
        }
        while (poly.size() > 3 && reflex((at + 1) % int(poly.size()))) {
            const int after = (at + 1) % int(poly.size());
            poly.erase(poly.begin() + after);
            at -= after < at ? 1 : 0;
        }
    }
    out.termination = EpaTermination::MaxIterations;
    if (trace) {
        trace->termination = out.termination;
    }
    return out;
}

PenetrationOutput gjkEpaPenetration(const ShapeGeometry& a, const Transform& xfA, const ShapeGeometry& b,
                                    const Transform& xfB, DistanceTrace* gjkTrace, EpaTrace* epaTrace) {
    const DistanceProxy pa = makeProxy(a);
    const DistanceProxy pb = makeProxy(b);
    PenetrationOutput out;
    out.gjk = shapeDistance(pa, xfA, pb, xfB, false, gjkTrace);
    const double radii = pa.radius + pb.radius;
    if (out.gjk.distance > 0.0) {
        out.normal = out.gjk.normal;
        out.depth = radii - out.gjk.distance;
        out.pointA = out.gjk.pointA + pa.radius * out.normal;
        out.pointB = out.gjk.pointB - pb.radius * out.normal;
        return out;
    }
    out.coresOverlap = true;
    out.epa = epaPenetration(pa, xfA, pb, xfB, out.gjk.simplex, epaTrace);
    out.normal = out.epa.normal;
    out.depth = out.epa.depth + radii;
    out.pointA = out.epa.pointA + pa.radius * out.normal;
    out.pointB = out.epa.pointB - pb.radius * out.normal;
    out.owner = out.epa.owner;
    out.edge = out.epa.edge;
    return out;
}

const char* toString(EpaTermination termination) {
    switch (termination) {
    case EpaTermination::Converged:
        return "converged";
    case EpaTermination::DuplicateSupport:
        return "duplicate support point";
    case EpaTermination::Degenerate:
        return "degenerate";
    case EpaTermination::MaxIterations:
        return "iteration limit";
    }
    return "?";
}

} // namespace phys
