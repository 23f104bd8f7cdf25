/// @file collide.cpp
/// The narrow phase entry point and the per-pair functions.

#include "physics/collide.h"

namespace phys {

namespace {

constexpr std::uint8_t kVertexFeature = 0;
constexpr std::uint8_t kFaceFeature = 1;

/// Swaps the roles of A and B in a SAT trace made with the polygon as A and the circle as B, so that it reads
/// with the circle as A: owners A -> B, the circle axis turned round (it still runs from A to B), shadows
/// swapped. Overlaps are unchanged (the same numbers measured from the other side).
void swapSatTrace(SatTrace& trace) {
    for (int i = 0; i < trace.axisCount; ++i) {
        SatAxis& axis = trace.axes[i];
        if (axis.owner == SatAxisOwner::A) {
            axis.owner = SatAxisOwner::B;
            std::swap(axis.minA, axis.minB);
            std::swap(axis.maxA, axis.maxB);
        } else if (axis.owner == SatAxisOwner::Circle) {
            axis.normal = -axis.normal;
            const double minA = -axis.maxB, maxA = -axis.minB;
            const double minB = -axis.maxA, maxB = -axis.minA;
            axis.minA = minA;
            axis.maxA = maxA;
            axis.minB = minB;
            axis.maxB = maxB;
        }
    }
    trace.bestAxisB = trace.bestAxisA;
    trace.bestAxisA = -1;
    trace.mtvNormal = -trace.mtvNormal;
}

/// The empty manifold, copied rather than built (building one zeroes it with a string instruction).
constexpr Manifold kNoContact{};

void beginTrace(CollideTrace* trace, ShapePairKind kind, ContactMethod method) {
    if (trace != nullptr) {
        const bool all = trace->testAllAxes;
        *trace = CollideTrace{};
        trace->testAllAxes = all;
        trace->sat.testAllAxes = all;
        trace->kind = kind;
        trace->method = method;
    }
}

Manifold finish(CollideTrace* trace, const Manifold& manifold, bool separated) {
    if (trace != nullptr) {
        trace->separated = separated;
        trace->manifold = manifold;
    }
    return manifold;
}

/// Polygon A, circle B; ids as seen from the polygon.
Manifold polygonCircle(PolygonView a, const Transform& xfA, const Circle& b, const Transform& xfB,
                       double speculativeDistance, SatTrace* satTrace) {
    const SatResult sat = satPolygonCircle(a, xfA, b, xfB, speculativeDistance, satTrace);
    Manifold manifold;
    if (sat.separated) {
        return manifold;
    }
    // Circle surface towards A: c - r n; polygon surface: that point + depth n; the point is midway.
    const Vec2 c = transformPoint(xfB, b.center);
    manifold.normal = sat.normal;
    ManifoldPoint& mp = manifold.points[manifold.pointCount++];
    mp.point = c - (b.radius - 0.5 * sat.depth) * sat.normal;
    mp.depth = sat.depth;
    mp.id.indexA = static_cast<std::uint8_t>(sat.edge);
    mp.id.typeA = sat.owner == SatAxisOwner::A ? kFaceFeature : kVertexFeature;
    mp.id.indexB = 0;
    mp.id.typeB = kVertexFeature;
    return manifold;
}

} // namespace

AabbOverlap aabbOverlap(const AABB& a, const AABB& b) {
    AabbOverlap r;
    r.overlapX = std::min(a.upper.x, b.upper.x) - std::max(a.lower.x, b.lower.x);
    r.overlapY = std::min(a.upper.y, b.upper.y) - std::max(a.lower.y, b.lower.y);
    r.overlapping = r.overlapX >= 0.0 && r.overlapY >= 0.0;
    return r;
}

// AABB vs circle (the source's test; Ericson 5.2.5): q = clamp(centre, box); overlap iff |centre - q|^2 <=
// r^2.
AabbCircleTest aabbCircle(const AABB& box, Vec2 center, double radius) {
    AabbCircleTest r;
    r.closestPoint = {std::clamp(center.x, box.lower.x, box.upper.x),
                      std::clamp(center.y, box.lower.y, box.upper.y)};
    r.distanceSquared = distanceSquared(center, r.closestPoint);
    r.overlapping = r.distanceSquared <= radius * radius;
    return r;
}

const char* toString(ShapePairKind kind) {
    switch (kind) {
    case ShapePairKind::CircleCircle:
        return "circle-circle";
    case ShapePairKind::PolygonCircle:
        return "polygon-circle";
    case ShapePairKind::CirclePolygon:
        return "circle-polygon";
    case ShapePairKind::PolygonPolygon:
        return "polygon-polygon";
    }
    return "polygon-polygon";
}

// Circle-circle: n = unit(cB - cA) (or +y), depth = rA + rB - |cB - cA|,
// point = midway between cA + rA n and cB - rB n.
Manifold collideCircles(const Circle& a, const Transform& xfA, const Circle& b, const Transform& xfB,
                        double speculativeDistance, CollideTrace* trace) {
    beginTrace(trace, ShapePairKind::CircleCircle, ContactMethod::Clipping);
    const SatResult sat =
        satCircles(a, xfA, b, xfB, speculativeDistance, trace != nullptr ? &trace->sat : nullptr);
    Manifold manifold;
    if (sat.separated) {
        return finish(trace, manifold, true);
    }
    const Vec2 cA = transformPoint(xfA, a.center);
    const Vec2 cB = transformPoint(xfB, b.center);
    manifold.normal = sat.normal;
    ManifoldPoint& mp = manifold.points[manifold.pointCount++];
    mp.point = 0.5 * ((cA + a.radius * sat.normal) + (cB - b.radius * sat.normal));
    mp.depth = sat.depth;
    return finish(trace, manifold, false);
}

Manifold collidePolygonCircle(PolygonView a, const Transform& xfA, const Circle& b, const Transform& xfB,
                              double speculativeDistance, CollideTrace* trace) {
    beginTrace(trace, ShapePairKind::PolygonCircle, ContactMethod::Clipping);
    const Manifold manifold =
        polygonCircle(a, xfA, b, xfB, speculativeDistance, trace != nullptr ? &trace->sat : nullptr);
    return finish(trace, manifold, manifold.pointCount == 0);
}

// Circle A, polygon B: solve as polygon-circle, then turn the normal round and swap the feature ids.
Manifold collideCirclePolygon(const Circle& a, const Transform& xfA, PolygonView b, const Transform& xfB,
                              double speculativeDistance, CollideTrace* trace) {
    beginTrace(trace, ShapePairKind::CirclePolygon, ContactMethod::Clipping);
    Manifold manifold =
        polygonCircle(b, xfB, a, xfA, speculativeDistance, trace != nullptr ? &trace->sat : nullptr);
    if (trace != nullptr) {
        swapSatTrace(trace->sat);
    }
    manifold.normal = -manifold.normal;
    for (int i = 0; i < manifold.pointCount; ++i) {
        FeatureId& id = manifold.points[i].id;
        id = FeatureId{id.indexB, id.indexA, id.typeB, id.typeA};
    }
    return finish(trace, manifold, manifold.pointCount == 0);
}

Manifold collidePolygons(PolygonView a, const Transform& xfA, PolygonView b, const Transform& xfB,
                         ContactMethod method, double speculativeDistance, CollideTrace* trace) {
    beginTrace(trace, ShapePairKind::PolygonPolygon, method);
    const SatResult sat =
        satPolygons(a, xfA, b, xfB, speculativeDistance, trace != nullptr ? &trace->sat : nullptr);
    if (sat.separated) {
        return finish(trace, kNoContact, true);
    }
    // Each branch returns its method's manifold directly: a default-constructed Manifold here was zeroed
    // (88 bytes, rep stos) only to be overwritten, on every touching pair.
    switch (method) {
    case ContactMethod::DeepestVertices:
        return finish(trace,
                      deepestVerticesPolygons(a, xfA, b, xfB, sat, speculativeDistance,
                                              trace != nullptr ? &trace->deepest : nullptr),
                      false);
    case ContactMethod::VertexEdge:
        return finish(trace,
                      vertexEdgePolygons(a, xfA, b, xfB, trace != nullptr ? &trace->vertexEdge : nullptr),
                      false);
    case ContactMethod::Clipping:
        break;
    }
    return finish(trace,
                  clipPolygons(a, xfA, b, xfB, sat.normal, sat.owner, speculativeDistance,
                               trace != nullptr ? &trace->clip : nullptr),
                  false);
}

// Entry point:
//   boxes = AABB(A) fattened by the speculative distance, AABB(B)
//   if boxes do not overlap: no contact (a traced call still runs the pair's SAT for display)
//   dispatch on (circle|polygon) x (circle|polygon)
namespace {
Manifold collideViews(const ShapeView& a, const Transform& xfA, const ShapeView& b, const Transform& xfB,
                      ContactMethod method, double speculativeDistance, CollideTrace* trace) {
    const AABB boxA = fatten(std::visit([&](const auto& shape) { return computeAABB(shape, xfA); }, a),
                             speculativeDistance);
    const AABB boxB = std::visit([&](const auto& shape) { return computeAABB(shape, xfB); }, b);
    const AabbOverlap aabb = aabbOverlap(boxA, boxB);
    if (!aabb.overlapping && trace == nullptr) {
        return Manifold{};
    }

    const Circle* circleA = std::get_if<Circle>(&a);
    const Circle* circleB = std::get_if<Circle>(&b);
    const PolygonView* polygonA = std::get_if<PolygonView>(&a);
    const PolygonView* polygonB = std::get_if<PolygonView>(&b);
    Manifold manifold;
    if (circleA != nullptr && circleB != nullptr) {
        manifold = collideCircles(*circleA, xfA, *circleB, xfB, speculativeDistance, trace);
    } else if (polygonA != nullptr && circleB != nullptr) {
        manifold = collidePolygonCircle(*polygonA, xfA, *circleB, xfB, speculativeDistance, trace);
    } else if (circleA != nullptr && polygonB != nullptr) {
        manifold = collideCirclePolygon(*circleA, xfA, *polygonB, xfB, speculativeDistance, trace);
    } else {
        manifold = collidePolygons(*polygonA, xfA, *polygonB, xfB, method, speculativeDistance, trace);
    }
    if (trace != nullptr) {
        trace->method = method; // as requested, also for circle pairs (which ignore it)
        trace->aabbA = boxA;
        trace->aabbB = boxB;
        trace->aabb = aabb;
        trace->aabbRejected = !aabb.overlapping;
        if (!aabb.overlapping) {
            // The engine stopped at the AABB stage; SAT above ran for display only.
            manifold = Manifold{};
            trace->manifold = manifold;
            trace->separated = true;
        }
    }
    return manifold;
}
} // namespace

Manifold collide(const ShapeGeometry& a, const Transform& xfA, const ShapeGeometry& b, const Transform& xfB,
                 ContactMethod method, double speculativeDistance, CollideTrace* trace) {
    return collideViews(viewOf(a), xfA, viewOf(b), xfB, method, speculativeDistance, trace);
}

} // namespace phys
