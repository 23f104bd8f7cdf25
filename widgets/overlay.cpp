/// @file overlay.cpp
/// The overlay painter. Everything it draws about collision comes from a trace (CollideTrace and its parts)
/// or from the shapes as defined (outlines, edges, vertices placed by the body transform): no projection,
/// clip or contact is computed here. The one layout choice it makes itself is on which side of the shapes the
/// SAT ruler goes, from the traced bounding boxes.
///
/// This file holds the entry points (OverlayPainter, WalkthroughOverlay), the step dispatch and the drawing
/// helpers every concept shares (overlay_private.h); each concept draws in its own file: overlay_sat.cpp,
/// overlay_clip.cpp, overlay_methods.cpp, overlay_diagnostics.cpp.

#include "overlay.h"
#include "name_placement.h"

#include "label_layout.h"
#include "overlay_private.h"
#include "paint_kit.h"
#include "palette.h"
#include "scene_canvas.h"

#include "physics/shape.h"

#include <QFont>
#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>
#include <QPen>
#include <QPolygonF>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <span>
#include <tuple>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

namespace cl {

namespace overlay_detail {

const Palette& pal() {
    return currentPalette();
}

QColor withAlpha(QColor c, int alpha) {
    c.setAlpha(alpha);
    return c;
}

QPen makePen(double scale, QColor color, double width, Qt::PenStyle style, Qt::PenCapStyle cap) {
    return paintkit::roundPen(color, width * scale, style, cap);
}

QFont labelFont(double scale, double pixels, bool bold) {
    return paintkit::pixelFont(pixels, scale, bold);
}

QPointF toView(const ViewTransform& view, phys::Vec2 p) {
    return view.toView(p);
}

QPointF viewDirection(phys::Vec2 worldDirection) {
    const phys::Vec2 d = phys::normalize(worldDirection);
    return {d.x, -d.y};
}

double metres(double scale, const ViewTransform& view, double pixels) {
    return view.toMetres(pixels * scale);
}

QRectF labelRect(double scale, QPointF anchor, const QString& text, QPointF direction, double fontPixels,
                 bool bold) {
    LabelRequest r;
    r.anchor = anchor;
    r.text = text;
    r.direction = direction;
    r.fontPixels = fontPixels;
    r.bold = bold;
    return LabelLayout::preferredTextRect(r, scale);
}

void addLabel(LabelLayout& labels, int priority, QPointF anchor, const QString& text, QColor color,
              QPointF direction, double fontPixels, bool bold, bool leader, double maxDistance) {
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
    // Names of arrows, axes, bars and edges, and the edges' |cos| (priorities up to 60) repeat the table,
    // the explanation and the colours: in a view too small for everything they give way
    // (LabelRequest::optional); depths, measures and the A/B badges stay.
    r.optional = priority <= 60;
    labels.add(r);
}

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

void drawArrow(QPainter& painter, double scale, QPointF from, QPointF to, QColor color, double width) {
    painter.save();
    paintkit::drawArrow(painter, from, to, color, width * scale, scale); // the kit's default head
    painter.restore();
}

namespace {
/// The width of the kit's arrowhead at display scale 1 (0.9 of its 11 px length, paint_kit.cpp), plus a pixel
/// of antialiasing: what an arrow covers across.
constexpr double kArrowFootprint = 0.9 * 11.0 + 1.0;

double rectArea(const QRectF& r) {
    return r.isEmpty() ? 0.0 : r.width() * r.height();
}
} // namespace

void drawArrow(QPainter& painter, LabelLayout& labels, QPointF from, QPointF to, QColor color, double width) {
    if (std::hypot(to.x() - from.x(), to.y() - from.y()) < 1.0) {
        return; // an MTV of a hair's breadth: no arrow to see, nothing for labels to avoid
    }
    labels.addLine(from, to, std::max(width, kArrowFootprint), LineKind::Arrow);
    drawArrow(painter, labels.scale(), from, to, color, width);
}

// Candidates: each base at full length, then each at 0.8, 0.62, 0.48 and 0.36 of it (never flipped: an
// arrow's direction is what it says); when none of those is clear, each of them moved into the view. Cost:
//   1000 per px^2 of the arrow's footprint (squares a head wide along it, past its base) outside the view
//   or over a name or grid figure
//   + 0.5 per px^2 of its label's preferred box (at the tip) outside the view or over those
//   + 40 x the fraction shortened + 3 per base passed over + 20 when moved into the view
// The cheapest wins: the preferred arrow when it is clear, else the least change that makes it clear.
QLineF fitArrow(const LabelLayout& labels, const std::vector<QPointF>& bases, QPointF direction,
                double length, const QString& label, double fontPixels, bool shorten) {
    const double scale = labels.scale();
    const QRectF& bounds = labels.bounds();
    const double norm = std::hypot(direction.x(), direction.y());
    const QPointF u = norm > 0.0 ? direction / norm : QPointF(0.0, -1.0);
    const double full = length * scale;
    const double half = 0.5 * kArrowFootprint * scale;
    const double halo = 2.5 * scale;
    const auto blocked = [&](const QRectF& r) {
        double c = rectArea(r) - rectArea(r.intersected(bounds));
        for (const QRectF& o : labels.obstacles()) {
            c += rectArea(r.intersected(o));
        }
        return c;
    };
    const QRectF inner = bounds.adjusted(half + 1.0, half + 1.0, -half - 1.0, -half - 1.0);
    QLineF best;
    double bestCost = 1e300;
    const auto consider = [&](QPointF base, QPointF tip, double cost) {
        if (cost >= bestCost) {
            return;
        }
        const double along = std::hypot(tip.x() - base.x(), tip.y() - base.y());
        const int samples = std::max(2, int(std::ceil(along / half)));
        for (int i = 0; i <= samples && cost < bestCost; ++i) {
            const double at = along * double(i) / samples;
            if (at < half) {
                continue; // the base sits on what the arrow comes from
            }
            const QPointF p = base + u * at;
            cost += 1000.0 * blocked(QRectF(p.x() - half, p.y() - half, 2.0 * half, 2.0 * half));
        }
        if (!label.isEmpty()) {
            cost +=
                0.5 * blocked(labelRect(scale, tip, label, u, fontPixels).adjusted(-halo, -halo, halo, halo));
        }
        if (cost < bestCost) {
            bestCost = cost;
            best = QLineF(base, tip);
        }
    };
    constexpr double kFractions[] = {1.0, 0.8, 0.62, 0.48, 0.36};
    const std::span<const double> fractions(kFractions, shorten ? std::size(kFractions) : 1);
    for (const double fraction : fractions) {
        for (std::size_t b = 0; b < bases.size(); ++b) {
            consider(bases[b], bases[b] + u * (full * fraction), 40.0 * (1.0 - fraction) + 3.0 * double(b));
        }
    }
    // The arrow base..tip slid, whole, until both ends are inside `inner` (the tip first, then the base).
    const auto moveInto = [&inner](QPointF& base, QPointF& tip) {
        for (const QPointF end : {tip, base}) {
            const QPointF in(std::clamp(end.x(), inner.left(), inner.right()),
                             std::clamp(end.y(), inner.top(), inner.bottom()));
            base += in - end;
            tip += in - end;
        }
    };
    if (bestCost >= 1000.0 && !inner.isEmpty()) {
        // Nothing clear (an edge at or past the view's edge): the arrow moved into the view, whole.
        for (const double fraction : fractions) {
            for (std::size_t b = 0; b < bases.size(); ++b) {
                QPointF base = bases[b];
                QPointF tip = base + u * (full * fraction);
                moveInto(base, tip);
                consider(base, tip, 20.0 + 40.0 * (1.0 - fraction) + 3.0 * double(b));
                // ... and beside that, across its direction (a grid figure right where it lands).
                const QPointF across(-u.y(), u.x());
                for (int k = 1; k <= 4 && bestCost >= 1000.0; ++k) {
                    for (const double sign : {1.0, -1.0}) {
                        const QPointF shift = across * (sign * k * 2.0 * half);
                        QPointF b2 = base + shift, t2 = tip + shift;
                        moveInto(b2, t2);
                        consider(b2, t2, 30.0 + 5.0 * k + 40.0 * (1.0 - fraction) + 3.0 * double(b));
                    }
                }
            }
        }
    }
    return best;
}

void drawDot(QPainter& painter, double scale, QPointF at, QColor color, double radius, bool filled) {
    painter.save();
    painter.setPen(makePen(scale, filled ? QColor(pal().paper) : color, filled ? 1.5 : 2.0));
    painter.setBrush(filled ? QBrush(color) : QBrush(Palette::withAlpha(pal().paper, 220)));
    painter.drawEllipse(at, radius * scale, radius * scale);
    painter.restore();
}

void drawCross(QPainter& painter, double scale, QPointF at, QColor color, double size) {
    const double s = size * scale;
    painter.save();
    painter.setPen(makePen(scale, Palette::withAlpha(pal().paper, 230), 5.0));
    painter.drawLine(at + QPointF(-s, -s), at + QPointF(s, s));
    painter.drawLine(at + QPointF(-s, s), at + QPointF(s, -s));
    painter.setPen(makePen(scale, color, 2.5));
    painter.drawLine(at + QPointF(-s, -s), at + QPointF(s, s));
    painter.drawLine(at + QPointF(-s, s), at + QPointF(s, -s));
    painter.restore();
}

void drawMethodMarker(QPainter& painter, double scale, QPointF at, int method, QColor color) {
    // Sizes nest (circle > square > diamond), so methods that agree on a point stay visible together.
    const double r = (method == 0 ? 8.5 : method == 1 ? 5.5 : 3.6) * scale;
    painter.save();
    painter.setPen(makePen(scale, QColor(pal().paper), 1.5));
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

void drawSegment(QPainter& painter, const ViewTransform& view, phys::Vec2 a, phys::Vec2 b, const QPen& pen) {
    painter.save();
    painter.setPen(pen);
    painter.drawLine(toView(view, a), toView(view, b));
    painter.restore();
}

double viewReach(const ViewTransform& view) {
    const QSizeF s = view.viewSize();
    return view.toMetres(std::hypot(s.width(), s.height()));
}

phys::Vec2 lineNearCentre(const ViewTransform& view, phys::Vec2 normal, double offset) {
    const phys::Vec2 c = view.centre();
    return c - (phys::dot(normal, c) - offset) * normal;
}

void drawLongLine(QPainter& painter, const ViewTransform& view, phys::Vec2 point, phys::Vec2 direction,
                  const QPen& pen) {
    const double reach = viewReach(view);
    const phys::Vec2 d = phys::normalize(direction);
    drawSegment(painter, view, point - reach * d, point + reach * d, pen);
}

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

phys::Vec2 shapeCentre(const phys::ShapeGeometry& geometry, const phys::Transform& xf) {
    if (const auto* c = std::get_if<phys::Circle>(&geometry)) {
        return phys::transformPoint(xf, c->center);
    }
    return phys::transformPoint(xf, std::get<phys::Polygon>(geometry).centroid());
}

void drawShapeOutline(QPainter& painter, const ViewTransform& view, const phys::ShapeGeometry& geometry,
                      const phys::Transform& xf, const QPen& pen, phys::Vec2 shift) {
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

void drawEdgeHighlight(QPainter& painter, LabelLayout& labels, const ViewTransform& view, phys::Vec2 a,
                       phys::Vec2 b, QColor color, const QString& label, phys::Vec2 outward, double width) {
    painter.save();
    painter.setPen(makePen(labels.scale(), Palette::withAlpha(pal().paper, 200), width + 3.0));
    painter.drawLine(toView(view, a), toView(view, b));
    painter.setPen(makePen(labels.scale(), color, width));
    painter.drawLine(toView(view, a), toView(view, b));
    painter.restore();
    labels.addLine(toView(view, a), toView(view, b), width, LineKind::Outline);
    if (!label.isEmpty()) {
        addLabel(labels, 60, toView(view, 0.5 * (a + b)), label, color, viewDirection(outward));
    }
}

bool labelsCrowd(double scale, QPointF p0, const QString& label0, QPointF p1, const QString& label1,
                 QPointF normalDir, double fontPixels) {
    const double gap = 4.0 * scale;
    return labelRect(scale, p0, label0, -normalDir, fontPixels)
        .adjusted(-gap, -gap, gap, gap)
        .intersects(labelRect(scale, p1, label1, -normalDir, fontPixels));
}

QPointF depthLabelDirection(QPointF point, QPointF mean, QPointF normalDir, bool crowded) {
    const QPointF tangent(-normalDir.y(), normalDir.x());
    const QPointF offset = point - mean;
    const double along = offset.x() * tangent.x() + offset.y() * tangent.y();
    if (!crowded || std::abs(along) < 0.5) {
        return -normalDir;
    }
    return (along > 0.0 ? 2.0 : -2.0) * tangent - 0.5 * normalDir;
}

bool isPairBody(const Walkthrough& w, const phys::BodyDef& body) {
    if (!w.isValid()) {
        return false;
    }
    const auto same = [&body](const phys::BodyDef& b) {
        return b.position == body.position && b.angle == body.angle && b.shapes.size() == body.shapes.size();
    };
    return same(w.bodyA()) || same(w.bodyB());
}

QRectF bodyBox(const phys::BodyDef& body, const ViewTransform& view) {
    const phys::Transform xf{body.position, phys::Rot(body.angle)};
    QRectF box;
    for (const phys::ShapeDef& shape : body.shapes) {
        const phys::AABB a =
            std::visit([&xf](const auto& g) { return phys::computeAABB(g, xf); }, shape.geometry);
        box |= QRectF(view.toView(a.lower), view.toView(a.upper)).normalized();
    }
    return box;
}

void drawPairOutlines(QPainter& painter, LabelLayout& labels, const Walkthrough& w,
                      const ViewTransform& view) {
    const QColor a = OverlayPainter::colorA();
    const QColor b = OverlayPainter::colorB();
    drawShapeOutline(painter, view, w.geometryA(), w.transformA(), makePen(labels.scale(), a, 2.0));
    drawShapeOutline(painter, view, w.geometryB(), w.transformB(), makePen(labels.scale(), b, 2.0));
    // Labels keep off the coloured outlines where they can ("side plane 1" and "|cos| 1.00" straddled them).
    for (const auto& [geometry, xf] :
         {std::pair{&w.geometryA(), w.transformA()}, std::pair{&w.geometryB(), w.transformB()}}) {
        if (std::holds_alternative<phys::Polygon>(*geometry)) {
            const std::vector<phys::Vec2> v = worldVertices(std::get<phys::Polygon>(*geometry), xf);
            for (std::size_t i = 0; i < v.size(); ++i) {
                labels.addLine(toView(view, v[i]), toView(view, v[(i + 1) % v.size()]), 2.0,
                               LineKind::Outline);
            }
        }
    }
    // Each badge names its shape by its colour and its place: inside the shape where it fits, else beside it
    // nearer it than any other body, else on a leader (LabelRequest::home; issue 12: "A" between the box and
    // the plank of shapes.json read as the plank's). Its rivals: the other of the pair (every shape of its
    // body) and the other bodies' shapes near enough to be nearer one of its spots.
    const QPolygonF outlineA = viewPolygon(shapeOutline(w.geometryA(), w.transformA()), view);
    const QPolygonF outlineB = viewPolygon(shapeOutline(w.geometryB(), w.transformB()), view);
    const auto bodyOutlines = [&view](const phys::BodyDef& body, int except) {
        std::vector<QPolygonF> out;
        const phys::Transform xf{body.position, phys::Rot(body.angle)};
        for (std::size_t i = 0; i < body.shapes.size(); ++i) {
            if (int(i) != except) {
                out.push_back(viewPolygon(shapeOutline(body.shapes[i].geometry, xf), view));
            }
        }
        return out;
    };
    const double reach = kBadgeReach * labels.scale();
    for (const auto& [text, color, home, rival, rivalBody, rivalShape] :
         {std::tuple{QStringLiteral("A"), a, &outlineA, &outlineB, &w.bodyB(), w.shapeB()},
          std::tuple{QStringLiteral("B"), b, &outlineB, &outlineA, &w.bodyA(), w.shapeA()}}) {
        LabelRequest r;
        r.anchor = toView(view, shapeCentre(text == QLatin1String("A") ? w.geometryA() : w.geometryB(),
                                            text == QLatin1String("A") ? w.transformA() : w.transformB()));
        r.text = text;
        r.color = color;
        r.direction = QPointF(0.0, -1.0);
        r.fontPixels = 18.0;
        r.priority = 90;
        r.leaderAllowed = false;
        r.home = *home;
        r.rivals = bodyOutlines(*rivalBody, rivalShape);
        r.rivals.push_back(*rival);
        const QRectF near(r.anchor - QPointF(reach, reach), QSizeF(2.0 * reach, 2.0 * reach));
        for (const QPolygonF& other : labels.otherBodyOutlines()) {
            if (other.boundingRect().intersects(near)) {
                r.rivals.push_back(other);
            }
        }
        labels.add(r);
    }
}

void drawManifold(QPainter& painter, LabelLayout& labels, const ViewTransform& view, const phys::Manifold& m,
                  QColor color, bool withLabels, int decimals) {
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
    std::vector<QPointF> bases{from};
    for (int i = 0; i < m.pointCount; ++i) {
        bases.push_back(toView(view, m.points[i].point));
    }
    const QLineF arrow = fitArrow(labels, bases, dir, 52.0, withLabels ? QStringLiteral("n") : QString());
    drawArrow(painter, labels, arrow.p1(), arrow.p2(), color, 2.5);
    if (withLabels) {
        addLabel(labels, 45, arrow.p2(), QStringLiteral("n"), color, dir);
    }
    auto label = [&m, decimals](int i) {
        return QStringLiteral("%1 m").arg(decimals < 0
                                              ? Walkthrough::length(m.points[i].depth)
                                              : Walkthrough::tableLength(m.points[i].depth, decimals));
    };
    const bool crowded =
        m.pointCount == 2 && labelsCrowd(labels.scale(), toView(view, m.points[0].point), label(0),
                                         toView(view, m.points[1].point), label(1), dir, 12.0);
    for (int i = 0; i < m.pointCount; ++i) {
        const QPointF p = toView(view, m.points[i].point);
        drawDot(painter, labels.scale(), p, color, 5.5);
        if (withLabels) {
            addLabel(labels, 80, p, label(i), color, depthLabelDirection(p, from, dir, crowded), 12.0);
        }
    }
}

} // namespace overlay_detail

using namespace overlay_detail;

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

namespace {

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
        drawReferenceFace(painter, labels, t.clip, view, w.clippingTableDecimals());
        break;
    case WalkthroughStepKind::ClipResult:
        drawReferenceAndIncident(painter, labels, t.clip, view, false, 3.0);
        drawManifold(painter, labels, view, t.manifold, QColor(pal().kept), true, w.clippingTableDecimals());
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

std::optional<QRectF> OverlayPainter::bodyNameRect(const phys::SceneDef& scene, int index,
                                                   const ViewTransform& view, double displayScale,
                                                   bool grid) {
    RenderOptions options;
    options.grid = grid;
    options.displayScale = displayScale;
    const NamePlacement names = placeBodyNames(scene, view, options);
    if (const PlacedName* name = names.find(index)) {
        return name->rect;
    }
    return std::nullopt;
}

std::vector<QRectF> OverlayPainter::bodyNameRects(const phys::SceneDef& scene, const ViewTransform& view,
                                                  double displayScale, bool grid) {
    RenderOptions options;
    options.grid = grid;
    options.displayScale = displayScale;
    return placeBodyNames(scene, view, options).rects();
}

std::vector<PlacedLabel>
OverlayPainter::drawOverlays(QPainter& painter, const phys::SceneDef& scene, const ViewTransform& view,
                             const OverlayOptions& options, const std::vector<OverlayStep>& steps,
                             const RenderOptions& under, const NamePlacement* names) {
    return drawOverlayPicture(painter, scene, view, options, steps, under, names).labels;
}

bool OverlayPainter::drawsStep(const std::vector<OverlayStep>& steps) {
    return std::any_of(steps.begin(), steps.end(), [](const OverlayStep& s) {
        return s.walkthrough && s.walkthrough->isValid() && s.step >= 0 &&
               s.step < s.walkthrough->stepCount();
    });
}

OverlayPicture OverlayPainter::drawOverlayPicture(QPainter& painter, const phys::SceneDef& scene,
                                                  const ViewTransform& view, const OverlayOptions& options,
                                                  const std::vector<OverlayStep>& steps,
                                                  const RenderOptions& under, const NamePlacement* given,
                                                  const std::vector<DrawnLine>& handles,
                                                  LabelLayoutMemo* memo) {
    const double scale = under.displayScale;
    bool bodyNamesShown = under.bodyNames;
    bool gridShown = under.grid;
    LabelLayout labels(QRectF(QPointF(0, 0), view.viewSize()), scale);
    // Only the vertex indices and a walkthrough step make labels: without them, the simulation's paints
    // (a thousand bodies) skip measuring every name.
    const bool anyStep = drawsStep(steps);
    if (!anyStep && !options.vertexIndices) {
        bodyNamesShown = false;
        gridShown = false;
    }
    // The names: those inside their bodies are obstacles of everything the step draws; with a step, the
    // names outside are laid out with the step's labels in one pass (below), so that no leader of either
    // crosses the other's text and no label meets a name.
    OverlayPicture picture;
    if (bodyNamesShown) {
        picture.names = given ? *given : placeBodyNames(scene, view, under, {}, !anyStep);
        addNameObstacles(labels, picture.names);
    }
    if (gridShown) {
        for (const GridLabelBox& g :
             SceneRenderer::gridLabelBoxes(view.visibleWorldRect(), view.worldToView(), scale)) {
            labels.addObstacle(g.backdrop);
        }
    }
    if (anyStep) {
        // The labels name the pair's features: over a third body they would read as that body's.
        const auto inPair = [&steps](const phys::BodyDef& body) {
            return std::any_of(steps.begin(), steps.end(), [&body](const OverlayStep& s) {
                return s.walkthrough && isPairBody(*s.walkthrough, body);
            });
        };
        // Only bodies that reach into the view: labels and their leaders stay in it (the box of each of a
        // thousand bodies, a sine and cosine apiece, was 5% of a drag's mouse move).
        const QRectF viewRect(QPointF(0, 0), view.viewSize());
        // The pair's badges must read as theirs, not as a body's beside them (drawPairOutlines): the outlines
        // of the bodies near a badge's anchor, its rivals (only those: a thousand bodies' outlines per paint
        // of a drag would be wasted).
        std::vector<QRectF> badgeReach;
        const double reach = kBadgeReach * scale;
        for (const OverlayStep& s : steps) {
            if (s.walkthrough && s.walkthrough->isValid()) {
                for (const QPointF centre :
                     {toView(view, shapeCentre(s.walkthrough->geometryA(), s.walkthrough->transformA())),
                      toView(view, shapeCentre(s.walkthrough->geometryB(), s.walkthrough->transformB()))}) {
                    badgeReach.emplace_back(centre - QPointF(reach, reach), QSizeF(2.0 * reach, 2.0 * reach));
                }
            }
        }
        for (const phys::BodyDef& body : scene.bodies) {
            if (!body.shapes.empty() && SceneRenderer::mayReachView(body, view, viewRect) && !inPair(body)) {
                const QRectF box = bodyBox(body, view);
                labels.addAvoidArea(box);
                if (std::any_of(badgeReach.begin(), badgeReach.end(),
                                [&box](const QRectF& r) { return r.intersects(box); })) {
                    const phys::Transform xf{body.position, phys::Rot(body.angle)};
                    for (const phys::ShapeDef& shape : body.shapes) {
                        labels.addOtherBodyOutline(viewPolygon(shapeOutline(shape.geometry, xf), view));
                    }
                }
            }
        }
    }
    if (gridShown) {
        // The world's axes, drawn with the grid under everything: a label across one reads as struck
        // through (issue 12: "overlap 0.050 m" on the x axis of vertex_on_edge). Their pen is in device
        // pixels, whatever the display scale.
        for (const QLineF& axis :
             SceneRenderer::worldAxisLines(view.visibleWorldRect(), view.worldToView())) {
            labels.addLine(axis.p1(), axis.p2(), SceneRenderer::kWorldAxisWidth / scale, LineKind::WorldAxis);
        }
    }
    for (const DrawnLine& h : handles) {
        labels.addLine(h.from, h.to, h.width / scale, h.kind);
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
    if (bodyNamesShown && !picture.names.pending.requests.empty()) {
        // One pass: the step's labels, then the names outside, each clear of the others or left out; when
        // some are left out, the note saying so goes first and the pass is made again.
        const NamePlacement before = picture.names;
        const auto pass = [&](bool note) {
            LabelLayout layout = labels;
            if (note) {
                layout.add(hiddenNamesNote(layout.bounds(), scale));
            }
            addOutsideNames(layout, before);
            picture.names = before;
            picture.labels = adoptOutsideNames(picture.names, layout.place(memo), scale);
        };
        pass(false);
        if (picture.names.hidden > 0) {
            pass(true);
        }
    } else {
        picture.labels = labels.place(memo);
    }
    if (anyStep && bodyNamesShown) {
        // The names again, over the step's lines and dots (the labels avoid them; the drawing cannot always: a
        // circle axis ends on the circle's centre, "cir●le 1" in the review of issue 12, M3; a box's normal
        // into the box it stands on, in a pyramid, where fitArrow found nothing clear). The canvas draws its
        // names over every overlay itself (it hands its placement); a headless render draws them here.
        const auto crossed = [&](const QRectF& name) {
            return std::any_of(labels.lines().begin(), labels.lines().end(), [&](const DrawnLine& line) {
                if (line.kind != LineKind::Arrow) {
                    return false;
                }
                // The shaft past its base (which sits on what the arrow comes from: an MTV on B's centre),
                // swept by a square of the pen's width, against the name: the segment clipped to the name's
                // box grown by half the width (Liang-Barsky), exact rather than sampled, so no square of the
                // shaft that touches the name is missed.
                const double h = 0.5 * line.width;
                const QRectF grown = name.adjusted(-h, -h, h, h);
                const QPointF d = line.to - line.from;
                const double length = std::hypot(d.x(), d.y());
                if (length <= line.width) {
                    return false;
                }
                double t0 = line.width / length, t1 = 1.0;
                const double p[4] = {-d.x(), d.x(), -d.y(), d.y()};
                const double q[4] = {line.from.x() - grown.left(), grown.right() - line.from.x(),
                                     line.from.y() - grown.top(), grown.bottom() - line.from.y()};
                for (int k = 0; k < 4; ++k) {
                    if (p[k] == 0.0) {
                        if (q[k] < 0.0) {
                            return false;
                        }
                    } else {
                        const double t = q[k] / p[k];
                        if (p[k] < 0.0) {
                            t0 = std::max(t0, t);
                        } else {
                            t1 = std::min(t1, t);
                        }
                    }
                }
                return t0 <= t1;
            });
        };
        for (const PlacedName& name : picture.names.names) {
            if (crossed(name.rect)) {
                picture.namesOverArrows.push_back(name.rect);
            }
        }
    }
    if (bodyNamesShown && !given) {
        drawBodyNames(painter, picture.names, scale);
    }
    picture.lines = labels.lines();
    LabelLayout::draw(painter, picture.labels, scale);
    painter.restore();
    return picture;
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
    return renderPicture(painter, scene, view, renderOptions, overlays, steps).labels;
}

OverlayPicture OverlayPainter::renderPicture(QPainter& painter, const phys::SceneDef& scene,
                                             const ViewTransform& view, const RenderOptions& renderOptions,
                                             const OverlayOptions& overlays,
                                             const std::vector<OverlayStep>& steps) {
    // The overlay draws the names when it draws labels (it places them with a step's labels, and over the
    // step's arrows); else the scene does.
    RenderOptions sceneOptions = renderOptions;
    if (drawsStep(steps) || overlays.vertexIndices) {
        sceneOptions.bodyNames = false;
    }
    SceneRenderer::render(painter, scene, view, sceneOptions);
    return drawOverlayPicture(painter, scene, view, overlays, steps, renderOptions);
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
    // The kit's writer: an SVG with real <text> and strokes in output units (svg_writer.h). The suffix is
    // forced, so a name without ".svg" still gets one.
    const auto draw = [&](QPainter& painter) {
        renderAll(painter, scene, view, renderOptions, overlays, walkthrough, step);
    };
    return paintkit::writeDrawing(fileName, view.viewSize().toSize(), draw, {}, paintkit::Format::Svg);
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
    emit openingViewChanged(); // shown: the opening view makes room for it; hidden: the bodies' fit again
}

std::vector<OverlayStep> WalkthroughOverlay::steps() const {
    return {OverlayStep{m_walkthroughVisible ? m_walkthrough : nullptr, m_step}};
}

bool WalkthroughOverlay::laysOutNames(const SceneCanvas& /*canvas*/) const {
    return OverlayPainter::drawsStep(steps());
}

const NamePlacement* WalkthroughOverlay::placedNames() const {
    return m_namesPlaced ? &m_names : nullptr;
}

void WalkthroughOverlay::paintOverlay(QPainter& painter, const SceneCanvas& canvas) {
    m_namesPlaced = false;
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setRenderHint(QPainter::TextAntialiasing, true);
    const phys::SceneDef& scene = canvas.sceneDef();
    const ViewTransform& view = canvas.viewTransform();
    // The names as the canvas placed them for this paint (it draws them over every overlay); with a step,
    // those outside wait for this overlay's pass (laysOutNames) and the canvas draws them where it put them
    // (placedNames). The Select tool's rotate knob is drawn over this afterwards: the labels keep off it
    // (issue 12 review M3: its line ran through "B").
    OverlayPicture picture =
        OverlayPainter::drawOverlayPicture(painter, scene, view, m_options, steps(), canvas.renderOptions(),
                                           &canvas.namePlacement(), canvas.toolHandles(), &m_labelMemo);
    m_lastLabels = std::move(picture.labels);
    m_lastLines = std::move(picture.lines);
    m_names = std::move(picture.names);
    m_namesPlaced = laysOutNames(canvas);
    painter.restore();
}

} // namespace cl
