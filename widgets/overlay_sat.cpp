/// @file overlay_sat.cpp
/// The overlay of a SAT step: one axis as a ruler beside the shapes with both shadows, the overlap or gap,
/// and the edge it comes from (overlay_private.h). Everything drawn comes from the trace (SatTrace).

#include "overlay_private.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QPolygonF>

#include <algorithm>
#include <cmath>

namespace cl::overlay_detail {

// Layout:
//   n = axis normal, t = leftPerp(n); box = AABB(A) U AABB(B) (traced)
//   side + : ruler at t0 = max over box corners dot(c, t) + margin;  side - : min - margin
//   pick the side where the ruler fits inside the view (else the one with more room, pulled into the view)
//   bar A at t0, bar B one lane further out, overlap bracket one more lane out, with its label
//   a world point on the ruler: s n + lane t (s = the traced shadow numbers)
void drawSatAxis(QPainter& painter, LabelLayout& labels, const Walkthrough& w, int k,
                 const ViewTransform& view, bool result) {
    const phys::CollideTrace& t = w.trace();
    const phys::SatAxis& axis = t.sat.axes[k];
    const phys::Vec2 n = axis.normal;
    const phys::Vec2 perp = phys::leftPerp(n);
    const phys::AABB box = phys::combine(t.aabbA, t.aabbB);
    const phys::Vec2 corners[4] = {
        box.lower, {box.upper.x, box.lower.y}, box.upper, {box.lower.x, box.upper.y}};
    double hi = -1e300, lo = 1e300;
    for (const phys::Vec2 c : corners) {
        hi = std::max(hi, phys::dot(c, perp));
        lo = std::min(lo, phys::dot(c, perp));
    }
    const double margin = metres(labels.scale(), view, 30.0);
    const double lane = metres(labels.scale(), view, 15.0);
    // Bar A, bar B, the overlap mark, and its label (wide when the ruler runs up and down the view).
    const QString markText = axis.separating
                                 ? QObject::tr("gap %1 m").arg(Walkthrough::axisGap(axis))
                                 : QObject::tr("overlap %1 m").arg(Walkthrough::axisOverlap(axis));
    const QFontMetricsF markMetrics(labelFont(labels.scale(), 14.0));
    const QPointF across = viewDirection(perp);
    const double labelPixels = std::abs(across.x()) * markMetrics.horizontalAdvance(markText) +
                               std::abs(across.y()) * markMetrics.height() + 8.0 * labels.scale();
    const double band = 2.2 * lane + view.toMetres(labelPixels);
    const double edge = metres(labels.scale(), view, 12.0);
    const double sHigh = std::max(axis.maxA, axis.maxB);
    // The visible range of t on the line s = sLabel (where the overlap label goes): slab clipping of
    // sLabel n + t perp against the visible rectangle.
    // The overlap is min(maxA - minB, maxB - minA) (sat.h): mark the side that gives it.
    const bool bBelowA = axis.maxB - axis.minA < axis.maxA - axis.minB;
    const double s1 = bBelowA ? axis.minA : axis.minB;
    const double s2 = bBelowA ? axis.maxB : axis.maxA;
    const double sLabel = 0.5 * (s1 + s2);
    const QRectF visible = view.visibleWorldRect().normalized();
    double viewLo = -1e300, viewHi = 1e300;
    const double base[2] = {sLabel * n.x, sLabel * n.y};
    const double dir[2] = {perp.x, perp.y};
    const double low[2] = {visible.left(), visible.top()};
    const double high[2] = {visible.right(), visible.bottom()};
    for (int i = 0; i < 2; ++i) {
        if (std::abs(dir[i]) < 1e-12) {
            continue;
        }
        const double ta = (low[i] - base[i]) / dir[i];
        const double tb = (high[i] - base[i]) / dir[i];
        viewLo = std::max(viewLo, std::min(ta, tb));
        viewHi = std::min(viewHi, std::max(ta, tb));
    }
    // Beside the shapes on the side with room; when neither side has room, pulled into the view over them.
    const double roomPlus = (viewHi - edge) - (hi + margin + band);
    const double roomMinus = (lo - margin - band) - (viewLo + edge);
    const double side = roomPlus >= 0.0 || roomPlus >= roomMinus ? 1.0 : -1.0;
    const double t0 =
        side > 0 ? std::min(hi + margin, viewHi - edge - band) : std::max(lo - margin, viewLo + edge + band);
    const double far = side > 0 ? lo : hi;
    const double laneA = t0;
    const double laneB = t0 + side * lane;
    const double laneMark = t0 + side * 2.2 * lane;
    auto at = [&](double s, double lanePos) {
        return toView(view, s * n + lanePos * perp);
    };
    const QColor ca = OverlayPainter::colorA();
    const QColor cb = OverlayPainter::colorB();

    // Guides from the bar ends back across the shapes: the "shadow" lines.
    painter.save();
    painter.setPen(makePen(labels.scale(), withAlpha(ca, 110), 1.2, Qt::DashLine, Qt::FlatCap));
    for (const double s : {axis.minA, axis.maxA}) {
        painter.drawLine(at(s, laneA), at(s, far - side * margin * 0.3));
    }
    painter.setPen(makePen(labels.scale(), withAlpha(cb, 110), 1.2, Qt::DashLine, Qt::FlatCap));
    for (const double s : {axis.minB, axis.maxB}) {
        painter.drawLine(at(s, laneB), at(s, far - side * margin * 0.3));
    }
    painter.restore();

    // The axis itself, across the view, between the two bars.
    const double axisLane = t0 + side * 0.5 * lane;
    drawLongLine(painter, view, axisLane * perp, n,
                 makePen(labels.scale(), withAlpha(QColor(pal().ink), 150), 1.2, Qt::DashDotLine));
    const double tip = sHigh + metres(labels.scale(), view, 46.0);
    drawArrow(painter, labels, at(sHigh + metres(labels.scale(), view, 8.0), axisLane), at(tip, axisLane),
              QColor(pal().ink), 2.0);
    addLabel(labels, 40, at(tip, axisLane), QObject::tr("axis %1").arg(k + 1), QColor(pal().ink),
             viewDirection(n));

    // The two shadows as bars.
    painter.save();
    painter.setPen(makePen(labels.scale(), ca, 7.0, Qt::SolidLine, Qt::FlatCap));
    painter.drawLine(at(axis.minA, laneA), at(axis.maxA, laneA));
    labels.addLine(at(axis.minA, laneA), at(axis.maxA, laneA), 7.0);
    painter.setPen(makePen(labels.scale(), cb, 7.0, Qt::SolidLine, Qt::FlatCap));
    painter.drawLine(at(axis.minB, laneB), at(axis.maxB, laneB));
    labels.addLine(at(axis.minB, laneB), at(axis.maxB, laneB), 7.0);
    painter.restore();
    const QPointF back = viewDirection(-1.0 * n);
    addLabel(labels, 45, at(axis.minA, laneA), QStringLiteral("A"), ca, back, 13.0);
    addLabel(labels, 45, at(axis.minB, laneB), QStringLiteral("B"), cb, back, 13.0);

    // The overlap (or gap): between the ends s1, s2 chosen above.
    const QColor mark = axis.separating ? OverlayPainter::gapColor() : OverlayPainter::overlapColor();
    painter.save();
    painter.setPen(makePen(labels.scale(), mark, 3.0, Qt::SolidLine, Qt::FlatCap));
    painter.drawLine(at(s1, laneMark), at(s2, laneMark));
    labels.addLine(at(s1, laneMark), at(s2, laneMark), 3.0);
    const QPointF tick = viewDirection(perp) * (6.0 * labels.scale());
    for (const double s : {s1, s2}) {
        painter.drawLine(at(s, laneMark) - tick, at(s, laneMark) + tick);
        // Thin ties down to the bars so the bracket reads as "between these two ends".
        painter.setPen(makePen(labels.scale(), withAlpha(mark, 140), 1.0, Qt::DotLine));
        painter.drawLine(at(s, laneMark), at(s, laneA));
        painter.setPen(makePen(labels.scale(), mark, 3.0, Qt::SolidLine, Qt::FlatCap));
    }
    painter.restore();
    addLabel(labels, 75, at(0.5 * (s1 + s2), laneMark), markText, mark, viewDirection(side * perp), 14.0);

    // Where the axis comes from.
    phys::Vec2 e0, e1;
    const bool ownerA = axis.owner == phys::SatAxisOwner::A;
    if ((ownerA || axis.owner == phys::SatAxisOwner::B) &&
        polygonEdge(ownerA ? w.geometryA() : w.geometryB(), ownerA ? w.transformA() : w.transformB(),
                    axis.edge, e0, e1)) {
        // The owner's edge, with its normal drawn from the edge's middle, in the owner's colour.
        const QColor owner = ownerA ? ca : cb;
        drawEdgeHighlight(painter, labels, view, e0, e1, owner);
        const QPointF mid = toView(view, 0.5 * (e0 + e1));
        const QPointF tip = mid + viewDirection(n) * (40.0 * labels.scale());
        drawArrow(painter, labels, mid, tip, owner, 2.5);
        addLabel(labels, 40, tip, QObject::tr("edge %1").arg(axis.edge), owner, viewDirection(n), 12.0);
    } else if (axis.owner == phys::SatAxisOwner::Circle) {
        // Circle axis: from the polygon's closest vertex (or A's centre) to the circle's centre.
        phys::Vec2 from, to;
        bool ok = true;
        switch (t.kind) {
        case phys::ShapePairKind::PolygonCircle:
            ok = polygonVertex(w.geometryA(), w.transformA(), axis.edge, from);
            to = shapeCentre(w.geometryB(), w.transformB());
            break;
        case phys::ShapePairKind::CirclePolygon:
            from = shapeCentre(w.geometryA(), w.transformA());
            ok = polygonVertex(w.geometryB(), w.transformB(), axis.edge, to);
            break;
        default:
            from = shapeCentre(w.geometryA(), w.transformA());
            to = shapeCentre(w.geometryB(), w.transformB());
            break;
        }
        if (ok) {
            drawSegment(painter, view, from, to, makePen(labels.scale(), QColor(pal().ink), 3.0));
            drawDot(painter, labels.scale(), toView(view, from), ca, 5.0);
            drawDot(painter, labels.scale(), toView(view, to), cb, 5.0);
        }
    }

    if (result && !t.sat.separated) {
        // The MTV: B moved by depth * normal (dashed ghost), and the arrow of that translation.
        const phys::Vec2 mtv = t.sat.mtvDepth * t.sat.mtvNormal;
        drawShapeOutline(painter, view, w.geometryB(), w.transformB(),
                         makePen(labels.scale(), cb, 2.0, Qt::DashLine), mtv);
        const phys::Vec2 c = shapeCentre(w.geometryB(), w.transformB());
        const QPointF from = toView(view, c);
        const QPointF to = toView(view, c + mtv);
        drawArrow(painter, labels, from, to, QColor(pal().overlap), 3.0);
        const QString depth = t.sat.mtvAxis >= 0 ? Walkthrough::axisOverlap(t.sat.axes[t.sat.mtvAxis])
                                                 : Walkthrough::length(t.sat.mtvDepth);
        addLabel(labels, 75, to, QObject::tr("MTV %1 m").arg(depth), QColor(pal().overlap),
                 viewDirection(t.sat.mtvNormal), 14.0);
    }
}

} // namespace cl::overlay_detail
