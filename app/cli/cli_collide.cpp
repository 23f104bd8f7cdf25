/// @file cli_collide.cpp
/// `contactlab-cli collide SCENE --a I --b J [--method clipping|deepest-vertices|vertex-edge|gjk|epa]`: runs
/// the narrow phase on bodies I and J as placed in the file and prints the whole trace as one JSON object
/// (design.md section 4), world frame, SI units, every number as the engine computed it (shortest round-trip
/// form).
///
/// Output, for bodies with one shape each:
///   {"bodyA": I, "bodyB": J, "shapeA": 0, "shapeB": 0, "kind": "polygon-polygon", "method": "clipping",
///    "separated": bool,
///    "aabb": {"a": {"lower", "upper"}, "b": {...}, "overlapX", "overlapY", "overlapping", "rejected"},
///    "sat": {"axes": [{"owner": "a"|"b"|"circle", "edge", "normal", "a": [min,max], "b": [min,max],
///                      "overlap", "separating"}, ...],
///            "mtv": {"normal", "depth", "axis", "owner", "edge"}, "bestAxisA", "bestAxisB", "circleAxis",
///            "nearTieKeptA"},
///    "clip": {...every stage...} | null,            polygon pairs with the clipping method, when not
///    separated "deepestVertices": {...}, "vertexEdge": {...}, only with those methods on polygon pairs
///    "manifold": {"normal", "points": [{"point", "depth", "id", "feature": {...}}, ...]}}
/// When a body holds several shapes, one such object per shape pair (shape indices in "shapeA"/"shapeB"):
///   {"bodyA": I, "bodyB": J, "separated": true only if every pair is, "pairs": [...]}.
/// "sat.mtv" is the chosen axis: the MTV, or when separated the first separating axis in test order (all axes
/// are still listed). "id" is FeatureId::key().
///
/// `--method gjk` (distance.h, surfaces: core distance minus the radii) prints per shape pair
///   {"bodyA", "bodyB", "shapeA", "shapeB", "kind", "method": "gjk", "separated", "distance", "pointA",
///    "pointB", "normal", "iterations",
///    "gjk": {"termination", "iterations": [{"simplex": [vertex...], "region", "reduced": [vertex...],
///            "closest", "direction", "supportA", "supportB", "supportIndexA", "supportIndexB",
///            "duplicate"}]}}
///   with vertex = {"w", "wA", "wB", "indexA", "indexB", "weight"}; "distance" is 0 when the shapes overlap.
/// `--method epa` (epa.h: GJK on the cores, EPA when they overlap, radii added) prints
///   {..., "method": "epa", "separated", "depth", "normal", "pointA", "pointB", "coresOverlap",
///    "gjk": {...as above, on the cores...},
///    "epa": {"seedCount", "seedAdded": [vertex...], "termination", "iterations": [{"polytope": [vertex...],
///            "closestEdge", "normal", "distance", "support": vertex, "supportDistance", "last"}]} | null,
///    "manifold": {...} | null}
///   "depth" < 0 is minus the gap (then "epa" is null: the cores are apart). For polygon pairs that overlap,
///   "manifold" is the clipping step run with EPA's normal.

#include "cli.h"

#include "physics/collide.h"
#include "physics/epa.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace cl::cli {

namespace {

QJsonArray vec(phys::Vec2 v) {
    return QJsonArray{v.x, v.y};
}

QJsonArray interval(double lo, double hi) {
    return QJsonArray{lo, hi};
}

QJsonObject box(const phys::AABB& b) {
    return QJsonObject{{QStringLiteral("lower"), vec(b.lower)}, {QStringLiteral("upper"), vec(b.upper)}};
}

QJsonObject feature(phys::FeatureId id) {
    auto type = [](std::uint8_t t) {
        return QString::fromLatin1(t == 0 ? "vertex" : "face");
    };
    return QJsonObject{{QStringLiteral("indexA"), int(id.indexA)},
                       {QStringLiteral("typeA"), type(id.typeA)},
                       {QStringLiteral("indexB"), int(id.indexB)},
                       {QStringLiteral("typeB"), type(id.typeB)}};
}

QJsonObject satJson(const phys::SatTrace& sat) {
    QJsonArray axes;
    for (int i = 0; i < sat.axisCount; ++i) {
        const phys::SatAxis& a = sat.axes[i];
        axes.append(QJsonObject{{QStringLiteral("owner"), QLatin1String(phys::toString(a.owner))},
                                {QStringLiteral("edge"), a.edge},
                                {QStringLiteral("normal"), vec(a.normal)},
                                {QStringLiteral("a"), interval(a.minA, a.maxA)},
                                {QStringLiteral("b"), interval(a.minB, a.maxB)},
                                {QStringLiteral("overlap"), a.overlap},
                                {QStringLiteral("separating"), a.separating}});
    }
    QJsonObject mtv{{QStringLiteral("normal"), vec(sat.mtvNormal)},
                    {QStringLiteral("depth"), sat.mtvDepth},
                    {QStringLiteral("axis"), sat.mtvAxis}};
    if (sat.mtvAxis >= 0) {
        mtv.insert(QStringLiteral("owner"), QLatin1String(phys::toString(sat.axes[sat.mtvAxis].owner)));
        mtv.insert(QStringLiteral("edge"), sat.axes[sat.mtvAxis].edge);
    }
    return QJsonObject{{QStringLiteral("axes"), axes},
                       {QStringLiteral("mtv"), mtv},
                       {QStringLiteral("bestAxisA"), sat.bestAxisA},
                       {QStringLiteral("bestAxisB"), sat.bestAxisB},
                       {QStringLiteral("circleAxis"), sat.circleAxis},
                       {QStringLiteral("nearTieKeptA"), sat.nearTieKeptA}};
}

QJsonObject candidateJson(const phys::ClipCandidate& c) {
    return QJsonObject{{QStringLiteral("direction"), vec(c.direction)},
                       {QStringLiteral("furthestVertex"), c.furthestVertex},
                       {QStringLiteral("furthestPoint"), vec(c.furthestPoint)},
                       {QStringLiteral("furthestProjection"), c.furthestProjection},
                       {QStringLiteral("previousEdge"), c.previousEdge},
                       {QStringLiteral("previousDot"), c.previousDot},
                       {QStringLiteral("nextEdge"), c.nextEdge},
                       {QStringLiteral("nextDot"), c.nextDot},
                       {QStringLiteral("edge"), c.edge},
                       {QStringLiteral("edgeStart"), vec(c.edgeStart)},
                       {QStringLiteral("edgeEnd"), vec(c.edgeEnd)},
                       {QStringLiteral("edgeDot"), c.edgeDot}};
}

QJsonArray points(const phys::Vec2* p, int count) {
    QJsonArray out;
    for (int i = 0; i < count; ++i) {
        out.append(vec(p[i]));
    }
    return out;
}

QJsonObject clipJson(const phys::ClipTrace& c) {
    const QString referenceOwner = QString::fromLatin1(c.flip ? "b" : "a");
    const QString incidentOwner = QString::fromLatin1(c.flip ? "a" : "b");
    QJsonArray planes;
    for (int i = 0; i < c.planeCount; ++i) {
        const phys::ClipPlaneStep& s = c.planes[i];
        planes.append(QJsonObject{{QStringLiteral("normal"), vec(s.normal)},
                                  {QStringLiteral("offset"), s.offset},
                                  {QStringLiteral("referenceVertex"), s.referenceVertex},
                                  {QStringLiteral("before"), points(s.before, s.beforeCount)},
                                  {QStringLiteral("after"), points(s.after, s.afterCount)}});
    }
    QJsonArray tested;
    for (int i = 0; i < c.pointCount; ++i) {
        const phys::ClipPointStep& s = c.points[i];
        tested.append(QJsonObject{{QStringLiteral("point"), vec(s.point)},
                                  {QStringLiteral("depth"), s.depth},
                                  {QStringLiteral("kept"), s.kept},
                                  {QStringLiteral("id"), qint64(s.id.key())}});
    }
    return QJsonObject{
        {QStringLiteral("normal"), vec(c.normal)},
        {QStringLiteral("bestEdgeA"), candidateJson(c.candidateA)},
        {QStringLiteral("bestEdgeB"), candidateJson(c.candidateB)},
        {QStringLiteral("tie"), c.tie},
        {QStringLiteral("flip"), c.flip},
        {QStringLiteral("reference"), QJsonObject{{QStringLiteral("owner"), referenceOwner},
                                                  {QStringLiteral("edge"), c.referenceEdge},
                                                  {QStringLiteral("start"), vec(c.referenceStart)},
                                                  {QStringLiteral("end"), vec(c.referenceEnd)},
                                                  {QStringLiteral("normal"), vec(c.referenceNormal)},
                                                  {QStringLiteral("offset"), c.referenceOffset}}},
        {QStringLiteral("incident"), QJsonObject{{QStringLiteral("owner"), incidentOwner},
                                                 {QStringLiteral("edge"), c.incidentEdge},
                                                 {QStringLiteral("start"), vec(c.incidentStart)},
                                                 {QStringLiteral("end"), vec(c.incidentEnd)}}},
        {QStringLiteral("planes"), planes},
        {QStringLiteral("referenceFace"), tested}};
}

QJsonObject deepestJson(const phys::DeepestVerticesTrace& d) {
    return QJsonObject{{QStringLiteral("referenceOwner"), QString::fromLatin1(d.referenceIsB ? "b" : "a")},
                       {QStringLiteral("referenceEdge"), d.referenceEdge},
                       {QStringLiteral("referenceNormal"), vec(d.referenceNormal)},
                       {QStringLiteral("referenceOffset"), d.referenceOffset},
                       {QStringLiteral("deepest"), d.deepest},
                       {QStringLiteral("deepestPoint"), vec(d.deepestPoint)},
                       {QStringLiteral("deepestDepth"), d.deepestDepth},
                       {QStringLiteral("second"), d.second},
                       {QStringLiteral("secondPoint"), vec(d.secondPoint)},
                       {QStringLiteral("secondDepth"), d.secondDepth},
                       {QStringLiteral("averaged"), d.averaged}};
}

QJsonObject vertexEdgeJson(const phys::VertexEdgeTrace& v) {
    return QJsonObject{{QStringLiteral("case"), QLatin1String(phys::toString(v.which))},
                       {QStringLiteral("vertex"), v.vertex},
                       {QStringLiteral("edge"), v.edge},
                       {QStringLiteral("vertexPoint"), vec(v.vertexPoint)},
                       {QStringLiteral("edgeStart"), vec(v.edgeStart)},
                       {QStringLiteral("edgeEnd"), vec(v.edgeEnd)},
                       {QStringLiteral("overlapStart"), vec(v.overlapStart)},
                       {QStringLiteral("overlapEnd"), vec(v.overlapEnd)},
                       {QStringLiteral("vertexOnVertex"), v.vertexOnVertex},
                       {QStringLiteral("testedPairs"), v.testedPairs}};
}

QJsonObject manifoldJson(const phys::Manifold& m) {
    QJsonArray pts;
    for (int i = 0; i < m.pointCount; ++i) {
        const phys::ManifoldPoint& p = m.points[i];
        pts.append(QJsonObject{{QStringLiteral("point"), vec(p.point)},
                               {QStringLiteral("depth"), p.depth},
                               {QStringLiteral("id"), qint64(p.id.key())},
                               {QStringLiteral("feature"), feature(p.id)}});
    }
    return QJsonObject{{QStringLiteral("normal"), vec(m.normal)}, {QStringLiteral("points"), pts}};
}

QJsonObject pairJson(int bodyA, int shapeA, int bodyB, int shapeB, const phys::CollideTrace& t) {
    const bool polygons = t.kind == phys::ShapePairKind::PolygonPolygon;
    QJsonObject o{{QStringLiteral("bodyA"), bodyA},
                  {QStringLiteral("bodyB"), bodyB},
                  {QStringLiteral("shapeA"), shapeA},
                  {QStringLiteral("shapeB"), shapeB},
                  {QStringLiteral("kind"), QLatin1String(phys::toString(t.kind))},
                  {QStringLiteral("method"), QLatin1String(phys::toString(t.method))},
                  {QStringLiteral("separated"), t.separated},
                  {QStringLiteral("aabb"), QJsonObject{{QStringLiteral("a"), box(t.aabbA)},
                                                       {QStringLiteral("b"), box(t.aabbB)},
                                                       {QStringLiteral("overlapX"), t.aabb.overlapX},
                                                       {QStringLiteral("overlapY"), t.aabb.overlapY},
                                                       {QStringLiteral("overlapping"), t.aabb.overlapping},
                                                       {QStringLiteral("rejected"), t.aabbRejected}}},
                  {QStringLiteral("sat"), satJson(t.sat)},
                  {QStringLiteral("manifold"), manifoldJson(t.manifold)}};
    const bool ranContacts = polygons && !t.sat.separated;
    o.insert(QStringLiteral("clip"), ranContacts && t.method == phys::ContactMethod::Clipping
                                         ? QJsonValue(clipJson(t.clip))
                                         : QJsonValue(QJsonValue::Null));
    if (ranContacts && t.method == phys::ContactMethod::DeepestVertices) {
        o.insert(QStringLiteral("deepestVertices"), deepestJson(t.deepest));
    }
    if (ranContacts && t.method == phys::ContactMethod::VertexEdge) {
        o.insert(QStringLiteral("vertexEdge"), vertexEdgeJson(t.vertexEdge));
    }
    return o;
}

QJsonObject simplexVertexJson(const phys::SimplexVertex& v) {
    return QJsonObject{{QStringLiteral("w"), vec(v.w)},      {QStringLiteral("wA"), vec(v.wA)},
                       {QStringLiteral("wB"), vec(v.wB)},    {QStringLiteral("indexA"), v.indexA},
                       {QStringLiteral("indexB"), v.indexB}, {QStringLiteral("weight"), v.a}};
}

QJsonArray simplexJson(const phys::Simplex& s) {
    QJsonArray out;
    for (int i = 0; i < s.count; ++i) {
        out.append(simplexVertexJson(s.v[i]));
    }
    return out;
}

QJsonObject gjkTraceJson(const phys::DistanceTrace& t) {
    QJsonArray iterations;
    for (const phys::GjkIteration& it : t.iterations) {
        iterations.append(QJsonObject{{QStringLiteral("simplex"), simplexJson(it.simplex)},
                                      {QStringLiteral("region"), QLatin1String(phys::toString(it.region))},
                                      {QStringLiteral("reduced"), simplexJson(it.reduced)},
                                      {QStringLiteral("closest"), vec(it.closest)},
                                      {QStringLiteral("direction"), vec(it.direction)},
                                      {QStringLiteral("supportA"), vec(it.supportA)},
                                      {QStringLiteral("supportB"), vec(it.supportB)},
                                      {QStringLiteral("supportIndexA"), it.supportIndexA},
                                      {QStringLiteral("supportIndexB"), it.supportIndexB},
                                      {QStringLiteral("duplicate"), it.duplicate}});
    }
    return QJsonObject{{QStringLiteral("termination"), QLatin1String(phys::toString(t.termination))},
                       {QStringLiteral("iterations"), iterations}};
}

QJsonObject epaVertexJson(const phys::EpaVertex& v) {
    return QJsonObject{{QStringLiteral("w"), vec(v.w)},
                       {QStringLiteral("wA"), vec(v.wA)},
                       {QStringLiteral("wB"), vec(v.wB)},
                       {QStringLiteral("indexA"), v.indexA},
                       {QStringLiteral("indexB"), v.indexB}};
}

QJsonObject epaTraceJson(const phys::EpaTrace& t) {
    QJsonArray added;
    for (const phys::EpaVertex& v : t.seedAdded) {
        added.append(epaVertexJson(v));
    }
    QJsonArray iterations;
    for (const phys::EpaIteration& it : t.iterations) {
        QJsonArray polytope;
        for (const phys::EpaVertex& v : it.polytope) {
            polytope.append(epaVertexJson(v));
        }
        iterations.append(QJsonObject{{QStringLiteral("polytope"), polytope},
                                      {QStringLiteral("closestEdge"), it.closestEdge},
                                      {QStringLiteral("normal"), vec(it.normal)},
                                      {QStringLiteral("distance"), it.distance},
                                      {QStringLiteral("support"), epaVertexJson(it.support)},
                                      {QStringLiteral("supportDistance"), it.supportDistance},
                                      {QStringLiteral("last"), it.last}});
    }
    return QJsonObject{{QStringLiteral("seedCount"), t.seedCount},
                       {QStringLiteral("seedAdded"), added},
                       {QStringLiteral("termination"), QLatin1String(phys::toString(t.termination))},
                       {QStringLiteral("iterations"), iterations}};
}

const char* pairKind(const phys::ShapeGeometry& a, const phys::ShapeGeometry& b) {
    const bool circleA = std::holds_alternative<phys::Circle>(a);
    const bool circleB = std::holds_alternative<phys::Circle>(b);
    return phys::toString(
        circleA   ? (circleB ? phys::ShapePairKind::CircleCircle : phys::ShapePairKind::CirclePolygon)
        : circleB ? phys::ShapePairKind::PolygonCircle
                  : phys::ShapePairKind::PolygonPolygon);
}

/// One shape pair by GJK (`epa` false) or by GJK and EPA.
QJsonObject gjkPairJson(int bodyA, int shapeA, const phys::ShapeGeometry& a, const phys::Transform& xfA,
                        int bodyB, int shapeB, const phys::ShapeGeometry& b, const phys::Transform& xfB,
                        bool epa, bool* separated) {
    QJsonObject o{{QStringLiteral("bodyA"), bodyA},
                  {QStringLiteral("bodyB"), bodyB},
                  {QStringLiteral("shapeA"), shapeA},
                  {QStringLiteral("shapeB"), shapeB},
                  {QStringLiteral("kind"), QLatin1String(pairKind(a, b))},
                  {QStringLiteral("method"), QLatin1String(epa ? "epa" : "gjk")}};
    phys::DistanceTrace gjkTrace;
    if (!epa) {
        const phys::DistanceOutput d =
            phys::shapeDistance(phys::makeProxy(a), xfA, phys::makeProxy(b), xfB, true, &gjkTrace);
        *separated = d.distance > 0.0;
        o.insert(QStringLiteral("separated"), *separated);
        o.insert(QStringLiteral("distance"), d.distance);
        o.insert(QStringLiteral("pointA"), vec(d.pointA));
        o.insert(QStringLiteral("pointB"), vec(d.pointB));
        o.insert(QStringLiteral("normal"), vec(d.normal));
        o.insert(QStringLiteral("iterations"), d.iterations);
        o.insert(QStringLiteral("gjk"), gjkTraceJson(gjkTrace));
        return o;
    }
    phys::EpaTrace epaTrace;
    const phys::PenetrationOutput p = phys::gjkEpaPenetration(a, xfA, b, xfB, &gjkTrace, &epaTrace);
    *separated = p.depth < 0.0;
    o.insert(QStringLiteral("separated"), *separated);
    o.insert(QStringLiteral("depth"), p.depth);
    o.insert(QStringLiteral("normal"), vec(p.normal));
    o.insert(QStringLiteral("pointA"), vec(p.pointA));
    o.insert(QStringLiteral("pointB"), vec(p.pointB));
    o.insert(QStringLiteral("coresOverlap"), p.coresOverlap);
    o.insert(QStringLiteral("gjk"), gjkTraceJson(gjkTrace));
    o.insert(QStringLiteral("epa"), p.coresOverlap ? QJsonValue(epaTraceJson(epaTrace)) : QJsonValue());
    const auto* polyA = std::get_if<phys::Polygon>(&a);
    const auto* polyB = std::get_if<phys::Polygon>(&b);
    if (polyA && polyB && !*separated) {
        o.insert(QStringLiteral("manifold"),
                 manifoldJson(phys::clipPolygons(*polyA, xfA, *polyB, xfB, p.normal, p.owner)));
    } else {
        o.insert(QStringLiteral("manifold"), QJsonValue());
    }
    return o;
}

} // namespace

int runCollide(const Subcommand& self, const QStringList& args) {
    const Parsed<CollideOptions> parsed = parseCollideOptions(self, args);
    if (const int* done = std::get_if<int>(&parsed)) {
        return *done;
    }
    const CollideOptions& options = std::get<CollideOptions>(parsed);
    const std::optional<Scene> scene = loadSceneOrReport(options.scene);
    if (!scene) {
        return kExitInvalidScene;
    }
    const auto& bodies = scene->def.bodies;
    const auto pair = checkBodyPair(self, options.pair, int(bodies.size()));
    if (const int* done = std::get_if<int>(&pair)) {
        return *done;
    }
    const auto [a, b] = std::get<std::pair<int, int>>(pair);
    const bool gjk = options.gjk;
    const bool epa = options.epa;
    const phys::ContactMethod method = options.method;

    const phys::BodyDef& bodyA = bodies[std::size_t(a)];
    const phys::BodyDef& bodyB = bodies[std::size_t(b)];
    const phys::Transform xfA{bodyA.position, phys::Rot(bodyA.angle)};
    const phys::Transform xfB{bodyB.position, phys::Rot(bodyB.angle)};
    QJsonArray pairs;
    bool allSeparated = true;
    for (std::size_t i = 0; i < bodyA.shapes.size(); ++i) {
        for (std::size_t j = 0; j < bodyB.shapes.size(); ++j) {
            if (gjk || epa) {
                bool separated = false;
                pairs.append(gjkPairJson(a, int(i), bodyA.shapes[i].geometry, xfA, b, int(j),
                                         bodyB.shapes[j].geometry, xfB, epa, &separated));
                allSeparated = allSeparated && separated;
                continue;
            }
            phys::CollideTrace trace;
            phys::collide(bodyA.shapes[i].geometry, xfA, bodyB.shapes[j].geometry, xfB, method, 0.0, &trace);
            allSeparated = allSeparated && trace.separated;
            pairs.append(pairJson(a, int(i), b, int(j), trace));
        }
    }
    QJsonObject out;
    if (pairs.size() == 1) {
        out = pairs.first().toObject();
    } else {
        out = QJsonObject{{QStringLiteral("bodyA"), a},
                          {QStringLiteral("bodyB"), b},
                          {QStringLiteral("separated"), allSeparated},
                          {QStringLiteral("pairs"), pairs}};
    }
    printOut(QString::fromUtf8(QJsonDocument(out).toJson(QJsonDocument::Indented)));
    return kExitOk;
}

} // namespace cl::cli
