#pragma once
/// @file scene_canvas.h
/// The canvas: a y-up view of the world in metres with a background grid, one item per body, zoom and pan.

#include "physics/defs.h"
#include "scene_renderer.h"
#include "view_transform.h"

#include <QGraphicsView>

#include <vector>

class QGraphicsScene;

namespace cl {

class BodyItem;
class BodyLabelItem;

/// QGraphicsView over a QGraphicsScene whose coordinates are world metres (y-up).
///
/// The view state is one ViewTransform (scale and the world point at the centre); the QGraphicsView transform
/// is set to exactly its world -> view map, scroll bars are off and the scroll position is kept at 0, so
/// viewport pixel = viewTransform().toView(world point), to floating-point accuracy.
/// Zoom: wheel (about the cursor), zoomIn/zoomOut (about the centre), zoomToFit. Pan: middle-drag, or
/// left-drag while Space is held.
class SceneCanvas : public QGraphicsView {
    Q_OBJECT

public:
    /// Zoom factor of one zoomIn/zoomOut step and of one wheel notch (120 eighths of a degree).
    static constexpr double kZoomStep = 1.25;
    static constexpr double kWheelZoomPerNotch = 1.2;

    explicit SceneCanvas(QWidget* parent = nullptr);
    ~SceneCanvas() override;

    /// Replaces every body item with items built from `scene` (one per body, plus a name label).
    /// The view does not move; call zoomToFit() to frame the new scene.
    void setSceneDef(const phys::SceneDef& scene);
    const phys::SceneDef& sceneDef() const { return m_sceneDef; }

    /// Body items in body order (index i is SceneDef::bodies[i]).
    const std::vector<BodyItem*>& bodyItems() const { return m_bodyItems; }

    /// The current view: scale, centre and viewport size.
    const ViewTransform& viewTransform() const { return m_view; }
    /// Sets scale and centre (the size is always the viewport's).
    void setViewTransform(const ViewTransform& view);
    double pixelsPerMetre() const { return m_view.pixelsPerMetre(); }

    /// World point (metres) -> viewport pixel.
    QPointF worldToViewport(phys::Vec2 worldPoint) const { return m_view.toView(worldPoint); }
    /// Viewport pixel -> world point (metres).
    phys::Vec2 viewportToWorld(QPointF viewportPoint) const { return m_view.toWorld(viewportPoint); }

    bool showBodyNames() const { return m_showBodyNames; }
    bool showGrid() const { return m_showGrid; }

public slots:
    void zoomIn();
    void zoomOut();
    /// Frames every body with a margin (SceneRenderer::fitView). Before the canvas is shown, the fit is
    /// repeated once the viewport has its real size.
    void zoomToFit();
    void setShowBodyNames(bool show);
    void setShowGrid(bool show);

signals:
    /// The mouse moved over the canvas; `worldPoint` is under it (metres).
    void mouseWorldPositionChanged(phys::Vec2 worldPoint);
    /// The zoom changed.
    void zoomChanged(double pixelsPerMetre);

protected:
    void drawBackground(QPainter* painter, const QRectF& rect) override;
    void drawForeground(QPainter* painter, const QRectF& rect) override;
    void wheelEvent(QWheelEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void keyReleaseEvent(QKeyEvent* event) override;
    void focusOutEvent(QFocusEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    /// Pushes m_view into QGraphicsView (transform, scene rect, scroll position) and the items.
    void applyView();
    void zoomAbout(QPointF viewportPoint, double factor);
    void updateCursor();
    /// Shows each name label when names are on and the name fits its body at this zoom.
    void updateLabelVisibility();

    QGraphicsScene* m_scene = nullptr;
    phys::SceneDef m_sceneDef;
    std::vector<BodyItem*> m_bodyItems;
    std::vector<BodyLabelItem*> m_labelItems;
    ViewTransform m_view;
    bool m_showBodyNames = true;
    bool m_showGrid = true;
    bool m_fitPending = false;
    bool m_spaceHeld = false;
    bool m_panning = false;
    QPointF m_lastPanPosition;
};

} // namespace cl
