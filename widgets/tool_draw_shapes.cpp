#include "tool_draw_shapes.h"

#include "edit_intents.h"
#include "scene_canvas.h"
#include "tool_geometry.h"
#include "tool_style.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>

#include <algorithm>
#include <cmath>
#include <type_traits>
#include <variant>

namespace cl {

namespace {
QString metres(double value) {
    return QString::number(value, 'f', 2);
}
} // namespace

// ----------------------------------------------------------------------------------------------
// DragShapeTool

DragShapeTool::DragShapeTool(SceneCanvas* canvas, EditIntents* intents, QObject* parent)
    : Tool(canvas, intents, parent) {}

void DragShapeTool::cancel() {
    m_dragging = false;
    updateOverlay();
}

std::vector<std::string> DragShapeTool::bodyNames() const {
    std::vector<std::string> names;
    for (const quint64 key : canvas()->bodyKeys()) {
        if (const phys::BodyDef* body = canvas()->bodyDef(key)) {
            names.push_back(body->name);
        }
    }
    return names;
}

bool DragShapeTool::tooSmall(phys::Vec2 start, phys::Vec2 end) const {
    return phys::distance(start, end) < kMinSizePixels * metresPerPixel();
}

phys::Vec2 DragShapeTool::snapEnd(phys::Vec2 /*start*/, phys::Vec2 end) const {
    return toolgeom::snapToGrid(end, gridStep());
}

phys::Vec2 DragShapeTool::endAt(QPointF viewportPoint, Qt::KeyboardModifiers modifiers) const {
    const phys::Vec2 end = worldAt(viewportPoint);
    return snapRequested(modifiers) ? snapEnd(m_start, end) : end;
}

bool DragShapeTool::mousePress(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton) {
        return event->button() == Qt::RightButton;
    }
    clearHint();
    m_start = snappedWorldAt(event->position(), event->modifiers());
    m_end = m_start;
    m_dragging = true;
    updateOverlay();
    return true;
}

bool DragShapeTool::mouseMove(QMouseEvent* event) {
    updateHover(event->position());
    if (m_dragging) {
        m_end = endAt(event->position(), event->modifiers());
        updateOverlay();
        return true;
    }
    return false;
}

bool DragShapeTool::mouseRelease(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton) {
        return event->button() == Qt::RightButton;
    }
    if (!m_dragging) {
        return true;
    }
    m_dragging = false;
    m_end = endAt(event->position(), event->modifiers());
    updateOverlay();
    if (tooSmall(m_start, m_end)) {
        showHint(tr("Drag to give the shape its size"), event->position());
        return true;
    }
    const phys::Result<phys::BodyDef> body =
        makeBody(m_start, m_end, toolgeom::uniqueName(nameBase(), bodyNames()));
    if (!body) {
        showHint(toolgeom::errorText(body.error()), event->position());
        return true;
    }
    emit intents()->addBody(body.value());
    return true;
}

bool DragShapeTool::keyPress(QKeyEvent* event) {
    if (event->key() == Qt::Key_Escape && m_dragging) {
        cancel();
        clearHint();
        return true;
    }
    if (!m_dragging) {
        return handleSelectionKey(event);
    }
    return false;
}

bool DragShapeTool::wantsKey(const QKeyEvent* event) const {
    return m_dragging ? event->key() == Qt::Key_Escape : isSelectionKey(event);
}

void DragShapeTool::drawOverlay(QPainter& painter) const {
    if (m_dragging) {
        const double scale = overlayScale();
        const bool small = tooSmall(m_start, m_end);
        const phys::Result<phys::BodyDef> body = makeBody(m_start, m_end, std::string());
        if (body && !small) {
            // The body as it will be made, in viewport pixels.
            const QPainterPath world = toolgeom::worldOutline(body.value());
            QTransform worldToView;
            const QPointF o = canvas()->worldToViewport(phys::Vec2{0.0, 0.0});
            const double s = canvas()->pixelsPerMetre();
            worldToView = QTransform(s, 0.0, 0.0, -s, o.x(), o.y());
            painter.save();
            painter.setPen(QPen(toolstyle::previewColor(), 2.0 * scale));
            painter.setBrush(toolstyle::previewFill());
            painter.drawPath(worldToView.map(world));
            painter.restore();
        }
        toolstyle::drawCross(painter, canvas()->worldToViewport(m_start), scale);
        toolstyle::drawVertexHandle(painter, canvas()->worldToViewport(m_end), scale, false);
        if (!small) {
            toolstyle::drawBubble(painter, canvas()->worldToViewport(m_end), sizeText(m_start, m_end), scale,
                                  QRectF(QPointF(0, 0), QSizeF(canvas()->viewport()->size())), false);
        }
    }
    drawHint(painter);
}

// ---------------------------------------------------------------------------------------------
// DrawCircleTool

QString DrawCircleTool::name() const {
    return tr("Draw circle");
}

void DrawCircleTool::activate() {
    DragShapeTool::activate();
    emit intents()->statusMessage(
        tr("Circle: press at the centre and drag out the radius (Ctrl snaps to the grid)"), 0);
}

phys::Result<phys::BodyDef> DrawCircleTool::makeBody(phys::Vec2 start, phys::Vec2 end,
                                                     const std::string& name) const {
    return toolgeom::circleBody(start, phys::distance(start, end), name);
}

phys::Vec2 DrawCircleTool::snapEnd(phys::Vec2 start, phys::Vec2 end) const {
    // The radius becomes a whole number of grid steps, in the direction of the mouse.
    const phys::Vec2 r = end - start;
    const double length = phys::length(r);
    if (length <= 0.0) {
        return end;
    }
    const double snapped = toolgeom::snapToStep(length, gridStep());
    return start + (snapped / length) * r;
}

QString DrawCircleTool::sizeText(phys::Vec2 start, phys::Vec2 end) const {
    return tr("r = %1 m").arg(metres(phys::distance(start, end)));
}

// ------------------------------------------------------------------------------------------
// DrawRectangleTool

QString DrawRectangleTool::name() const {
    return tr("Draw rectangle");
}

void DrawRectangleTool::activate() {
    DragShapeTool::activate();
    emit intents()->statusMessage(tr("Rectangle: drag from one corner to the opposite corner (Ctrl snaps)"),
                                  0);
}

bool DrawRectangleTool::tooSmall(phys::Vec2 start, phys::Vec2 end) const {
    const double minSize = kMinSizePixels * metresPerPixel();
    return std::abs(end.x - start.x) < minSize || std::abs(end.y - start.y) < minSize;
}

phys::Result<phys::BodyDef> DrawRectangleTool::makeBody(phys::Vec2 start, phys::Vec2 end,
                                                        const std::string& name) const {
    return toolgeom::polygonBody(toolgeom::rectanglePoints(start, end), name);
}

QString DrawRectangleTool::sizeText(phys::Vec2 start, phys::Vec2 end) const {
    return tr("%1 m \u00d7 %2 m").arg(metres(std::abs(end.x - start.x)), metres(std::abs(end.y - start.y)));
}

// --------------------------------------------------------------------------------------
// DrawRegularPolygonTool

QString DrawRegularPolygonTool::name() const {
    return tr("Draw regular polygon");
}

void DrawRegularPolygonTool::activate() {
    DragShapeTool::activate();
    emit intents()->statusMessage(
        tr("Regular polygon: press at the centre, release on a vertex (%1 sides; Ctrl snaps)").arg(m_sides),
        0);
}

void DrawRegularPolygonTool::setSides(int sides) {
    sides = std::clamp(sides, kMinSides, kMaxSides);
    if (sides == m_sides) {
        return;
    }
    m_sides = sides;
    emit sidesChanged(m_sides);
    updateOverlay();
}

std::string DrawRegularPolygonTool::nameBase() const {
    return toolgeom::regularPolygonName(m_sides);
}

phys::Result<phys::BodyDef> DrawRegularPolygonTool::makeBody(phys::Vec2 start, phys::Vec2 end,
                                                             const std::string& name) const {
    return toolgeom::polygonBody(toolgeom::regularPolygonPoints(start, end, m_sides), name);
}

QString DrawRegularPolygonTool::sizeText(phys::Vec2 start, phys::Vec2 end) const {
    return tr("%1 sides, r = %2 m").arg(m_sides).arg(metres(phys::distance(start, end)));
}

} // namespace cl
