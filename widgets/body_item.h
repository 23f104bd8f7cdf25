#pragma once
/// @file body_item.h
/// Graphics items for the canvas: one BodyItem per body, painting all its shapes, and its upright name.

#include "physics/defs.h"

#include <QGraphicsItem>
#include <QString>

namespace cl {

/// One body on the canvas. Item coordinates are the body frame (metres, y-up); the item's position and
/// rotation place it in the world (scene coordinates are world metres). Paints through SceneRenderer, so the
/// canvas and headless rendering draw the same.
class BodyItem : public QGraphicsItem {
public:
    /// QGraphicsItem::type() of body items.
    static constexpr int kType = QGraphicsItem::UserType + 1;

    /// @param body definition copied into the item
    /// @param bodyIndex index in SceneDef::bodies (picks the colour, identifies the body)
    BodyItem(const phys::BodyDef& body, int bodyIndex, QGraphicsItem* parent = nullptr);

    int type() const override { return kType; }
    int bodyIndex() const { return m_bodyIndex; }
    const phys::BodyDef& body() const { return m_body; }

    /// Metres per view pixel: the outline is drawn in pixels, so the bounding rectangle grows by a few
    /// pixels' worth of metres. The canvas updates it when it zooms.
    void setMetresPerPixel(double metresPerPixel);

    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    phys::BodyDef m_body;
    int m_bodyIndex = 0;
    QRectF m_localBounds;
    double m_metresPerPixel = 0.02;
};

/// A body's name, drawn upright in pixels at a world point whatever the zoom (ItemIgnoresTransformations).
class BodyLabelItem : public QGraphicsItem {
public:
    static constexpr int kType = QGraphicsItem::UserType + 2;

    /// @param bodyIndex index in SceneDef::bodies of the body it names
    BodyLabelItem(const QString& text, int bodyIndex, QGraphicsItem* parent = nullptr);

    int type() const override { return kType; }
    QString text() const { return m_text; }
    int bodyIndex() const { return m_bodyIndex; }

    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    QString m_text;
    int m_bodyIndex = 0;
    QRectF m_bounds;
};

} // namespace cl
