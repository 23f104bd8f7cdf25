#include "body_item.h"

#include "scene_renderer.h"

#include <QPainter>
#include <QPainterPath>

#include <type_traits>
#include <variant>

namespace cl {

namespace {
/// Pixels added around the shapes for the outline and antialiasing.
constexpr double kOutlineMarginPixels = 2.0;
} // namespace

BodyItem::BodyItem(const phys::BodyDef& body, int bodyIndex, QGraphicsItem* parent)
    : QGraphicsItem(parent), m_body(body), m_bodyIndex(bodyIndex),
      m_localBounds(SceneRenderer::localBounds(body)) {
    setPos(body.position.x, body.position.y);
    setRotation(body.angle * 180.0 / phys::kPi);
    setZValue(0.0);
}

void BodyItem::setMetresPerPixel(double metresPerPixel) {
    if (metresPerPixel == m_metresPerPixel) {
        return;
    }
    prepareGeometryChange();
    m_metresPerPixel = metresPerPixel;
}

QRectF BodyItem::boundingRect() const {
    const double margin = kOutlineMarginPixels * m_metresPerPixel;
    return m_localBounds.adjusted(-margin, -margin, margin, margin);
}

QPainterPath BodyItem::shape() const {
    QPainterPath path;
    path.setFillRule(Qt::WindingFill);
    for (const phys::ShapeDef& shape : m_body.shapes) {
        std::visit(
            [&path](const auto& geometry) {
                using T = std::decay_t<decltype(geometry)>;
                if constexpr (std::is_same_v<T, phys::Circle>) {
                    path.addEllipse(QPointF(geometry.center.x, geometry.center.y), geometry.radius,
                                    geometry.radius);
                } else {
                    QPolygonF polygon;
                    for (const phys::Vec2 v : geometry.vertices()) {
                        polygon << QPointF(v.x, v.y);
                    }
                    polygon << polygon.front();
                    path.addPolygon(polygon);
                }
            },
            shape.geometry);
    }
    return path;
}

void BodyItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* /*option*/, QWidget* /*widget*/) {
    SceneRenderer::drawBodyShapes(*painter, m_body, m_bodyIndex);
}

BodyLabelItem::BodyLabelItem(const QString& text, int bodyIndex, QGraphicsItem* parent)
    : QGraphicsItem(parent), m_text(text), m_bodyIndex(bodyIndex) {
    setFlag(QGraphicsItem::ItemIgnoresTransformations, true);
    const QSizeF size = SceneRenderer::labelSize(text);
    m_bounds = QRectF(QPointF(-0.5 * size.width(), -0.5 * size.height()), size);
}

QRectF BodyLabelItem::boundingRect() const {
    return m_bounds;
}

void BodyLabelItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* /*option*/,
                          QWidget* /*widget*/) {
    SceneRenderer::drawLabel(*painter, QPointF(0.0, 0.0), m_text);
}

} // namespace cl
