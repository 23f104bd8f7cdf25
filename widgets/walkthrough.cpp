/// @file walkthrough.cpp
/// Steps and their explanations, read off the engine's traces.

#include "walkthrough.h"

#include <QCoreApplication>

#include <algorithm>
#include <cmath>
#include <limits>

namespace cl {

namespace {

QString tr(const char* text) {
    return QCoreApplication::translate("cl::Walkthrough", text);
}

/// "A" or "B" for the owner of a reference edge.
QString ownerLetter(bool isB) {
    return isB ? QStringLiteral("B") : QStringLiteral("A");
}

/// `value` with `decimals` decimals; a value that rounds to zero is "0.00", not "-0.00".
QString fixed(double value, int decimals) {
    QString text = QString::number(value, 'f', decimals);
    if (text.startsWith(QLatin1Char('-')) && text.toDouble() == 0.0) {
        text.remove(0, 1);
    }
    return text;
}

/// "1 point" / "2 points".
QString pointCount(int count) {
    return count == 1 ? tr("1 point") : tr("%1 points").arg(count);
}

/// Depths of a manifold's points, e.g. "0.05 m and 0.03 m".
QString depths(const phys::Manifold& m) {
    QStringList parts;
    for (int i = 0; i < m.pointCount; ++i) {
        parts << Walkthrough::length(m.points[i].depth) + QStringLiteral(" m");
    }
    return parts.join(tr(" and "));
}

/// How good a shape pair is for the lesson: overlapping pairs by depth first, then separated pairs by how
/// close they come (the trace's own mtvDepth).
double pairScore(const phys::CollideTrace& t) {
    return t.separated ? -1.0e9 + t.sat.mtvDepth : t.sat.mtvDepth;
}

} // namespace

const char* toString(WalkthroughMode mode) {
    switch (mode) {
    case WalkthroughMode::Sat:
        return "sat";
    case WalkthroughMode::Clipping:
        return "clipping";
    case WalkthroughMode::Methods:
        return "methods";
    }
    return "sat";
}

std::optional<WalkthroughMode> parseWalkthroughMode(const QString& text) {
    const QString t = text.trimmed().toLower();
    if (t == QLatin1String("sat")) {
        return WalkthroughMode::Sat;
    }
    if (t == QLatin1String("clipping") || t == QLatin1String("clip")) {
        return WalkthroughMode::Clipping;
    }
    if (t == QLatin1String("methods")) {
        return WalkthroughMode::Methods;
    }
    return std::nullopt;
}

QString Walkthrough::number(double value) {
    return fixed(value, 2);
}

// Two significant digits for small lengths:
//   |v| = 0 or |v| >= 0.1 m  -> 2 decimals
//   1 um <= |v| < 0.1 m      -> 1 - floor(log10 |v|) decimals (0.065 -> 3, 0.0065 -> 4, 0.000012 -> 6)
//   |v| < 1 um               -> scientific, 2 significant digits
int Walkthrough::lengthDecimals(double metres) {
    const double a = std::abs(metres);
    if (!(a > 0.0) || a >= 0.1 || !std::isfinite(a)) {
        return 2;
    }
    if (a < 1.0e-6) {
        return -1;
    }
    return std::clamp(1 - static_cast<int>(std::floor(std::log10(a))), 2, 7);
}

QString Walkthrough::length(double metres) {
    const int decimals = lengthDecimals(metres);
    if (decimals < 0) {
        // "3.2e-07" -> "3.2e-7"
        QString text = QString::number(metres, 'e', 1);
        const qsizetype e = text.indexOf(QLatin1Char('e'));
        qsizetype digits = e + 2; // past the exponent's sign
        while (digits < text.size() - 1 && text.at(digits) == QLatin1Char('0')) {
            text.remove(digits, 1);
        }
        return text;
    }
    return fixed(metres, decimals);
}

int Walkthrough::shadowDecimals(double overlap) {
    const int decimals = lengthDecimals(overlap);
    return decimals < 0 ? 6 : std::min(decimals, 6);
}

QString Walkthrough::vector(phys::Vec2 v) {
    return QStringLiteral("(%1, %2)").arg(number(v.x), number(v.y));
}

QString Walkthrough::interval(double low, double high, int decimals) {
    const int d = std::max(decimals, 2);
    return QStringLiteral("[%1, %2]").arg(fixed(low, d), fixed(high, d));
}

QString Walkthrough::methodName(phys::ContactMethod method) {
    switch (method) {
    case phys::ContactMethod::Clipping:
        return tr("clipping");
    case phys::ContactMethod::DeepestVertices:
        return tr("deepest vertices");
    case phys::ContactMethod::VertexEdge:
        return tr("vertex-edge");
    }
    return {};
}

QString Walkthrough::axisOrigin(const phys::SatAxis& axis, phys::ShapePairKind kind) {
    switch (axis.owner) {
    case phys::SatAxisOwner::A:
        return tr("the normal of A's edge %1").arg(axis.edge);
    case phys::SatAxisOwner::B:
        return tr("the normal of B's edge %1").arg(axis.edge);
    case phys::SatAxisOwner::Circle:
        break;
    }
    switch (kind) {
    case phys::ShapePairKind::CircleCircle:
        return tr("the line through both centres");
    case phys::ShapePairKind::PolygonCircle:
        return tr("the axis from A's vertex %1 (the closest) to the centre of circle B").arg(axis.edge);
    case phys::ShapePairKind::CirclePolygon:
        return tr("the axis from the centre of circle A to B's vertex %1 (the closest)").arg(axis.edge);
    case phys::ShapePairKind::PolygonPolygon:
        break;
    }
    return tr("the circle axis");
}

const phys::ShapeGeometry& Walkthrough::geometryA() const {
    return m_bodyA.shapes[static_cast<std::size_t>(m_shapeA)].geometry;
}

const phys::ShapeGeometry& Walkthrough::geometryB() const {
    return m_bodyB.shapes[static_cast<std::size_t>(m_shapeB)].geometry;
}

const phys::CollideTrace& Walkthrough::methodTrace(int method) const {
    return m_traces[static_cast<std::size_t>(std::clamp(method, 0, kMethodCount - 1))];
}

void Walkthrough::add(WalkthroughStepKind kind, int index, const QString& title, const QString& explanation) {
    m_steps.push_back({kind, index, title, explanation});
}

// Pair choice for compound bodies:
//   for every shape i of A, j of B: trace = collide(i, j, clipping)
//   keep the pair with the largest score (overlapping: depth; separated: -1e9 + overlap of the separating
//   axis)
Walkthrough Walkthrough::build(WalkthroughMode mode, const phys::BodyDef& a, const phys::BodyDef& b,
                               int shapeA, int shapeB, double speculativeDistance) {
    Walkthrough w;
    w.m_mode = mode;
    w.m_bodyA = a;
    w.m_bodyB = b;
    const int countA = static_cast<int>(a.shapes.size());
    const int countB = static_cast<int>(b.shapes.size());
    if (countA == 0 || countB == 0) {
        w.m_problem =
            tr("Body %1 has no shape.").arg(countA == 0 ? QStringLiteral("A") : QStringLiteral("B"));
        return w;
    }
    if (shapeA >= countA || shapeB >= countB) {
        w.m_problem = tr("There is no such shape in this body.");
        return w;
    }
    const phys::Transform xfA = w.transformA();
    const phys::Transform xfB = w.transformB();
    if (shapeA < 0 || shapeB < 0) {
        double best = -std::numeric_limits<double>::infinity();
        for (int i = 0; i < countA; ++i) {
            if (shapeA >= 0 && i != shapeA) {
                continue;
            }
            for (int j = 0; j < countB; ++j) {
                if (shapeB >= 0 && j != shapeB) {
                    continue;
                }
                phys::CollideTrace t;
                phys::collide(a.shapes[std::size_t(i)].geometry, xfA, b.shapes[std::size_t(j)].geometry, xfB,
                              phys::ContactMethod::Clipping, speculativeDistance, &t);
                if (pairScore(t) > best) {
                    best = pairScore(t);
                    w.m_shapeA = i;
                    w.m_shapeB = j;
                }
            }
        }
    } else {
        w.m_shapeA = shapeA;
        w.m_shapeB = shapeB;
    }
    for (int m = 0; m < kMethodCount; ++m) {
        phys::collide(w.geometryA(), xfA, w.geometryB(), xfB, kMethods[std::size_t(m)], speculativeDistance,
                      &w.m_traces[std::size_t(m)]);
    }
    switch (mode) {
    case WalkthroughMode::Sat:
        w.buildSat();
        break;
    case WalkthroughMode::Clipping:
        w.buildClipping();
        break;
    case WalkthroughMode::Methods:
        w.buildMethods();
        break;
    }
    return w;
}

// SAT steps (after the source's "separating axis" chapter, and Ericson, Real-Time Collision Detection 5.2.1):
//   for each axis k in test order: show both shadows [minA, maxA], [minB, maxB] and their signed overlap
//   min(maxA - minB, maxB - minA); overlap < 0 means a gap, and one gap proves the shapes apart
//   last step: no gap -> the axis of least overlap gives the MTV; a gap -> that axis separates them
void Walkthrough::buildSat() {
    const phys::CollideTrace& t = trace();
    const phys::SatTrace& sat = t.sat;
    const int n = sat.axisCount;
    for (int k = 0; k < n; ++k) {
        const phys::SatAxis& axis = sat.axes[k];
        const int decimals = shadowDecimals(axis.overlap);
        QString text = tr("Axis %1, %2: the projections %3 and %4 ")
                           .arg(k + 1)
                           .arg(axisOrigin(axis, t.kind), interval(axis.minA, axis.maxA, decimals),
                                interval(axis.minB, axis.maxB, decimals));
        if (axis.separating) {
            text += tr("leave a gap of %1 m, so this axis separates them: the shapes cannot touch.")
                        .arg(length(-axis.overlap));
        } else {
            text += tr("overlap by %1 m, so this axis does not separate them.").arg(length(axis.overlap));
        }
        add(WalkthroughStepKind::SatAxis, k, tr("Axis %1 of %2").arg(k + 1).arg(n), text);
    }

    const int chosen = sat.mtvAxis;
    QString text;
    if (t.aabbRejected) {
        text += tr("The bounding boxes do not even overlap, so the engine stops before SAT; the axes were "
                   "tested here for the lesson. ");
    }
    if (chosen < 0) {
        text += tr("No axis could be tested.");
        add(WalkthroughStepKind::SatResult, chosen, tr("Result"), text);
        return;
    }
    const phys::SatAxis& axis = sat.axes[chosen];
    if (sat.separated) {
        text += tr("Axis %1 (%2) separates the shapes with a gap of %3 m. One separating axis is enough: "
                   "the bodies do not touch, and without a trace the engine stops at the first one.")
                    .arg(chosen + 1)
                    .arg(axisOrigin(axis, t.kind), length(-sat.mtvDepth));
        add(WalkthroughStepKind::SatResult, chosen, tr("Result: separated"), text);
        return;
    }
    text += tr("No axis separates them, so the shapes overlap. The smallest overlap, %1 m, is on axis %2 "
               "(%3): the minimum translation vector moves B by %1 m along %4 to separate them.")
                .arg(length(sat.mtvDepth))
                .arg(chosen + 1)
                .arg(axisOrigin(axis, t.kind), vector(sat.mtvNormal));
    if (sat.nearTieKeptA && sat.bestAxisB >= 0) {
        text += tr(" B's best axis (%1) overlaps by %2 m, within the tie tolerance, so A's face is kept "
                   "and a resting body does not flip faces from frame to frame.")
                    .arg(sat.bestAxisB + 1)
                    .arg(length(sat.axes[sat.bestAxisB].overlap));
    }
    add(WalkthroughStepKind::SatResult, chosen, tr("Result: the MTV"), text);
}

// Clipping steps (the source's "better method"; Dyn4j, "Contact Points Using Clipping"; Catto, "Contact
// manifolds"):
//   best edge of A along +n and of B along -n (the furthest vertex, then the more perpendicular neighbour
//   edge) reference = the more perpendicular of the two, incident = the other clip the incident edge by the
//   side plane at the reference edge's start, then at its end keep the clipped points that lie behind the
//   reference face (depth >= 0)
void Walkthrough::buildClipping() {
    const phys::CollideTrace& t = trace();
    if (t.kind != phys::ShapePairKind::PolygonPolygon) {
        QString text =
            tr("Clipping finds the contact edge of two polygons; with a circle there is no edge to "
               "clip. ");
        if (t.manifold.pointCount > 0) {
            text += tr("The engine puts one contact point at %1, midway between the surfaces, %2 m deep, "
                       "with the normal %3.")
                        .arg(vector(t.manifold.points[0].point), length(t.manifold.points[0].depth),
                             vector(t.manifold.normal));
        } else {
            text += tr("Here the shapes do not touch: there is no contact.");
        }
        add(WalkthroughStepKind::NoClipping, -1, tr("No clipping for circles"), text);
        return;
    }
    if (t.sat.separated) {
        add(WalkthroughStepKind::NoClipping, -1, tr("Separated"),
            tr("SAT found a separating axis (a gap of %1 m), so there is no contact and clipping does not "
               "run. Drag the shapes into overlap.")
                .arg(length(-t.sat.mtvDepth)));
        return;
    }
    const phys::ClipTrace& c = t.clip;
    const phys::ClipCandidate& ca = c.candidateA;
    const phys::ClipCandidate& cb = c.candidateB;
    add(WalkthroughStepKind::ClipCandidates, -1, tr("Best edges"),
        tr("Best edges. Along the normal %1, A's furthest vertex is %2; of its two edges, edge %3 is the "
           "more "
           "perpendicular (|cos| %4 against %5). Along the opposite direction B's furthest vertex is %6, and "
           "its best edge is %7 (|cos| %8 against %9).")
            .arg(vector(c.normal))
            .arg(ca.furthestVertex)
            .arg(ca.edge)
            .arg(number(ca.edgeDot), number(ca.edge == ca.nextEdge ? ca.previousDot : ca.nextDot))
            .arg(cb.furthestVertex)
            .arg(cb.edge)
            .arg(number(cb.edgeDot), number(cb.edge == cb.nextEdge ? cb.previousDot : cb.nextDot)));

    const QString reference = ownerLetter(c.flip);
    const QString incident = ownerLetter(!c.flip);
    QString why =
        c.tie ? tr("the two edges are equally perpendicular, so the owner of the SAT axis keeps "
                   "the reference")
              : tr("it is the more perpendicular to the normal (|cos| %1 against %2)")
                    .arg(number(c.flip ? cb.edgeDot : ca.edgeDot), number(c.flip ? ca.edgeDot : cb.edgeDot));
    add(WalkthroughStepKind::ClipReference, -1, tr("Reference and incident"),
        tr("The reference edge is %1's edge %2: %3. The incident edge is %4's edge %5; it will be clipped "
           "against the reference edge's side planes and face.")
            .arg(reference)
            .arg(c.referenceEdge)
            .arg(why, incident)
            .arg(c.incidentEdge));

    for (int p = 0; p < c.planeCount; ++p) {
        const phys::ClipPlaneStep& s = c.planes[p];
        QString text = tr("Side plane %1 passes through the reference edge's %2 (%3's vertex %4), "
                          "perpendicular to the edge. Points beyond it are cut off: ")
                           .arg(p + 1)
                           .arg(p == 0 ? tr("start") : tr("end"), reference)
                           .arg(s.referenceVertex);
        if (s.afterCount == 0) {
            text += tr("no point of the incident edge is left, so there is no contact.");
        } else {
            int moved = 0;
            for (int i = 0; i < s.afterCount && i < s.beforeCount; ++i) {
                moved += s.after[i] == s.before[i] ? 0 : 1;
            }
            text += tr("%1 before, %2 after").arg(pointCount(s.beforeCount), pointCount(s.afterCount));
            text +=
                moved == 0 ? tr("; none moved.") : tr("; %1 moved onto the plane.").arg(pointCount(moved));
        }
        add(WalkthroughStepKind::ClipPlane, p, tr("Side plane %1").arg(p + 1), text);
    }
    if (c.planeCount < 2 && c.pointCount == 0) {
        add(WalkthroughStepKind::ClipResult, -1, tr("Contacts"),
            tr("The incident edge misses the reference edge's slab: no contact point."));
        return;
    }

    QStringList kept, dropped;
    for (int i = 0; i < c.pointCount; ++i) {
        const phys::ClipPointStep& s = c.points[i];
        const QString item = tr("point %1 at %2 m").arg(i + 1).arg(length(s.depth));
        (s.kept ? kept : dropped) << item;
    }
    QString face = tr("Reference face: each clipped point's depth is how far it lies behind %1's edge %2 "
                      "(positive = inside %1). ")
                       .arg(reference)
                       .arg(c.referenceEdge);
    if (!kept.isEmpty()) {
        face += tr("Kept: %1. ").arg(kept.join(QStringLiteral(", ")));
    }
    if (!dropped.isEmpty()) {
        face += tr("Discarded, in front of the face: %1.").arg(dropped.join(QStringLiteral(", ")));
    }
    add(WalkthroughStepKind::ClipReferenceFace, -1, tr("Reference face"), face.trimmed());

    const phys::Manifold& m = c.result;
    add(WalkthroughStepKind::ClipResult, -1, tr("Contacts"),
        m.pointCount == 0
            ? tr("No point is behind the reference face: no contact.")
            : tr("The manifold: %1, depth %2, normal %3 (from A to B). Each point sits midway between "
                 "the two surfaces.")
                  .arg(pointCount(m.pointCount), depths(m), vector(m.normal)));
}

// Methods steps: the same pair under each contact method (ContactMethod), then all three together.
void Walkthrough::buildMethods() {
    const phys::CollideTrace& t = trace();
    if (t.kind != phys::ShapePairKind::PolygonPolygon) {
        add(WalkthroughStepKind::NoClipping, -1, tr("One method for circles"),
            tr("The three contact methods differ only for two polygons; a pair with a circle always gets one "
               "point on the line of the circle axis."));
        return;
    }
    if (t.sat.separated) {
        add(WalkthroughStepKind::NoClipping, -1, tr("Separated"),
            tr("SAT found a separating axis (a gap of %1 m): no method makes a contact. Drag the shapes "
               "into overlap.")
                .arg(length(-t.sat.mtvDepth)));
        return;
    }
    // Clipping.
    const phys::Manifold& clip = m_traces[0].manifold;
    add(WalkthroughStepKind::Method, 0, tr("Clipping"),
        clip.pointCount == 0 ? tr("Clipping: no point survives the side planes and the reference face.")
                             : tr("Clipping keeps the part of the incident edge inside the reference edge's "
                                  "slab: %1, depth %2. "
                                  "Two points let a resting box stay flat.")
                                   .arg(pointCount(clip.pointCount), depths(clip)));
    // Deepest vertices.
    const phys::DeepestVerticesTrace& d = m_traces[1].deepest;
    const phys::Manifold& deep = m_traces[1].manifold;
    QString deepText = tr("Deepest vertices: of the incident polygon's vertices behind %1's edge %2, the "
                          "deepest are %3 (%4 m) and %5 (%6 m). ")
                           .arg(ownerLetter(d.referenceIsB))
                           .arg(d.referenceEdge)
                           .arg(d.deepest)
                           .arg(length(d.deepestDepth))
                           .arg(d.second)
                           .arg(length(d.secondDepth));
    deepText += d.averaged
                    ? tr("Their depths are within %1 m, so the method returns their average: one point.")
                          .arg(length(phys::kDeepestVerticesTolerance))
                    : tr("Only the deepest is returned: one point, so a flat face rocks on a corner.");
    if (deep.pointCount == 0) {
        deepText += tr(" It is not behind the face: no contact.");
    }
    add(WalkthroughStepKind::Method, 1, tr("Deepest vertices"), deepText);
    // Vertex-edge.
    const phys::VertexEdgeTrace& v = m_traces[2].vertexEdge;
    QString veText;
    const QString inside =
        (v.which == phys::VertexEdgeCase::VertexInB || v.which == phys::VertexEdgeCase::ParallelInB)
            ? QStringLiteral("A")
            : QStringLiteral("B");
    const QString other = inside == QLatin1String("A") ? QStringLiteral("B") : QStringLiteral("A");
    switch (v.which) {
    case phys::VertexEdgeCase::None:
        veText =
            tr("Vertex-edge: no vertex of one polygon lies inside the other (after %1 vertex-edge tests), "
               "so this method sees no contact although SAT says they overlap: its blind spot.")
                .arg(v.testedPairs);
        break;
    case phys::VertexEdgeCase::VertexInB:
    case phys::VertexEdgeCase::VertexInA:
        veText =
            tr("Vertex-edge: %1's vertex %2 is inside %3, both its edges cross %3's edge %4; the contact "
               "is that vertex and the normal is that edge's (found after %5 tests).")
                .arg(inside)
                .arg(v.vertex)
                .arg(other)
                .arg(v.edge)
                .arg(v.testedPairs);
        break;
    case phys::VertexEdgeCase::ParallelInB:
    case phys::VertexEdgeCase::ParallelInA:
        veText = tr("Vertex-edge, parallel case: %1's vertex %2 has one edge crossing %3's edge %4 and one "
                    "parallel to it; the contact is the middle of the parallel overlap.")
                     .arg(inside)
                     .arg(v.vertex)
                     .arg(other)
                     .arg(v.edge);
        break;
    }
    if (v.vertexOnVertex) {
        veText += tr(" A vertex of B is inside A as well (vertex on vertex): A's vertex wins.");
    }
    add(WalkthroughStepKind::Method, 2, tr("Vertex-edge"), veText);

    QStringList summary;
    for (int m = 0; m < kMethodCount; ++m) {
        const phys::Manifold& mf = m_traces[std::size_t(m)].manifold;
        summary << tr("%1 %2").arg(methodName(kMethods[std::size_t(m)]), pointCount(mf.pointCount));
    }
    add(WalkthroughStepKind::MethodsCompare, -1, tr("Side by side"),
        tr("All three on the same pair: %1. Only clipping can give two points (an edge resting on an "
           "edge), which is what lets a box lie flat and a stack rest.")
            .arg(summary.join(QStringLiteral(", "))));
}

} // namespace cl
