/// @file sat.cpp
/// Separating Axis Theorem for polygon-polygon, polygon-circle and circle-circle, with optional traces.

#include "physics/sat.h"

#include <limits>

namespace phys {

namespace {

/// Clears a trace, keeping its option.
void resetTrace(SatTrace& trace) {
    const bool all = trace.testAllAxes;
    trace = SatTrace{};
    trace.testAllAxes = all;
}

/// Shadow of a polygon (local vertices placed by xf) on a world axis.
void polygonShadow(const Polygon& polygon, const Transform& xf, Vec2 axis, double& lo, double& hi) {
    lo = std::numeric_limits<double>::infinity();
    hi = -lo;
    for (int i = 0; i < polygon.count(); ++i) {
        const double p = dot(axis, transformPoint(xf, polygon.vertex(i)));
        lo = std::min(lo, p);
        hi = std::max(hi, p);
    }
}

/// Separation of edge `edge` of poly1 against poly2, poly1 given in poly2's frame by xf (Box2D
/// b2FindMaxSeparation, one edge): min over the vertices v2 of poly2 of dot(n1, v2 - v1).
double edgeSeparation(const Polygon& poly1, const Transform& xf, int edge, const Polygon& poly2) {
    const Vec2 n = rotate(xf.q, poly1.normal(edge));
    const Vec2 v1 = transformPoint(xf, poly1.vertex(edge));
    double best = std::numeric_limits<double>::infinity();
    for (int j = 0; j < poly2.count(); ++j) {
        best = std::min(best, dot(n, poly2.vertex(j) - v1));
    }
    return best;
}

void recordPolygonAxis(SatTrace& trace, SatAxisOwner owner, int edge, double separation, const Polygon& a,
                       const Transform& xfA, const Polygon& b, const Transform& xfB) {
    if (trace.axisCount >= kMaxSatAxes) {
        return;
    }
    SatAxis& axis = trace.axes[trace.axisCount++];
    axis.owner = owner;
    axis.edge = edge;
    axis.normal = owner == SatAxisOwner::A ? rotate(xfA.q, a.normal(edge)) : rotate(xfB.q, b.normal(edge));
    polygonShadow(a, xfA, axis.normal, axis.minA, axis.maxA);
    polygonShadow(b, xfB, axis.normal, axis.minB, axis.maxB);
    axis.overlap = -separation;
    axis.separating = axis.overlap < 0.0;
}

} // namespace

const char* toString(SatAxisOwner owner) {
    switch (owner) {
    case SatAxisOwner::A:
        return "a";
    case SatAxisOwner::B:
        return "b";
    case SatAxisOwner::Circle:
        return "circle";
    }
    return "a";
}

// SAT for two convex polygons (Ericson, Real-Time Collision Detection 5.2.1; Box2D b2CollidePolygons for the
// frame trick and the tie hysteresis).
//
//   xf21 = B^-1 * A                      A's edges in B's frame
//   for each edge i of A:  s = min_j dot(nA_i, vB_j - vA_i)     (separation along A's normal)
//       if s > spec: return separated (unless tracing all axes)
//       keep the largest s (first index on exact ties)
//   the same for B's edges with xf12 = A^-1 * B
//   use B's axis only if sB > sA + tol(sA, sB)       (prefer A: stable reference face)
//   normal = A's normal, or -(B's normal); depth = -s
SatResult satPolygons(const Polygon& a, const Transform& xfA, const Polygon& b, const Transform& xfB,
                      double speculativeDistance, SatTrace* trace) {
    const bool all = trace != nullptr && trace->testAllAxes;
    if (trace != nullptr) {
        resetTrace(*trace);
    }
    SatResult result;
    bool foundSeparating = false;
    int firstSeparatingAxis = -1;

    auto scan = [&](const Polygon& poly1, const Transform& xf1, const Polygon& poly2, const Transform& xf2,
                    SatAxisOwner owner, int& bestEdge, double& bestSeparation, int& bestTraceIndex) -> bool {
        const Transform xf = invMulTransform(xf2, xf1);
        bestEdge = -1;
        bestSeparation = -std::numeric_limits<double>::infinity();
        for (int i = 0; i < poly1.count(); ++i) {
            const double s = edgeSeparation(poly1, xf, i, poly2);
            if (trace != nullptr) {
                recordPolygonAxis(*trace, owner, i, s, a, xfA, b, xfB);
            }
            if (s > bestSeparation) {
                bestSeparation = s;
                bestEdge = i;
                if (trace != nullptr) {
                    bestTraceIndex = trace->axisCount - 1;
                }
            }
            if (s > speculativeDistance && !foundSeparating) {
                foundSeparating = true;
                result.separated = true;
                result.owner = owner;
                result.edge = i;
                const Vec2 worldNormal = rotate(xf1.q, poly1.normal(i));
                result.normal = owner == SatAxisOwner::A ? worldNormal : -worldNormal;
                result.depth = -s;
                if (trace != nullptr) {
                    firstSeparatingAxis = trace->axisCount - 1;
                }
                if (!all) {
                    return false;
                }
            }
        }
        return true;
    };

    int edgeA = -1, edgeB = -1;
    double separationA = 0.0, separationB = 0.0;
    int traceA = -1, traceB = -1;
    const bool continueA = scan(a, xfA, b, xfB, SatAxisOwner::A, edgeA, separationA, traceA);
    if (continueA) {
        scan(b, xfB, a, xfA, SatAxisOwner::B, edgeB, separationB, traceB);
    }

    bool keptA = false;
    if (!foundSeparating) {
        const double tolerance =
            kSatTieAbsolute + kSatTieRelative * std::max(std::abs(separationA), std::abs(separationB));
        const bool useB = separationB > separationA + tolerance;
        keptA = !useB && separationB > separationA;
        if (useB) {
            result.owner = SatAxisOwner::B;
            result.edge = edgeB;
            result.normal = -rotate(xfB.q, b.normal(edgeB));
            result.depth = -separationB;
        } else {
            result.owner = SatAxisOwner::A;
            result.edge = edgeA;
            result.normal = rotate(xfA.q, a.normal(edgeA));
            result.depth = -separationA;
        }
    }

    if (trace != nullptr) {
        trace->bestAxisA = traceA;
        trace->bestAxisB = traceB;
        trace->separated = result.separated;
        trace->nearTieKeptA = keptA;
        trace->mtvAxis =
            foundSeparating ? firstSeparatingAxis : (result.owner == SatAxisOwner::A ? traceA : traceB);
        trace->mtvNormal = result.normal;
        trace->mtvDepth = result.depth;
    }
    return result;
}

// SAT for a polygon and a circle (the source's "polygon vs circle"; Ericson 5.2.1):
//
//   c = circle centre in the polygon's frame
//   for each edge i:  s = dot(n_i, c - v_i) - r ;  early out if s > spec ; keep the largest
//   k = polygon vertex closest to c ;  u = (c - v_k) / |c - v_k|   (skipped when c == v_k)
//   s_u = (dot(u, c) - r) - max_j dot(u, v_j) ;  early out if s_u > spec
//   the vertex axis wins only if s_u > best edge separation
//
// Exactness: every overlap h_P(u) - dot(u, c) + r is >= r - dist(c, P) (support function of the polygon),
// with equality on the face normal in an edge region and on u in a vertex region, so the least overlap is
// exact.
SatResult satPolygonCircle(const Polygon& a, const Transform& xfA, const Circle& b, const Transform& xfB,
                           double speculativeDistance, SatTrace* trace) {
    const bool all = trace != nullptr && trace->testAllAxes;
    if (trace != nullptr) {
        resetTrace(*trace);
    }
    const Vec2 worldCenter = transformPoint(xfB, b.center);
    const Vec2 c = invTransformPoint(xfA, worldCenter);
    const double r = b.radius;

    SatResult result;
    bool foundSeparating = false;
    int firstSeparatingAxis = -1;
    auto record = [&](SatAxisOwner owner, int edge, Vec2 localAxis, double separation) {
        if (trace == nullptr || trace->axisCount >= kMaxSatAxes) {
            return;
        }
        SatAxis& axis = trace->axes[trace->axisCount++];
        axis.owner = owner;
        axis.edge = edge;
        axis.normal = rotate(xfA.q, localAxis);
        polygonShadow(a, xfA, axis.normal, axis.minA, axis.maxA);
        const double centre = dot(axis.normal, worldCenter);
        axis.minB = centre - r;
        axis.maxB = centre + r;
        axis.overlap = -separation;
        axis.separating = axis.overlap < 0.0;
    };
    auto separate = [&](SatAxisOwner owner, int edge, Vec2 localAxis, double separation) {
        foundSeparating = true;
        result.separated = true;
        result.owner = owner;
        result.edge = edge;
        result.normal = rotate(xfA.q, localAxis);
        result.depth = -separation;
        if (trace != nullptr) {
            firstSeparatingAxis = trace->axisCount - 1;
        }
    };

    int bestEdge = -1;
    double bestSeparation = -std::numeric_limits<double>::infinity();
    int bestTrace = -1;
    for (int i = 0; i < a.count(); ++i) {
        const double s = dot(a.normal(i), c - a.vertex(i)) - r;
        record(SatAxisOwner::A, i, a.normal(i), s);
        if (s > bestSeparation) {
            bestSeparation = s;
            bestEdge = i;
            bestTrace = trace != nullptr ? trace->axisCount - 1 : -1;
        }
        if (s > speculativeDistance && !foundSeparating) {
            separate(SatAxisOwner::A, i, a.normal(i), s);
            if (!all) {
                return result;
            }
        }
    }

    int closest = 0;
    double closestDistanceSquared = distanceSquared(a.vertex(0), c);
    for (int i = 1; i < a.count(); ++i) {
        const double d2 = distanceSquared(a.vertex(i), c);
        if (d2 < closestDistanceSquared) {
            closestDistanceSquared = d2;
            closest = i;
        }
    }
    const Vec2 toCentre = c - a.vertex(closest);
    bool useVertexAxis = false;
    Vec2 u;
    double vertexSeparation = 0.0;
    int circleTrace = -1;
    if (lengthSquared(toCentre) > 0.0) {
        u = toCentre / std::sqrt(lengthSquared(toCentre));
        double support = -std::numeric_limits<double>::infinity();
        for (int j = 0; j < a.count(); ++j) {
            support = std::max(support, dot(u, a.vertex(j)));
        }
        vertexSeparation = (dot(u, c) - r) - support;
        record(SatAxisOwner::Circle, closest, u, vertexSeparation);
        circleTrace = trace != nullptr ? trace->axisCount - 1 : -1;
        if (vertexSeparation > speculativeDistance && !foundSeparating) {
            separate(SatAxisOwner::Circle, closest, u, vertexSeparation);
            if (!all) {
                return result;
            }
        }
        useVertexAxis = vertexSeparation > bestSeparation;
    }

    if (!foundSeparating) {
        if (useVertexAxis) {
            result.owner = SatAxisOwner::Circle;
            result.edge = closest;
            result.normal = rotate(xfA.q, u);
            result.depth = -vertexSeparation;
        } else {
            result.owner = SatAxisOwner::A;
            result.edge = bestEdge;
            result.normal = rotate(xfA.q, a.normal(bestEdge));
            result.depth = -bestSeparation;
        }
    }
    if (trace != nullptr) {
        trace->bestAxisA = bestTrace;
        trace->circleAxis = circleTrace;
        trace->separated = result.separated;
        trace->mtvAxis = foundSeparating ? firstSeparatingAxis : (useVertexAxis ? circleTrace : bestTrace);
        trace->mtvNormal = result.normal;
        trace->mtvDepth = result.depth;
    }
    return result;
}

// SAT for two circles: one axis, the centre line.
//   d = cB - cA ;  n = d / |d|  (or +y when |d| < kCoincidentCentres) ;  depth = rA + rB - |d|
SatResult satCircles(const Circle& a, const Transform& xfA, const Circle& b, const Transform& xfB,
                     double speculativeDistance, SatTrace* trace) {
    const Vec2 cA = transformPoint(xfA, a.center);
    const Vec2 cB = transformPoint(xfB, b.center);
    const Vec2 d = cB - cA;
    const double dist = std::sqrt(lengthSquared(d));
    SatResult result;
    result.owner = SatAxisOwner::Circle;
    result.edge = -1;
    result.normal = dist < kCoincidentCentres ? Vec2{0.0, 1.0} : d / dist;
    result.depth = a.radius + b.radius - dist;
    result.separated = result.depth < -speculativeDistance;
    if (trace != nullptr) {
        resetTrace(*trace);
        SatAxis& axis = trace->axes[trace->axisCount++];
        axis.owner = SatAxisOwner::Circle;
        axis.edge = -1;
        axis.normal = result.normal;
        axis.minA = dot(result.normal, cA) - a.radius;
        axis.maxA = dot(result.normal, cA) + a.radius;
        axis.minB = dot(result.normal, cB) - b.radius;
        axis.maxB = dot(result.normal, cB) + b.radius;
        axis.overlap = result.depth;
        axis.separating = result.depth < 0.0;
        trace->circleAxis = 0;
        trace->mtvAxis = 0;
        trace->separated = result.separated;
        trace->mtvNormal = result.normal;
        trace->mtvDepth = result.depth;
    }
    return result;
}

} // namespace phys
