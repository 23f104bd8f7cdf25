/// @file contact_methods.cpp
/// The two simpler contact methods the workbench compares with clipping: "deepest vertices" (the source's
/// first attempt) and the thesis's vertex-edge detection.

#include "physics/clip.h"

#include <limits>

namespace phys {

namespace {

constexpr std::uint8_t kVertexFeature = 0;
constexpr std::uint8_t kFaceFeature = 1;

/// A feature id from (A's feature, B's feature).
FeatureId featureId(int indexA, std::uint8_t typeA, int indexB, std::uint8_t typeB) {
    FeatureId id;
    id.indexA = static_cast<std::uint8_t>(indexA);
    id.typeA = typeA;
    id.indexB = static_cast<std::uint8_t>(indexB);
    id.typeB = typeB;
    return id;
}

/// True when directions u and v are parallel: |sin(angle)| < kVertexEdgeParallelSine.
bool parallel(Vec2 u, Vec2 v) {
    return std::abs(cross(u, v)) < kVertexEdgeParallelSine * length(u) * length(v);
}

/// Segment p0p1 crosses segment q0q1 (touching counts), and they are not parallel (the thesis: parallel edges
/// do not collide). Orientation tests, Ericson 5.1.9.1.
bool segmentsCross(Vec2 p0, Vec2 p1, Vec2 q0, Vec2 q1) {
    if (parallel(p1 - p0, q1 - q0)) {
        return false;
    }
    const double o1 = cross(p1 - p0, q0 - p0);
    const double o2 = cross(p1 - p0, q1 - p0);
    const double o3 = cross(q1 - q0, p0 - q0);
    const double o4 = cross(q1 - q0, p1 - q0);
    return ((o1 <= 0.0 && o2 >= 0.0) || (o1 >= 0.0 && o2 <= 0.0)) &&
           ((o3 <= 0.0 && o4 >= 0.0) || (o3 >= 0.0 && o4 <= 0.0));
}

/// One vertex-edge hit, in the frame of "vertex polygon P, edge polygon Q".
struct VertexEdgeHit {
    bool found = false;
    bool parallelCase = false;
    int vertex = -1;    ///< P's vertex
    int pEdge = -1;     ///< parallel case: P's edge parallel to Q's
    int qEdge = -1;     ///< Q's crossed edge
    Vec2 point;         ///< contact point on P (the vertex, or the overlap midpoint)
    double depth = 0.0; ///< behind Q's edge, metres
    Vec2 qNormal;       ///< Q's outward edge normal
    Vec2 overlapStart, overlapEnd;
};

// The thesis's vertex test (Carzaniga; sources/004 section 3.2.2):
//   for each vertex V_i of P that lies inside Q (or on its boundary):
//     for each edge e_j = (Q_j, Q_j+1) of Q:
//       c1 = segment V_{i-1}V_i crosses e_j ; c2 = segment V_{i+1}V_i crosses e_j   (parallel never crosses)
//       c1 and c2                      -> vertex case: point V_i, normal of e_j
//       c1 and V_iV_{i+1} parallel e_j  (or c2 and V_{i-1}V_i parallel e_j)
//                                      -> parallel case: point = midpoint of the overlap of the two parallel
//                                         edges, projected on P's edge
//   first hit wins
// The "inside Q" guard is ours (a cross-product test against every edge of Q): the crossing tests alone
// accept a vertex far outside Q when one of its edges is parallel to a distant edge of Q (a box's far corner
// against the other box's side), and a Q edge that cuts P's corner off from outside.
VertexEdgeHit findVertexInside(const Vec2* p, int pCount, const Vec2* q, const Vec2* qNormals, int qCount,
                               int& testedPairs) {
    VertexEdgeHit hit;
    for (int i = 0; i < pCount; ++i) {
        const int previous = i == 0 ? pCount - 1 : i - 1;
        const int next = i + 1 == pCount ? 0 : i + 1;
        const Vec2 v = p[i];
        bool inside = true;
        for (int j = 0; j < qCount && inside; ++j) {
            inside = dot(qNormals[j], v - q[j]) <= 0.0;
        }
        if (!inside) {
            testedPairs += qCount;
            continue;
        }
        for (int j = 0; j < qCount; ++j) {
            ++testedPairs;
            const Vec2 q0 = q[j];
            const Vec2 q1 = q[j + 1 == qCount ? 0 : j + 1];
            const double depth = dot(qNormals[j], q0 - v);
            const bool c1 = segmentsCross(p[previous], v, q0, q1);
            const bool c2 = segmentsCross(p[next], v, q0, q1);
            if (c1 && c2) {
                hit.found = true;
                hit.vertex = i;
                hit.qEdge = j;
                hit.point = v;
                hit.depth = depth;
                hit.qNormal = qNormals[j];
                return hit;
            }
            int parallelEdge = -1;
            if (c1 && parallel(p[next] - v, q1 - q0)) {
                parallelEdge = i;
            } else if (c2 && parallel(v - p[previous], q1 - q0)) {
                parallelEdge = previous;
            }
            if (parallelEdge >= 0) {
                const Vec2 e0 = p[parallelEdge];
                const Vec2 e1 = p[parallelEdge + 1 == pCount ? 0 : parallelEdge + 1];
                const Vec2 u = normalize(e1 - e0);
                const double s0 = 0.0;
                const double s1 = dot(u, e1 - e0);
                const double t0 = dot(u, q0 - e0);
                const double t1 = dot(u, q1 - e0);
                const double lo = std::max(std::min(s0, s1), std::min(t0, t1));
                const double hi = std::min(std::max(s0, s1), std::max(t0, t1));
                hit.found = true;
                hit.parallelCase = true;
                hit.vertex = i;
                hit.pEdge = parallelEdge;
                hit.qEdge = j;
                hit.qNormal = qNormals[j];
                if (lo <= hi) {
                    hit.overlapStart = e0 + lo * u;
                    hit.overlapEnd = e0 + hi * u;
                    hit.point = e0 + (0.5 * (lo + hi)) * u;
                } else {
                    hit.overlapStart = v;
                    hit.overlapEnd = v;
                    hit.point = v;
                }
                hit.depth = dot(qNormals[j], q0 - hit.point);
                return hit;
            }
        }
    }
    return hit;
}

} // namespace

const char* toString(VertexEdgeCase which) {
    switch (which) {
    case VertexEdgeCase::None:
        return "none";
    case VertexEdgeCase::VertexInB:
        return "vertex-in-b";
    case VertexEdgeCase::VertexInA:
        return "vertex-in-a";
    case VertexEdgeCase::ParallelInB:
        return "parallel-in-b";
    case VertexEdgeCase::ParallelInA:
        return "parallel-in-a";
    }
    return "none";
}

// The source's first attempt, "two deepest vertices":
//   reference face = the SAT axis's face (of A, or of B with its outward normal m = -n)
//   for each vertex v of the other polygon:  depth = dot(m, face vertex) - dot(m, v)
//   v1, v2 = the two deepest (first index wins ties)
//   if depth1 - depth2 < kDeepestVerticesTolerance:  p = (v1 + v2) / 2, depth = (depth1 + depth2) / 2
//   else:                                            p = v1, depth = depth1
//   keep when depth >= -speculativeDistance ; point = p + depth / 2 * m
Manifold deepestVerticesPolygons(PolygonView a, const Transform& xfA, PolygonView b, const Transform& xfB,
                                 const SatResult& sat, double speculativeDistance,
                                 DeepestVerticesTrace* trace) {
    Manifold manifold;
    manifold.normal = sat.normal;
    const bool referenceIsB = sat.owner == SatAxisOwner::B;
    PolygonView reference = referenceIsB ? b : a;
    const Transform& xfReference = referenceIsB ? xfB : xfA;
    PolygonView incident = referenceIsB ? a : b;
    const Transform& xfIncident = referenceIsB ? xfA : xfB;
    const int edge = sat.edge < 0 ? 0 : sat.edge;

    const Vec2 m = rotate(xfReference.q, reference.normal(edge));
    const double offset = dot(m, transformPoint(xfReference, reference.vertex(edge)));

    int deepest = -1, second = -1;
    double depth1 = -std::numeric_limits<double>::infinity();
    double depth2 = depth1;
    Vec2 point1, point2;
    for (int i = 0; i < incident.count(); ++i) {
        const Vec2 v = transformPoint(xfIncident, incident.vertex(i));
        const double depth = offset - dot(m, v);
        if (depth > depth1) {
            second = deepest;
            depth2 = depth1;
            point2 = point1;
            deepest = i;
            depth1 = depth;
            point1 = v;
        } else if (depth > depth2) {
            second = i;
            depth2 = depth;
            point2 = v;
        }
    }
    const bool averaged = depth1 - depth2 < kDeepestVerticesTolerance;
    const Vec2 p = averaged ? 0.5 * (point1 + point2) : point1;
    const double depth = averaged ? 0.5 * (depth1 + depth2) : depth1;

    int incidentIndex = deepest;
    std::uint8_t incidentType = kVertexFeature;
    if (averaged) {
        const int n = incident.count();
        if (second == (deepest + 1) % n) {
            incidentIndex = deepest;
            incidentType = kFaceFeature;
        } else if (deepest == (second + 1) % n) {
            incidentIndex = second;
            incidentType = kFaceFeature;
        }
    }
    if (depth >= -speculativeDistance) {
        ManifoldPoint& mp = manifold.points[manifold.pointCount++];
        mp.point = p + (0.5 * depth) * m;
        mp.depth = depth;
        mp.id = referenceIsB ? featureId(incidentIndex, incidentType, edge, kFaceFeature)
                             : featureId(edge, kFaceFeature, incidentIndex, incidentType);
    }
    if (trace != nullptr) {
        *trace = DeepestVerticesTrace{};
        trace->referenceIsB = referenceIsB;
        trace->referenceEdge = edge;
        trace->referenceNormal = m;
        trace->referenceOffset = offset;
        trace->deepest = deepest;
        trace->second = second;
        trace->deepestPoint = point1;
        trace->secondPoint = point2;
        trace->deepestDepth = depth1;
        trace->secondDepth = depth2;
        trace->averaged = averaged;
        trace->result = manifold;
    }
    return manifold;
}

// Vertex-edge detection (the thesis): A's vertices against B's edges first, then B's against A's; the first
// hit is the single contact. Normal: for a vertex of A inside B, -(B's edge normal); for a vertex of B inside
// A, A's edge normal (so it always points from A to B). point = hit + depth / 2 * (outward normal of the
// crossed edge), midway between the vertex and the crossed edge.
Manifold vertexEdgePolygons(PolygonView a, const Transform& xfA, PolygonView b, const Transform& xfB,
                            VertexEdgeTrace* trace) {
    Vec2 worldA[kMaxPolygonVertices], normalsA[kMaxPolygonVertices];
    Vec2 worldB[kMaxPolygonVertices], normalsB[kMaxPolygonVertices];
    for (int i = 0; i < a.count(); ++i) {
        worldA[i] = transformPoint(xfA, a.vertex(i));
        normalsA[i] = rotate(xfA.q, a.normal(i));
    }
    for (int i = 0; i < b.count(); ++i) {
        worldB[i] = transformPoint(xfB, b.vertex(i));
        normalsB[i] = rotate(xfB.q, b.normal(i));
    }
    int tested = 0;
    VertexEdgeHit hit = findVertexInside(worldA, a.count(), worldB, normalsB, b.count(), tested);
    bool vertexOfA = true;
    bool vertexOnVertex = false;
    if (!hit.found) {
        hit = findVertexInside(worldB, b.count(), worldA, normalsA, a.count(), tested);
        vertexOfA = false;
    } else if (trace != nullptr) {
        int ignored = 0;
        const VertexEdgeHit other = findVertexInside(worldB, b.count(), worldA, normalsA, a.count(), ignored);
        vertexOnVertex = other.found;
    }

    Manifold manifold;
    VertexEdgeCase which = VertexEdgeCase::None;
    if (hit.found) {
        manifold.normal = vertexOfA ? -hit.qNormal : hit.qNormal;
        ManifoldPoint& mp = manifold.points[manifold.pointCount++];
        mp.point = hit.point + (0.5 * hit.depth) * hit.qNormal;
        mp.depth = hit.depth;
        const int pIndex = hit.parallelCase ? hit.pEdge : hit.vertex;
        const std::uint8_t pType = hit.parallelCase ? kFaceFeature : kVertexFeature;
        if (vertexOfA) {
            mp.id = featureId(pIndex, pType, hit.qEdge, kFaceFeature);
            which = hit.parallelCase ? VertexEdgeCase::ParallelInB : VertexEdgeCase::VertexInB;
        } else {
            mp.id = featureId(hit.qEdge, kFaceFeature, pIndex, pType);
            which = hit.parallelCase ? VertexEdgeCase::ParallelInA : VertexEdgeCase::VertexInA;
        }
    }
    if (trace != nullptr) {
        *trace = VertexEdgeTrace{};
        trace->which = which;
        trace->testedPairs = tested;
        trace->vertexOnVertex = vertexOnVertex;
        if (hit.found) {
            const Vec2* p = vertexOfA ? worldA : worldB;
            const Vec2* q = vertexOfA ? worldB : worldA;
            const int qCount = vertexOfA ? b.count() : a.count();
            trace->vertex = hit.vertex;
            trace->edge = hit.qEdge;
            trace->vertexPoint = p[hit.vertex];
            trace->edgeStart = q[hit.qEdge];
            trace->edgeEnd = q[hit.qEdge + 1 == qCount ? 0 : hit.qEdge + 1];
            trace->overlapStart = hit.overlapStart;
            trace->overlapEnd = hit.overlapEnd;
        }
        trace->result = manifold;
    }
    return manifold;
}

} // namespace phys
