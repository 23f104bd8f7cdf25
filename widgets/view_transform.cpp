#include "view_transform.h"

#include <algorithm>
#include <cmath>

namespace cl {

ViewTransform::ViewTransform(double pixelsPerMetre, phys::Vec2 centre, QSizeF viewSize)
    : m_pixelsPerMetre(clampScale(pixelsPerMetre)), m_centre(centre), m_viewSize(viewSize) {}

double ViewTransform::clampScale(double pixelsPerMetre) {
    if (!std::isfinite(pixelsPerMetre)) {
        return kDefaultPixelsPerMetre;
    }
    return std::clamp(pixelsPerMetre, kMinPixelsPerMetre, kMaxPixelsPerMetre);
}

QPointF ViewTransform::toView(phys::Vec2 worldPoint) const {
    return {(worldPoint.x - m_centre.x) * m_pixelsPerMetre + 0.5 * m_viewSize.width(),
            -(worldPoint.y - m_centre.y) * m_pixelsPerMetre + 0.5 * m_viewSize.height()};
}

phys::Vec2 ViewTransform::toWorld(QPointF viewPoint) const {
    return {m_centre.x + (viewPoint.x() - 0.5 * m_viewSize.width()) / m_pixelsPerMetre,
            m_centre.y - (viewPoint.y() - 0.5 * m_viewSize.height()) / m_pixelsPerMetre};
}

QTransform ViewTransform::worldToView() const {
    const double s = m_pixelsPerMetre;
    // QTransform(m11, m12, m21, m22, dx, dy): x' = m11 x + m21 y + dx, y' = m12 x + m22 y + dy.
    return {s,
            0.0,
            0.0,
            -s,
            0.5 * m_viewSize.width() - s * m_centre.x,
            0.5 * m_viewSize.height() + s * m_centre.y};
}

QRectF ViewTransform::visibleWorldRect() const {
    const phys::Vec2 a = toWorld({0.0, m_viewSize.height()});
    const phys::Vec2 b = toWorld({m_viewSize.width(), 0.0});
    return QRectF(QPointF(a.x, a.y), QPointF(b.x, b.y));
}

ViewTransform ViewTransform::resized(QSizeF viewSize) const {
    return {m_pixelsPerMetre, m_centre, viewSize};
}

ViewTransform ViewTransform::zoomedAbout(QPointF viewPoint, double factor) const {
    // Keep the world point under the cursor fixed:
    //   w = toWorld(p) before; choose the new centre c' so that toView'(w) = p with the new scale s':
    //   c' = w - (p - viewCentre) / s'  (with the y term negated for the flip).
    const phys::Vec2 anchor = toWorld(viewPoint);
    const double newScale = clampScale(m_pixelsPerMetre * factor);
    const phys::Vec2 newCentre{anchor.x - (viewPoint.x() - 0.5 * m_viewSize.width()) / newScale,
                               anchor.y + (viewPoint.y() - 0.5 * m_viewSize.height()) / newScale};
    return {newScale, newCentre, m_viewSize};
}

ViewTransform ViewTransform::panned(QPointF deltaPixels) const {
    // Content moves with the drag, so the centre moves the other way (and y flips).
    const phys::Vec2 newCentre{m_centre.x - deltaPixels.x() / m_pixelsPerMetre,
                               m_centre.y + deltaPixels.y() / m_pixelsPerMetre};
    return {m_pixelsPerMetre, newCentre, m_viewSize};
}

ViewTransform ViewTransform::fitting(const phys::AABB& box, QSizeF viewSize, double marginPixels) {
    const double availableW = std::max(1.0, viewSize.width() - 2.0 * marginPixels);
    const double availableH = std::max(1.0, viewSize.height() - 2.0 * marginPixels);
    const double boxW = box.upper.x - box.lower.x;
    const double boxH = box.upper.y - box.lower.y;
    double scale = kDefaultPixelsPerMetre;
    if (boxW > 0.0 && boxH > 0.0) {
        scale = std::min(availableW / boxW, availableH / boxH);
    } else if (boxW > 0.0) {
        scale = availableW / boxW;
    } else if (boxH > 0.0) {
        scale = availableH / boxH;
    }
    return {scale, box.center(), viewSize};
}

ViewTransform ViewTransform::fitting(const phys::AABB& box, QSizeF viewSize, const QMarginsF& margins) {
    const double availableW = std::max(1.0, viewSize.width() - margins.left() - margins.right());
    const double availableH = std::max(1.0, viewSize.height() - margins.top() - margins.bottom());
    const ViewTransform fit = fitting(box, QSizeF(availableW, availableH), 0.0);
    const double scale = fit.pixelsPerMetre();
    // The box's centre goes to the centre of the rectangle left; the view's centre is where the view's
    // middle pixel lands (y up in the world, down on the screen).
    const double dx = margins.left() + 0.5 * availableW - 0.5 * viewSize.width();
    const double dy = margins.top() + 0.5 * availableH - 0.5 * viewSize.height();
    return {scale, box.center() + phys::Vec2{-dx / scale, dy / scale}, viewSize};
}

} // namespace cl
