/// @file sat.cpp
/// Separating Axis Theorem for polygon-polygon, polygon-circle and circle-circle, with optional traces.

#include "physics/sat.h"

#include <algorithm>
#include <cmath>
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
void polygonShadow(PolygonView polygon, const Transform& xf, Vec2 axis, double& lo, double& hi) {
    lo = std::numeric_limits<double>::infinity();
    hi = -lo;
    for (int i = 0; i < polygon.count(); ++i) {
        const double p = dot(axis, transformPoint(xf, polygon.vertex(i)));
        lo = std::min(lo, p);
        hi = std::max(hi, p);
    }
}

/// One axis as the engine scores it: the signed overlap of the two shadows and which way B leaves.
struct AxisScore {
    double overlap = 0.0; ///< min(push B out through the owner's face, push it out the back way), metres
    /// True when pushing the other shape out through the owner's own face is no longer than the back way,
    /// so the owner's face is the one that looks at the other shape (a reference face).
    bool facing = true;
};

/// Tolerance of the near-tie rules (sat.h), metres.
double tieTolerance(double x, double y) {
    return kSatTieAbsolute + kSatTieRelative * std::max(std::abs(x), std::abs(y));
}

/// Whether `candidate` replaces `best` as the least overlap of one polygon's axes (or of the polygon-circle
/// axes). Same orientation: strictly smaller (the lower index keeps an exact tie). Otherwise the facing axis
/// wins a near tie: it names a face that really looks at the other shape.
bool replacesBest(const AxisScore& candidate, const AxisScore& best) {
    if (candidate.facing == best.facing) {
        return candidate.overlap < best.overlap;
    }
    const double tolerance = tieTolerance(candidate.overlap, best.overlap);
    return candidate.facing ? candidate.overlap <= best.overlap + tolerance
                            : candidate.overlap < best.overlap - tolerance;
}

/// Scores edge `edge` of poly1 as an axis against poly2, whose vertices are given in poly1's frame (other).
///   n = poly1's normal, off = dot(n, v) with v the edge's start (the face's offset), all in poly1's frame
///   [lo2, hi2] = poly2's shadow relative to the face: dot(n, w_j) - off over poly2's vertices (Box2D's
///                separation is lo2)
///   [back, 0]  = poly1's own shadow relative to the face, back = -poly1.thickness(edge)
///   overlap = min(0 - lo2, hi2 - back)    (through the face, or the back way)
/// A point without Vec2's zeroing constructor: the scratch array below is written before it is read, and
/// clearing 16 of them for every axis scan showed up in the profile.
struct RawPoint {
    double x;
    double y;
};

/// Edge `edge`'s score from poly2's shadow [lo, hi] on its normal (dot(n, w_j) over poly2's vertices in
/// poly1's frame).
AxisScore scorePolygonEdge(PolygonView poly1, int edge, double lo, double hi) {
    const double offset = dot(poly1.normal(edge), poly1.vertex(edge));
    const double throughFace = offset - lo;
    const double hi2 = hi - offset;
    // back = -poly1.thickness(edge): poly1's own shadow reaches that far behind the face (cached per shape).
    const double throughBack = hi2 + poly1.thickness(edge);
    return {std::min(throughFace, throughBack), throughFace <= throughBack};
}

/// poly2's shadow on edge `edge`'s normal: [lo, hi] of dot(n, w_j) over its vertices in poly1's frame.
void otherShadow(PolygonView poly1, int edge, const RawPoint* other, int otherCount, double& lo, double& hi) {
    const Vec2 n = poly1.normal(edge);
    lo = std::numeric_limits<double>::infinity();
    hi = -lo;
    for (int j = 0; j < otherCount; ++j) {
        const double d = n.x * other[j].x + n.y * other[j].y;
        lo = std::min(lo, d);
        hi = std::max(hi, d);
    }
}

void recordPolygonAxis(SatTrace& trace, SatAxisOwner owner, int edge, AxisScore score, PolygonView a,
                       const Transform& xfA, PolygonView b, const Transform& xfB) {
    if (trace.axisCount >= kMaxSatAxes) {
        return;
    }
    SatAxis& axis = trace.axes[trace.axisCount++];
    axis.owner = owner;
    axis.edge = edge;
    axis.normal = owner == SatAxisOwner::A ? rotate(xfA.q, a.normal(edge)) : rotate(xfB.q, b.normal(edge));
    polygonShadow(a, xfA, axis.normal, axis.minA, axis.maxA);
    polygonShadow(b, xfB, axis.normal, axis.minB, axis.maxB);
    axis.overlap = score.overlap;
    axis.separating = axis.overlap < 0.0;
    axis.facing = score.facing;
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

// SAT for two convex polygons (Ericson, Real-Time Collision Detection 5.2.1, and the source's "separating
// axis" chapter for the per-axis overlap; Box2D b2CollidePolygons for the frame trick and the tie
// hysteresis).
//
//   for each edge i of A, in A's frame (B's vertices placed there once by A^-1 * B):
//       n = A's normal i ; [minA, maxA], [minB, maxB] = the shadows on n (maxA = dot(n, vA_i), A's own face)
//       f = maxA - minB   (push B along +n until clear)   g = maxB - minA   (push B along -n)
//       overlap = min(f, g)     (negative = gap; = min(maxA, maxB) - max(minA, minB) unless one shadow
//                                contains the other, where it is the push-out, not the common length)
//       if overlap < -spec: return separated (unless tracing all axes); normal = +n if f <= g else -n
//       keep the least overlap (same orientation: first index on exact ties; facing one wins near ties)
//   the same for B's edges (in B's frame; "facing" there means the normal -n of B's face)
//   use B's best only if it is smaller than A's by more than tol(A, B), or if only B's faces A within tol
//   normal = the chosen axis oriented from A to B ; depth = its overlap
//
// Why the least overlap is the exact depth: B moved by t overlaps A iff t lies in M = A - B (Minkowski
// difference). For any unit d, the push along d that clears them is h_M(d) = maxA.d - minB.d, which is at
// least the distance from the origin to M's boundary (the penetration depth), with equality on M's face
// normals. M's faces have the normals of A's faces and of -B's faces, all tested here in both directions
// (f and g), so min over the axes of min(f, g) is the depth; it is attained with f on A's face (g on B's),
// which the near-tie rules prefer, so the chosen axis is a real reference face.
SatResult satPolygons(PolygonView a, const Transform& xfA, PolygonView b, const Transform& xfB,
                      double speculativeDistance, SatTrace* trace) {
    const bool all = trace != nullptr && trace->testAllAxes;
    if (trace != nullptr) {
        resetTrace(*trace);
    }
    SatResult result;
    bool foundSeparating = false;
    int firstSeparatingAxis = -1;

    // Unit normal from A to B for edge `edge` of poly1 (the polygon that owns the axis).
    auto orientedNormal = [](PolygonView poly1, const Transform& xf1, SatAxisOwner owner, int edge,
                             bool facing) {
        const Vec2 worldNormal = rotate(xf1.q, poly1.normal(edge));
        const bool plus = (owner == SatAxisOwner::A) == facing;
        return plus ? worldNormal : -worldNormal;
    };

    // kCount: both polygons' vertex count when it is known at compile time (quads, the boxes of stacks and
    // pyramids: the loops then unroll and B's placed vertices stay in registers), 0 for any count. The same
    // operations in the same order either way, so the results are the same bit for bit.
    auto scan = [&]<int kCount>(PolygonView poly1, const Transform& xf1, PolygonView poly2,
                                const Transform& xf2, SatAxisOwner owner, int& bestEdge, AxisScore& best,
                                int& bestTraceIndex) -> bool {
        // poly2's vertices in poly1's frame, once: then each of poly1's axes costs one dot per vertex.
        const Transform toPoly1 = invMulTransform(xf1, xf2);
        RawPoint other[kMaxPolygonVertices];
        const int otherCount = kCount != 0 ? kCount : poly2.count();
        const int ownCount = kCount != 0 ? kCount : poly1.count();
        for (int j = 0; j < otherCount; ++j) {
            const Vec2 p = transformPoint(toPoly1, poly2.vertex(j));
            other[j] = {p.x, p.y};
        }
        bestEdge = -1;
        double shadowLo[kMaxPolygonVertices];
        double shadowHi[kMaxPolygonVertices];
        for (int i = 0; i < ownCount; ++i) {
            // An edge opposite an earlier one sees the same shadow reversed: dot(-n, w) = -dot(n, w)
            // exactly in value, so a box projects on two axes instead of four.
            const int opposite = poly1.opposite(i);
            if (opposite >= 0 && opposite < i) {
                shadowLo[i] = -shadowHi[opposite];
                shadowHi[i] = -shadowLo[opposite];
            } else {
                otherShadow(poly1, i, other, otherCount, shadowLo[i], shadowHi[i]);
            }
            const AxisScore score = scorePolygonEdge(poly1, i, shadowLo[i], shadowHi[i]);
            if (trace != nullptr) {
                recordPolygonAxis(*trace, owner, i, score, a, xfA, b, xfB);
            }
            if (bestEdge < 0 || replacesBest(score, best)) {
                best = score;
                bestEdge = i;
                if (trace != nullptr) {
                    bestTraceIndex = trace->axisCount - 1;
                }
            }
            if (score.overlap < -speculativeDistance && !foundSeparating) {
                foundSeparating = true;
                result.separated = true;
                result.owner = owner;
                result.edge = i;
                result.normal = orientedNormal(poly1, xf1, owner, i, score.facing);
                result.depth = score.overlap;
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
    AxisScore bestA, bestB;
    int traceA = -1, traceB = -1;
    if (a.count() == 4 && b.count() == 4) {
        if (scan.template operator()<4>(a, xfA, b, xfB, SatAxisOwner::A, edgeA, bestA, traceA)) {
            scan.template operator()<4>(b, xfB, a, xfA, SatAxisOwner::B, edgeB, bestB, traceB);
        }
    } else if (scan.template operator()<0>(a, xfA, b, xfB, SatAxisOwner::A, edgeA, bestA, traceA)) {
        scan.template operator()<0>(b, xfB, a, xfA, SatAxisOwner::B, edgeB, bestB, traceB);
    }

    bool keptA = false;
    if (!foundSeparating) {
        const double tolerance = tieTolerance(bestA.overlap, bestB.overlap);
        const bool useB = bestB.overlap < bestA.overlap - tolerance ||
                          (bestB.facing && !bestA.facing && bestB.overlap <= bestA.overlap + tolerance);
        keptA = !useB && bestB.overlap < bestA.overlap;
        if (useB) {
            result.owner = SatAxisOwner::B;
            result.edge = edgeB;
            result.normal = orientedNormal(b, xfB, SatAxisOwner::B, edgeB, bestB.facing);
            result.depth = bestB.overlap;
        } else {
            result.owner = SatAxisOwner::A;
            result.edge = edgeA;
            result.normal = orientedNormal(a, xfA, SatAxisOwner::A, edgeA, bestA.facing);
            result.depth = bestA.overlap;
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

// SAT for a polygon and a circle (the source's "polygon vs circle"; Ericson 5.2.1), in the polygon's frame:
//
//   c = circle centre ; for an axis n: [minA, maxA] = polygon shadow, [c.n - r, c.n + r] = circle shadow
//   f = maxA - (c.n - r) (push the circle along +n) ; g = (c.n + r) - minA (along -n) ; overlap = min(f, g)
//   for each edge i (maxA = dot(n_i, v_i)):  early out if overlap < -spec ; keep the least (rules as for
//                                             two polygons: facing wins near ties, first index exact ties)
//   k = polygon vertex closest to c ;  u = (c - v_k) / |c - v_k|   (skipped when c == v_k)
//   the vertex axis: early out if its overlap < -spec ; it replaces the best edge by the same rule
//   normal = the chosen axis, +n if f <= g else -n
//
// Exactness: along any unit d the push that clears the circle is h_P(d) - dot(d, c) + r >= r - sd(c, P)
// (support function of the polygon; sd = signed distance, negative inside), in both directions d and -d, with
// equality for f on the face normal in an edge region and on u in a vertex region, so the least overlap is
// exact.
SatResult satPolygonCircle(PolygonView a, const Transform& xfA, const Circle& b, const Transform& xfB,
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
    auto record = [&](SatAxisOwner owner, int edge, Vec2 localAxis, AxisScore score) {
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
        axis.overlap = score.overlap;
        axis.separating = axis.overlap < 0.0;
        axis.facing = score.facing;
    };
    // Local axis n with the polygon's shadow [lo, hi] relative to `origin`: the circle's score.
    auto score = [&](Vec2 n, Vec2 origin, double lo, double hi) {
        const double centre = dot(n, c - origin);
        const double throughFace = hi - (centre - r);
        const double throughBack = (centre + r) - lo;
        return AxisScore{std::min(throughFace, throughBack), throughFace <= throughBack};
    };
    auto separate = [&](SatAxisOwner owner, int edge, Vec2 localAxis, const AxisScore& s) {
        foundSeparating = true;
        result.separated = true;
        result.owner = owner;
        result.edge = edge;
        result.normal = rotate(xfA.q, s.facing ? localAxis : -localAxis);
        result.depth = s.overlap;
        if (trace != nullptr) {
            firstSeparatingAxis = trace->axisCount - 1;
        }
    };

    int bestEdge = -1;
    AxisScore best;
    int bestTrace = -1;
    int circleTrace = -1;
    bool useVertexAxis = false;
    // Fills the trace's summary (also after an early out) and returns the result.
    auto finish = [&]() {
        if (trace != nullptr) {
            trace->bestAxisA = bestTrace;
            trace->circleAxis = circleTrace;
            trace->separated = result.separated;
            trace->mtvAxis =
                foundSeparating ? firstSeparatingAxis : (useVertexAxis ? circleTrace : bestTrace);
            trace->mtvNormal = result.normal;
            trace->mtvDepth = result.depth;
        }
        return result;
    };
    for (int i = 0; i < a.count(); ++i) {
        const Vec2 n = a.normal(i);
        const Vec2 v = a.vertex(i);
        // The polygon's own shadow behind the face, cached with the shape (the same arithmetic).
        const AxisScore s = score(n, v, -a.thickness(i), 0.0);
        record(SatAxisOwner::A, i, n, s);
        if (bestEdge < 0 || replacesBest(s, best)) {
            best = s;
            bestEdge = i;
            bestTrace = trace != nullptr ? trace->axisCount - 1 : -1;
        }
        if (s.overlap < -speculativeDistance && !foundSeparating) {
            separate(SatAxisOwner::A, i, n, s);
            if (!all) {
                return finish();
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
    Vec2 u;
    AxisScore vertexScore;
    if (lengthSquared(toCentre) > 0.0) {
        u = toCentre / std::sqrt(lengthSquared(toCentre));
        double lo = std::numeric_limits<double>::infinity();
        double hi = -lo;
        for (int j = 0; j < a.count(); ++j) {
            const double p = dot(u, a.vertex(j));
            lo = std::min(lo, p);
            hi = std::max(hi, p);
        }
        vertexScore = score(u, Vec2{}, lo, hi);
        record(SatAxisOwner::Circle, closest, u, vertexScore);
        circleTrace = trace != nullptr ? trace->axisCount - 1 : -1;
        if (vertexScore.overlap < -speculativeDistance && !foundSeparating) {
            separate(SatAxisOwner::Circle, closest, u, vertexScore);
            if (!all) {
                return finish();
            }
        }
        useVertexAxis = replacesBest(vertexScore, best);
    }

    if (!foundSeparating) {
        if (useVertexAxis) {
            result.owner = SatAxisOwner::Circle;
            result.edge = closest;
            result.normal = rotate(xfA.q, vertexScore.facing ? u : -u);
            result.depth = vertexScore.overlap;
        } else {
            result.owner = SatAxisOwner::A;
            result.edge = bestEdge;
            result.normal = rotate(xfA.q, best.facing ? a.normal(bestEdge) : -a.normal(bestEdge));
            result.depth = best.overlap;
        }
    }
    return finish();
}

// SAT for two circles: one axis, the centre line.
//   d = cB - cA ;  n = d / |d|  (or +y when |d| < kCoincidentCentres)
//   f = maxA - minB = rA + rB - |d| ;  g = maxB - minA = rA + rB + |d| >= f ;  overlap = min(f, g) = f
//   (so the two-sided overlap is the one-sided one here, and the normal is always +n)
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
