#pragma once
/// @file clip.h
/// Contact points of two convex polygons, once SAT has given the normal: the clipping method (the default),
/// and two simpler methods the workbench compares it with ("deepest vertices" and the thesis's
/// "vertex-edge"). Each can fill a trace of every stage, world frame, metres.
///
/// ManifoldPoint::point is midway between the two surfaces: the incident point moved half its depth towards
/// the reference surface, along the reference face normal.

#include "physics/manifold.h"
#include "physics/sat.h"
#include "physics/shape.h"

namespace phys {

/// Two polygons whose best edges are this close in |dot(unit edge, normal)| count as tied, and the tie goes
/// to the owner of the SAT axis (so the reference face follows the SAT's hysteresis). Dimensionless.
inline constexpr double kReferenceTieTolerance = 1.0e-6;

/// One shape's candidate edge for the clipping method (the source's "best edge"), world frame.
struct ClipCandidate {
    Vec2 direction;                  ///< the direction searched: +normal for A, -normal for B
    int furthestVertex = -1;         ///< index of the vertex furthest along `direction`
    Vec2 furthestPoint;              ///< that vertex
    double furthestProjection = 0.0; ///< dot(furthestPoint, direction), metres
    int previousEdge = -1;    ///< edge ending at the furthest vertex (furthestVertex - 1 -> furthestVertex)
    int nextEdge = -1;        ///< edge starting at it (furthestVertex -> furthestVertex + 1)
    double previousDot = 0.0; ///< |dot(unit previous edge, normal)|: 0 = perpendicular to the normal
    double nextDot = 0.0;     ///< |dot(unit next edge, normal)|
    int edge = -1;            ///< the chosen (more perpendicular) edge; an exact tie takes nextEdge
    Vec2 edgeStart, edgeEnd;  ///< its end points, counter-clockwise order
    double edgeDot = 0.0;     ///< |dot(unit chosen edge, normal)|
};

/// One side plane clip: keep points p with dot(normal, p) <= offset; a segment crossing the plane is cut.
struct ClipPlaneStep {
    Vec2 normal;              ///< unit, world
    double offset = 0;        ///< metres
    int referenceVertex = -1; ///< index (in the reference polygon) of the vertex the plane passes through
    Vec2 before[2];
    int beforeCount = 0;
    Vec2 after[2];
    int afterCount = 0;
};

/// The reference-face test of one clipped point.
struct ClipPointStep {
    Vec2 point;         ///< clipped point on the incident edge, world
    double depth = 0.0; ///< behind the reference face, metres (positive = penetrating)
    bool kept = false;  ///< depth >= -speculativeDistance
    FeatureId id;
};

/// Every stage of clipPolygons, world frame.
struct ClipTrace {
    Vec2 normal;                       ///< the normal used (unit, A to B)
    ClipCandidate candidateA;          ///< best edge of A along +normal
    ClipCandidate candidateB;          ///< best edge of B along -normal
    bool tie = false;                  ///< |edgeDot| of A and B within kReferenceTieTolerance
    bool flip = false;                 ///< the reference edge is B's
    int referenceEdge = -1;            ///< edge index in the reference polygon
    int incidentEdge = -1;             ///< edge index in the incident polygon
    Vec2 referenceStart, referenceEnd; ///< reference edge, CCW order of its polygon
    Vec2 incidentStart, incidentEnd;   ///< incident edge, CCW order of its polygon
    Vec2 referenceNormal;              ///< outward unit normal of the reference edge
    double referenceOffset = 0.0;      ///< dot(referenceNormal, referenceStart), metres
    ClipPlaneStep planes[2]; ///< side plane at referenceStart (normal -t), then at referenceEnd (normal +t)
    int planeCount = 0;      ///< 2 normally; 1 when the first clip left no point (no contact)
    ClipPointStep points[2]; ///< the reference-face test
    int pointCount = 0;
    Manifold result;
};

/// The clipping method (the source's "better method"; Dyn4j / Catto, "Contact manifolds"):
/// best edge of each shape, reference = the more perpendicular, two side-plane clips, reference-face test.
/// At most 2 points; feature ids stable while the same features touch. A clip that leaves no point (the
/// incident edge misses the reference edge's slab) gives no contact; one that leaves a single point (the
/// incident edge only touches the slab) goes on with that point (Box2D would drop it).
/// @param normal unit, world, from A to B (SatResult::normal); taken by reference, so it must not lie inside
///        *trace, which is reset before the normal is read again
/// @param axisOwner owner of the SAT axis; it wins a reference tie
/// @param speculativeDistance metres >= 0: points with depth >= -speculativeDistance are kept
Manifold clipPolygons(PolygonView a, const Transform& xfA, PolygonView b, const Transform& xfB,
                      const Vec2& normal, SatAxisOwner axisOwner = SatAxisOwner::A,
                      double speculativeDistance = 0.0, ClipTrace* trace = nullptr);

/// Two incident vertices whose depths differ by less than this are averaged into one contact (metres).
inline constexpr double kDeepestVerticesTolerance = 0.01;

/// What the deepest-vertices method saw, world frame.
struct DeepestVerticesTrace {
    bool referenceIsB = false; ///< the SAT axis (the reference face) is B's
    int referenceEdge = -1;
    Vec2 referenceNormal; ///< outward normal of the reference face
    double referenceOffset = 0.0;
    int deepest = -1, second = -1; ///< incident vertex indices, deepest first
    Vec2 deepestPoint, secondPoint;
    double deepestDepth = 0.0, secondDepth = 0.0; ///< behind the reference face, metres
    bool averaged = false; ///< depths within kDeepestVerticesTolerance: one averaged point
    Manifold result;
};

/// The source's first attempt ("two deepest vertices"): project the incident polygon's vertices on the
/// normal, take the two deepest behind the reference face (the face of the SAT axis) and return their average
/// when their depths differ by less than kDeepestVerticesTolerance, else the deepest alone. Always at most
/// one point.
/// @param sat the SAT result for this pair (not separated); its axis is the reference face
/// @param speculativeDistance metres >= 0: the point is kept when depth >= -speculativeDistance
Manifold deepestVerticesPolygons(PolygonView a, const Transform& xfA, PolygonView b, const Transform& xfB,
                                 const SatResult& sat, double speculativeDistance = 0.0,
                                 DeepestVerticesTrace* trace = nullptr);

/// Edges whose directions make an angle with sine below this count as parallel in the vertex-edge method.
inline constexpr double kVertexEdgeParallelSine = 0.01;

/// Which case of the vertex-edge method produced the contact.
enum class VertexEdgeCase : std::uint8_t {
    None,        ///< no vertex found inside: no contact (the method's blind spot)
    VertexInB,   ///< a vertex of A inside B: both its segments cross the same edge of B
    VertexInA,   ///< a vertex of B inside A
    ParallelInB, ///< a vertex of A: one segment crosses an edge of B, the other is parallel to it
    ParallelInA, ///< the same with a vertex of B
};

/// What the vertex-edge method saw, world frame.
struct VertexEdgeTrace {
    VertexEdgeCase which = VertexEdgeCase::None;
    int vertex = -1; ///< the vertex inside (of A for *InB, of B for *InA)
    int edge = -1;   ///< the crossed edge of the other polygon
    Vec2 vertexPoint;
    Vec2 edgeStart, edgeEnd;
    bool vertexOnVertex = false;   ///< a vertex of B was also inside A (the thesis's vertex-on-vertex case)
    int testedPairs = 0;           ///< vertex-edge pairs examined before the answer
    Vec2 overlapStart, overlapEnd; ///< parallel cases: the overlap of the two parallel edges
    Manifold result;
};

/// The thesis's vertex-edge detection (Carzaniga; /work/shared/sources/004): vertex V_i is inside when both
/// segments V_{i-1}V_i and V_{i+1}V_i cross the same edge e_j of the other polygon; the normal is e_j's
/// normal and the point V_i. Parallel case: one segment crosses e_j and the other is parallel to it; the
/// point is the midpoint of the overlap of the two parallel edges. A's vertices are tested first, so in the
/// vertex-on-vertex case A's vertex and the first edge of B found win (the thesis's choice). At most one
/// point; no speculative contacts (a vertex must be inside). The normal is that edge's, from A to B, not the
/// SAT normal.
Manifold vertexEdgePolygons(PolygonView a, const Transform& xfA, PolygonView b, const Transform& xfB,
                            VertexEdgeTrace* trace = nullptr);

const char* toString(VertexEdgeCase which); ///< "none", "vertex-in-b", ...

} // namespace phys
