#pragma once
/// @file tool_draw_shapes.h
/// Tools that draw a shape with one drag: circle (centre, then radius), rectangle (corner to corner) and
/// regular polygon (centre, then a vertex; the number of sides is a parameter).

#include "physics/defs.h"
#include "physics/result.h"
#include "tool.h"

#include <string>
#include <vector>

namespace cl {

/// Press, drag, release: the shape follows the mouse and one addBody intent is emitted on release. A click
/// without a drag (the shape smaller than kMinSizePixels) makes nothing. Ctrl snaps the pressed and the
/// current points to the grid. Esc during the drag cancels.
class DragShapeTool : public Tool {
    Q_OBJECT

public:
    /// Smallest size of a new shape (radius, or each side of a rectangle), pixels.
    static constexpr double kMinSizePixels = 4.0;

    DragShapeTool(SceneCanvas* canvas, EditIntents* intents, QObject* parent = nullptr);

    void cancel() override;
    bool isBusy() const override { return m_dragging; }
    void drawOverlay(QPainter& painter) const override;

protected:
    bool mousePress(QMouseEvent* event) override;
    bool mouseMove(QMouseEvent* event) override;
    bool mouseRelease(QMouseEvent* event) override;
    bool keyPress(QKeyEvent* event) override;
    bool wantsKey(const QKeyEvent* event) const override;

    /// The body for a drag from `start` to `end` (world metres, already snapped), or why there is none.
    virtual phys::Result<phys::BodyDef> makeBody(phys::Vec2 start, phys::Vec2 end,
                                                 const std::string& name) const = 0;
    /// Base of the new body's name ("circle", "rectangle", ...).
    virtual std::string nameBase() const = 0;
    /// True when the drag is too small to make a shape (compares in pixels).
    virtual bool tooSmall(phys::Vec2 start, phys::Vec2 end) const;
    /// The snapped end point (Ctrl): the nearest grid point by default.
    virtual phys::Vec2 snapEnd(phys::Vec2 start, phys::Vec2 end) const;
    /// The text shown next to the cursor during the drag (the size).
    virtual QString sizeText(phys::Vec2 start, phys::Vec2 end) const = 0;

    /// Names of the bodies on the canvas (for "circle 3").
    std::vector<std::string> bodyNames() const;

private:
    phys::Vec2 endAt(QPointF viewportPoint, Qt::KeyboardModifiers modifiers) const;

    bool m_dragging = false;
    phys::Vec2 m_start;
    phys::Vec2 m_end;
};

/// Circle: press at the centre, drag the radius (Ctrl: centre on a grid point, radius a multiple of the
/// grid step).
class DrawCircleTool : public DragShapeTool {
    Q_OBJECT
public:
    using DragShapeTool::DragShapeTool;
    QString name() const override;
    void activate() override;

protected:
    phys::Result<phys::BodyDef> makeBody(phys::Vec2 start, phys::Vec2 end,
                                         const std::string& name) const override;
    std::string nameBase() const override { return "circle"; }
    phys::Vec2 snapEnd(phys::Vec2 start, phys::Vec2 end) const override;
    QString sizeText(phys::Vec2 start, phys::Vec2 end) const override;
};

/// Axis-aligned rectangle from one corner to the opposite one.
class DrawRectangleTool : public DragShapeTool {
    Q_OBJECT
public:
    using DragShapeTool::DragShapeTool;
    QString name() const override;
    void activate() override;

protected:
    phys::Result<phys::BodyDef> makeBody(phys::Vec2 start, phys::Vec2 end,
                                         const std::string& name) const override;
    std::string nameBase() const override { return "rectangle"; }
    bool tooSmall(phys::Vec2 start, phys::Vec2 end) const override;
    QString sizeText(phys::Vec2 start, phys::Vec2 end) const override;
};

/// Regular polygon: press at the centre, release on the first vertex (which sets radius and rotation).
class DrawRegularPolygonTool : public DragShapeTool {
    Q_OBJECT
public:
    static constexpr int kMinSides = 3;
    static constexpr int kMaxSides = 16;

    using DragShapeTool::DragShapeTool;
    QString name() const override;
    void activate() override;

    int sides() const { return m_sides; }

public slots:
    /// Clamped to [kMinSides, kMaxSides].
    void setSides(int sides);

signals:
    void sidesChanged(int sides);

protected:
    phys::Result<phys::BodyDef> makeBody(phys::Vec2 start, phys::Vec2 end,
                                         const std::string& name) const override;
    std::string nameBase() const override;
    QString sizeText(phys::Vec2 start, phys::Vec2 end) const override;

private:
    int m_sides = 6;
};

} // namespace cl
