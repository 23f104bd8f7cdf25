/// @file clip.cpp
/// The clipping method for the contact points of two convex polygons.

#include "physics/clip.h"

#include <limits>

namespace phys {

namespace {

constexpr std::uint8_t kVertexFeature = 0;
constexpr std::uint8_t kFaceFeature = 1;

/// A clip vertex: a point and the features (reference side, incident side) that made it.
struct ClipVertex {
    Vec2 point;
    /// The features that made the point, packed (clipFeatures): the reference side's index and type, the
    /// incident side's index and type. One 64-bit field rather than four bytes, or 32 bits and padding: the
    /// clip loop copies these vertices right after writing them, 8 bytes at a time, and narrower stores read
    /// back by a wider load stall the store forwarding (seen in profiles of the box-on-box collide).
    std::uint64_t features = 0;
};

constexpr std::uint64_t clipFeatures(int referenceIndex, std::uint8_t referenceType, int incidentIndex,
                                     std::uint8_t incidentType) {
    return std::uint64_t(static_cast<std::uint8_t>(referenceIndex)) | (std::uint64_t(referenceType) << 8) |
           (std::uint64_t(static_cast<std::uint8_t>(incidentIndex)) << 16) |
           (std::uint64_t(incidentType) << 24);
}

constexpr Manifold kEmptyManifold{};

/// The source's best edge: the vertex furthest along `direction`, then of its two edges the one more
/// perpendicular to `normal` (smaller |dot(unit edge, normal)|; an exact tie takes the next edge, as Dyn4j).
/// Works in the polygon's own frame: the unit edge direction is leftPerp of the cached outward normal, so no
/// square root is taken and only the chosen edge's end points are transformed.
ClipCandidate findBestEdge(PolygonView polygon, const Transform& xf, const Vec2& direction,
                           const Vec2& normal) {
    const Vec2 localDirection = invRotate(xf.q, direction);
    const Vec2 localNormal = invRotate(xf.q, normal);
    ClipCandidate c;
    c.direction = direction;
    c.furthestVertex = 0;
    double best = dot(polygon.vertex(0), localDirection);
    for (int i = 1; i < polygon.count(); ++i) {
        const double p = dot(polygon.vertex(i), localDirection);
        if (p > best) {
            best = p;
            c.furthestVertex = i;
        }
    }
    const int i = c.furthestVertex;
    const int previous = polygon.prev(i);
    c.furthestPoint = transformPoint(xf, polygon.vertex(i));
    c.furthestProjection = dot(c.furthestPoint, direction);
    c.previousEdge = previous;
    c.nextEdge = i;
    c.previousDot = std::abs(dot(leftPerp(polygon.normal(previous)), localNormal));
    c.nextDot = std::abs(dot(leftPerp(polygon.normal(i)), localNormal));
    if (c.nextDot <= c.previousDot) {
        c.edge = i;
        c.edgeStart = c.furthestPoint;
        c.edgeEnd = transformPoint(xf, polygon.vertex(polygon.next(i)));
        c.edgeDot = c.nextDot;
    } else {
        c.edge = previous;
        c.edgeStart = transformPoint(xf, polygon.vertex(previous));
        c.edgeEnd = c.furthestPoint;
        c.edgeDot = c.previousDot;
    }
    return c;
}

/// Keeps the points with dot(normal, p) <= offset; when a two-point segment crosses the plane, adds the
/// crossing (Sutherland-Hodgman on one plane; Ericson 8.3.4). The new point comes from the reference vertex
/// the plane passes through and the incident edge. A single point (the incident edge reduced to a touching
/// point by the first plane) is simply kept or dropped.
int clipSegment(const ClipVertex* in, int inCount, ClipVertex out[2], const Vec2& normal, double offset,
                int referenceVertex, int incidentEdge) {
    int count = 0;
    double d[2] = {0.0, 0.0};
    for (int k = 0; k < inCount; ++k) {
        d[k] = dot(normal, in[k].point) - offset;
        if (d[k] <= 0.0) {
            out[count++] = in[k];
        }
    }
    if (inCount == 2 && d[0] * d[1] < 0.0) {
        const double t = d[0] / (d[0] - d[1]);
        out[count++] = {in[0].point + t * (in[1].point - in[0].point),
                        clipFeatures(referenceVertex, kVertexFeature, incidentEdge, kFaceFeature)};
    }
    return count;
}

FeatureId makeId(const ClipVertex& v, bool flip) {
    const auto referenceIndex = static_cast<std::uint8_t>(v.features);
    const auto referenceType = static_cast<std::uint8_t>(v.features >> 8);
    const auto incidentIndex = static_cast<std::uint8_t>(v.features >> 16);
    const auto incidentType = static_cast<std::uint8_t>(v.features >> 24);
    FeatureId id;
    if (!flip) {
        id.indexA = referenceIndex;
        id.typeA = referenceType;
        id.indexB = incidentIndex;
        id.typeB = incidentType;
    } else {
        id.indexA = incidentIndex;
        id.typeA = incidentType;
        id.indexB = referenceIndex;
        id.typeB = referenceType;
    }
    return id;
}

} // namespace

// The clipping method (the source's "better method"; Dyn4j ClippingManifoldSolver; Catto, "Contact
// Manifolds", GDC 2007):
//
//   eA = bestEdge(A, +n) ; eB = bestEdge(B, -n)          furthest vertex, then its more perpendicular edge
//   reference = the edge with the smaller |dot(unit edge, n)| (tie within kReferenceTieTolerance: the SAT
//               axis owner's) ; incident = the other ; flip = reference is B's
//   t = unit(ref.end - ref.start)  (= leftPerp of the reference edge's outward normal)
//   clip incident by  dot(-t, p) <= -dot(t, ref.start)     side plane at the reference start
//   clip result   by  dot( t, p) <=  dot(t, ref.end)       side plane at the reference end
//   m = outward normal of the reference edge ; depth_k = dot(m, ref.start) - dot(m, p_k)
//   keep p_k when depth_k >= -speculativeDistance ; point = p_k + depth_k / 2 * m  (midway between surfaces)
Manifold clipPolygons(PolygonView a, const Transform& xfA, PolygonView b, const Transform& xfB,
                      const Vec2& normal, SatAxisOwner axisOwner, double speculativeDistance,
                      ClipTrace* trace) {
    Manifold manifold = kEmptyManifold; // a copy: building a Manifold zeroes it with a string instruction
    manifold.normal = normal;

    const ClipCandidate candidateA = findBestEdge(a, xfA, normal, normal);
    const ClipCandidate candidateB = findBestEdge(b, xfB, -normal, normal);
    const bool tie = std::abs(candidateA.edgeDot - candidateB.edgeDot) <= kReferenceTieTolerance;
    const bool flip = tie ? axisOwner == SatAxisOwner::B : candidateB.edgeDot < candidateA.edgeDot;

    const ClipCandidate& reference = flip ? candidateB : candidateA;
    const ClipCandidate& incident = flip ? candidateA : candidateB;
    const int referenceCount = flip ? b.count() : a.count();
    const int incidentCount = flip ? a.count() : b.count();
    const int referenceNext = reference.edge + 1 == referenceCount ? 0 : reference.edge + 1;
    const int incidentNext = incident.edge + 1 == incidentCount ? 0 : incident.edge + 1;

    // Unit edge direction and outward normal from the reference polygon's cached normal (no square root).
    PolygonView referencePolygon = flip ? b : a;
    const Vec2 referenceNormal = rotate((flip ? xfB : xfA).q, referencePolygon.normal(reference.edge));
    const Vec2 t = leftPerp(referenceNormal);
    const double referenceOffset = dot(referenceNormal, reference.edgeStart);

    if (trace != nullptr) {
        *trace = ClipTrace{};
        trace->normal = normal;
        trace->candidateA = candidateA;
        trace->candidateB = candidateB;
        trace->tie = tie;
        trace->flip = flip;
        trace->referenceEdge = reference.edge;
        trace->incidentEdge = incident.edge;
        trace->referenceStart = reference.edgeStart;
        trace->referenceEnd = reference.edgeEnd;
        trace->incidentStart = incident.edgeStart;
        trace->incidentEnd = incident.edgeEnd;
        trace->referenceNormal = referenceNormal;
        trace->referenceOffset = referenceOffset;
    }

    // The incident edge's end points: made by the reference face and an incident vertex.
    const ClipVertex incidentPoints[2] = {
        {incident.edgeStart, clipFeatures(reference.edge, kFaceFeature, incident.edge, kVertexFeature)},
        {incident.edgeEnd, clipFeatures(reference.edge, kFaceFeature, incidentNext, kVertexFeature)}};

    const Vec2 planeNormals[2] = {-t, t};
    const double planeOffsets[2] = {-dot(t, reference.edgeStart), dot(t, reference.edgeEnd)};
    const int planeVertices[2] = {reference.edge, referenceNext};

    ClipVertex current[2] = {incidentPoints[0], incidentPoints[1]};
    int currentCount = 2;
    for (int k = 0; k < 2; ++k) {
        ClipVertex clipped[2];
        const int count = clipSegment(current, currentCount, clipped, planeNormals[k], planeOffsets[k],
                                      planeVertices[k], incident.edge);
        if (trace != nullptr) {
            ClipPlaneStep& step = trace->planes[trace->planeCount++];
            step.normal = planeNormals[k];
            step.offset = planeOffsets[k];
            step.referenceVertex = planeVertices[k];
            step.beforeCount = currentCount;
            for (int j = 0; j < currentCount; ++j) {
                step.before[j] = current[j].point;
            }
            step.afterCount = count;
            for (int j = 0; j < count; ++j) {
                step.after[j] = clipped[j].point;
            }
        }
        if (count == 0) {
            if (trace != nullptr) {
                trace->result = manifold;
            }
            return manifold;
        }
        // Both slots, whatever the count: a copy of `count` entries compiled to a string move, which starts
        // slowly enough to show in the profile of the box-on-box collide.
        current[0] = clipped[0];
        current[1] = clipped[1];
        currentCount = count;
    }

    for (int k = 0; k < currentCount; ++k) {
        const double depth = referenceOffset - dot(referenceNormal, current[k].point);
        const bool kept = depth >= -speculativeDistance;
        const FeatureId id = makeId(current[k], flip);
        if (trace != nullptr) {
            ClipPointStep& step = trace->points[trace->pointCount++];
            step.point = current[k].point;
            step.depth = depth;
            step.kept = kept;
            step.id = id;
        }
        if (kept) {
            ManifoldPoint& mp = manifold.points[manifold.pointCount++];
            mp.point = current[k].point + (0.5 * depth) * referenceNormal;
            mp.depth = depth;
            mp.id = id;
        }
    }
    if (trace != nullptr) {
        trace->result = manifold;
    }
    return manifold;
}

} // namespace phys
