#include "grab_tool.h"

#include "edit_intents.h"
#include "scene_canvas.h"
#include "scene_renderer.h"

#include <QMouseEvent>
#include <QPainter>

namespace cl {

GrabTool::GrabTool(SceneCanvas* canvas, EditIntents* intents, QObject* parent)
    : Tool(canvas, intents, parent) {
    setObjectName(QStringLiteral("grabTool"));
}

void GrabTool::activate() {
    Tool::activate();
    if (!intents()) {
        return;
    }
    emit intents()->statusMessage(tr("Simulate: drag a dynamic body to pull it on a spring; Space plays, "
                                     "Right steps, Left steps back; F5 returns to Edit mode"),
                                  0);
}

void GrabTool::cancel() {
    if (m_grabbed != 0) {
        m_grabbed = 0;
        canvas()->viewport()->unsetCursor();
        emit grabCancelled();
        updateOverlay();
    }
}

void GrabTool::setAnchor(phys::Vec2 worldPoint) {
    m_anchor = worldPoint;
    if (m_grabbed != 0) {
        updateOverlay();
    }
}

bool GrabTool::mousePress(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton) {
        return false;
    }
    if (m_interceptor && m_interceptor(event->position())) {
        return true;
    }
    const quint64 key = canvas()->bodyKeyAt(event->position());
    const phys::BodyDef* def = key ? canvas()->bodyDef(key) : nullptr;
    if (!def) {
        return true;
    }
    if (def->type != phys::BodyType::Dynamic) {
        showHint(tr("Only dynamic bodies can be grabbed"), event->position());
        return true;
    }
    clearHint();
    m_grabbed = key;
    m_target = worldAt(event->position());
    m_anchor = m_target;
    canvas()->viewport()->setCursor(Qt::ClosedHandCursor);
    emit grabStarted(key, m_target);
    updateOverlay();
    return true;
}

bool GrabTool::mouseMove(QMouseEvent* event) {
    if (m_grabbed == 0) {
        const quint64 key = canvas()->bodyKeyAt(event->position());
        const phys::BodyDef* def = key ? canvas()->bodyDef(key) : nullptr;
        if (def && def->type == phys::BodyType::Dynamic) {
            canvas()->viewport()->setCursor(Qt::OpenHandCursor);
        } else {
            canvas()->viewport()->unsetCursor();
        }
        updateHover(event->position());
        return false;
    }
    m_target = worldAt(event->position());
    emit grabMoved(m_target);
    updateOverlay();
    return true;
}

bool GrabTool::mouseRelease(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton || m_grabbed == 0) {
        return false;
    }
    m_target = worldAt(event->position());
    emit grabMoved(m_target);
    m_grabbed = 0;
    canvas()->viewport()->setCursor(Qt::OpenHandCursor);
    emit grabReleased();
    updateOverlay();
    return true;
}

// The spring: a line from the grabbed point of the body to the mouse, a ring at the mouse.
void GrabTool::drawOverlay(QPainter& painter) const {
    if (m_grabbed != 0) {
        const double s = overlayScale();
        const QPointF a = canvas()->worldToViewport(m_anchor);
        const QPointF b = canvas()->worldToViewport(m_target);
        QPen pen(QColor(200, 30, 60), 2.0 * s, Qt::DashLine);
        painter.setPen(pen);
        painter.drawLine(a, b);
        painter.setPen(QPen(QColor(200, 30, 60), 2.0 * s));
        painter.setBrush(Qt::white);
        painter.drawEllipse(b, 5.0 * s, 5.0 * s);
        painter.setBrush(QColor(200, 30, 60));
        painter.drawEllipse(a, 3.5 * s, 3.5 * s);
        painter.setBrush(Qt::NoBrush);
    }
    drawHint(painter);
}

} // namespace cl
