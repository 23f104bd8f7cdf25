#include "tool_style.h"

#include "paint_kit.h"
#include "palette.h"

#include <QFont>
#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>
#include <QPen>

#include <algorithm>

namespace cl::toolstyle {

namespace {
/// Distance of a bubble from the cursor, pixels.
constexpr double kBubbleOffset = 18.0;
/// Widest text in a bubble before it wraps, pixels.
constexpr double kMaxBubbleWidth = 320.0;
} // namespace

QColor previewColor() {
    return QColor(currentPalette().preview);
}

QColor previewFill() {
    QColor fill(currentPalette().preview);
    fill.setAlpha(40);
    return fill;
}

QColor refusedColor() {
    return QColor(currentPalette().refused);
}

void drawVertexHandle(QPainter& painter, QPointF at, double scale, bool active) {
    const double r = kHandleRadius * scale * (active ? 1.3 : 1.0);
    painter.save();
    painter.setPen(QPen(QColor(currentPalette().preview), 1.5 * scale));
    painter.setBrush(active ? QColor(currentPalette().preview) : QColor(currentPalette().paper));
    painter.drawRect(QRectF(at.x() - r, at.y() - r, 2 * r, 2 * r));
    painter.restore();
}

void drawRotateHandle(QPainter& painter, QPointF anchor, QPointF knob, double scale, bool active) {
    painter.save();
    painter.setPen(QPen(QColor(currentPalette().preview), 1.5 * scale, Qt::DashLine));
    painter.drawLine(anchor, knob);
    const double r = kRotateKnobRadius * scale * (active ? 1.2 : 1.0);
    painter.setPen(QPen(QColor(currentPalette().preview), 2.0 * scale));
    painter.setBrush(active ? QColor(currentPalette().preview) : QColor(currentPalette().paper));
    painter.drawEllipse(knob, r, r);
    // A small circular arrow inside the knob says "turn me".
    if (!active) {
        painter.setBrush(Qt::NoBrush);
        painter.setPen(QPen(QColor(currentPalette().preview), 1.2 * scale));
        const double a = 0.5 * r;
        painter.drawArc(QRectF(knob.x() - a, knob.y() - a, 2 * a, 2 * a), 30 * 16, 270 * 16);
    }
    painter.restore();
}

void drawOutline(QPainter& painter, const QPolygonF& points, bool closed, double scale, const QColor& color,
                 bool dashed) {
    if (points.isEmpty()) {
        return;
    }
    painter.save();
    painter.setPen(paintkit::roundPen(color, 2.0 * scale, dashed ? Qt::DashLine : Qt::SolidLine));
    if (closed && points.size() >= 3) {
        QColor fill = color;
        fill.setAlpha(40);
        painter.setBrush(fill);
        painter.drawPolygon(points);
    } else {
        painter.setBrush(Qt::NoBrush);
        painter.drawPolyline(points);
    }
    painter.restore();
}

void drawCross(QPainter& painter, QPointF at, double scale, const QColor& color) {
    painter.save();
    painter.setPen(QPen(color, 1.5 * scale));
    const double r = 5.0 * scale;
    painter.drawLine(at + QPointF(-r, 0), at + QPointF(r, 0));
    painter.drawLine(at + QPointF(0, -r), at + QPointF(0, r));
    painter.restore();
}

void drawBubble(QPainter& painter, QPointF at, const QString& text, double scale, const QRectF& bounds,
                bool warning) {
    if (text.isEmpty()) {
        return;
    }
    painter.save();
    QFont font = painter.font();
    font.setPointSizeF(std::max(9.0, font.pointSizeF()) * scale);
    painter.setFont(font);
    const QFontMetricsF metrics(font);
    const double pad = 6.0 * scale;
    // Long hints wrap instead of running off a narrow canvas.
    const double maxTextWidth =
        std::max(80.0 * scale, std::min(kMaxBubbleWidth * scale, bounds.width() - 2.0 * pad - 8.0));
    const QSizeF textSize =
        metrics.boundingRect(QRectF(0, 0, maxTextWidth, 1.0e6), Qt::TextWordWrap, text).size();
    QRectF box(at + QPointF(kBubbleOffset * scale, kBubbleOffset * scale),
               QSizeF(textSize.width() + 2 * pad, textSize.height() + 2 * pad));
    // Keep the bubble on screen: flip to the other side of the cursor when it would leave the viewport.
    if (box.right() > bounds.right()) {
        box.moveRight(at.x() - kBubbleOffset * scale);
    }
    if (box.bottom() > bounds.bottom()) {
        box.moveBottom(at.y() - kBubbleOffset * scale);
    }
    box.moveLeft(
        std::clamp(box.left(), bounds.left(), std::max(bounds.left(), bounds.right() - box.width())));
    box.moveTop(std::clamp(box.top(), bounds.top(), std::max(bounds.top(), bounds.bottom() - box.height())));
    painter.setPen(
        QPen(warning ? QColor(currentPalette().refused) : QColor(currentPalette().preview), 1.5 * scale));
    painter.setBrush(warning ? QColor(currentPalette().warningFill) : QColor(currentPalette().infoFill));
    painter.drawRoundedRect(box, 4.0 * scale, 4.0 * scale);
    painter.setPen(QColor(currentPalette().toolText));
    painter.drawText(box.adjusted(pad, pad, -pad, -pad), Qt::AlignLeft | Qt::AlignVCenter | Qt::TextWordWrap,
                     text);
    painter.restore();
}

} // namespace cl::toolstyle
