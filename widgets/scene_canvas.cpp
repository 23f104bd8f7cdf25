#include "scene_canvas.h"

#include "body_item.h"

#include <QGraphicsScene>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QScrollBar>
#include <QWheelEvent>

#include <cmath>

namespace cl {

namespace {
/// Z of name labels: above every body.
constexpr double kLabelZ = 1.0e6;
} // namespace

SceneCanvas::SceneCanvas(QWidget* parent) : QGraphicsView(parent), m_scene(new QGraphicsScene(this)) {
    setScene(m_scene);
    setFrameShape(QFrame::NoFrame);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    // The view state lives in m_view; QGraphicsView must not re-centre on its own.
    setTransformationAnchor(QGraphicsView::NoAnchor);
    setResizeAnchor(QGraphicsView::NoAnchor);
    setDragMode(QGraphicsView::NoDrag);
    setViewportUpdateMode(QGraphicsView::FullViewportUpdate);
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing | QPainter::SmoothPixmapTransform);
    setFocusPolicy(Qt::StrongFocus);
    setMouseTracking(true);
    viewport()->setMouseTracking(true);
    m_view = ViewTransform(ViewTransform::kDefaultPixelsPerMetre, phys::Vec2{}, QSizeF(viewport()->size()));
    applyView();
}

SceneCanvas::~SceneCanvas() = default;

void SceneCanvas::setSceneDef(const phys::SceneDef& scene) {
    m_sceneDef = scene;
    m_bodyItems.clear();
    m_labelItems.clear();
    m_scene->clear();
    const double metresPerPixel = 1.0 / m_view.pixelsPerMetre();
    for (std::size_t i = 0; i < scene.bodies.size(); ++i) {
        const phys::BodyDef& body = scene.bodies[i];
        auto* item = new BodyItem(body, static_cast<int>(i));
        item->setMetresPerPixel(metresPerPixel);
        m_scene->addItem(item);
        m_bodyItems.push_back(item);
        if (!body.name.empty()) {
            auto* label = new BodyLabelItem(QString::fromStdString(body.name), static_cast<int>(i));
            const phys::Vec2 anchor = SceneRenderer::labelAnchor(body);
            label->setPos(anchor.x, anchor.y);
            label->setZValue(kLabelZ);
            m_scene->addItem(label);
            m_labelItems.push_back(label);
        }
    }
    updateLabelVisibility();
    viewport()->update();
}

void SceneCanvas::setViewTransform(const ViewTransform& view) {
    m_view = view.resized(QSizeF(viewport()->size()));
    applyView();
}

void SceneCanvas::applyView() {
    const double previousScale = transform().m11();
    // The view's scene rect is the visible world plus one view size on every side: QGraphicsView's scroll
    // range then always holds 0 and never applies its alignment indent, so with both scroll bars at 0 the
    // viewport transform is exactly m_view.worldToView().
    const QRectF visible = m_view.visibleWorldRect();
    setSceneRect(visible.adjusted(-visible.width(), -visible.height(), visible.width(), visible.height()));
    setTransform(m_view.worldToView());
    horizontalScrollBar()->setValue(0);
    verticalScrollBar()->setValue(0);
    const double metresPerPixel = 1.0 / m_view.pixelsPerMetre();
    for (BodyItem* item : m_bodyItems) {
        item->setMetresPerPixel(metresPerPixel);
    }
    updateLabelVisibility();
    viewport()->update();
    if (previousScale != m_view.pixelsPerMetre()) {
        emit zoomChanged(m_view.pixelsPerMetre());
    }
}

void SceneCanvas::zoomAbout(QPointF viewportPoint, double factor) {
    m_view = m_view.zoomedAbout(viewportPoint, factor);
    applyView();
}

void SceneCanvas::zoomIn() {
    zoomAbout(QPointF(0.5 * viewport()->width(), 0.5 * viewport()->height()), kZoomStep);
}

void SceneCanvas::zoomOut() {
    zoomAbout(QPointF(0.5 * viewport()->width(), 0.5 * viewport()->height()), 1.0 / kZoomStep);
}

void SceneCanvas::zoomToFit() {
    m_view = SceneRenderer::fitView(m_sceneDef, QSizeF(viewport()->size()));
    applyView();
    if (!isVisible()) {
        m_fitPending = true;
    }
}

void SceneCanvas::setShowBodyNames(bool show) {
    m_showBodyNames = show;
    updateLabelVisibility();
}

void SceneCanvas::updateLabelVisibility() {
    for (BodyLabelItem* label : m_labelItems) {
        const phys::BodyDef& body = m_sceneDef.bodies[static_cast<std::size_t>(label->bodyIndex())];
        label->setVisible(m_showBodyNames && SceneRenderer::nameFits(body, m_view.pixelsPerMetre()));
    }
}

void SceneCanvas::setShowGrid(bool show) {
    m_showGrid = show;
    viewport()->update();
}

void SceneCanvas::drawBackground(QPainter* painter, const QRectF& /*rect*/) {
    // The painter maps world -> viewport here; draw the whole visible world so labels are placed the same
    // whatever part of the viewport is exposed (the painter clips to the exposed part).
    SceneRenderer::drawBackground(*painter, m_view.visibleWorldRect(), m_showGrid);
}

void SceneCanvas::drawForeground(QPainter* painter, const QRectF& /*rect*/) {
    if (m_showGrid) {
        SceneRenderer::drawGridLabels(*painter, m_view.visibleWorldRect());
    }
}

void SceneCanvas::wheelEvent(QWheelEvent* event) {
    const double notches = event->angleDelta().y() / 120.0;
    if (notches == 0.0) {
        event->ignore();
        return;
    }
    zoomAbout(event->position(), std::pow(kWheelZoomPerNotch, notches));
    emit mouseWorldPositionChanged(viewportToWorld(event->position()));
    event->accept();
}

void SceneCanvas::mousePressEvent(QMouseEvent* event) {
    const bool pan =
        event->button() == Qt::MiddleButton || (event->button() == Qt::LeftButton && m_spaceHeld);
    if (pan) {
        m_panning = true;
        m_lastPanPosition = event->position();
        updateCursor();
        event->accept();
        return;
    }
    QGraphicsView::mousePressEvent(event);
}

void SceneCanvas::mouseMoveEvent(QMouseEvent* event) {
    if (m_panning) {
        const QPointF delta = event->position() - m_lastPanPosition;
        m_lastPanPosition = event->position();
        m_view = m_view.panned(delta);
        applyView();
        event->accept();
    } else {
        QGraphicsView::mouseMoveEvent(event);
    }
    emit mouseWorldPositionChanged(viewportToWorld(event->position()));
}

void SceneCanvas::mouseReleaseEvent(QMouseEvent* event) {
    if (m_panning && (event->button() == Qt::MiddleButton || event->button() == Qt::LeftButton)) {
        m_panning = false;
        updateCursor();
        event->accept();
        return;
    }
    QGraphicsView::mouseReleaseEvent(event);
}

void SceneCanvas::keyPressEvent(QKeyEvent* event) {
    if (event->key() == Qt::Key_Space) {
        if (!event->isAutoRepeat()) {
            m_spaceHeld = true;
            updateCursor();
        }
        event->accept();
        return;
    }
    QGraphicsView::keyPressEvent(event);
}

void SceneCanvas::keyReleaseEvent(QKeyEvent* event) {
    if (event->key() == Qt::Key_Space) {
        if (!event->isAutoRepeat()) {
            m_spaceHeld = false;
            updateCursor();
        }
        event->accept();
        return;
    }
    QGraphicsView::keyReleaseEvent(event);
}

void SceneCanvas::focusOutEvent(QFocusEvent* event) {
    // A Space released while another widget has focus never reaches us.
    m_spaceHeld = false;
    updateCursor();
    QGraphicsView::focusOutEvent(event);
}

void SceneCanvas::resizeEvent(QResizeEvent* event) {
    QGraphicsView::resizeEvent(event);
    if (m_fitPending) {
        m_view = SceneRenderer::fitView(m_sceneDef, QSizeF(viewport()->size()));
    } else {
        m_view = m_view.resized(QSizeF(viewport()->size()));
    }
    applyView();
}

void SceneCanvas::showEvent(QShowEvent* event) {
    QGraphicsView::showEvent(event);
    if (m_fitPending) {
        m_fitPending = false;
        m_view = SceneRenderer::fitView(m_sceneDef, QSizeF(viewport()->size()));
        applyView();
    }
}

void SceneCanvas::updateCursor() {
    if (m_panning) {
        viewport()->setCursor(Qt::ClosedHandCursor);
    } else if (m_spaceHeld) {
        viewport()->setCursor(Qt::OpenHandCursor);
    } else {
        viewport()->unsetCursor();
    }
}

} // namespace cl
