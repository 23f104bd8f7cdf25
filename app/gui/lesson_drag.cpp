/// @file lesson_drag.cpp
/// The drag arrow of a lesson answer, drawn in viewport pixels over the scene.

#include "lesson_drag.h"

#include "scene_canvas.h"

#include <QFontMetricsF>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>
#include <cmath>

namespace cl {

void LessonDragOverlay::begin(phys::Vec2 world) {
    m_start = world;
    m_end = world;
    m_label.clear();
    m_dragging = true;
    m_visible = false;
    emit changed();
}

void LessonDragOverlay::moveTo(phys::Vec2 world, const QString& label) {
    m_end = world;
    m_label = label;
    m_visible = true;
    emit changed();
}

void LessonDragOverlay::clear() {
    const bool was = m_visible || m_dragging;
    m_dragging = false;
    m_visible = false;
    m_label.clear();
    if (was) {
        emit changed();
    }
}

void LessonDragOverlay::setMarks(std::vector<Mark> marks) {
    const bool same =
        marks.size() == m_marks.size() &&
        std::equal(marks.begin(), marks.end(), m_marks.begin(), [](const Mark& x, const Mark& y) {
            return x.at.x == y.at.x && x.at.y == y.at.y && x.text == y.text;
        });
    if (!same) {
        m_marks = std::move(marks);
        emit changed();
    }
}

void LessonDragOverlay::paintOverlay(QPainter& painter, const SceneCanvas& canvas) {
    // The marks: a ringed dot on the point, its number in a white box above and to the right.
    if (!m_marks.empty()) {
        painter.save();
        painter.setRenderHint(QPainter::Antialiasing, true);
        const QColor ink(0x7b, 0x1f, 0xa2);
        const QFontMetricsF metrics(painter.font());
        for (const Mark& mark : m_marks) {
            const QPointF p = canvas.worldToViewport(mark.at);
            painter.setPen(QPen(QColor(255, 255, 255, 220), 4.0));
            painter.setBrush(ink);
            painter.drawEllipse(p, 4.5, 4.5);
            QRectF box = metrics.boundingRect(mark.text).adjusted(-4, -2, 4, 2);
            box.moveBottomLeft(p + QPointF(7.0, -7.0));
            painter.setPen(QPen(ink, 1.0));
            painter.setBrush(QColor(255, 255, 255, 235));
            painter.drawRoundedRect(box, 3.0, 3.0);
            painter.setPen(ink);
            painter.drawText(box, Qt::AlignCenter, mark.text);
        }
        painter.restore();
    }
    if (!m_visible) {
        return;
    }
    const QPointF a = canvas.worldToViewport(m_start);
    const QPointF b = canvas.worldToViewport(m_end);
    const QPointF d = b - a;
    const double length = std::hypot(d.x(), d.y());
    if (length < 1.0) {
        return;
    }
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    // A colour of its own (the walkthrough's are red, blue and green), with a white halo to read on any body.
    const QColor ink(0x7b, 0x1f, 0xa2);
    const QPointF u = d / length;
    const QPointF n(-u.y(), u.x());
    const double head = std::min(12.0, length / 2.0);
    QPainterPath arrow;
    arrow.moveTo(a);
    arrow.lineTo(b);
    arrow.moveTo(b - u * head + n * head * 0.45);
    arrow.lineTo(b);
    arrow.lineTo(b - u * head - n * head * 0.45);
    painter.setPen(QPen(QColor(255, 255, 255, 220), 5.0, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
    painter.drawPath(arrow);
    painter.setPen(QPen(ink, 2.5, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
    painter.drawPath(arrow);
    painter.setBrush(ink);
    painter.drawEllipse(a, 3.0, 3.0);
    if (!m_label.isEmpty()) {
        const QFontMetricsF metrics(painter.font());
        QRectF box = metrics.boundingRect(m_label).adjusted(-4, -2, 4, 2);
        // Beyond the head, on the side the arrow points to, kept inside the viewport.
        QPointF at = b + u * 10.0;
        box.moveCenter(at + QPointF(u.x() * box.width() / 2.0, u.y() * box.height() / 2.0));
        const QRectF view = canvas.viewport()->rect();
        box.moveLeft(std::clamp(box.left(), view.left() + 2.0, view.right() - box.width() - 2.0));
        box.moveTop(std::clamp(box.top(), view.top() + 2.0, view.bottom() - box.height() - 2.0));
        painter.setPen(QPen(ink, 1.0));
        painter.setBrush(QColor(255, 255, 255, 235));
        painter.drawRoundedRect(box, 3.0, 3.0);
        painter.setPen(ink);
        painter.drawText(box, Qt::AlignCenter, m_label);
    }
    painter.restore();
}

} // namespace cl
