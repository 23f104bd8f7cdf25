#include "sim_overlay.h"

#include "scene_canvas.h"
#include "scene_renderer.h"

#include <QFont>
#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>
#include <QPolygonF>
#include <QVector>

#include <algorithm>
#include <cmath>
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
/// Above these counts the overlay draws in its fast "dense" style (thin lines, square dots).
constexpr std::size_t kDenseContacts = 300;
constexpr std::size_t kDenseBodies = 300;
/// Segments of a circle outline (sleeping tint).
constexpr int kCircleSegments = 32;

double px(double pixels) {
    return pixels * SceneRenderer::displayScale();
}

QPointF toView(const ViewTransform& view, phys::Vec2 p) {
    return view.toView(p);
}

/// An arrow from `from` to `to` (viewport pixels) with a filled head.
void drawArrow(QPainter& painter, QPointF from, QPointF to, const QColor& color, double width) {
    const QPointF d = to - from;
    const double length = std::hypot(d.x(), d.y());
    if (length < kMinArrowPixels) {
        return;
    }
    const QPointF u = d / length;
    const QPointF n(-u.y(), u.x());
    const double head = std::min(px(9.0), 0.45 * length);
    const QPointF base = to - u * head;
    QPen pen(color, width);
    pen.setCapStyle(Qt::RoundCap);
    painter.setPen(pen);
    painter.drawLine(from, base);
    QPolygonF tip;
    tip << to << base + n * (0.45 * head) << base - n * (0.45 * head);
    painter.setPen(Qt::NoPen);
    painter.setBrush(color);
    painter.drawPolygon(tip);
    painter.setBrush(Qt::NoBrush);
}

/// Outline of one shape in viewport pixels.
QPolygonF shapeOutline(const phys::ShapeGeometry& geometry, const phys::Transform& xf,
                       const ViewTransform& view) {
    QPolygonF outline;
    std::visit(
        [&](const auto& g) {
            using T = std::decay_t<decltype(g)>;
            if constexpr (std::is_same_v<T, phys::Circle>) {
                const phys::Vec2 c = phys::transformPoint(xf, g.center);
                for (int i = 0; i < kCircleSegments; ++i) {
                    const double a = 2.0 * phys::kPi * i / kCircleSegments;
                    outline << toView(view, c + g.radius * phys::Vec2{std::cos(a), std::sin(a)});
                }
            } else {
                for (const phys::Vec2 v : g.vertices()) {
                    outline << toView(view, phys::transformPoint(xf, v));
                }
            }
        },
        geometry);
    return outline;
}

phys::AABB shapeBounds(const phys::ShapeGeometry& geometry, const phys::Transform& xf) {
    return std::visit([&](const auto& g) { return phys::computeAABB(g, xf); }, geometry);
}

} // namespace

QColor SimOverlayPainter::newContactColor() {
    return QColor(235, 90, 20);
}
QColor SimOverlayPainter::persistingContactColor() {
    return QColor(30, 110, 220);
}
QColor SimOverlayPainter::normalColor() {
    return QColor(60, 60, 70);
}
QColor SimOverlayPainter::normalImpulseColor() {
    return QColor(200, 30, 140);
}
QColor SimOverlayPainter::frictionImpulseColor() {
    return QColor(0, 150, 140);
}
QColor SimOverlayPainter::velocityColor() {
    return QColor(40, 160, 40);
}
QColor SimOverlayPainter::aabbColor() {
    return QColor(230, 140, 0);
}
QColor SimOverlayPainter::pairColor() {
    return QColor(120, 120, 140);
}
QColor SimOverlayPainter::sleepingTint() {
    return QColor(90, 100, 150, 110);
}
QColor SimOverlayPainter::particleColor() {
    return QColor(130, 40, 190);
}
QColor SimOverlayPainter::centreColor() {
    return QColor(20, 20, 20);
}

QString SimOverlayPainter::scaleText(double metresPerUnit, const QString& unit) {
    if (!(metresPerUnit > 0.0) || !std::isfinite(metresPerUnit)) {
        return QString();
    }
    const double unitsPerMetre = 1.0 / metresPerUnit;
    const int decimals = unitsPerMetre >= 100 ? 0 : (unitsPerMetre >= 10 ? 1 : (unitsPerMetre >= 1 ? 2 : 3));
    return QStringLiteral("1 m of arrow = %1 %2").arg(QString::number(unitsPerMetre, 'f', decimals), unit);
}

namespace {

/// Arrows of one colour collected first and drawn with one call: each arrow is its shaft and two barbs (an
/// open head), all as line segments, so thousands of contact arrows stay cheap to paint (a filled head per
/// arrow, or one path with thousands of sub-paths, costs ten times more).
struct ArrowBatch {
    QVector<QLineF> lines;

    void add(QPointF from, QPointF to) {
        const QPointF d = to - from;
        const double length = std::hypot(d.x(), d.y());
        if (length < kMinArrowPixels) {
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
    /// @param dense draw 1 px lines (Qt's fast cosmetic stroker) instead of `width`
    void draw(QPainter& painter, const QColor& color, double width, bool dense) const {
        QPen pen(color, dense ? 1.0 : width);
        pen.setCapStyle(dense ? Qt::FlatCap : Qt::RoundCap);
        pen.setJoinStyle(Qt::RoundJoin);
        painter.setPen(pen);
        painter.drawLines(lines);
    }
};

/// Round dots of one colour as wide round-capped points (one call).
/// Dense: squares without antialiasing (a fast fill), else antialiased round dots.
void drawDots(QPainter& painter, const QVector<QPointF>& points, const QColor& color, double diameter,
              bool dense = false) {
    if (points.isEmpty()) {
        return;
    }
    if (dense) {
        painter.save();
        painter.setRenderHint(QPainter::Antialiasing, false);
        const double r = 0.5 * diameter;
        for (const QPointF& p : points) {
            painter.fillRect(QRectF(p.x() - r, p.y() - r, diameter, diameter), color);
        }
        painter.restore();
        return;
    }
    QPen pen(color, diameter);
    pen.setCapStyle(Qt::RoundCap);
    painter.setPen(pen);
    painter.drawPoints(points.data(), static_cast<int>(points.size()));
}

} // namespace

// Drawing order, back to front: sleeping tint, AABBs, broadphase pairs, Verlet constraints and particles,
// velocities, centres, impulses, normals, contact points, legend. Points last so arrows never hide them.
// Everything of one kind and colour is collected and drawn in one or two calls; what lies wholly outside the
// view is skipped.
void SimOverlayPainter::draw(QPainter& painter, const SimOverlayFrame& frame, const ViewTransform& view,
                             const SimOverlayOptions& options) {
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    const QRectF visible = QRectF(QPointF(0, 0), view.viewSize()).adjusted(-40, -40, 40, 40);
    // Many primitives (big scenes): thin lines and square dots, which Qt's raster engine draws an order of
    // magnitude faster than wide antialiased strokes; a classroom scene keeps the thick arrows and round
    // dots.
    const bool dense = frame.contacts.size() > kDenseContacts || frame.bodies.size() > kDenseBodies;

    if (options.sleeping) {
        QPainterPath tint;
        for (const SimOverlayBody& body : frame.bodies) {
            if (!body.sleeping) {
                continue;
            }
            for (int s = body.firstShape; s < body.firstShape + body.shapeCount; ++s) {
                const QPolygonF outline =
                    shapeOutline(frame.shapes[static_cast<std::size_t>(s)], body.xf, view);
                if (outline.boundingRect().intersects(visible)) {
                    tint.addPolygon(outline);
                    tint.closeSubpath();
                }
            }
        }
        painter.fillPath(tint, sleepingTint());
    }

    if (options.aabbs) {
        QVector<QRectF> boxes;
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
        painter.setPen(QPen(aabbColor(), px(1.0), dense ? Qt::SolidLine : Qt::DashLine));
        painter.setBrush(Qt::NoBrush);
        painter.drawRects(boxes);
    }

    if (options.pairs) {
        QVector<QLineF> lines;
        const int n = static_cast<int>(frame.bodies.size());
        for (const auto& [a, b] : frame.pairs) {
            if (a < 0 || b < 0 || a >= n || b >= n) {
                continue;
            }
            lines.append(QLineF(toView(view, frame.bodies[static_cast<std::size_t>(a)].center),
                                toView(view, frame.bodies[static_cast<std::size_t>(b)].center)));
        }
        painter.setPen(QPen(pairColor(), dense ? 1.0 : px(1.0), dense ? Qt::SolidLine : Qt::DotLine));
        painter.drawLines(lines);
    }

    if (options.particles && !frame.particles.empty()) {
        QColor line = particleColor();
        line.setAlpha(150);
        QVector<QLineF> lines;
        for (const auto& [a, b] : frame.constraints) {
            lines.append(QLineF(toView(view, a), toView(view, b)));
        }
        painter.setPen(QPen(line, px(1.0)));
        painter.drawLines(lines);
        QVector<QPointF> points;
        for (const phys::Vec2 p : frame.particles) {
            points.append(toView(view, p));
        }
        drawDots(painter, points, particleColor(), px(5.0));
    }

    if (options.velocities) {
        ArrowBatch arrows;
        for (const SimOverlayBody& body : frame.bodies) {
            if (!body.dynamic || body.sleeping) {
                continue;
            }
            const QPointF from = toView(view, body.center);
            if (visible.contains(from)) {
                arrows.add(from, toView(view, body.center + frame.velocityScale * body.velocity));
            }
        }
        arrows.draw(painter, velocityColor(), px(2.0), dense);
    }

    if (options.centres) {
        QVector<QPointF> centres;
        for (const SimOverlayBody& body : frame.bodies) {
            const QPointF c = toView(view, body.center);
            if (body.dynamic && visible.contains(c)) {
                centres.append(c);
            }
        }
        drawDots(painter, centres, centreColor(), px(8.0), dense);
        drawDots(painter, centres, Qt::white, px(4.0), dense);
    }

    QVector<QPointF> at;
    at.reserve(static_cast<qsizetype>(frame.contacts.size()));
    for (const SimOverlayContact& c : frame.contacts) {
        at.append(toView(view, c.point));
    }

    if (options.impulses) {
        ArrowBatch normal;
        ArrowBatch friction;
        for (std::size_t i = 0; i < frame.contacts.size(); ++i) {
            const SimOverlayContact& c = frame.contacts[i];
            if (!visible.contains(at[static_cast<qsizetype>(i)])) {
                continue;
            }
            normal.add(at[static_cast<qsizetype>(i)],
                       toView(view, c.point + frame.impulseScale * c.normalImpulse * c.normal));
            friction.add(
                at[static_cast<qsizetype>(i)],
                toView(view, c.point + frame.impulseScale * c.tangentImpulse * phys::rightPerp(c.normal)));
        }
        normal.draw(painter, normalImpulseColor(), px(2.5), dense);
        friction.draw(painter, frictionImpulseColor(), px(2.5), dense);
    }

    if (options.normals) {
        ArrowBatch normals;
        for (std::size_t i = 0; i < frame.contacts.size(); ++i) {
            const QPointF p = at[static_cast<qsizetype>(i)];
            if (!visible.contains(p)) {
                continue;
            }
            // The normal in view pixels (y flips), a fixed length.
            const QPointF dir = toView(view, frame.contacts[i].point + frame.contacts[i].normal) - p;
            const double len = std::hypot(dir.x(), dir.y());
            if (len > 0.0) {
                normals.add(p, p + dir * (px(kNormalPixels) / len));
            }
        }
        normals.draw(painter, normalColor(), px(1.5), dense);
    }

    if (options.contacts) {
        QVector<QPointF> fresh;
        QVector<QPointF> persisting;
        QVector<QPointF> freshGap;
        QVector<QPointF> persistingGap;
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
        const double d = 2.0 * px(kContactRadiusPixels);
        // Filled dots with a white rim; speculative points as rings (a coloured dot with a white centre).
        QVector<QPointF> all = fresh + persisting;
        if (!dense) {
            drawDots(painter, all, Qt::white, d + px(2.0));
        }
        drawDots(painter, fresh, newContactColor(), d, dense);
        drawDots(painter, persisting, persistingContactColor(), d, dense);
        drawDots(painter, freshGap, newContactColor(), d, dense);
        drawDots(painter, persistingGap, persistingContactColor(), d, dense);
        drawDots(painter, freshGap + persistingGap, Qt::white, d - px(3.0), dense);
    }

    if (options.legend) {
        drawLegend(painter, frame, view, options);
    }
    painter.restore();
}

void SimOverlayPainter::drawLegend(QPainter& painter, const SimOverlayFrame& frame, const ViewTransform& view,
                                   const SimOverlayOptions& options) {
    enum class Symbol { Dot, Hollow, Arrow, Dash, Dot2, Tint, Particle, Centre };
    struct Row {
        Symbol symbol;
        QColor color;
        QString text;
    };
    std::vector<Row> rows;
    if (options.contacts) {
        rows.push_back({Symbol::Dot, newContactColor(), QStringLiteral("new contact point")});
        rows.push_back(
            {Symbol::Dot, persistingContactColor(), QStringLiteral("persisting contact (warm started)")});
        rows.push_back({Symbol::Hollow, newContactColor(), QStringLiteral("speculative point (gap)")});
    }
    if (options.normals) {
        rows.push_back({Symbol::Arrow, normalColor(), QStringLiteral("contact normal, A to B")});
    }
    if (options.impulses) {
        const QString scale = scaleText(frame.impulseScale, QStringLiteral("N s"));
        rows.push_back(
            {Symbol::Arrow, normalImpulseColor(), QStringLiteral("normal impulse (%1)").arg(scale)});
        rows.push_back({Symbol::Arrow, frictionImpulseColor(), QStringLiteral("friction impulse")});
    }
    if (options.velocities) {
        rows.push_back(
            {Symbol::Arrow, velocityColor(),
             QStringLiteral("velocity (%1)").arg(scaleText(frame.velocityScale, QStringLiteral("m/s")))});
    }
    if (options.aabbs) {
        rows.push_back({Symbol::Dash, aabbColor(), QStringLiteral("AABB of each shape")});
    }
    if (options.pairs) {
        rows.push_back({Symbol::Dot2, pairColor(), QStringLiteral("broadphase pair")});
    }
    if (options.sleeping) {
        rows.push_back({Symbol::Tint, sleepingTint(), QStringLiteral("sleeping body")});
    }
    if (options.particles) {
        rows.push_back({Symbol::Particle, particleColor(),
                        frame.particlesNote.isEmpty() ? QStringLiteral("Verlet particle and constraint")
                                                      : frame.particlesNote});
    }
    if (options.centres) {
        rows.push_back({Symbol::Centre, centreColor(), QStringLiteral("centre of mass")});
    }
    if (rows.empty()) {
        return;
    }

    QFont font = painter.font();
    font.setPointSizeF(9.0 * SceneRenderer::displayScale());
    painter.setFont(font);
    const QFontMetricsF metrics(font);
    const double lineHeight = metrics.height() + px(4.0);
    const double symbolWidth = px(26.0);
    const double pad = px(8.0);
    double textWidth = 0.0;
    for (const Row& row : rows) {
        textWidth = std::max(textWidth, metrics.horizontalAdvance(row.text));
    }
    const QSizeF size(pad * 3 + symbolWidth + textWidth,
                      pad * 2 + lineHeight * static_cast<double>(rows.size()));
    const QSizeF viewSize = view.viewSize();
    const QRectF box(
        QPointF(viewSize.width() - size.width() - px(12.0), viewSize.height() - size.height() - px(12.0)),
        size);
    painter.setPen(QPen(QColor(0, 0, 0, 60), 1.0));
    painter.setBrush(QColor(255, 255, 255, 225));
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
            painter.setPen(QPen(Qt::white, px(1.0)));
            painter.setBrush(row.color);
            painter.drawEllipse(centre, r, r);
            break;
        case Symbol::Hollow:
            painter.setPen(QPen(row.color, px(1.5)));
            painter.setBrush(Qt::white);
            painter.drawEllipse(centre, r, r);
            break;
        case Symbol::Arrow:
            drawArrow(painter, left, right, row.color, px(2.0));
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
        case Symbol::Centre:
            painter.setPen(QPen(row.color, px(1.2)));
            painter.setBrush(Qt::white);
            painter.drawEllipse(centre, r, r);
            break;
        }
        painter.setBrush(Qt::NoBrush);
        painter.setPen(QColor(30, 30, 30));
        painter.drawText(QRectF(right.x() + pad, y, textWidth + pad, lineHeight),
                         Qt::AlignVCenter | Qt::AlignLeft, row.text);
        y += lineHeight;
    }
}

void SimOverlay::setOptions(const SimOverlayOptions& options) {
    if (options == m_options) {
        return;
    }
    m_options = options;
    emit changed();
}

void SimOverlay::swapFrame(SimOverlayFrame& frame) {
    std::swap(m_frame, frame);
    if (m_active) {
        emit changed();
    }
}

void SimOverlay::setActive(bool active) {
    if (active == m_active) {
        return;
    }
    m_active = active;
    emit changed();
}

void SimOverlay::paintOverlay(QPainter& painter, const SceneCanvas& canvas) {
    if (!m_active) {
        return;
    }
    SimOverlayPainter::draw(painter, m_frame, canvas.viewTransform(), m_options);
}

} // namespace cl
