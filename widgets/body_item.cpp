#include "body_item.h"

#include "scene_renderer.h"

#include <QPainter>
#include <QPainterPath>

#include <type_traits>
#include <variant>

namespace cl {

namespace {
/// Pixels added around the shapes for the outline, the highlight halo and antialiasing (times the display
/// scale).
constexpr double kOutlineMarginPixels = 6.0;
} // namespace

BodyItem::BodyItem(const phys::BodyDef& body, int bodyIndex, quint64 key, QGraphicsItem* parent)
    : QGraphicsItem(parent), m_body(body), m_bodyIndex(bodyIndex), m_key(key),
      m_localBounds(SceneRenderer::localBounds(body)) {
    setPos(body.position.x, body.position.y);
    setRotation(body.angle * 180.0 / phys::kPi);
    setZValue(bodyIndex);
}

void BodyItem::setBody(const phys::BodyDef& body) {
    prepareGeometryChange();
    m_body = body;
    m_localBounds = SceneRenderer::localBounds(body);
    setPos(body.position.x, body.position.y);
    setRotation(body.angle * 180.0 / phys::kPi);
    update();
}

void BodyItem::setBodyIndex(int bodyIndex) {
    if (bodyIndex == m_bodyIndex) {
        return;
    }
    m_bodyIndex = bodyIndex;
    setZValue(bodyIndex);
    update();
}

void BodyItem::setSelectedHighlight(bool selected) {
    if (selected != m_selected) {
        m_selected = selected;
        update();
    }
}

void BodyItem::setHovered(bool hovered) {
    if (hovered != m_hovered) {
        m_hovered = hovered;
        update();
    }
}

void BodyItem::setMetresPerPixel(double metresPerPixel) {
    if (metresPerPixel == m_metresPerPixel) {
        return;
    }
    prepareGeometryChange();
    m_metresPerPixel = metresPerPixel;
}

void BodyItem::setDisplayScale(double displayScale) {
    if (displayScale == m_displayScale) {
        return;
    }
    prepareGeometryChange();
    m_displayScale = displayScale;
    update();
}

QRectF BodyItem::boundingRect() const {
    const double margin = kOutlineMarginPixels * m_displayScale * m_metresPerPixel;
    return m_localBounds.adjusted(-margin, -margin, margin, margin);
}

QPainterPath BodyItem::shape() const {
    return SceneRenderer::outlinePath(m_body);
}

void BodyItem::paint(QPainter* painter, const QStyleOptionGraphicsItem* /*option*/, QWidget* /*widget*/) {
    SceneRenderer::drawBodyShapes(*painter, m_body, m_bodyIndex, m_displayScale);
    if (m_selected || m_hovered) {
        SceneRenderer::drawBodyHighlight(*painter, m_body, m_selected, m_displayScale);
    }
}

} // namespace cl
