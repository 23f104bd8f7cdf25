#include "sim_overlay.h"

#include "paint_kit.h"
#include "palette.h"

#include "scene_canvas.h"
#include "scene_renderer.h"
#include "sim_line_raster.h"

#include <QFont>
#include <QFontMetricsF>
#include <QHash>
#include <QImage>
#include <QLocale>
#include <QPaintDevice>
#include <QPainter>
#include <QPolygonF>
#include <QVector>

#include <algorithm>
#include <array>
#include <cmath>
#include <span>
#include <type_traits>
#include <variant>

namespace cl {

namespace {

/// Shortest arrow drawn, pixels (shorter ones are skipped: nothing to see).
constexpr double kMinArrowPixels = 2.0;
/// Length of the contact normal marks, pixels.
constexpr double kNormalPixels = 22.0;
/// Radius of a contact point dot, pixels.
constexpr double kContactRadiusPixels = 4.0;
/// Above these counts the overlay draws in its fast "dense" style (thin aliased lines, square dots).
constexpr std::size_t kDenseContacts = 300;
constexpr std::size_t kDenseBodies = 300;
/// Dense style: shortest arrow that gets a head, pixels.
constexpr double kDenseHeadPixels = 12.0;
/// Segments of a circle outline (sleeping tint).
constexpr int kCircleSegments = 32;

/// Pixels at display scale 1 -> pixels at the scale drawn with (SimOverlayOptions::displayScale). Each
/// function that sizes things makes one from its options or argument: there is no process-wide scale.
struct Px {
    double scale = 1.0;
    double operator()(double pixels) const { return pixels * scale; }
};

QPointF toView(const ViewTransform& view, phys::Vec2 p) {
    return view.toView(p);
}

/// An arrow from `from` to `to` (viewport pixels) with a filled head (the legend's symbol).
void drawArrow(QPainter& painter, QPointF from, QPointF to, const QColor& color, double width, Px px) {
    paintkit::ArrowHead head;
    head.pixels = 9.0;
    head.maxFraction = 0.45;
    head.minLength = kMinArrowPixels;
    head.cap = Qt::RoundCap;
    head.shaftOverlap = 0.0;
    head.restoreBrush = true;
    paintkit::drawArrow(painter, from, to, color, width, px.scale, head);
}

/// The buffers of one frame's drawing, kept between frames (cleared, never shrunk), so a steady run allocates
/// nothing here.
struct Scratch {
    QVector<QPointF> at; ///< contact points in pixels
    QVector<QLineF> lines;
    QVector<QRectF> rects;
    QVector<QRect> pixelRects;
    QVector<QPointF> dots[4];
    std::vector<QPointF> polygon;
    SimLineRaster raster; ///< the dense style's lines
};

Scratch& scratch() {
    static thread_local Scratch s;
    return s;
}

/// Appends an arrow (its shaft and two barbs: an open head) as three segments; shorter than
/// kMinArrowPixels: nothing. Dense: arrows shorter than kDenseHeadPixels get no head (a head of a few pixels
/// cannot be read among thousands, and it triples the segments).
void appendArrow(QVector<QLineF>& lines, QPointF from, QPointF to, bool dense, Px px) {
    const QPointF d = to - from;
    const double length = paintkit::pixelLength(d);
    if (length < kMinArrowPixels) {
        return;
    }
    if (dense && length < px(kDenseHeadPixels)) {
        lines.append(QLineF(from, to));
        return;
    }
    const QPointF u = d / length;
    const QPointF n(-u.y(), u.x());
    const double head = std::min(px(8.0), 0.45 * length);
    const QPointF base = to - u * head;
    lines.append(QLineF(from, to));
    lines.append(QLineF(to, base + n * (0.5 * head)));
    lines.append(QLineF(to, base - n * (0.5 * head)));
}

/// Draws segments of one colour in one call. Dense, with a raster: 1 px solid lines written into it
/// (sim_line_raster.h); dense without: 1 px aliased lines (Qt's cosmetic stroker, an order of magnitude
/// cheaper than antialiased or wide strokes).
void strokeLines(QPainter& painter, const QVector<QLineF>& lines, const QPen& pen, bool dense,
                 SimLineRaster* raster = nullptr) {
    if (lines.isEmpty()) {
        return;
    }
    if (dense && raster) {
        const QRgb color = qPremultiply(pen.color().rgba());
        for (const QLineF& line : lines) {
            raster->line(line.p1(), line.p2(), color);
        }
        return;
    }
    if (dense) {
        painter.setRenderHint(QPainter::Antialiasing, false);
        QPen thin(pen.brush(), 1.0, pen.style(), Qt::FlatCap);
        painter.setPen(thin);
        painter.drawLines(lines);
        painter.setRenderHint(QPainter::Antialiasing, true);
        return;
    }
    painter.setPen(pen);
    painter.drawLines(lines);
}

QPen roundPen(const QColor& color, double width, Qt::PenStyle style = Qt::SolidLine) {
    return paintkit::roundPen(color, width, style);
}

/// Dots of one colour in one call. Dense: aliased squares (one drawRects), else antialiased round dots (wide
/// round-capped points).
void drawDots(QPainter& painter, const QVector<QPointF>& points, const QColor& color, double diameter,
              bool dense = false, SimLineRaster* raster = nullptr) {
    if (points.isEmpty()) {
        return;
    }
    if (dense && raster) {
        // The same squares, written into the lines' image (over the lines, as they would be drawn).
        const int size = std::max(1, static_cast<int>(std::lround(diameter)));
        const QRgb premultiplied = qPremultiply(color.rgba());
        for (const QPointF& p : points) {
            raster->fillRect(QRect(static_cast<int>(std::lround(p.x() - 0.5 * size)),
                                   static_cast<int>(std::lround(p.y() - 0.5 * size)), size, size),
                             premultiplied);
        }
        return;
    }
    if (dense) {
        // Integer rectangles: the raster engine fills them as spans (its QRectF overload strokes a path
        // each).
        QVector<QRect>& rects = scratch().pixelRects;
        rects.clear();
        const int size = std::max(1, static_cast<int>(std::lround(diameter)));
        for (const QPointF& p : points) {
            rects.append(QRect(static_cast<int>(std::lround(p.x() - 0.5 * size)),
                               static_cast<int>(std::lround(p.y() - 0.5 * size)), size, size));
        }
        painter.setRenderHint(QPainter::Antialiasing, false);
        painter.setPen(Qt::NoPen);
        painter.setBrush(color);
        painter.drawRects(rects.constData(), static_cast<int>(rects.size()));
        painter.setBrush(Qt::NoBrush);
        painter.setRenderHint(QPainter::Antialiasing, true);
        return;
    }
    painter.setPen(roundPen(color, diameter));
    painter.drawPoints(points.constData(), static_cast<int>(points.size()));
}

/// Outline of one shape in viewport pixels, into `out` (replaced).
void shapeOutline(const phys::ShapeGeometry& geometry, const phys::Transform& xf, const ViewTransform& view,
                  std::vector<QPointF>& out) {
    out.clear();
    std::visit(
        [&](const auto& g) {
            using T = std::decay_t<decltype(g)>;
            if constexpr (std::is_same_v<T, phys::Circle>) {
                const phys::Vec2 c = phys::transformPoint(xf, g.center);
                for (int i = 0; i < kCircleSegments; ++i) {
                    const double a = 2.0 * phys::kPi * i / kCircleSegments;
                    out.push_back(toView(view, c + g.radius * phys::Vec2{std::cos(a), std::sin(a)}));
                }
            } else {
                for (const phys::Vec2 v : g.vertices()) {
                    out.push_back(toView(view, phys::transformPoint(xf, v)));
                }
            }
        },
        geometry);
}

bool boundsIntersect(const std::vector<QPointF>& points, const QRectF& rect) {
    double left = 1e300, right = -1e300, top = 1e300, bottom = -1e300;
    for (const QPointF& p : points) {
        left = std::min(left, p.x());
        right = std::max(right, p.x());
        top = std::min(top, p.y());
        bottom = std::max(bottom, p.y());
    }
    return right >= rect.left() && left <= rect.right() && bottom >= rect.top() && top <= rect.bottom();
}

phys::AABB shapeBounds(const phys::ShapeGeometry& geometry, const phys::Transform& xf) {
    return std::visit([&](const auto& g) { return phys::computeAABB(g, xf); }, geometry);
}

bool segmentVisible(const QRectF& visible, QPointF a, QPointF b) {
    return std::max(a.x(), b.x()) >= visible.left() && std::min(a.x(), b.x()) <= visible.right() &&
           std::max(a.y(), b.y()) >= visible.top() && std::min(a.y(), b.y()) <= visible.bottom();
}

enum class LegendSymbol { Dot, Hollow, Arrow, Dash, Dot2, Tint, Particle, Brace, Hub, Radius, Centre };
struct LegendRow {
    LegendSymbol symbol;
    QColor color;
    QString text;
};

/// The legend's rows in a box of `size` at the painter's origin.
void paintLegendRows(QPainter& painter, const std::vector<LegendRow>& rows, QSizeF size, double lineHeight,
                     double symbolWidth, double pad, double textWidth, Px px) {
    using Symbol = LegendSymbol;
    using Row = LegendRow;
    const QRectF box(QPointF(0.5, 0.5), size - QSizeF(1.0, 1.0));
    painter.setPen(QPen(QColor::fromRgba(currentPalette().legendBorder), 1.0));
    painter.setBrush(QColor::fromRgba(currentPalette().legendFill));
    painter.drawRoundedRect(box, px(6.0), px(6.0));
    painter.setBrush(Qt::NoBrush);

    double y = box.top() + pad;
    for (const Row& row : rows) {
        const double mid = y + 0.5 * lineHeight;
        const QPointF left(box.left() + pad, mid);
        const QPointF right(box.left() + pad + symbolWidth, mid);
        const QPointF centre = 0.5 * (left + right);
        const double r = px(kContactRadiusPixels);
        switch (row.symbol) {
        case Symbol::Dot:
            painter.setPen(QPen(QColor::fromRgba(currentPalette().paper), px(1.0)));
            painter.setBrush(row.color);
            painter.drawEllipse(centre, r, r);
            break;
        case Symbol::Hollow:
            painter.setPen(QPen(row.color, px(1.5)));
            painter.setBrush(QColor::fromRgba(currentPalette().paper));
            painter.drawEllipse(centre, r, r);
            break;
        case Symbol::Arrow:
            drawArrow(painter, left, right, row.color, px(2.0), px);
            break;
        case Symbol::Dash:
            painter.setPen(QPen(row.color, px(1.0), Qt::DashLine));
            painter.drawRect(QRectF(left + QPointF(0, -r), right + QPointF(0, r)));
            break;
        case Symbol::Dot2:
            painter.setPen(QPen(row.color, px(1.0), Qt::DotLine));
            painter.drawLine(left, right);
            break;
        case Symbol::Tint:
            painter.setPen(Qt::NoPen);
            painter.setBrush(row.color);
            painter.drawRect(QRectF(left + QPointF(0, -r), right + QPointF(0, r)));
            break;
        case Symbol::Particle:
            painter.setPen(QPen(row.color, px(1.0)));
            painter.drawLine(left, right);
            painter.setPen(Qt::NoPen);
            painter.setBrush(row.color);
            painter.drawEllipse(left, px(2.5), px(2.5));
            painter.drawEllipse(right, px(2.5), px(2.5));
            break;
        case Symbol::Brace:
            painter.setPen(QPen(row.color, px(1.0)));
            painter.drawLine(left, right);
            break;
        case Symbol::Hub:
            painter.setPen(QPen(row.color, px(2.5)));
            painter.setBrush(QColor::fromRgba(currentPalette().paper));
            painter.drawEllipse(centre, px(3.25), px(3.25));
            break;
        case Symbol::Radius:
            painter.setPen(QPen(row.color, px(1.0), Qt::DashLine));
            painter.drawEllipse(centre, px(7.0), px(7.0));
            painter.setPen(Qt::NoPen);
            painter.setBrush(row.color);
            painter.drawEllipse(centre, px(2.5), px(2.5));
            break;
        case Symbol::Centre:
            painter.setPen(QPen(row.color, px(1.2)));
            painter.setBrush(QColor::fromRgba(currentPalette().paper));
            painter.drawEllipse(centre, r, r);
            break;
        }
        painter.setBrush(Qt::NoBrush);
        painter.setPen(QColor::fromRgba(currentPalette().labelText));
        painter.drawText(QRectF(right.x() + pad, y, textWidth + pad, lineHeight),
                         Qt::AlignVCenter | Qt::AlignLeft, row.text);
        y += lineHeight;
    }
}

} // namespace

QColor SimOverlayPainter::newContactColor() {
    return QColor::fromRgba(currentPalette().newContact);
}
QColor SimOverlayPainter::persistingContactColor() {
    return QColor::fromRgba(currentPalette().persistingContact);
}
QColor SimOverlayPainter::normalColor() {
    return QColor::fromRgba(currentPalette().normal);
}
QColor SimOverlayPainter::normalImpulseColor() {
    return QColor::fromRgba(currentPalette().normalImpulse);
}
QColor SimOverlayPainter::frictionImpulseColor() {
    return QColor::fromRgba(currentPalette().frictionImpulse);
}
QColor SimOverlayPainter::velocityColor() {
    return QColor::fromRgba(currentPalette().velocity);
}
QColor SimOverlayPainter::aabbColor() {
    return QColor::fromRgba(currentPalette().simAabb);
}
QColor SimOverlayPainter::pairColor() {
    return QColor::fromRgba(currentPalette().pair);
}
QColor SimOverlayPainter::sleepingTint() {
    return QColor::fromRgba(currentPalette().sleepingTint);
}
QColor SimOverlayPainter::particleColor() {
    return QColor::fromRgba(currentPalette().particle);
}
QColor SimOverlayPainter::braceColor() {
    return Palette::withAlpha(currentPalette().particle, 85);
}
QColor SimOverlayPainter::hubColor() {
    return QColor::fromRgba(currentPalette().hub);
}
QColor SimOverlayPainter::centreColor() {
    return QColor::fromRgba(currentPalette().centre);
}

QString SimOverlayPainter::scaleText(double metresPerUnit, const QString& unit) {
    if (!(metresPerUnit > 0.0) || !std::isfinite(metresPerUnit)) {
        return QString();
    }
    const double unitsPerMetre = 1.0 / metresPerUnit;
    const int decimals = unitsPerMetre >= 100 ? 0 : (unitsPerMetre >= 10 ? 1 : (unitsPerMetre >= 1 ? 2 : 3));
    return QStringLiteral("1 m of arrow = %1 %2").arg(QString::number(unitsPerMetre, 'f', decimals), unit);
}

// Drawing order, back to front: sleeping tint, AABBs, broadphase pairs, Verlet constraints and particles,
// velocities, centres, impulses, normals, contact points, legend. Points last so arrows never hide them.
// Everything of one kind and colour is collected and drawn in one call (polygons: one call each, as one path
// of thousands of sub-paths rasterises far slower); what lies wholly outside the view is skipped, and an
// overlay that is off costs nothing.
void SimOverlayPainter::draw(QPainter& painter, const SimOverlayFrame& frame, const ViewTransform& view,
                             const SimOverlayOptions& options, LegendCorner* legendCorner) {
    const Px px{options.displayScale};
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    Scratch& buffers = scratch();
    const QRectF visible = QRectF(QPointF(0, 0), view.viewSize()).adjusted(-40, -40, 40, 40);
    // Many primitives (big scenes): thin aliased lines and square dots, which Qt's raster engine draws an
    // order of magnitude faster than wide antialiased strokes; a classroom scene keeps the thick arrows and
    // round dots.
    const bool dense = frame.contacts.size() > kDenseContacts || frame.bodies.size() > kDenseBodies;
    // Dense: the lines of every overlay go into one image, laid over the view before the dots.
    SimLineRaster* raster = nullptr;
    if (dense) {
        raster = &buffers.raster;
        raster->begin(view.viewSize(), paintkit::deviceRatio(painter));
    }

    if (options.sleeping) {
        painter.setPen(Qt::NoPen);
        painter.setBrush(sleepingTint());
        for (const SimOverlayBody& body : frame.bodies) {
            if (!body.sleeping) {
                continue;
            }
            for (int s = body.firstShape; s < body.firstShape + body.shapeCount; ++s) {
                shapeOutline(frame.shapes[static_cast<std::size_t>(s)], body.xf, view, buffers.polygon);
                if (boundsIntersect(buffers.polygon, visible)) {
                    painter.drawPolygon(buffers.polygon.data(), static_cast<int>(buffers.polygon.size()));
                }
            }
        }
        painter.setBrush(Qt::NoBrush);
    }

    if (options.aabbs) {
        QVector<QRectF>& boxes = buffers.rects;
        boxes.clear();
        for (const SimOverlayBody& body : frame.bodies) {
            for (int s = body.firstShape; s < body.firstShape + body.shapeCount; ++s) {
                const phys::AABB box = shapeBounds(frame.shapes[static_cast<std::size_t>(s)], body.xf);
                const QRectF r(toView(view, {box.lower.x, box.upper.y}),
                               toView(view, {box.upper.x, box.lower.y}));
                if (r.intersects(visible)) {
                    boxes.append(r);
                }
            }
        }
        painter.setBrush(Qt::NoBrush);
        if (raster) {
            const QRgb color = qPremultiply(aabbColor().rgba());
            for (const QRectF& box : boxes) {
                raster->rectOutline(box, color);
            }
        } else {
            painter.setPen(QPen(aabbColor(), px(1.0), Qt::DashLine));
            painter.drawRects(boxes.constData(), static_cast<int>(boxes.size()));
        }
        painter.setRenderHint(QPainter::Antialiasing, true);
    }

    if (options.pairs) {
        QVector<QLineF>& lines = buffers.lines;
        lines.clear();
        const int n = static_cast<int>(frame.bodies.size());
        for (const auto& [a, b] : frame.pairs) {
            if (a < 0 || b < 0 || a >= n || b >= n) {
                continue;
            }
            const QPointF pa = toView(view, frame.bodies[static_cast<std::size_t>(a)].center);
            const QPointF pb = toView(view, frame.bodies[static_cast<std::size_t>(b)].center);
            if (segmentVisible(visible, pa, pb)) {
                lines.append(QLineF(pa, pb));
            }
        }
        strokeLines(painter, lines, QPen(pairColor(), px(1.0), Qt::DotLine), dense, raster);
    }

    if (options.particles && !frame.particles.empty()) {
        drawParticles(painter, frame, view, dense, options.displayScale);
    }

    if (options.velocities) {
        QVector<QLineF>& arrows = buffers.lines;
        arrows.clear();
        for (const SimOverlayBody& body : frame.bodies) {
            if (!body.dynamic || body.sleeping) {
                continue;
            }
            const QPointF from = toView(view, body.center);
            if (visible.contains(from)) {
                appendArrow(arrows, from, toView(view, body.center + frame.velocityScale * body.velocity),
                            dense, px);
            }
        }
        strokeLines(painter, arrows, roundPen(velocityColor(), px(2.0)), dense, raster);
    }

    if (options.impulses || options.normals || options.contacts) {
        // Contact points in pixels, once for the three overlays; off-screen ones are never drawn.
        QVector<QPointF>& at = buffers.at;
        at.clear();
        for (const SimOverlayContact& c : frame.contacts) {
            at.append(toView(view, c.point));
        }

        if (options.impulses) {
            QVector<QLineF>& arrows = buffers.lines;
            for (const bool friction : {false, true}) {
                arrows.clear();
                for (std::size_t i = 0; i < frame.contacts.size(); ++i) {
                    const SimOverlayContact& c = frame.contacts[i];
                    const QPointF from = at[static_cast<qsizetype>(i)];
                    if (!visible.contains(from)) {
                        continue;
                    }
                    const phys::Vec2 impulse =
                        friction ? c.tangentImpulse * phys::rightPerp(c.normal) : c.normalImpulse * c.normal;
                    appendArrow(arrows, from, toView(view, c.point + frame.impulseScale * impulse), dense,
                                px);
                }
                strokeLines(painter, arrows,
                            roundPen(friction ? frictionImpulseColor() : normalImpulseColor(), px(2.5)),
                            dense, raster);
            }
        }

        if (options.normals) {
            QVector<QLineF>& arrows = buffers.lines;
            arrows.clear();
            for (std::size_t i = 0; i < frame.contacts.size(); ++i) {
                const QPointF p = at[static_cast<qsizetype>(i)];
                if (!visible.contains(p)) {
                    continue;
                }
                // The normal in view pixels (y flips), a fixed length.
                const QPointF dir = toView(view, frame.contacts[i].point + frame.contacts[i].normal) - p;
                const double len = paintkit::pixelLength(dir);
                if (len > 0.0) {
                    appendArrow(arrows, p, p + dir * (px(kNormalPixels) / len), dense, px);
                }
            }
            strokeLines(painter, arrows, roundPen(normalColor(), px(1.5)), dense, raster);
        }
    }

    // The lines lie under every dot. On a raster device the dense style's dots go into the lines' image,
    // after them; elsewhere (an SVG or PDF export) the image is laid down now and the dots stay vector
    // shapes over it.
    SimLineRaster* dotRaster = paintkit::isRasterDevice(painter) ? raster : nullptr;
    if (raster && !dotRaster) {
        raster->composite(painter);
    }

    if (options.centres) {
        QVector<QPointF>& centres = buffers.dots[0];
        centres.clear();
        for (const SimOverlayBody& body : frame.bodies) {
            const QPointF c = toView(view, body.center);
            if (body.dynamic && visible.contains(c)) {
                centres.append(c);
            }
        }
        drawDots(painter, centres, centreColor(), px(8.0), dense, dotRaster);
        drawDots(painter, centres, QColor::fromRgba(currentPalette().paper), px(4.0), dense, dotRaster);
    }

    if (options.contacts) {
        const QVector<QPointF>& at = buffers.at; // filled above
        QVector<QPointF>& fresh = buffers.dots[0];
        QVector<QPointF>& persisting = buffers.dots[1];
        QVector<QPointF>& freshGap = buffers.dots[2];
        QVector<QPointF>& persistingGap = buffers.dots[3];
        for (QVector<QPointF>* list : {&fresh, &persisting, &freshGap, &persistingGap}) {
            list->clear();
        }
        for (std::size_t i = 0; i < frame.contacts.size(); ++i) {
            const QPointF p = at[static_cast<qsizetype>(i)];
            if (!visible.contains(p)) {
                continue;
            }
            const SimOverlayContact& c = frame.contacts[i];
            auto& list =
                c.depth < 0.0 ? (c.persisted ? persistingGap : freshGap) : (c.persisted ? persisting : fresh);
            list.append(p);
        }
        // Dense: half-size squares, so a crowd of contacts does not hide the bodies under it.
        const double d = (dense ? 1.0 : 2.0) * px(kContactRadiusPixels);
        // Filled dots with a white rim; speculative points as rings (a coloured dot with a white centre).
        if (!dense) {
            drawDots(painter, fresh, QColor::fromRgba(currentPalette().paper), d + px(2.0));
            drawDots(painter, persisting, QColor::fromRgba(currentPalette().paper), d + px(2.0));
        }
        drawDots(painter, fresh, newContactColor(), d, dense, dotRaster);
        drawDots(painter, persisting, persistingContactColor(), d, dense, dotRaster);
        drawDots(painter, freshGap, newContactColor(), d, dense, dotRaster);
        drawDots(painter, persistingGap, persistingContactColor(), d, dense, dotRaster);
        drawDots(painter, freshGap, QColor::fromRgba(currentPalette().paper), d - px(3.0), dense, dotRaster);
        drawDots(painter, persistingGap, QColor::fromRgba(currentPalette().paper), d - px(3.0), dense,
                 raster);
    }

    if (dotRaster) {
        raster->composite(painter);
    }

    if (options.legend) {
        drawLegend(painter, frame, view, options, legendCorner);
    }
    painter.restore();
}

// Verlet model (phys::VerletModel): braces under edges, each circle's centre particle with its radius
// dashed, then the particles, the hubs last (a dark ring, so a hub on top of another particle still shows).
void SimOverlayPainter::drawParticles(QPainter& painter, const SimOverlayFrame& frame,
                                      const ViewTransform& view, bool dense, double displayScale) {
    const Px px{displayScale};
    Scratch& buffers = scratch();
    const QRectF visible = QRectF(QPointF(0, 0), view.viewSize()).adjusted(-20, -20, 20, 20);
    QVector<QLineF>& lines = buffers.lines;
    for (const bool edges : {false, true}) {
        lines.clear();
        for (const SimOverlayConstraint& c : frame.constraints) {
            if (c.edge != edges) {
                continue;
            }
            const QPointF a = toView(view, c.a);
            const QPointF b = toView(view, c.b);
            if (segmentVisible(visible, a, b)) {
                lines.append(QLineF(a, b));
            }
        }
        if (edges) {
            QColor edge = particleColor();
            edge.setAlpha(200);
            strokeLines(painter, lines, roundPen(edge, px(1.5)), dense);
        } else {
            strokeLines(painter, lines, roundPen(braceColor(), px(1.0)), dense);
        }
    }
    QVector<QPointF>& plain = buffers.dots[0];
    QVector<QPointF>& hubs = buffers.dots[1];
    plain.clear();
    hubs.clear();
    painter.setBrush(Qt::NoBrush);
    painter.setPen(roundPen(particleColor(), px(1.0), Qt::DashLine));
    for (const SimOverlayParticle& p : frame.particles) {
        const QPointF at = toView(view, p.position);
        const double r = view.toPixels(p.radius);
        if (at.x() + r < visible.left() || at.x() - r > visible.right() || at.y() + r < visible.top() ||
            at.y() - r > visible.bottom()) {
            continue;
        }
        if (r > px(3.0)) {
            painter.drawEllipse(at, r, r);
        }
        (p.hub ? hubs : plain).append(at);
    }
    drawDots(painter, plain, particleColor(), px(5.0), dense);
    drawDots(painter, hubs, hubColor(), px(9.0), dense);
    drawDots(painter, hubs, QColor::fromRgba(currentPalette().paper), px(4.0), dense);
}

namespace {

/// The legend's rows for the enabled items of `options` (and what `frame` says about them).
std::vector<LegendRow> legendRows(const SimOverlayFrame& frame, const SimOverlayOptions& options) {
    using Symbol = LegendSymbol;
    using Row = LegendRow;
    std::vector<Row> rows;
    if (options.contacts) {
        rows.push_back(
            {Symbol::Dot, SimOverlayPainter::newContactColor(), QStringLiteral("new contact point")});
        rows.push_back({Symbol::Dot, SimOverlayPainter::persistingContactColor(),
                        QStringLiteral("persisting contact (warm started)")});
        rows.push_back({Symbol::Hollow, SimOverlayPainter::newContactColor(),
                        QStringLiteral("speculative point (gap)")});
        if (frame.totalContactPoints > frame.contacts.size()) {
            rows.push_back({Symbol::Dot, SimOverlayPainter::newContactColor(),
                            QStringLiteral("only the %1 deepest of %2 points are drawn")
                                .arg(QLocale().toString(static_cast<qulonglong>(frame.contacts.size())),
                                     QLocale().toString(static_cast<qulonglong>(frame.totalContactPoints)))});
        }
    }
    if (options.normals) {
        rows.push_back(
            {Symbol::Arrow, SimOverlayPainter::normalColor(), QStringLiteral("contact normal, A to B")});
    }
    if (options.impulses) {
        const QString scale = SimOverlayPainter::scaleText(frame.impulseScale, QStringLiteral("N s"));
        rows.push_back({Symbol::Arrow, SimOverlayPainter::normalImpulseColor(),
                        QStringLiteral("normal impulse (%1)").arg(scale)});
        rows.push_back(
            {Symbol::Arrow, SimOverlayPainter::frictionImpulseColor(), QStringLiteral("friction impulse")});
    }
    if (options.velocities) {
        rows.push_back({Symbol::Arrow, SimOverlayPainter::velocityColor(),
                        QStringLiteral("velocity (%1)")
                            .arg(SimOverlayPainter::scaleText(frame.velocityScale, QStringLiteral("m/s")))});
    }
    if (options.aabbs) {
        rows.push_back({Symbol::Dash, SimOverlayPainter::aabbColor(), QStringLiteral("AABB of each shape")});
    }
    if (options.pairs) {
        rows.push_back({Symbol::Dot2, SimOverlayPainter::pairColor(),
                        frame.totalPairs > frame.pairs.size()
                            ? QStringLiteral("broadphase pair (%1 of %2 drawn)")
                                  .arg(QLocale().toString(static_cast<qulonglong>(frame.pairs.size())),
                                       QLocale().toString(static_cast<qulonglong>(frame.totalPairs)))
                            : QStringLiteral("broadphase pair")});
    }
    if (options.sleeping) {
        rows.push_back({Symbol::Tint, SimOverlayPainter::sleepingTint(), QStringLiteral("sleeping body")});
    }
    if (options.particles) {
        if (!frame.particlesNote.isEmpty()) {
            rows.push_back({Symbol::Particle, SimOverlayPainter::particleColor(), frame.particlesNote});
        } else {
            rows.push_back({Symbol::Particle, SimOverlayPainter::particleColor(),
                            QStringLiteral("Verlet particle, edge constraint")});
            rows.push_back({Symbol::Brace, SimOverlayPainter::braceColor(),
                            QStringLiteral("brace (diagonal, hub spoke)")});
            rows.push_back({Symbol::Hub, SimOverlayPainter::hubColor(),
                            QStringLiteral("hub particle (rest of the mass)")});
            const bool circles = std::any_of(frame.particles.begin(), frame.particles.end(),
                                             [](const SimOverlayParticle& p) { return p.radius > 0.0; });
            if (circles) {
                rows.push_back({Symbol::Radius, SimOverlayPainter::particleColor(),
                                QStringLiteral("circle's centre particle, radius")});
            }
        }
    }
    if (options.centres) {
        rows.push_back({Symbol::Centre, SimOverlayPainter::centreColor(), QStringLiteral("centre of mass")});
    }
    return rows;
}

/// The legend's font: the painter's (the canvas's) at 9 points times the display scale.
QFont legendFont(QFont font, double displayScale) {
    font.setPointSizeF(Px{displayScale}(9.0));
    return font;
}

/// The layout of the legend box of `rows` in `font`.
struct LegendLayout {
    double lineHeight = 0.0;
    double symbolWidth = 0.0;
    double pad = 0.0;
    double textWidth = 0.0;
    QSizeF size;
};

LegendLayout legendLayout(const std::vector<LegendRow>& rows, const QFont& font, double displayScale) {
    const Px px{displayScale};
    // The layout is asked for every frame (the canvas keeps the legend's corner free, and the legend is
    // drawn), and a row's width is text shaping, though rows rarely change: widths are kept per text for
    // the font in use (a few dozen texts a run: a count or a scale in a row changes now and then).
    struct Widths {
        QString fontKey;
        qreal height = 0.0;
        QHash<QString, qreal> advances;
    };
    static thread_local Widths widths;
    const QString fontKey = font.key();
    if (widths.fontKey != fontKey || widths.advances.size() > 512) {
        widths.fontKey = fontKey;
        widths.height = QFontMetricsF(font).height();
        widths.advances.clear();
    }
    LegendLayout l;
    l.lineHeight = widths.height + px(4.0);
    l.symbolWidth = px(26.0);
    l.pad = px(8.0);
    for (const LegendRow& row : rows) {
        auto it = widths.advances.constFind(row.text);
        if (it == widths.advances.constEnd()) {
            it = widths.advances.insert(row.text, QFontMetricsF(font).horizontalAdvance(row.text));
        }
        l.textWidth = std::max(l.textWidth, *it);
    }
    l.size = QSizeF(l.pad * 3 + l.symbolWidth + l.textWidth,
                    l.pad * 2 + l.lineHeight * static_cast<double>(rows.size()));
    return l;
}

} // namespace

QSizeF SimOverlayPainter::legendSize(const SimOverlayFrame& frame, const SimOverlayOptions& options,
                                     const QFont& font) {
    const std::vector<LegendRow> rows = legendRows(frame, options);
    if (rows.empty()) {
        return {};
    }
    return legendLayout(rows, legendFont(font, options.displayScale), options.displayScale).size;
}

void SimOverlayPainter::drawLegend(QPainter& painter, const SimOverlayFrame& frame, const ViewTransform& view,
                                   const SimOverlayOptions& options, LegendCorner* legendCorner) {
    const std::vector<LegendRow> rows = legendRows(frame, options);
    if (rows.empty()) {
        return;
    }

    // The legend changes only when its rows do: it is drawn once into an image and blitted every frame (its
    // text layout would otherwise cost more than a thousand bodies' fills).
    const QFont font = legendFont(painter.font(), options.displayScale);
    const Px px{options.displayScale};
    const double dpr = paintkit::deviceRatio(painter);
    QString key = font.key() + QLatin1Char('|') + QString::number(dpr);
    for (const LegendRow& row : rows) {
        key += QLatin1Char('|') + row.text;
    }
    struct Cache {
        QString key;
        QImage image;
        QSizeF size;
    };
    static thread_local Cache cache;
    if (cache.key != key) {
        const LegendLayout l = legendLayout(rows, font, options.displayScale);
        cache.key = key;
        cache.size = l.size;
        cache.image = QImage((cache.size * dpr).toSize() + QSize(1, 1), QImage::Format_ARGB32_Premultiplied);
        cache.image.setDevicePixelRatio(dpr);
        cache.image.fill(Qt::transparent);
        QPainter p(&cache.image);
        p.setRenderHint(QPainter::Antialiasing, true);
        p.setRenderHint(QPainter::TextAntialiasing, true);
        p.setFont(font);
        paintLegendRows(p, rows, cache.size, l.lineHeight, l.symbolWidth, l.pad, l.textWidth, px);
    }
    LegendCorner corner = LegendCorner::BottomRight;
    if (legendCorner) {
        *legendCorner = chooseLegendCorner(frame, view, cache.size, *legendCorner, options.displayScale);
        corner = *legendCorner;
    }
    const QRectF placed = legendRect(cache.size, view.viewSize(), corner, options.displayScale);
    // At whole pixels: the image is copied, not resampled.
    painter.drawImage(QPointF(std::round(placed.left()), std::round(placed.top())), cache.image);
}

QRectF SimOverlayPainter::legendRect(QSizeF size, QSizeF viewSize, LegendCorner corner, double displayScale) {
    const double margin = Px{displayScale}(12.0);
    const bool left = corner == LegendCorner::TopLeft || corner == LegendCorner::BottomLeft;
    const bool top = corner == LegendCorner::TopLeft || corner == LegendCorner::TopRight;
    const double x = left ? margin : viewSize.width() - size.width() - margin;
    const double y = top ? margin : viewSize.height() - size.height() - margin;
    return {QPointF(x, y), size};
}

namespace {

/// Most points a clipped outline can hold: a convex outline of n points loses or gains at most one point per
/// half-plane it is clipped by, four for a rectangle.
constexpr int kMaxClippedPoints = std::max(kCircleSegments, phys::kMaxPolygonVertices) + 4;

/// A convex outline in view pixels, kept on the stack: the legend's corner areas are summed every frame over
/// every shape near a corner, and a list per shape per frame was a third of their cost.
struct OutlinePoints {
    std::array<QPointF, kMaxClippedPoints> points;
    int count = 0;
};

/// Area of a polygon (view pixels, either winding): the shoelace formula.
double outlineArea(const OutlinePoints& polygon) {
    double twice = 0.0;
    for (int i = 0; i < polygon.count; ++i) {
        const QPointF p = polygon.points[std::size_t(i)];
        const QPointF q = polygon.points[std::size_t((i + 1) % polygon.count)];
        twice += p.x() * q.y() - q.x() * p.y();
    }
    return 0.5 * std::abs(twice);
}

/// Area of the part of a convex polygon (view pixels, either winding) inside an axis-aligned rectangle.
/// Sutherland-Hodgman clipping against the rectangle's four half-planes (Foley, van Dam et al., Computer
/// Graphics 3.14.1), then the shoelace formula:
///   for each edge line of the rectangle: keep the polygon's part on the inner side
///     (walk the edges p -> q: q inside: emit the crossing if p was outside, then q; q outside: emit the
///     crossing if p was inside)
///   area = |sum over edges of cross(p, q)| / 2
double clippedArea(const OutlinePoints& polygon, const QRectF& rect) {
    OutlinePoints buffers[2];
    buffers[0] = polygon;
    int from = 0;
    // Each half-plane as "coordinate (x or y) compared with a bound, inside on one side".
    struct HalfPlane {
        bool vertical; // true: a bound on x
        double bound;
        bool keepGreater;
    };
    const HalfPlane planes[] = {{true, rect.left(), true},
                                {true, rect.right(), false},
                                {false, rect.top(), true},
                                {false, rect.bottom(), false}};
    for (const HalfPlane& plane : planes) {
        const OutlinePoints& current = buffers[from];
        OutlinePoints& next = buffers[1 - from];
        next.count = 0;
        const auto coordinate = [&plane](QPointF p) {
            return plane.vertical ? p.x() : p.y();
        };
        const auto inside = [&](QPointF p) {
            return plane.keepGreater ? coordinate(p) >= plane.bound : coordinate(p) <= plane.bound;
        };
        const auto crossing = [&](QPointF p, QPointF q) {
            const double t = (plane.bound - coordinate(p)) / (coordinate(q) - coordinate(p));
            return p + t * (q - p);
        };
        // A convex outline crosses a line at most twice, so it gains at most one point here; the guard keeps
        // a rounding-bent outline inside the buffer all the same.
        const auto keep = [&next](QPointF p) {
            if (next.count < kMaxClippedPoints) {
                next.points[std::size_t(next.count++)] = p;
            }
        };
        for (int i = 0; i < current.count; ++i) {
            const QPointF p = current.points[std::size_t((i + current.count - 1) % current.count)];
            const QPointF q = current.points[std::size_t(i)];
            if (inside(q)) {
                if (!inside(p)) {
                    keep(crossing(p, q));
                }
                keep(q);
            } else if (inside(p)) {
                keep(crossing(p, q));
            }
        }
        from = 1 - from;
        if (buffers[from].count < 3) {
            return 0.0;
        }
    }
    return outlineArea(buffers[from]);
}

/// The unit directions of a circle's outline points (shapeOutline's), computed once.
const std::array<phys::Vec2, kCircleSegments>& circleDirections() {
    static const std::array<phys::Vec2, kCircleSegments> directions = [] {
        std::array<phys::Vec2, kCircleSegments> d;
        for (int i = 0; i < kCircleSegments; ++i) {
            const double a = 2.0 * phys::kPi * i / kCircleSegments;
            d[std::size_t(i)] = phys::Vec2{std::cos(a), std::sin(a)};
        }
        return d;
    }();
    return directions;
}

/// For each of `rects`, the area of it (view pixels) that the frame's shapes cover, summed in body order;
/// `areas` has one entry per rectangle. A shape's outline is made only when its world box, mapped to the
/// view, comes near a rectangle: the box holds the outline (a circle's 32 points lie on its rim), so a shape
/// it keeps away has no area in any rectangle. At 1000 bodies, making every outline to test its bounds was a
/// tenth of a Simulate-mode frame (perf, contactlab-framebench).
void coveredAreas(const SimOverlayFrame& frame, const ViewTransform& view, std::span<const QRectF> rects,
                  std::span<double> areas) {
    std::fill(areas.begin(), areas.end(), 0.0);
    OutlinePoints outline;
    for (const SimOverlayBody& body : frame.bodies) {
        for (int s = body.firstShape; s < body.firstShape + body.shapeCount; ++s) {
            if (s < 0 || static_cast<std::size_t>(s) >= frame.shapes.size()) {
                continue;
            }
            const phys::ShapeGeometry& geometry = frame.shapes[static_cast<std::size_t>(s)];
            const phys::AABB box = shapeBounds(geometry, body.xf);
            // y flips: the box's lower corner is the view's bottom-left. One pixel of slack for rounding.
            const QPointF bottomLeft = toView(view, box.lower);
            const QPointF topRight = toView(view, box.upper);
            const QRectF near =
                QRectF(QPointF(bottomLeft.x(), topRight.y()), QPointF(topRight.x(), bottomLeft.y()))
                    .adjusted(-1.0, -1.0, 1.0, 1.0);
            if (std::none_of(rects.begin(), rects.end(),
                             [&](const QRectF& r) { return near.intersects(r); })) {
                continue;
            }
            outline.count = 0;
            std::visit(
                [&](const auto& g) {
                    using T = std::decay_t<decltype(g)>;
                    if constexpr (std::is_same_v<T, phys::Circle>) {
                        const phys::Vec2 c = phys::transformPoint(body.xf, g.center);
                        for (const phys::Vec2 d : circleDirections()) {
                            outline.points[std::size_t(outline.count++)] = toView(view, c + g.radius * d);
                        }
                    } else {
                        for (const phys::Vec2 v : g.vertices()) {
                            outline.points[std::size_t(outline.count++)] =
                                toView(view, phys::transformPoint(body.xf, v));
                        }
                    }
                },
                geometry);
            if (outline.count < 3) {
                continue;
            }
            // QPolygonF::boundingRect's arithmetic, without making the polygon.
            double minX = outline.points[0].x(), maxX = minX, minY = outline.points[0].y(), maxY = minY;
            for (int k = 1; k < outline.count; ++k) {
                const QPointF p = outline.points[std::size_t(k)];
                minX = std::min(minX, p.x());
                maxX = std::max(maxX, p.x());
                minY = std::min(minY, p.y());
                maxY = std::max(maxY, p.y());
            }
            const QRectF bounds(minX, minY, maxX - minX, maxY - minY);
            for (std::size_t c = 0; c < rects.size(); ++c) {
                // Wholly inside, the clipping would keep every point in order: the same area, unclipped.
                if (bounds.left() >= rects[c].left() && bounds.right() <= rects[c].right() &&
                    bounds.top() >= rects[c].top() && bounds.bottom() <= rects[c].bottom()) {
                    areas[c] += outlineArea(outline);
                } else if (bounds.intersects(rects[c])) {
                    areas[c] += clippedArea(outline, rects[c]);
                }
            }
        }
    }
}

} // namespace

double SimOverlayPainter::bodyAreaIn(const SimOverlayFrame& frame, const ViewTransform& view,
                                     const QRectF& rect) {
    double area = 0.0;
    coveredAreas(frame, view, std::span<const QRectF>(&rect, 1), std::span<double>(&area, 1));
    return area;
}

// The same sums as bodyAreaIn for each corner, over each outline made once for the four corners
// (coveredAreas): added in body order, as bodyAreaIn adds them, so each area is the same number and the same
// corner is chosen.
LegendCorner SimOverlayPainter::chooseLegendCorner(const SimOverlayFrame& frame, const ViewTransform& view,
                                                   QSizeF size, LegendCorner current, double displayScale) {
    constexpr int kCorners = 4;
    std::array<QRectF, kCorners> rects;
    for (int c = 0; c < kCorners; ++c) {
        rects[std::size_t(c)] = legendRect(size, view.viewSize(), static_cast<LegendCorner>(c), displayScale);
    }
    std::array<double, kCorners> areas{};
    coveredAreas(frame, view, rects, areas);
    const LegendCorner order[] = {current, LegendCorner::BottomRight, LegendCorner::BottomLeft,
                                  LegendCorner::TopRight, LegendCorner::TopLeft};
    const double currentArea = areas[std::size_t(current)];
    LegendCorner best = current;
    double bestArea = currentArea;
    for (const LegendCorner corner : order) {
        const double area = areas[std::size_t(corner)];
        if (area < bestArea) {
            best = corner;
            bestArea = area;
        }
    }
    // A corner with no body at all always wins over one with some: the hysteresis kept the legend over a
    // sliver of the vertical stack's top box while the top-left corner was empty.
    const double hysteresis = 0.05 * size.width() * size.height();
    return currentArea - bestArea > hysteresis || (bestArea <= 0.0 && currentArea > 0.0) ? best : current;
}

void SimOverlay::setOptions(const SimOverlayOptions& options) {
    if (options == m_options) {
        return;
    }
    m_options = options;
    emit changed();
    emit reservedCornerChanged(); // the legend switched, or its rows
}

void SimOverlay::swapFrame(SimOverlayFrame& frame) {
    std::swap(m_frame, frame);
    if (m_active) {
        emit changed();
        emit reservedCornerChanged(); // a row's text may follow the frame (the points drawn of how many)
    }
}

void SimOverlay::setActive(bool active) {
    if (active == m_active) {
        return;
    }
    m_active = active;
    emit changed();
    emit reservedCornerChanged();
}

QSizeF SimOverlay::reservedCorner(const SceneCanvas& canvas) const {
    if (!m_active || !m_options.legend) {
        return {};
    }
    SimOverlayOptions options = m_options;
    options.displayScale = canvas.presentationScale();
    // The painter of paintOverlay draws on the viewport, with its font.
    QSizeF size = SimOverlayPainter::legendSize(m_frame, options, canvas.viewport()->font());
    if (options.particles && !m_frame.particlesNote.isEmpty()) {
        // Until the first Verlet step the particles' rows are one note; the step brings three or four rows.
        // The corner is kept for the larger legend, so that pressing Step does not move the view a demo
        // opened with (the Verlet demo's jumped by a row's height at step 1).
        SimOverlayFrame stepped = m_frame;
        stepped.particlesNote.clear();
        stepped.particles.assign(1, SimOverlayParticle{});
        stepped.particles.front().radius = 1.0; // the circles' row too
        size = size.expandedTo(SimOverlayPainter::legendSize(stepped, options, canvas.viewport()->font()));
    }
    if (size.isEmpty()) {
        return {};
    }
    // legendRect's margin, on the edges' side and as a gap on the bodies' side.
    const QPointF margin =
        SimOverlayPainter::legendRect(size, QSizeF(1e6, 1e6), LegendCorner::TopLeft, options.displayScale)
            .topLeft();
    return size + QSizeF(2.0 * margin.x(), 2.0 * margin.y());
}

NameObstacles SimOverlay::nameObstacles(const SceneCanvas& canvas) const {
    NameObstacles out;
    if (!m_active) {
        return out;
    }
    const ViewTransform& view = canvas.viewTransform();
    const double scale = canvas.presentationScale();
    const QRectF visible = QRectF(QPointF(0, 0), view.viewSize()).adjusted(-40, -40, 40, 40);
    if (m_options.velocities) {
        // As draw() makes them (appendArrow): from the centre of mass, the head at most 8 px wide.
        for (const SimOverlayBody& body : m_frame.bodies) {
            if (!body.dynamic || body.sleeping) {
                continue;
            }
            const QPointF from = toView(view, body.center);
            const QPointF to = toView(view, body.center + m_frame.velocityScale * body.velocity);
            const double length = QLineF(from, to).length();
            if (visible.contains(from) && length >= kMinArrowPixels) {
                out.lines.push_back(
                    {from, to, std::max(2.0 * scale, std::min(8.0 * scale, 0.45 * length)), LineKind::Arrow});
            }
        }
    }
    SimOverlayOptions options = m_options;
    options.displayScale = scale;
    const QSizeF size = SimOverlayPainter::legendSize(m_frame, options, canvas.viewport()->font());
    if (options.legend && !size.isEmpty()) {
        out.rects.push_back(SimOverlayPainter::legendRect(size, view.viewSize(), m_legendCorner, scale));
    }
    return out;
}

void SimOverlay::paintOverlay(QPainter& painter, const SceneCanvas& canvas) {
    if (!m_active) {
        return;
    }
    // The canvas's display scale, not the options': a canvas in presentation mode enlarges its overlays.
    SimOverlayOptions options = m_options;
    options.displayScale = canvas.presentationScale();
    SimOverlayPainter::draw(painter, m_frame, canvas.viewTransform(), options, &m_legendCorner);
}

} // namespace cl
