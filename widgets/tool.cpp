#include "tool.h"

#include "edit_intents.h"
#include "scene_canvas.h"
#include "scene_renderer.h"
#include "tool_geometry.h"
#include "tool_style.h"

#include <QFontMetricsF>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QTimerEvent>

namespace cl {

Tool::Tool(SceneCanvas* canvas, EditIntents* intents, QObject* parent)
    : QObject(parent), m_canvas(canvas), m_intents(intents) {}

Tool::~Tool() = default;

void Tool::activate() {
    clearHint();
    updateOverlay();
}

void Tool::deactivate() {
    cancel();
    clearHint();
    updateOverlay();
}

double Tool::gridStep() const {
    return SceneRenderer::gridSpacing(m_canvas->pixelsPerMetre(), m_canvas->presentationScale()).minor;
}

double Tool::metresPerPixel() const {
    return 1.0 / m_canvas->pixelsPerMetre();
}

double Tool::overlayScale() const {
    return m_canvas->presentationScale();
}

phys::Vec2 Tool::worldAt(QPointF viewportPoint) const {
    return m_canvas->viewportToWorld(viewportPoint);
}

phys::Vec2 Tool::snappedWorldAt(QPointF viewportPoint, Qt::KeyboardModifiers modifiers) const {
    const phys::Vec2 world = worldAt(viewportPoint);
    return snapRequested(modifiers) ? toolgeom::snapToGrid(world, gridStep()) : world;
}

bool Tool::eventFilter(QObject* watched, QEvent* event) {
    const bool onViewport = watched == m_canvas->viewport();
    const bool onCanvas = watched == m_canvas;
    if (!onViewport && !onCanvas) {
        return QObject::eventFilter(watched, event);
    }
    switch (event->type()) {
    case QEvent::MouseButtonPress:
    case QEvent::MouseButtonRelease:
    case QEvent::MouseButtonDblClick:
    case QEvent::MouseMove: {
        if (!onViewport) {
            return false;
        }
        auto* mouse = static_cast<QMouseEvent*>(event);
        m_lastMouse = mouse->position();
        // Panning (middle button, or left button with Space held) belongs to the canvas.
        if (mouse->button() == Qt::MiddleButton || (mouse->buttons() & Qt::MiddleButton) ||
            m_canvas->isPanGestureActive()) {
            return false;
        }
        if (event->type() == QEvent::MouseButtonPress) {
            m_canvas->setFocus(Qt::MouseFocusReason);
            return mousePress(mouse);
        }
        if (event->type() == QEvent::MouseButtonRelease) {
            return mouseRelease(mouse);
        }
        if (event->type() == QEvent::MouseButtonDblClick) {
            return mouseDoubleClick(mouse);
        }
        mouseMove(mouse);
        return false; // the canvas still reports the world position under the mouse
    }
    case QEvent::ShortcutOverride: {
        auto* key = static_cast<QKeyEvent*>(event);
        if (wantsKey(key)) {
            key->accept();
            return true;
        }
        return false;
    }
    case QEvent::KeyPress:
        return keyPress(static_cast<QKeyEvent*>(event));
    case QEvent::KeyRelease:
        return keyRelease(static_cast<QKeyEvent*>(event));
    default:
        return false;
    }
}

bool Tool::mousePress(QMouseEvent* /*event*/) {
    return false;
}

bool Tool::mouseMove(QMouseEvent* event) {
    updateHover(event->position());
    return false;
}

bool Tool::mouseRelease(QMouseEvent* /*event*/) {
    return false;
}

bool Tool::mouseDoubleClick(QMouseEvent* /*event*/) {
    return false;
}

bool Tool::keyPress(QKeyEvent* event) {
    if (event->key() == Qt::Key_Escape && isBusy()) {
        cancel();
        clearHint();
        updateOverlay();
        return true;
    }
    return false;
}

bool Tool::keyRelease(QKeyEvent* /*event*/) {
    return false;
}

bool Tool::wantsKey(const QKeyEvent* event) const {
    return event->key() == Qt::Key_Escape && isBusy();
}

void Tool::showHint(const QString& text, QPointF at) {
    m_hint = text;
    m_hintPosition = at;
    if (m_hintTimer != 0) {
        killTimer(m_hintTimer);
    }
    m_hintTimer = startTimer(kHintMilliseconds);
    emit hintChanged(m_hint);
    if (m_intents) {
        emit m_intents->statusMessage(text, kHintMilliseconds);
    }
    updateOverlay();
}

void Tool::clearHint() {
    if (m_hintTimer != 0) {
        killTimer(m_hintTimer);
        m_hintTimer = 0;
    }
    if (m_hint.isEmpty()) {
        return;
    }
    m_hint.clear();
    emit hintChanged(m_hint);
    updateOverlay();
}

void Tool::timerEvent(QTimerEvent* event) {
    if (event->timerId() == m_hintTimer) {
        clearHint();
        return;
    }
    QObject::timerEvent(event);
}

void Tool::updateOverlay() const {
    m_canvas->viewport()->update();
}

void Tool::updateHover(QPointF viewportPoint) {
    m_canvas->setHoveredBody(m_canvas->bodyKeyAt(viewportPoint));
}

void Tool::deleteSelection() {
    const QList<quint64> keys = m_canvas->selection();
    if (keys.isEmpty()) {
        showHint(tr("Nothing selected to delete"), m_lastMouse);
        return;
    }
    emit m_intents->deleteBodies(keys);
}

void Tool::duplicateSelection() {
    const QList<quint64> keys = m_canvas->selection();
    if (keys.isEmpty()) {
        showHint(tr("Nothing selected to duplicate"), m_lastMouse);
        return;
    }
    // The copies land one major grid step to the right and down, so they are visibly apart.
    const double offset =
        SceneRenderer::gridSpacing(m_canvas->pixelsPerMetre(), m_canvas->presentationScale()).major * 0.5;
    emit m_intents->duplicateBodies(keys, phys::Vec2{offset, -offset});
}

bool Tool::isSelectionKey(const QKeyEvent* event) {
    const int key = event->key();
    const Qt::KeyboardModifiers mods = event->modifiers() & ~Qt::KeypadModifier;
    if ((key == Qt::Key_Delete || key == Qt::Key_Backspace) && mods == Qt::NoModifier) {
        return true;
    }
    if (key == Qt::Key_D && mods == Qt::ControlModifier) {
        return true;
    }
    const bool arrow =
        key == Qt::Key_Left || key == Qt::Key_Right || key == Qt::Key_Up || key == Qt::Key_Down;
    return arrow && (mods == Qt::NoModifier || mods == Qt::ShiftModifier);
}

bool Tool::nudgeSelection(const QKeyEvent* event) {
    phys::Vec2 direction;
    switch (event->key()) {
    case Qt::Key_Left:
        direction = {-1.0, 0.0};
        break;
    case Qt::Key_Right:
        direction = {1.0, 0.0};
        break;
    case Qt::Key_Up:
        direction = {0.0, 1.0};
        break;
    case Qt::Key_Down:
        direction = {0.0, -1.0};
        break;
    default:
        return false;
    }
    const QList<quint64> keys = m_canvas->selection();
    if (keys.isEmpty()) {
        return true;
    }
    const double steps = (event->modifiers() & Qt::ShiftModifier) ? 10.0 : 1.0;
    emit m_intents->nudgeBodies(keys, steps * gridStep() * direction);
    return true;
}

bool Tool::handleSelectionKey(const QKeyEvent* event) {
    if (!isSelectionKey(event)) {
        return false;
    }
    if (event->key() == Qt::Key_Delete || event->key() == Qt::Key_Backspace) {
        deleteSelection();
    } else if (event->key() == Qt::Key_D) {
        duplicateSelection();
    } else {
        nudgeSelection(event);
    }
    return true;
}

void Tool::drawOverlay(QPainter& painter) const {
    drawHint(painter);
}

void Tool::drawHint(QPainter& painter) const {
    if (m_hint.isEmpty()) {
        return;
    }
    toolstyle::drawBubble(painter, m_hintPosition, m_hint, overlayScale(),
                          QRectF(QPointF(0, 0), QSizeF(m_canvas->viewport()->size())), true);
}

} // namespace cl
