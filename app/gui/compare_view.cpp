#include "compare_view.h"

#include "compare_run.h"

#include "physics/shape.h"

#include <QMouseEvent>
#include <QPainter>
#include <QWheelEvent>

#include <algorithm>
#include <cmath>
#include <variant>

namespace cl {

namespace {

constexpr int kTitleHeight = 22;
constexpr int kGap = 4;

/// Draws the outline of `shape` posed by `xf` with the painter's pen and brush (polygons and circles
/// directly: a QPainterPath per shape cost twice as much on framebench --compare).
void drawShape(QPainter& painter, const phys::ShapeDef& shape, const phys::Transform& xf,
               const ViewTransform& view, QPolygonF& scratch) {
    if (const auto* polygon = std::get_if<phys::Polygon>(&shape.geometry)) {
        scratch.clear();
        for (const phys::Vec2 v : polygon->vertices()) {
            scratch << view.toView(phys::transformPoint(xf, v));
        }
        painter.drawPolygon(scratch);
    } else if (const auto* circle = std::get_if<phys::Circle>(&shape.geometry)) {
        const QPointF c = view.toView(phys::transformPoint(xf, circle->center));
        const double r = view.toPixels(circle->radius);
        painter.drawEllipse(c, r, r);
        // A radius shows the rotation.
        painter.drawLine(
            c, view.toView(phys::transformPoint(xf, circle->center + phys::Vec2{circle->radius, 0.0})));
    }
}

/// Whether world point `p` lies in `shape` posed by `xf` (a convex polygon: behind every edge).
bool shapeContains(const phys::ShapeDef& shape, const phys::Transform& xf, phys::Vec2 p) {
    const phys::Vec2 local = phys::invTransformPoint(xf, p);
    if (const auto* polygon = std::get_if<phys::Polygon>(&shape.geometry)) {
        for (int i = 0; i < polygon->count(); ++i) {
            if (phys::dot(polygon->normal(i), local - polygon->vertex(i)) > 0.0) {
                return false;
            }
        }
        return true;
    }
    if (const auto* circle = std::get_if<phys::Circle>(&shape.geometry)) {
        return phys::length(local - circle->center) <= circle->radius;
    }
    return false;
}

} // namespace

CompareView::CompareView(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("compareView"));
    setAttribute(Qt::WA_OpaquePaintEvent);
    setMouseTracking(false);
}

void CompareView::setRun(const CompareRun* run) {
    m_run = run;
    fitPaneSize();
    update();
}

void CompareView::setLayout(Layout layout) {
    if (layout == m_layout) {
        return;
    }
    // What the whole view showed fits a pane (and back): the zoom scales with the pane, the centre stays.
    const QSizeF before = m_view.viewSize();
    m_layout = layout;
    const QSizeF after = QSizeF(paneRect(0).size());
    if (before.width() > 0 && before.height() > 0 && after.width() > 0 && after.height() > 0) {
        const double factor = std::min(after.width() / before.width(), after.height() / before.height());
        m_view = ViewTransform(m_view.pixelsPerMetre() * factor, m_view.centre(), after);
    }
    fitPaneSize();
    update();
    emit viewChanged();
}

void CompareView::setViewTransform(const ViewTransform& view) {
    m_view = view;
    fitPaneSize();
    update();
    emit viewChanged();
}

int CompareView::paneCount() const {
    if (!m_run || m_layout == Layout::Overlaid) {
        return 1;
    }
    return std::min(m_run->count(), 4);
}

QRect CompareView::paneRect(int index) const {
    return paneRectIn(index, size());
}

QRect CompareView::paneRectIn(int index, QSize size) const {
    const int n = paneCount();
    if (n <= 1) {
        return QRect(QPoint(0, 0), size);
    }
    // Two panes side by side; three or four in a 2 x 2 grid.
    const int columns = 2;
    const int rows = n <= 2 ? 1 : 2;
    const int w = (size.width() - kGap * (columns - 1)) / columns;
    const int h = (size.height() - kGap * (rows - 1)) / rows;
    return QRect((index % columns) * (w + kGap), (index / columns) * (h + kGap), w, h);
}

void CompareView::fitPaneSize() {
    // Every pane has the same size: the view's size is a pane's (the view centre is each pane's centre).
    const QRect pane = paneRect(0);
    m_view = m_view.resized(QSizeF(pane.size()));
}

void CompareView::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    fitPaneSize();
}

void CompareView::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    paint(painter, size());
}

void CompareView::paint(QPainter& painter, QSize size) const {
    painter.fillRect(QRect(QPoint(0, 0), size), palette().color(QPalette::Mid));
    if (!m_run) {
        return;
    }
    painter.setRenderHint(QPainter::Antialiasing);
    if (m_layout == Layout::Overlaid || paneCount() <= 1) {
        paintPane(painter, QRect(QPoint(0, 0), size), 0, m_run->count() - 1, false);
    } else {
        for (int i = 0; i < paneCount(); ++i) {
            paintPane(painter, paneRectIn(i, size), i, i, true);
        }
    }
}

void CompareView::paintPane(QPainter& painter, const QRect& rect, int firstConfig, int lastConfig,
                            bool title) const {
    painter.save();
    painter.setClipRect(rect);
    painter.fillRect(rect, palette().color(QPalette::Base));
    painter.translate(rect.topLeft());
    const ViewTransform view = m_view.resized(QSizeF(rect.size()));
    const std::vector<phys::BodyDef>& bodies = m_run->bodies();
    QPolygonF scratch;

    // Static bodies: the same in every configuration, drawn once from the first one's frame.
    if (const SimFrame* frame = m_run->frame(firstConfig)) {
        painter.setPen(QPen(palette().color(QPalette::Dark), 1.0));
        painter.setBrush(palette().color(QPalette::Midlight));
        for (std::size_t slot = 0; slot < bodies.size() && slot < frame->bodies.size(); ++slot) {
            if (bodies[slot].type != phys::BodyType::Static || !frame->bodies[slot].alive) {
                continue;
            }
            for (const phys::ShapeDef& shape : bodies[slot].shapes) {
                drawShape(painter, shape, frame->bodies[slot].xf, view, scratch);
            }
        }
    }
    painter.setBrush(Qt::NoBrush);
    for (int c = firstConfig; c <= lastConfig; ++c) {
        const SimFrame* frame = m_run->frame(c);
        if (!frame) {
            continue;
        }
        // Overlaid, the earlier configurations get wider pens: where two outlines coincide, both colours
        // still show (the later one's line inside the earlier one's).
        const double width = 1.4 + 0.9 * (lastConfig - c);
        painter.setPen(QPen(compareColor(c), width));
        for (std::size_t slot = 0; slot < bodies.size() && slot < frame->bodies.size(); ++slot) {
            if (bodies[slot].type == phys::BodyType::Static || !frame->bodies[slot].alive) {
                continue;
            }
            for (const phys::ShapeDef& shape : bodies[slot].shapes) {
                drawShape(painter, shape, frame->bodies[slot].xf, view, scratch);
            }
        }
    }

    // Title (split) or legend (overlaid): a swatch and the configuration's name on a plate.
    QFont font = painter.font();
    font.setBold(title);
    painter.setFont(font);
    const QFontMetrics metrics(font);
    int width = 0;
    for (int c = firstConfig; c <= lastConfig; ++c) {
        width = std::max(width, metrics.horizontalAdvance(m_run->config(c).name));
    }
    const int line = std::max(kTitleHeight - 4, metrics.height() + 4);
    const int count = lastConfig - firstConfig + 1;
    const QRect plate(6, 6, width + 34, line * count + 6);
    QColor plateColor = palette().color(QPalette::Window);
    plateColor.setAlpha(235);
    painter.setPen(QPen(palette().color(QPalette::Dark), 1.0));
    painter.setBrush(plateColor);
    painter.drawRoundedRect(QRectF(plate).adjusted(0.5, 0.5, -0.5, -0.5), 4, 4);
    for (int c = firstConfig; c <= lastConfig; ++c) {
        const int y = plate.top() + 3 + (c - firstConfig) * line;
        painter.setPen(QPen(compareColor(c), 3.0));
        painter.drawLine(QPointF(plate.left() + 8, y + line / 2.0),
                         QPointF(plate.left() + 24, y + line / 2.0));
        painter.setPen(palette().color(QPalette::WindowText));
        painter.drawText(QRect(plate.left() + 30, y, width + 4, line), Qt::AlignVCenter | Qt::AlignLeft,
                         m_run->config(c).name);
    }
    painter.restore();
}

void CompareView::wheelEvent(QWheelEvent* event) {
    const double steps = event->angleDelta().y() / 120.0;
    if (steps == 0.0) {
        return;
    }
    // About the mouse, in the pane under it: every pane has the same view, so all zoom alike.
    QPointF at = event->position();
    for (int i = 0; i < paneCount(); ++i) {
        if (paneRect(i).contains(at.toPoint())) {
            at -= paneRect(i).topLeft();
        }
    }
    setViewTransform(m_view.zoomedAbout(at, std::pow(1.2, steps)));
    event->accept();
}

int CompareView::bodyAt(QPoint point) const {
    if (!m_run) {
        return -1;
    }
    for (int pane = 0; pane < paneCount(); ++pane) {
        const QRect rect = paneRect(pane);
        if (!rect.contains(point)) {
            continue;
        }
        const phys::Vec2 world = m_view.resized(QSizeF(rect.size())).toWorld(QPointF(point - rect.topLeft()));
        const bool split = m_layout == Layout::Split && paneCount() > 1;
        const int first = split ? paneConfig(pane) : 0;
        const int last = split ? paneConfig(pane) : m_run->count() - 1;
        const std::vector<phys::BodyDef>& bodies = m_run->bodies();
        for (int c = first; c <= last; ++c) {
            const SimFrame* frame = m_run->frame(c);
            for (std::size_t slot = 0; frame && slot < bodies.size() && slot < frame->bodies.size(); ++slot) {
                if (bodies[slot].type == phys::BodyType::Static || !frame->bodies[slot].alive) {
                    continue;
                }
                for (const phys::ShapeDef& shape : bodies[slot].shapes) {
                    if (shapeContains(shape, frame->bodies[slot].xf, world)) {
                        return static_cast<int>(slot);
                    }
                }
            }
        }
    }
    return -1;
}

void CompareView::mousePressEvent(QMouseEvent* event) {
    if (event->button() == Qt::LeftButton || event->button() == Qt::MiddleButton) {
        m_dragging = true;
        m_dragFrom = event->position().toPoint();
        m_pressedAt = m_dragFrom;
        setCursor(Qt::ClosedHandCursor);
    }
}

void CompareView::mouseMoveEvent(QMouseEvent* event) {
    if (m_dragging) {
        const QPoint now = event->position().toPoint();
        setViewTransform(m_view.panned(QPointF(now - m_dragFrom)));
        m_dragFrom = now;
    }
}

void CompareView::mouseReleaseEvent(QMouseEvent* event) {
    const QPoint at = event->position().toPoint();
    // A click that did not pan (a few pixels of jitter allowed) picks a body.
    if (m_dragging && event->button() == Qt::LeftButton && (at - m_pressedAt).manhattanLength() <= 3) {
        if (const int slot = bodyAt(at); slot >= 0) {
            emit bodyClicked(slot);
        }
    }
    m_dragging = false;
    unsetCursor();
}

} // namespace cl
