/// @file overlay_clip.cpp
/// The overlays of the clipping steps: candidate edges, reference and incident edges, the side planes and
/// the reference face test (overlay_private.h). Everything drawn comes from the trace (ClipTrace).

#include "overlay_private.h"

#include <QPainter>
#include <QPolygonF>

#include <algorithm>
#include <cmath>
#include <utility>
#include <variant>

namespace cl::overlay_detail {

namespace {

const phys::ShapeGeometry& referenceGeometry(const Walkthrough& w, bool isB) {
    return isB ? w.geometryB() : w.geometryA();
}

phys::Transform referenceTransform(const Walkthrough& w, bool isB) {
    return isB ? w.transformB() : w.transformA();
}

/// Outward world normal of polygon edge `edge`.
phys::Vec2 edgeNormal(const phys::ShapeGeometry& geometry, const phys::Transform& xf, int edge) {
    const auto* p = std::get_if<phys::Polygon>(&geometry);
    if (!p || edge < 0 || edge >= p->count()) {
        return {};
    }
    return phys::transformVector(xf, p->normal(edge));
}

/// The long line through `point` along `direction` (drawLongLine) as a line labels keep off: "side plane 1"
/// written across its own dashed plane line read as crossed out (issue 12 review, M3).
void keepLabelsOffLine(LabelLayout& labels, const ViewTransform& view, phys::Vec2 point, phys::Vec2 direction,
                       double width) {
    const double len = phys::length(direction);
    if (!(len > 0.0)) {
        return;
    }
    const phys::Vec2 reach = (viewReach(view) / len) * direction;
    labels.addLine(toView(view, point - reach), toView(view, point + reach), width);
}

} // namespace

void drawCandidate(QPainter& painter, LabelLayout& labels, const Walkthrough& w, const phys::ClipCandidate& c,
                   bool isB, const ViewTransform& view) {
    const QColor color = isB ? OverlayPainter::colorB() : OverlayPainter::colorA();
    const phys::ShapeGeometry& g = referenceGeometry(w, isB);
    const phys::Transform xf = referenceTransform(w, isB);
    for (const auto& [edge, dotValue] :
         {std::pair{c.previousEdge, c.previousDot}, std::pair{c.nextEdge, c.nextDot}}) {
        phys::Vec2 a, b;
        if (!polygonEdge(g, xf, edge, a, b)) {
            continue;
        }
        const bool chosen = edge == c.edge;
        if (chosen) {
            drawEdgeHighlight(painter, labels, view, a, b, color);
        } else {
            drawSegment(painter, view, a, b, makePen(labels.scale(), color, 2.5, Qt::DashLine));
            labels.addLine(toView(view, a), toView(view, b), 2.5, LineKind::Outline);
        }
        addLabel(labels, chosen ? 60 : 55, toView(view, 0.5 * (a + b)),
                 QStringLiteral("|cos| %1").arg(Walkthrough::number(dotValue)),
                 chosen ? color : withAlpha(color, 200), viewDirection(edgeNormal(g, xf, edge)),
                 chosen ? 13.0 : 11.5, chosen);
    }
    const QPointF p = toView(view, c.furthestPoint);
    const QPointF d = viewDirection(c.direction);
    const QString name = isB ? QStringLiteral("\u2212n") : QStringLiteral("+n");
    // From the point, or beside it, shorter where the view or a name is near (fitArrow).
    const QPointF across = QPointF(-d.y(), d.x()) * (12.0 * labels.scale());
    const QLineF arrow =
        fitArrow(labels, {p, p + across, p - across, p + 2.0 * across, p - 2.0 * across}, d, 44.0, name);
    drawArrow(painter, labels, arrow.p1(), arrow.p2(), color, 2.5);
    addLabel(labels, 45, arrow.p2(), name, color, d);
    drawDot(painter, labels.scale(), p, color, 6.0);
}

void drawReferenceAndIncident(QPainter& painter, LabelLayout& labels, const phys::ClipTrace& c,
                              const ViewTransform& view, bool withLabels, double width) {
    const QColor ref = c.flip ? OverlayPainter::colorB() : OverlayPainter::colorA();
    const QColor inc = c.flip ? OverlayPainter::colorA() : OverlayPainter::colorB();
    drawEdgeHighlight(painter, labels, view, c.referenceStart, c.referenceEnd, ref,
                      withLabels ? QObject::tr("reference") : QString(), -1.0 * c.referenceNormal, width);
    drawEdgeHighlight(painter, labels, view, c.incidentStart, c.incidentEnd, inc,
                      withLabels ? QObject::tr("incident") : QString(), c.referenceNormal, width);
    if (withLabels) {
        std::vector<QPointF> bases;
        for (const double f : {0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8, 0.1, 0.9}) {
            bases.push_back(toView(view, c.referenceStart + f * (c.referenceEnd - c.referenceStart)));
        }
        const QPointF d = viewDirection(c.referenceNormal);
        const QLineF arrow = fitArrow(labels, bases, d, 46.0, QObject::tr("n ref"), 12.0);
        drawArrow(painter, labels, arrow.p1(), arrow.p2(), ref, 2.5);
        addLabel(labels, 50, arrow.p2(), QObject::tr("n ref"), ref, d, 12.0);
    }
}

void drawClipPlane(QPainter& painter, LabelLayout& labels, const phys::ClipTrace& c, int p,
                   const ViewTransform& view) {
    const phys::ClipPlaneStep& s = c.planes[p];
    const QColor plane(pal().plane);
    shadeHalfPlane(painter, view, s.normal, s.offset, plane);
    const phys::Vec2 through = p == 0 ? c.referenceStart : c.referenceEnd;
    drawLongLine(painter, view, through, phys::leftPerp(s.normal),
                 makePen(labels.scale(), plane, 2.5, Qt::DashLine));
    keepLabelsOffLine(labels, view, through, phys::leftPerp(s.normal), 2.5);
    drawReferenceAndIncident(painter, labels, c, view, false, 4.0);
    // Label the plane a little away from the reference vertex, on the kept side.
    const QPointF v = toView(view, through - metres(labels.scale(), view, 70.0) * c.referenceNormal);
    addLabel(labels, 50, v, QObject::tr("side plane %1").arg(p + 1), plane, viewDirection(-1.0 * s.normal),
             14.0);
    for (int i = 0; i < s.beforeCount; ++i) {
        const QPointF b = toView(view, s.before[i]);
        drawDot(painter, labels.scale(), b, QColor(pal().ink), 6.0, false);
        if (i < s.afterCount && !(s.after[i] == s.before[i])) {
            drawSegment(painter, view, s.before[i], s.after[i],
                        makePen(labels.scale(), plane, 2.0, Qt::DotLine));
        }
    }
    for (int i = 0; i < s.afterCount; ++i) {
        drawDot(painter, labels.scale(), toView(view, s.after[i]), plane, 5.0);
    }
}

void drawReferenceFace(QPainter& painter, LabelLayout& labels, const phys::ClipTrace& c,
                       const ViewTransform& view, int decimals) {
    const QColor ref = c.flip ? OverlayPainter::colorB() : OverlayPainter::colorA();
    shadeHalfPlane(painter, view, c.referenceNormal, c.referenceOffset, QColor(pal().ink));
    drawLongLine(painter, view, c.referenceStart, c.referenceEnd - c.referenceStart,
                 makePen(labels.scale(), withAlpha(ref, 200), 2.0, Qt::DashLine));
    keepLabelsOffLine(labels, view, c.referenceStart, c.referenceEnd - c.referenceStart, 2.0);
    drawReferenceAndIncident(painter, labels, c, view, false, 4.0);
    // (the depths as the Clipping table writes them)
    auto label = [&c, decimals](int i) {
        const phys::ClipPointStep& s = c.points[i];
        return s.kept ? QObject::tr("%1 m").arg(Walkthrough::tableLength(s.depth, decimals))
                      : QObject::tr("%1 m, discarded").arg(Walkthrough::tableLength(s.depth, decimals));
    };
    const QPointF normal = viewDirection(c.referenceNormal);
    QPointF mean;
    for (int i = 0; i < c.pointCount; ++i) {
        mean += toView(view, c.points[i].point) / double(c.pointCount);
    }
    const bool crowded =
        c.pointCount == 2 && labelsCrowd(labels.scale(), toView(view, c.points[0].point), label(0),
                                         toView(view, c.points[1].point), label(1), normal, 13.0);
    for (int i = 0; i < c.pointCount; ++i) {
        const phys::ClipPointStep& s = c.points[i];
        const QPointF p = toView(view, s.point);
        // The depth measured along the reference normal, up to the face.
        drawSegment(painter, view, s.point, s.point + s.depth * c.referenceNormal,
                    makePen(labels.scale(), s.kept ? QColor(pal().kept) : QColor(pal().discarded), 1.5,
                            Qt::DashLine));
        if (s.kept) {
            drawDot(painter, labels.scale(), p, QColor(pal().kept), 5.5);
        } else {
            drawCross(painter, labels.scale(), p, QColor(pal().discarded));
        }
        addLabel(labels, 80, p, label(i), s.kept ? QColor(pal().kept) : QColor(pal().discarded),
                 depthLabelDirection(p, mean, normal, crowded), 13.0);
    }
}

} // namespace cl::overlay_detail

namespace cl {

// A side plane's step in view:
//   through = the reference edge's end the plane passes through; points = the clip's points before and
//   after the plane
//   room = the plane's name ("side plane 1": its box, the label layout's halo) on every side
//   shown when through and every point lie in the view shrunk by room
//   else fit the box of through and the points with that room as margin, at the current scale or further out
std::optional<ViewTransform> OverlayPainter::stepView(const Walkthrough& w, int step,
                                                      const ViewTransform& current, double displayScale) {
    if (!w.isValid() || step < 0 || step >= w.stepCount()) {
        return std::nullopt;
    }
    const WalkthroughStep& s = w.step(step);
    const phys::ClipTrace& c = w.trace().clip;
    if (s.kind != WalkthroughStepKind::ClipPlane || s.index < 0 || s.index >= 2) {
        return std::nullopt;
    }
    const phys::ClipPlaneStep& plane = c.planes[s.index];
    std::vector<phys::Vec2> points{s.index == 0 ? c.referenceStart : c.referenceEnd};
    for (int i = 0; i < plane.beforeCount; ++i) {
        points.push_back(plane.before[i]);
    }
    for (int i = 0; i < plane.afterCount; ++i) {
        points.push_back(plane.after[i]);
    }
    const QRectF name = overlay_detail::labelRect(
        displayScale, QPointF(0, 0), QObject::tr("side plane %1").arg(s.index + 1), QPointF(1, 0), 14.0);
    const double room = name.width() + 6.0 * displayScale;
    const QRectF inner = QRectF(QPointF(0, 0), current.viewSize()).adjusted(room, room, -room, -room);
    if (std::all_of(points.begin(), points.end(),
                    [&](phys::Vec2 p) { return inner.contains(current.toView(p)); })) {
        return std::nullopt;
    }
    phys::AABB box{points.front(), points.front()};
    for (const phys::Vec2 p : points) {
        box = phys::combine(box, phys::AABB{p, p});
    }
    const QSizeF size = current.viewSize();
    const double margin = std::min(room, 0.3 * std::min(size.width(), size.height()));
    const ViewTransform fitted = ViewTransform::fitting(box, size, margin);
    if (fitted.pixelsPerMetre() > current.pixelsPerMetre()) {
        return ViewTransform(current.pixelsPerMetre(), fitted.centre(), size);
    }
    return fitted;
}

} // namespace cl
