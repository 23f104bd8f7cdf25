/// @file overlay.cpp
/// The overlay painter. Everything it draws about collision comes from a trace (CollideTrace and its parts)
/// or from the shapes as defined (outlines, edges, vertices placed by the body transform): no projection,
/// clip or contact is computed here. The one layout choice it makes itself is on which side of the shapes the
/// SAT ruler goes, from the traced bounding boxes.

#include "overlay.h"

#include "label_layout.h"
#include "palette.h"
#include "scene_canvas.h"
#include "svg_writer.h"

#include "physics/shape.h"

#include <QFile>
#include <QFont>
#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>
#include <QPen>
#include <QPolygonF>

#include <algorithm>
#include <cmath>
#include <type_traits>
#include <variant>
#include <vector>

namespace cl {

namespace {

/// The current theme's colours (widgets/palette.h).
const Palette& pal() {
    return currentPalette();
}

/// Display scale (presentation mode) for pens and fonts.
double ds() {
    return SceneRenderer::displayScale();
}

QColor withAlpha(QColor c, int alpha) {
    c.setAlpha(alpha);
    return c;
}

QPen makePen(QColor color, double width, Qt::PenStyle style = Qt::SolidLine,
             Qt::PenCapStyle cap = Qt::RoundCap) {
    QPen pen(color, width * ds(), style, cap, Qt::RoundJoin);
    return pen;
}

QFont labelFont(double pixels, bool bold = true) {
    QFont font;
    font.setPixelSize(std::max(1, int(std::lround(pixels * ds()))));
    font.setWeight(bold ? QFont::DemiBold : QFont::Normal);
    return font;
}

QPointF toView(const ViewTransform& view, phys::Vec2 p) {
    return view.toView(p);
}

/// A world direction as a unit view direction (y flips).
QPointF viewDirection(phys::Vec2 worldDirection) {
    const phys::Vec2 d = phys::normalize(worldDirection);
    return {d.x, -d.y};
}

/// Metres that make `pixels` view pixels (scaled by the display scale).
double metres(const ViewTransform& view, double pixels) {
    return view.toMetres(pixels * ds());
}

/// The box a label with `text` fills at its preferred spot (view pixels): beside `anchor`, centred on
/// anchor + direction * (half the box along `direction` + gap); direction (0, 0) centres it on the anchor.
QRectF labelRect(QPointF anchor, const QString& text, QPointF direction, double fontPixels,
                 bool bold = true) {
    LabelRequest r;
    r.anchor = anchor;
    r.text = text;
    r.direction = direction;
    r.fontPixels = fontPixels;
    r.bold = bold;
    return LabelLayout::preferredTextRect(r, ds());
}

/// Asks `labels` for a text label beside `anchor`, on the side of `direction` ((0, 0) centres it); the
/// layout places it clear of the others (label_layout.h) and it is drawn over everything else.
/// @param priority higher keeps its preferred spot first: badges 90, depths 80, measures 75, edge names
///        50-60, ruler and arrow names 40-45, vertex indices 10
void addLabel(LabelLayout& labels, int priority, QPointF anchor, const QString& text, QColor color,
              QPointF direction = {0, 0}, double fontPixels = 13.0, bool bold = true, bool leader = true,
              double maxDistance = 0.0) {
    LabelRequest r;
    r.anchor = anchor;
    r.text = text;
    r.color = color;
    r.direction = direction;
    r.fontPixels = fontPixels;
    r.bold = bold;
    r.priority = priority;
    r.leaderAllowed = leader;
    r.maxDistance = maxDistance;
    labels.add(r);
}

/// A legend entry: drawn exactly beside `anchor` (on the side of `direction`), and avoided by the labels.
void addLegendLabel(LabelLayout& labels, QPointF anchor, const QString& text, QColor color, QPointF direction,
                    double fontPixels, bool bold) {
    LabelRequest r;
    r.anchor = anchor;
    r.text = text;
    r.color = color;
    r.direction = direction;
    r.fontPixels = fontPixels;
    r.bold = bold;
    r.fixed = true;
    labels.add(r);
}

/// An arrow from `from` to `to` (view pixels) with a filled head.
void drawArrow(QPainter& painter, QPointF from, QPointF to, QColor color, double width = 2.5) {
    const QPointF d = to - from;
    const double len = std::hypot(d.x(), d.y());
    if (len < 1e-6) {
        return;
    }
    const QPointF u = d / len;
    const QPointF n(-u.y(), u.x());
    const double head = std::min(len * 0.6, 11.0 * ds());
    const QPointF base = to - u * head;
    painter.save();
    painter.setPen(makePen(color, width, Qt::SolidLine, Qt::FlatCap));
    painter.drawLine(from, base + u * 1.0);
    painter.setPen(Qt::NoPen);
    painter.setBrush(color);
    painter.drawPolygon(QPolygonF{to, base + n * (0.45 * head), base - n * (0.45 * head)});
    painter.restore();
}

/// An arrow that labels keep off (LabelLayout::addLine).
void drawArrow(QPainter& painter, LabelLayout& labels, QPointF from, QPointF to, QColor color,
               double width = 2.5) {
    labels.addLine(from, to, width);
    drawArrow(painter, from, to, color, width);
}

void drawDot(QPainter& painter, QPointF at, QColor color, double radius = 5.0, bool filled = true) {
    painter.save();
    painter.setPen(makePen(filled ? QColor(pal().paper) : color, filled ? 1.5 : 2.0));
    painter.setBrush(filled ? QBrush(color) : QBrush(Palette::withAlpha(pal().paper, 220)));
    painter.drawEllipse(at, radius * ds(), radius * ds());
    painter.restore();
}

void drawCross(QPainter& painter, QPointF at, QColor color, double size = 7.0) {
    const double s = size * ds();
    painter.save();
    painter.setPen(makePen(Palette::withAlpha(pal().paper, 230), 5.0));
    painter.drawLine(at + QPointF(-s, -s), at + QPointF(s, s));
    painter.drawLine(at + QPointF(-s, s), at + QPointF(s, -s));
    painter.setPen(makePen(color, 2.5));
    painter.drawLine(at + QPointF(-s, -s), at + QPointF(s, s));
    painter.drawLine(at + QPointF(-s, s), at + QPointF(s, -s));
    painter.restore();
}

/// A marker per contact method: circle, square, diamond.
void drawMethodMarker(QPainter& painter, QPointF at, int method, QColor color) {
    // Sizes nest (circle > square > diamond), so methods that agree on a point stay visible together.
    const double r = (method == 0 ? 8.5 : method == 1 ? 5.5 : 3.6) * ds();
    painter.save();
    painter.setPen(makePen(QColor(pal().paper), 1.5));
    painter.setBrush(color);
    if (method == 0) {
        painter.drawEllipse(at, r, r);
    } else if (method == 1) {
        painter.drawRect(QRectF(at - QPointF(r, r), at + QPointF(r, r)));
    } else {
        const double d = r * 1.3;
        painter.drawPolygon(
            QPolygonF{at + QPointF(0, -d), at + QPointF(d, 0), at + QPointF(0, d), at + QPointF(-d, 0)});
    }
    painter.restore();
}

/// A world segment drawn in view pixels.
void drawSegment(QPainter& painter, const ViewTransform& view, phys::Vec2 a, phys::Vec2 b, const QPen& pen) {
    painter.save();
    painter.setPen(pen);
    painter.drawLine(toView(view, a), toView(view, b));
    painter.restore();
}

/// Half the view diagonal in metres plus some: long enough for a line to cross the whole view.
double viewReach(const ViewTransform& view) {
    const QSizeF s = view.viewSize();
    return view.toMetres(std::hypot(s.width(), s.height()));
}

/// The point of the line {p : dot(normal, p) = offset} closest to the view centre.
phys::Vec2 lineNearCentre(const ViewTransform& view, phys::Vec2 normal, double offset) {
    const phys::Vec2 c = view.centre();
    return c - (phys::dot(normal, c) - offset) * normal;
}

/// The line through `point` along `direction`, across the whole view.
void drawLongLine(QPainter& painter, const ViewTransform& view, phys::Vec2 point, phys::Vec2 direction,
                  const QPen& pen) {
    const double reach = viewReach(view);
    const phys::Vec2 d = phys::normalize(direction);
    drawSegment(painter, view, point - reach * d, point + reach * d, pen);
}

/// Shades the half-plane dot(normal, p) > offset (what a clip discards).
void shadeHalfPlane(QPainter& painter, const ViewTransform& view, phys::Vec2 normal, double offset,
                    QColor color) {
    const double reach = viewReach(view);
    const phys::Vec2 p0 = lineNearCentre(view, normal, offset);
    const phys::Vec2 t = phys::leftPerp(normal);
    QPolygonF quad{toView(view, p0 - reach * t), toView(view, p0 + reach * t),
                   toView(view, p0 + reach * t + reach * normal),
                   toView(view, p0 - reach * t + reach * normal)};
    painter.save();
    painter.setPen(Qt::NoPen);
    painter.setBrush(withAlpha(color, 28));
    painter.drawPolygon(quad);
    QBrush hatch(withAlpha(color, 60), Qt::BDiagPattern);
    painter.setBrush(hatch);
    painter.drawPolygon(quad);
    painter.restore();
}

std::vector<phys::Vec2> worldVertices(const phys::Polygon& polygon, const phys::Transform& xf) {
    std::vector<phys::Vec2> out;
    out.reserve(std::size_t(polygon.count()));
    for (const phys::Vec2 v : polygon.vertices()) {
        out.push_back(phys::transformPoint(xf, v));
    }
    return out;
}

/// Centre of a shape in the world: the polygon's centroid or the circle's centre.
phys::Vec2 shapeCentre(const phys::ShapeGeometry& geometry, const phys::Transform& xf) {
    if (const auto* c = std::get_if<phys::Circle>(&geometry)) {
        return phys::transformPoint(xf, c->center);
    }
    return phys::transformPoint(xf, std::get<phys::Polygon>(geometry).centroid());
}

/// Outline of a shape in a colour (optionally translated by `shift`, metres).
void drawShapeOutline(QPainter& painter, const ViewTransform& view, const phys::ShapeGeometry& geometry,
                      const phys::Transform& xf, const QPen& pen, phys::Vec2 shift = {}) {
    painter.save();
    painter.setPen(pen);
    painter.setBrush(Qt::NoBrush);
    if (const auto* c = std::get_if<phys::Circle>(&geometry)) {
        const QPointF centre = toView(view, phys::transformPoint(xf, c->center) + shift);
        const double r = view.toPixels(c->radius);
        painter.drawEllipse(centre, r, r);
    } else {
        QPolygonF poly;
        for (const phys::Vec2 v : worldVertices(std::get<phys::Polygon>(geometry), xf)) {
            poly << toView(view, v + shift);
        }
        painter.drawPolygon(poly);
    }
    painter.restore();
}

/// Polygon edge `edge` (world end points) or nothing for a circle.
bool polygonEdge(const phys::ShapeGeometry& geometry, const phys::Transform& xf, int edge, phys::Vec2& start,
                 phys::Vec2& end) {
    const auto* p = std::get_if<phys::Polygon>(&geometry);
    if (!p || edge < 0 || edge >= p->count()) {
        return false;
    }
    start = phys::transformPoint(xf, p->vertex(edge));
    end = phys::transformPoint(xf, p->vertex(p->next(edge)));
    return true;
}

bool polygonVertex(const phys::ShapeGeometry& geometry, const phys::Transform& xf, int vertex,
                   phys::Vec2& point) {
    const auto* p = std::get_if<phys::Polygon>(&geometry);
    if (!p || vertex < 0 || vertex >= p->count()) {
        return false;
    }
    point = phys::transformPoint(xf, p->vertex(vertex));
    return true;
}

/// Thick highlighted edge with an optional label beside its midpoint (on the side of `outward`).
void drawEdgeHighlight(QPainter& painter, LabelLayout& labels, const ViewTransform& view, phys::Vec2 a,
                       phys::Vec2 b, QColor color, const QString& label = {}, phys::Vec2 outward = {},
                       double width = 5.0) {
    painter.save();
    painter.setPen(makePen(Palette::withAlpha(pal().paper, 200), width + 3.0));
    painter.drawLine(toView(view, a), toView(view, b));
    painter.setPen(makePen(color, width));
    painter.drawLine(toView(view, a), toView(view, b));
    painter.restore();
    labels.addLine(toView(view, a), toView(view, b), width);
    if (!label.isEmpty()) {
        addLabel(labels, 60, toView(view, 0.5 * (a + b)), label, color, viewDirection(outward));
    }
}

/// True when the depth labels of two contact points, each put opposite the normal `normalDir` (view frame),
/// would overlap or nearly touch (two corners of a small box seen from far away).
bool labelsCrowd(QPointF p0, const QString& label0, QPointF p1, const QString& label1, QPointF normalDir,
                 double fontPixels) {
    const double gap = 4.0 * ds();
    return labelRect(p0, label0, -normalDir, fontPixels)
        .adjusted(-gap, -gap, gap, gap)
        .intersects(labelRect(p1, label1, -normalDir, fontPixels));
}

/// Where the depth label of a contact point goes (a view direction for drawText): opposite the normal
/// `normalDir` (view frame); when the labels of the group crowd (labelsCrowd), outward along the contact line
/// instead, away from the group's `mean`, and a little opposite the normal, so they sit on either side.
QPointF depthLabelDirection(QPointF point, QPointF mean, QPointF normalDir, bool crowded) {
    const QPointF tangent(-normalDir.y(), normalDir.x());
    const QPointF offset = point - mean;
    const double along = offset.x() * tangent.x() + offset.y() * tangent.y();
    if (!crowded || std::abs(along) < 0.5) {
        return -normalDir;
    }
    return (along > 0.0 ? 2.0 : -2.0) * tangent - 0.5 * normalDir;
}

/// The "A" / "B" badges and coloured outlines of the walkthrough's two shapes.
void drawPairOutlines(QPainter& painter, LabelLayout& labels, const Walkthrough& w,
                      const ViewTransform& view) {
    const QColor a = OverlayPainter::colorA();
    const QColor b = OverlayPainter::colorB();
    drawShapeOutline(painter, view, w.geometryA(), w.transformA(), makePen(a, 2.0));
    drawShapeOutline(painter, view, w.geometryB(), w.transformB(), makePen(b, 2.0));
    const QPointF up(0.0, -1.0);
    addLabel(labels, 90, toView(view, shapeCentre(w.geometryA(), w.transformA())), QStringLiteral("A"), a, up,
             18.0, true, false);
    addLabel(labels, 90, toView(view, shapeCentre(w.geometryB(), w.transformB())), QStringLiteral("B"), b, up,
             18.0, true, false);
}

/// Contact points with depth labels and the normal arrow.
void drawManifold(QPainter& painter, LabelLayout& labels, const ViewTransform& view, const phys::Manifold& m,
                  QColor color, bool withLabels = true) {
    if (m.pointCount == 0) {
        return;
    }
    phys::Vec2 mean;
    for (int i = 0; i < m.pointCount; ++i) {
        mean += m.points[i].point;
    }
    mean = mean / double(m.pointCount);
    const QPointF from = toView(view, mean);
    const QPointF dir = viewDirection(m.normal);
    drawArrow(painter, labels, from, from + dir * (52.0 * ds()), color, 2.5);
    if (withLabels) {
        addLabel(labels, 45, from + dir * (52.0 * ds()), QStringLiteral("n"), color, dir);
    }
    auto label = [&m](int i) {
        return QStringLiteral("%1 m").arg(Walkthrough::length(m.points[i].depth));
    };
    const bool crowded =
        m.pointCount == 2 && labelsCrowd(toView(view, m.points[0].point), label(0),
                                         toView(view, m.points[1].point), label(1), dir, 12.0);
    for (int i = 0; i < m.pointCount; ++i) {
        const QPointF p = toView(view, m.points[i].point);
        drawDot(painter, p, color, 5.5);
        if (withLabels) {
            addLabel(labels, 80, p, label(i), color, depthLabelDirection(p, from, dir, crowded), 12.0);
        }
    }
}

// --- SAT ------------------------------------------------------------------------------------------------

/// Draws SAT axis `k`: the axis as a ruler beside the shapes with both shadows as bars, the overlap or gap
/// marked with its length, guides back to the shapes, and the edge (or circle axis) it comes from.
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
    const double margin = metres(view, 30.0);
    const double lane = metres(view, 15.0);
    // Bar A, bar B, the overlap mark, and its label (wide when the ruler runs up and down the view).
    const QString markText = axis.separating
                                 ? QObject::tr("gap %1 m").arg(Walkthrough::axisGap(axis))
                                 : QObject::tr("overlap %1 m").arg(Walkthrough::axisOverlap(axis));
    const QFontMetricsF markMetrics(labelFont(14.0));
    const QPointF across = viewDirection(perp);
    const double labelPixels = std::abs(across.x()) * markMetrics.horizontalAdvance(markText) +
                               std::abs(across.y()) * markMetrics.height() + 8.0 * ds();
    const double band = 2.2 * lane + view.toMetres(labelPixels);
    const double edge = metres(view, 12.0);
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
    painter.setPen(makePen(withAlpha(ca, 110), 1.2, Qt::DashLine, Qt::FlatCap));
    for (const double s : {axis.minA, axis.maxA}) {
        painter.drawLine(at(s, laneA), at(s, far - side * margin * 0.3));
    }
    painter.setPen(makePen(withAlpha(cb, 110), 1.2, Qt::DashLine, Qt::FlatCap));
    for (const double s : {axis.minB, axis.maxB}) {
        painter.drawLine(at(s, laneB), at(s, far - side * margin * 0.3));
    }
    painter.restore();

    // The axis itself, across the view, between the two bars.
    const double axisLane = t0 + side * 0.5 * lane;
    drawLongLine(painter, view, axisLane * perp, n,
                 makePen(withAlpha(QColor(pal().ink), 150), 1.2, Qt::DashDotLine));
    const double tip = sHigh + metres(view, 46.0);
    drawArrow(painter, labels, at(sHigh + metres(view, 8.0), axisLane), at(tip, axisLane), QColor(pal().ink),
              2.0);
    addLabel(labels, 40, at(tip, axisLane), QObject::tr("axis %1").arg(k + 1), QColor(pal().ink),
             viewDirection(n));

    // The two shadows as bars.
    painter.save();
    painter.setPen(makePen(ca, 7.0, Qt::SolidLine, Qt::FlatCap));
    painter.drawLine(at(axis.minA, laneA), at(axis.maxA, laneA));
    labels.addLine(at(axis.minA, laneA), at(axis.maxA, laneA), 7.0);
    painter.setPen(makePen(cb, 7.0, Qt::SolidLine, Qt::FlatCap));
    painter.drawLine(at(axis.minB, laneB), at(axis.maxB, laneB));
    labels.addLine(at(axis.minB, laneB), at(axis.maxB, laneB), 7.0);
    painter.restore();
    const QPointF back = viewDirection(-1.0 * n);
    addLabel(labels, 45, at(axis.minA, laneA), QStringLiteral("A"), ca, back, 13.0);
    addLabel(labels, 45, at(axis.minB, laneB), QStringLiteral("B"), cb, back, 13.0);

    // The overlap (or gap): between the ends s1, s2 chosen above.
    const QColor mark = axis.separating ? OverlayPainter::gapColor() : OverlayPainter::overlapColor();
    painter.save();
    painter.setPen(makePen(mark, 3.0, Qt::SolidLine, Qt::FlatCap));
    painter.drawLine(at(s1, laneMark), at(s2, laneMark));
    labels.addLine(at(s1, laneMark), at(s2, laneMark), 3.0);
    const QPointF tick = viewDirection(perp) * (6.0 * ds());
    for (const double s : {s1, s2}) {
        painter.drawLine(at(s, laneMark) - tick, at(s, laneMark) + tick);
        // Thin ties down to the bars so the bracket reads as "between these two ends".
        painter.setPen(makePen(withAlpha(mark, 140), 1.0, Qt::DotLine));
        painter.drawLine(at(s, laneMark), at(s, laneA));
        painter.setPen(makePen(mark, 3.0, Qt::SolidLine, Qt::FlatCap));
    }
    painter.restore();
    addLabel(labels, 75, at(0.5 * (s1 + s2), laneMark), markText, mark, viewDirection(side * perp), 14.0);

    // Where the axis comes from.
    phys::Vec2 e0, e1;
    if (axis.owner == phys::SatAxisOwner::A &&
        polygonEdge(w.geometryA(), w.transformA(), axis.edge, e0, e1)) {
        drawEdgeHighlight(painter, labels, view, e0, e1, ca);
        const QPointF mid = toView(view, 0.5 * (e0 + e1));
        drawArrow(painter, labels, mid, mid + viewDirection(n) * (40.0 * ds()), ca, 2.5);
        addLabel(labels, 40, mid + viewDirection(n) * (40.0 * ds()), QObject::tr("edge %1").arg(axis.edge),
                 ca, viewDirection(n), 12.0);
    } else if (axis.owner == phys::SatAxisOwner::B &&
               polygonEdge(w.geometryB(), w.transformB(), axis.edge, e0, e1)) {
        drawEdgeHighlight(painter, labels, view, e0, e1, cb);
        const QPointF mid = toView(view, 0.5 * (e0 + e1));
        drawArrow(painter, labels, mid, mid + viewDirection(n) * (40.0 * ds()), cb, 2.5);
        addLabel(labels, 40, mid + viewDirection(n) * (40.0 * ds()), QObject::tr("edge %1").arg(axis.edge),
                 cb, viewDirection(n), 12.0);
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
            drawSegment(painter, view, from, to, makePen(QColor(pal().ink), 3.0));
            drawDot(painter, toView(view, from), ca, 5.0);
            drawDot(painter, toView(view, to), cb, 5.0);
        }
    }

    if (result && !t.sat.separated) {
        // The MTV: B moved by depth * normal (dashed ghost), and the arrow of that translation.
        const phys::Vec2 mtv = t.sat.mtvDepth * t.sat.mtvNormal;
        drawShapeOutline(painter, view, w.geometryB(), w.transformB(), makePen(cb, 2.0, Qt::DashLine), mtv);
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

// --- clipping ---------------------------------------------------------------------------------------------

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
            drawSegment(painter, view, a, b, makePen(color, 2.5, Qt::DashLine));
        }
        addLabel(labels, chosen ? 60 : 55, toView(view, 0.5 * (a + b)),
                 QStringLiteral("|cos| %1").arg(Walkthrough::number(dotValue)),
                 chosen ? color : withAlpha(color, 200), viewDirection(edgeNormal(g, xf, edge)),
                 chosen ? 13.0 : 11.5, chosen);
    }
    const QPointF p = toView(view, c.furthestPoint);
    const QPointF d = viewDirection(c.direction);
    drawArrow(painter, labels, p, p + d * (44.0 * ds()), color, 2.5);
    addLabel(labels, 45, p + d * (44.0 * ds()), isB ? QStringLiteral("\u2212n") : QStringLiteral("+n"), color,
             d);
    drawDot(painter, p, color, 6.0);
}

void drawReferenceAndIncident(QPainter& painter, LabelLayout& labels, const phys::ClipTrace& c,
                              const ViewTransform& view, bool withLabels, double width = 5.0) {
    const QColor ref = c.flip ? OverlayPainter::colorB() : OverlayPainter::colorA();
    const QColor inc = c.flip ? OverlayPainter::colorA() : OverlayPainter::colorB();
    drawEdgeHighlight(painter, labels, view, c.referenceStart, c.referenceEnd, ref,
                      withLabels ? QObject::tr("reference") : QString(), -1.0 * c.referenceNormal, width);
    drawEdgeHighlight(painter, labels, view, c.incidentStart, c.incidentEnd, inc,
                      withLabels ? QObject::tr("incident") : QString(), c.referenceNormal, width);
    if (withLabels) {
        const QPointF mid = toView(view, 0.5 * (c.referenceStart + c.referenceEnd));
        const QPointF d = viewDirection(c.referenceNormal);
        drawArrow(painter, labels, mid, mid + d * (46.0 * ds()), ref, 2.5);
        addLabel(labels, 50, mid + d * (46.0 * ds()), QObject::tr("n ref"), ref, d, 12.0);
    }
}

void drawClipPlane(QPainter& painter, LabelLayout& labels, const phys::ClipTrace& c, int p,
                   const ViewTransform& view) {
    const phys::ClipPlaneStep& s = c.planes[p];
    const QColor plane(pal().plane);
    shadeHalfPlane(painter, view, s.normal, s.offset, plane);
    const phys::Vec2 through = p == 0 ? c.referenceStart : c.referenceEnd;
    drawLongLine(painter, view, through, phys::leftPerp(s.normal), makePen(plane, 2.5, Qt::DashLine));
    drawReferenceAndIncident(painter, labels, c, view, false, 4.0);
    // Label the plane a little away from the reference vertex, on the kept side.
    const QPointF v = toView(view, through - metres(view, 70.0) * c.referenceNormal);
    addLabel(labels, 50, v, QObject::tr("side plane %1").arg(p + 1), plane, viewDirection(-1.0 * s.normal),
             14.0);
    for (int i = 0; i < s.beforeCount; ++i) {
        const QPointF b = toView(view, s.before[i]);
        drawDot(painter, b, QColor(pal().ink), 6.0, false);
        if (i < s.afterCount && !(s.after[i] == s.before[i])) {
            drawSegment(painter, view, s.before[i], s.after[i], makePen(plane, 2.0, Qt::DotLine));
        }
    }
    for (int i = 0; i < s.afterCount; ++i) {
        drawDot(painter, toView(view, s.after[i]), plane, 5.0);
    }
}

void drawReferenceFace(QPainter& painter, LabelLayout& labels, const phys::ClipTrace& c,
                       const ViewTransform& view) {
    const QColor ref = c.flip ? OverlayPainter::colorB() : OverlayPainter::colorA();
    shadeHalfPlane(painter, view, c.referenceNormal, c.referenceOffset, QColor(pal().ink));
    drawLongLine(painter, view, c.referenceStart, c.referenceEnd - c.referenceStart,
                 makePen(withAlpha(ref, 200), 2.0, Qt::DashLine));
    drawReferenceAndIncident(painter, labels, c, view, false, 4.0);
    auto label = [&c](int i) {
        const phys::ClipPointStep& s = c.points[i];
        return s.kept ? QObject::tr("%1 m").arg(Walkthrough::length(s.depth))
                      : QObject::tr("%1 m, discarded").arg(Walkthrough::length(s.depth));
    };
    const QPointF normal = viewDirection(c.referenceNormal);
    QPointF mean;
    for (int i = 0; i < c.pointCount; ++i) {
        mean += toView(view, c.points[i].point) / double(c.pointCount);
    }
    const bool crowded =
        c.pointCount == 2 && labelsCrowd(toView(view, c.points[0].point), label(0),
                                         toView(view, c.points[1].point), label(1), normal, 13.0);
    for (int i = 0; i < c.pointCount; ++i) {
        const phys::ClipPointStep& s = c.points[i];
        const QPointF p = toView(view, s.point);
        // The depth measured along the reference normal, up to the face.
        drawSegment(painter, view, s.point, s.point + s.depth * c.referenceNormal,
                    makePen(s.kept ? QColor(pal().kept) : QColor(pal().discarded), 1.5, Qt::DashLine));
        if (s.kept) {
            drawDot(painter, p, QColor(pal().kept), 5.5);
        } else {
            drawCross(painter, p, QColor(pal().discarded));
        }
        addLabel(labels, 80, p, label(i), s.kept ? QColor(pal().kept) : QColor(pal().discarded),
                 depthLabelDirection(p, mean, normal, crowded), 13.0);
    }
}

// --- methods ----------------------------------------------------------------------------------------------

void drawMethodDetails(QPainter& painter, LabelLayout& labels, const Walkthrough& w, int method,
                       const ViewTransform& view) {
    const QColor color = OverlayPainter::methodColor(method);
    const phys::CollideTrace& t = w.methodTrace(method);
    if (method == 0) {
        drawReferenceAndIncident(painter, labels, t.clip, view, true, 4.0);
    } else if (method == 1) {
        const phys::DeepestVerticesTrace& d = t.deepest;
        const phys::Vec2 p0 = lineNearCentre(view, d.referenceNormal, d.referenceOffset);
        drawLongLine(painter, view, p0, phys::leftPerp(d.referenceNormal),
                     makePen(withAlpha(color, 190), 2.0, Qt::DashLine));
        const QPointF normal = viewDirection(d.referenceNormal);
        const QPointF deepest = toView(view, d.deepestPoint);
        const QPointF second = toView(view, d.secondPoint);
        const QString label0 = QStringLiteral("%1 m").arg(Walkthrough::length(d.deepestDepth));
        const QString label1 = QStringLiteral("%1 m").arg(Walkthrough::length(d.secondDepth));
        const bool crowded = labelsCrowd(deepest, label0, second, label1, normal, 12.0);
        for (const auto& [p, label] : {std::pair{deepest, label0}, std::pair{second, label1}}) {
            drawDot(painter, p, color, 7.0, false);
            addLabel(labels, 80, p, label, color,
                     depthLabelDirection(p, 0.5 * (deepest + second), normal, crowded), 12.0);
        }
    } else {
        const phys::VertexEdgeTrace& v = t.vertexEdge;
        if (v.which != phys::VertexEdgeCase::None) {
            drawEdgeHighlight(painter, labels, view, v.edgeStart, v.edgeEnd, color,
                              QObject::tr("crossed edge"), v.edgeStart - v.vertexPoint, 4.0);
            drawDot(painter, toView(view, v.vertexPoint), color, 8.0, false);
            if (v.which == phys::VertexEdgeCase::ParallelInA ||
                v.which == phys::VertexEdgeCase::ParallelInB) {
                drawSegment(painter, view, v.overlapStart, v.overlapEnd, makePen(color, 3.0, Qt::DotLine));
            }
        }
    }
}

void drawMethods(QPainter& painter, LabelLayout& labels, const Walkthrough& w, const WalkthroughStep& step,
                 const ViewTransform& view) {
    const bool all = step.kind == WalkthroughStepKind::MethodsCompare;
    if (!all) {
        drawMethodDetails(painter, labels, w, step.index, view);
    }
    for (int m = 0; m < Walkthrough::kMethodCount; ++m) {
        const bool current = all || m == step.index;
        const QColor color = withAlpha(OverlayPainter::methodColor(m), current ? 255 : 90);
        const phys::Manifold& mf = w.methodTrace(m).manifold;
        if (mf.pointCount == 0) {
            continue;
        }
        phys::Vec2 mean;
        for (int i = 0; i < mf.pointCount; ++i) {
            mean += mf.points[i].point;
        }
        mean = mean / double(mf.pointCount);
        // Offset each method's normal arrow sideways a little so the three do not hide each other.
        const QPointF dir = viewDirection(mf.normal);
        const QPointF side(-dir.y(), dir.x());
        const QPointF from = toView(view, mean) + side * ((m - 1) * 14.0 * ds());
        drawArrow(painter, labels, from, from + dir * (50.0 * ds()), color, current ? 2.5 : 1.5);
        auto label = [&mf](int i) {
            return QStringLiteral("%1 m").arg(Walkthrough::length(mf.points[i].depth));
        };
        const bool crowded =
            mf.pointCount == 2 && labelsCrowd(toView(view, mf.points[0].point), label(0),
                                              toView(view, mf.points[1].point), label(1), dir, 12.0);
        for (int i = 0; i < mf.pointCount; ++i) {
            const QPointF p = toView(view, mf.points[i].point);
            drawMethodMarker(painter, p, m, color);
            if (current && !all) {
                addLabel(labels, 80, p, label(i), color,
                         depthLabelDirection(p, toView(view, mean), dir, crowded), 12.0);
            }
        }
    }
    // Legend: the corner of the view where it covers no body name and the least of the pair's boxes
    // (top-left first, clear of the grid's labels on the left and bottom edges).
    const double rowHeight = 24.0 * ds();
    double legendWidth = 0.0;
    for (int m = 0; m < Walkthrough::kMethodCount; ++m) {
        const QString name = Walkthrough::methodName(Walkthrough::kMethods[std::size_t(m)]);
        legendWidth = std::max(legendWidth, labelRect({}, name, QPointF(1.0, 0.0), 14.0).right());
    }
    const QSizeF legendSize(legendWidth + 6.0 * ds() + 2.0 * 10.0 * ds(),
                            Walkthrough::kMethodCount * rowHeight);
    const QSizeF viewSize = view.viewSize();
    const double left = 60.0 * ds() - 10.0 * ds();
    const double top = 10.0 * ds();
    const double bottomMargin = 36.0 * ds();
    const QPointF corners[4] = {{left, top},
                                {viewSize.width() - legendSize.width() - 8.0 * ds(), top},
                                {viewSize.width() - legendSize.width() - 8.0 * ds(),
                                 viewSize.height() - legendSize.height() - bottomMargin},
                                {left, viewSize.height() - legendSize.height() - bottomMargin}};
    std::vector<QRectF> avoid = labels.obstacles();
    for (const phys::AABB& box : {w.trace().aabbA, w.trace().aabbB}) {
        avoid.push_back(
            QRectF(toView(view, {box.lower.x, box.upper.y}), toView(view, {box.upper.x, box.lower.y}))
                .normalized());
    }
    QPointF origin = corners[0];
    double bestCost = 1e300;
    for (const QPointF corner : corners) {
        const QRectF rect(corner, legendSize);
        double cost = 0.0;
        for (std::size_t i = 0; i < avoid.size(); ++i) {
            const QRectF hit = rect.intersected(avoid[i]);
            // A covered name costs far more than a covered part of a shape's box.
            cost += hit.isEmpty() ? 0.0
                                  : hit.width() * hit.height() * (i < labels.obstacles().size() ? 1e6 : 1.0);
        }
        if (cost < bestCost) {
            bestCost = cost;
            origin = corner;
        }
    }
    double y = origin.y() + 0.5 * rowHeight;
    for (int m = 0; m < Walkthrough::kMethodCount; ++m) {
        const bool current = all || m == step.index;
        const QColor color = withAlpha(OverlayPainter::methodColor(m), current ? 255 : 120);
        const QPointF at(origin.x() + 10.0 * ds(), y);
        drawMethodMarker(painter, at, m, color);
        const QString name = Walkthrough::methodName(Walkthrough::kMethods[std::size_t(m)]);
        // The text starts clear of the widest marker (the circle, 8.5 px).
        addLegendLabel(labels, at + QPointF(6.0 * ds(), 0.0), name, color, QPointF(1.0, 0.0), 14.0, current);
        y += rowHeight;
    }
}

} // namespace

QColor OverlayPainter::colorA() {
    return QColor(pal().bodyA);
}

QColor OverlayPainter::colorB() {
    return QColor(pal().bodyB);
}

QColor OverlayPainter::methodColor(int method) {
    switch (method) {
    case 0:
        return QColor(pal().methods[0]);
    case 1:
        return QColor(pal().methods[1]);
    default:
        return QColor(pal().methods[2]);
    }
}

QColor OverlayPainter::overlapColor() {
    return QColor(pal().overlap);
}

QColor OverlayPainter::gapColor() {
    return QColor(pal().gap);
}

// Diagnostics, per body and shape (xf = the body's transform):
//   normals:  for each polygon edge i: arrow from the edge midpoint along rotate(q, normal(i))
//   AABBs:    computeAABB(shape, xf), dashed
//   centroid: polygon centroid / circle centre, a ring with a cross
//   indices:  vertex i labelled just outside the vertex (away from the centroid)
//   contacts: for each pair of bodies and their shapes: collide(...) with the scene's contact method
namespace {

void drawDiagnostics(QPainter& painter, LabelLayout& labels, const phys::SceneDef& scene,
                     const ViewTransform& view, const OverlayOptions& options) {
    if (!(options.normals || options.aabbs || options.centroids || options.vertexIndices ||
          options.contacts)) {
        return;
    }
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    const QColor diag(pal().diagnostic);
    for (const phys::BodyDef& body : scene.bodies) {
        const phys::Transform xf{body.position, phys::Rot(body.angle)};
        for (const phys::ShapeDef& shape : body.shapes) {
            if (options.aabbs) {
                const phys::AABB box =
                    std::visit([&xf](const auto& g) { return phys::computeAABB(g, xf); }, shape.geometry);
                painter.setPen(makePen(withAlpha(QColor(pal().aabb), 200), 1.2, Qt::DashLine, Qt::FlatCap));
                painter.setBrush(Qt::NoBrush);
                painter.drawRect(QRectF(toView(view, {box.lower.x, box.upper.y}),
                                        toView(view, {box.upper.x, box.lower.y})));
            }
            const auto* polygon = std::get_if<phys::Polygon>(&shape.geometry);
            const phys::Vec2 centre = shapeCentre(shape.geometry, xf);
            if (polygon && options.normals) {
                for (int i = 0; i < polygon->count(); ++i) {
                    const phys::Vec2 a = phys::transformPoint(xf, polygon->vertex(i));
                    const phys::Vec2 b = phys::transformPoint(xf, polygon->vertex(polygon->next(i)));
                    const QPointF mid = toView(view, 0.5 * (a + b));
                    drawArrow(painter, mid,
                              mid + viewDirection(phys::transformVector(xf, polygon->normal(i))) *
                                        (20.0 * ds()),
                              diag, 1.6);
                }
            }
            if (polygon && options.vertexIndices) {
                for (int i = 0; i < polygon->count(); ++i) {
                    const phys::Vec2 v = phys::transformPoint(xf, polygon->vertex(i));
                    // A corner's number is read beside its corner or not at all: in a crowd (a pyramid) a
                    // number pulled away on a leader line names nothing anyone can follow.
                    addLabel(labels, 10, toView(view, v), QString::number(i), diag, viewDirection(v - centre),
                             11.0, true, true, 16.0);
                }
            }
            if (options.centroids) {
                const QPointF c = toView(view, centre);
                const double r = 4.0 * ds();
                painter.setPen(makePen(diag, 1.5));
                painter.setBrush(Palette::withAlpha(pal().paper, 200));
                painter.drawEllipse(c, r, r);
                painter.drawLine(c - QPointF(2 * r, 0), c + QPointF(2 * r, 0));
                painter.drawLine(c - QPointF(0, 2 * r), c + QPointF(0, 2 * r));
            }
        }
    }
    if (options.contacts && scene.bodies.size() <= 400) {
        for (std::size_t i = 0; i < scene.bodies.size(); ++i) {
            const phys::BodyDef& a = scene.bodies[i];
            const phys::Transform xfA{a.position, phys::Rot(a.angle)};
            for (std::size_t j = i + 1; j < scene.bodies.size(); ++j) {
                const phys::BodyDef& b = scene.bodies[j];
                if (a.type != phys::BodyType::Dynamic && b.type != phys::BodyType::Dynamic) {
                    continue;
                }
                const phys::Transform xfB{b.position, phys::Rot(b.angle)};
                for (const phys::ShapeDef& sa : a.shapes) {
                    for (const phys::ShapeDef& sb : b.shapes) {
                        const phys::Manifold m =
                            phys::collide(sa.geometry, xfA, sb.geometry, xfB, scene.settings.contactMethod);
                        drawManifold(painter, labels, view, m, QColor(pal().kept), false);
                    }
                }
            }
        }
    }
    painter.restore();
}

void drawStep(QPainter& painter, LabelLayout& labels, const Walkthrough& w, int stepIndex,
              const ViewTransform& view) {
    if (!w.isValid() || stepIndex < 0 || stepIndex >= w.stepCount()) {
        return;
    }
    const WalkthroughStep& step = w.step(stepIndex);
    const phys::CollideTrace& t = w.trace();
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setRenderHint(QPainter::TextAntialiasing, true);
    drawPairOutlines(painter, labels, w, view);
    switch (step.kind) {
    case WalkthroughStepKind::SatAxis:
        drawSatAxis(painter, labels, w, step.index, view, false);
        break;
    case WalkthroughStepKind::SatResult:
        if (step.index >= 0) {
            drawSatAxis(painter, labels, w, step.index, view, true);
        }
        break;
    case WalkthroughStepKind::ClipCandidates:
        drawCandidate(painter, labels, w, t.clip.candidateA, false, view);
        drawCandidate(painter, labels, w, t.clip.candidateB, true, view);
        break;
    case WalkthroughStepKind::ClipReference:
        drawReferenceAndIncident(painter, labels, t.clip, view, true);
        break;
    case WalkthroughStepKind::ClipPlane:
        drawClipPlane(painter, labels, t.clip, step.index, view);
        break;
    case WalkthroughStepKind::ClipReferenceFace:
        drawReferenceFace(painter, labels, t.clip, view);
        break;
    case WalkthroughStepKind::ClipResult:
        drawReferenceAndIncident(painter, labels, t.clip, view, false, 3.0);
        drawManifold(painter, labels, view, t.manifold, QColor(pal().kept));
        break;
    case WalkthroughStepKind::NoClipping:
        drawManifold(painter, labels, view, t.manifold, QColor(pal().kept));
        break;
    case WalkthroughStepKind::Method:
    case WalkthroughStepKind::MethodsCompare:
        drawMethods(painter, labels, w, step, view);
        break;
    }
    painter.restore();
}

} // namespace

std::vector<QRectF> OverlayPainter::bodyNameRects(const phys::SceneDef& scene, const ViewTransform& view) {
    std::vector<QRectF> out;
    const QRectF bounds(QPointF(0, 0), view.viewSize());
    for (const phys::BodyDef& body : scene.bodies) {
        if (!SceneRenderer::nameFits(body, view.pixelsPerMetre())) {
            continue;
        }
        const QSizeF size = SceneRenderer::labelSize(QString::fromStdString(body.name));
        const QPointF centre = view.toView(SceneRenderer::labelAnchor(body));
        const QRectF rect(centre.x() - 0.5 * size.width(), centre.y() - 0.5 * size.height(), size.width(),
                          size.height());
        if (rect.intersects(bounds)) {
            out.push_back(rect);
        }
    }
    return out;
}

std::vector<PlacedLabel> OverlayPainter::drawOverlays(QPainter& painter, const phys::SceneDef& scene,
                                                      const ViewTransform& view,
                                                      const OverlayOptions& options,
                                                      const std::vector<OverlayStep>& steps,
                                                      bool bodyNamesShown, bool gridShown) {
    LabelLayout labels(QRectF(QPointF(0, 0), view.viewSize()), ds());
    // Only the vertex indices and a walkthrough step make labels: without them, the simulation's paints
    // (a thousand bodies) skip measuring every name.
    const bool anyStep = std::any_of(steps.begin(), steps.end(), [](const OverlayStep& s) {
        return s.walkthrough && s.walkthrough->isValid() && s.step >= 0 &&
               s.step < s.walkthrough->stepCount();
    });
    if (!anyStep && !options.vertexIndices) {
        bodyNamesShown = false;
        gridShown = false;
    }
    if (bodyNamesShown) {
        for (const QRectF& r : bodyNameRects(scene, view)) {
            labels.addObstacle(r);
        }
    }
    if (gridShown) {
        for (const GridLabelBox& g :
             SceneRenderer::gridLabelBoxes(view.visibleWorldRect(), view.worldToView())) {
            labels.addObstacle(g.backdrop);
        }
    }
    if (anyStep) {
        // The labels name the pair's features: over a third body they would read as that body's.
        const auto inPair = [&steps](const phys::BodyDef& body) {
            return std::any_of(steps.begin(), steps.end(), [&body](const OverlayStep& s) {
                if (!s.walkthrough || !s.walkthrough->isValid()) {
                    return false;
                }
                const auto same = [&body](const phys::BodyDef& b) {
                    return b.position == body.position && b.angle == body.angle &&
                           b.shapes.size() == body.shapes.size();
                };
                return same(s.walkthrough->bodyA()) || same(s.walkthrough->bodyB());
            });
        };
        for (const phys::BodyDef& body : scene.bodies) {
            if (body.shapes.empty() || inPair(body)) {
                continue;
            }
            const phys::Transform xf{body.position, phys::Rot(body.angle)};
            QRectF box;
            for (const phys::ShapeDef& shape : body.shapes) {
                const phys::AABB a =
                    std::visit([&xf](const auto& g) { return phys::computeAABB(g, xf); }, shape.geometry);
                box |= QRectF(view.toView(a.lower), view.toView(a.upper)).normalized();
            }
            labels.addAvoidArea(box);
        }
    }
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setRenderHint(QPainter::TextAntialiasing, true);
    drawDiagnostics(painter, labels, scene, view, options);
    for (const OverlayStep& s : steps) {
        if (s.walkthrough) {
            drawStep(painter, labels, *s.walkthrough, s.step, view);
        }
    }
    std::vector<PlacedLabel> placed = labels.place();
    LabelLayout::draw(painter, placed, ds());
    painter.restore();
    return placed;
}

std::vector<PlacedLabel> OverlayPainter::renderAll(QPainter& painter, const phys::SceneDef& scene,
                                                   const ViewTransform& view,
                                                   const RenderOptions& renderOptions,
                                                   const OverlayOptions& overlays,
                                                   const Walkthrough* walkthrough, int step) {
    return renderAll(painter, scene, view, renderOptions, overlays, {OverlayStep{walkthrough, step}});
}

std::vector<PlacedLabel> OverlayPainter::renderAll(QPainter& painter, const phys::SceneDef& scene,
                                                   const ViewTransform& view,
                                                   const RenderOptions& renderOptions,
                                                   const OverlayOptions& overlays,
                                                   const std::vector<OverlayStep>& steps) {
    SceneRenderer::render(painter, scene, view, renderOptions);
    return drawOverlays(painter, scene, view, overlays, steps, renderOptions.bodyNames, renderOptions.grid);
}

QImage OverlayPainter::renderImage(const phys::SceneDef& scene, const ViewTransform& view, double scale,
                                   const RenderOptions& renderOptions, const OverlayOptions& overlays,
                                   const Walkthrough* walkthrough, int step) {
    const QSize size(int(std::lround(view.viewSize().width() * scale)),
                     int(std::lround(view.viewSize().height() * scale)));
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(scale);
    image.fill(SceneRenderer::backgroundColor());
    QPainter painter(&image);
    renderAll(painter, scene, view, renderOptions, overlays, walkthrough, step);
    painter.end();
    return image;
}

QString OverlayPainter::renderSvg(const QString& fileName, const phys::SceneDef& scene,
                                  const ViewTransform& view, const RenderOptions& renderOptions,
                                  const OverlayOptions& overlays, const Walkthrough* walkthrough, int step) {
    // Our own writer, not QSvgGenerator: real <text> and strokes in output units (svg_writer.h).
    SvgWriter svg(view.viewSize().toSize());
    svg.setTitle(QStringLiteral("ContactLab scene"));
    QPainter painter;
    if (!painter.begin(&svg)) {
        return QObject::tr("cannot start drawing into %1").arg(fileName);
    }
    renderAll(painter, scene, view, renderOptions, overlays, walkthrough, step);
    painter.end();
    return svg.save(fileName);
}

void WalkthroughOverlay::setOptions(const OverlayOptions& options) {
    if (options == m_options) {
        return;
    }
    m_options = options;
    emit changed();
}

void WalkthroughOverlay::setWalkthrough(const Walkthrough* walkthrough, int step) {
    m_walkthrough = walkthrough;
    m_step = step;
    emit changed();
}

void WalkthroughOverlay::setWalkthroughVisible(bool visible) {
    if (visible == m_walkthroughVisible) {
        return;
    }
    m_walkthroughVisible = visible;
    emit changed();
}

void WalkthroughOverlay::paintOverlay(QPainter& painter, const SceneCanvas& canvas) {
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setRenderHint(QPainter::TextAntialiasing, true);
    m_lastLabels =
        OverlayPainter::drawOverlays(painter, canvas.sceneDef(), canvas.viewTransform(), m_options,
                                     {OverlayStep{m_walkthroughVisible ? m_walkthrough : nullptr, m_step}},
                                     canvas.showBodyNames(), canvas.showGrid());
    painter.restore();
}

} // namespace cl
