#pragma once
/// @file body_item.h
/// Graphics items for the canvas: one BodyItem per body, painting all its shapes and its hover/selection
/// highlight (the canvas draws the names: name_placement.h).

#include "physics/defs.h"

#include <QGraphicsItem>
#include <QString>

namespace cl {

/// One body on the canvas. Item coordinates are the body frame (metres, y-up); the item's position and
/// rotation place it in the world (scene coordinates are world metres). Paints through SceneRenderer, so the
/// canvas and headless rendering draw the same.
///
/// The item is named by a stable key (the Document's BodyKey, 1 and up); its index in SceneDef::bodies picks
/// the colour and may change when bodies before it are inserted or removed.
class BodyItem : public QGraphicsItem {
public:
    /// QGraphicsItem::type() of body items.
    static constexpr int kType = QGraphicsItem::UserType + 1;

    /// @param body definition copied into the item
    /// @param bodyIndex index in SceneDef::bodies (picks the colour)
    /// @param key stable key of the body (0 when the caller has none)
    BodyItem(const phys::BodyDef& body, int bodyIndex, quint64 key = 0, QGraphicsItem* parent = nullptr);

    int type() const override { return kType; }
    int bodyIndex() const { return m_bodyIndex; }
    quint64 key() const { return m_key; }
    const phys::BodyDef& body() const { return m_body; }

    /// Replaces the definition: shapes, position and angle (one item update, no rebuild).
    void setBody(const phys::BodyDef& body);
    /// Sets the index in SceneDef::bodies (the colour and the stacking order follow it).
    void setBodyIndex(int bodyIndex);
    /// Draws the selection highlight (a halo and a strong outline).
    void setSelectedHighlight(bool selected);
    bool isSelectedHighlight() const { return m_selected; }
    /// Draws the hover highlight (a lighter halo).
    void setHovered(bool hovered);
    bool isHovered() const { return m_hovered; }

    /// Metres per view pixel: the outline and highlight are drawn in pixels, so the bounding rectangle grows
    /// by a few pixels' worth of metres. The canvas updates it when it zooms.
    void setMetresPerPixel(double metresPerPixel);
    /// The canvas's display scale (presentation mode): pen widths and the margin of the bounding rectangle
    /// follow it. The canvas sets it on every item it makes and when its scale changes.
    void setDisplayScale(double displayScale);
    double displayScale() const { return m_displayScale; }

    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    phys::BodyDef m_body;
    int m_bodyIndex = 0;
    quint64 m_key = 0;
    QRectF m_localBounds;
    double m_metresPerPixel = 0.02;
    /// The canvas's display scale, changed only through setDisplayScale (after prepareGeometryChange):
    /// QGraphicsScene's index finds an item by the rectangle it had, so a scale changed under it
    /// (presentation mode) would leave stale entries that crash later lookups.
    double m_displayScale = 1.0;
    bool m_selected = false;
    bool m_hovered = false;
};

} // namespace cl
