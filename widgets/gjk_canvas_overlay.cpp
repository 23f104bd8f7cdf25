#include "gjk_canvas_overlay.h"

#include "label_layout.h"
#include "overlay.h"
#include "scene_canvas.h"

#include <QPainter>

#include <variant>

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
    std::vector<DiagramItem> marks;
    std::vector<const DiagramItem*> texts;
    for (const DiagramItem& item : m_items) {
        if (item.kind == DiagramItem::Kind::Label) {
            texts.push_back(&item);
        } else {
            marks.push_back(item);
        }
    }
    // The words go through the canvas's label layout, clear of the body names, the vertex numbers, and the
    // segment itself (a label centred on a short segment would sit on a body's name or corner number); the
    // points' names ("support A", "support B") too, through paintDiagram.
    const double scale = canvas.presentationScale();
    LabelLayout layout(QRectF(QPointF(0, 0), view.viewSize()), scale);
    if (canvas.showBodyNames()) {
        for (const QRectF& r : canvas.namePlacement().rects()) {
            layout.addObstacle(r);
        }
    }
    for (const phys::BodyDef& body : canvas.sceneDef().bodies) {
        const phys::Transform xf{body.position, phys::Rot(body.angle)};
        for (const phys::ShapeDef& shape : body.shapes) {
            if (const auto* polygon = std::get_if<phys::Polygon>(&shape.geometry)) {
                for (const phys::Vec2 v : polygon->vertices()) {
                    layout.addMark(view.toView(phys::transformPoint(xf, v)), 12.0 * scale);
                }
            }
        }
    }
    paintDiagram(
        painter, marks, [&view](phys::Vec2 p) { return view.toView(p); },
        QRectF(QPointF(0, 0), view.viewSize()), &layout);
    for (const DiagramItem* item : texts) {
        LabelRequest request;
        request.anchor = view.toView(item->points[0]);
        request.text = item->text;
        request.color = item->stroke.darker(130);
        request.direction = QPointF(0.0, 1.0); // below the segment first
        request.priority = 10;
        layout.add(request);
    }
    LabelLayout::draw(painter, layout.place(), scale);
    painter.restore();
}

} // namespace cl
