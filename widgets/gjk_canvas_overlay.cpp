#include "gjk_canvas_overlay.h"

#include "scene_canvas.h"

#include <QPainter>

namespace cl {

void GjkCanvasOverlay::setItems(std::vector<DiagramItem> items) {
    if (items.empty() && m_items.empty()) {
        return;
    }
    m_items = std::move(items);
    emit changed();
}

void GjkCanvasOverlay::paintOverlay(QPainter& painter, const SceneCanvas& canvas) {
    if (m_items.empty()) {
        return;
    }
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.setRenderHint(QPainter::TextAntialiasing, true);
    const ViewTransform& view = canvas.viewTransform();
    paintDiagram(painter, m_items, [&view](phys::Vec2 p) { return view.toView(p); });
    painter.restore();
}

} // namespace cl
