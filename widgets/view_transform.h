#pragma once
/// @file view_transform.h
/// The one place where metres become pixels: a uniform scale, a world point at the view centre and the view
/// size.

#include "physics/math.h"

#include <QMarginsF>
#include <QPointF>
#include <QRectF>
#include <QSizeF>
#include <QTransform>

namespace cl {

/// Maps the y-up world (metres) to a y-down view (pixels, origin at the top-left corner) and back.
///
/// A world point w lands at view point
///   v.x = (w.x - centre.x) * s + width / 2
///   v.y = -(w.y - centre.y) * s + height / 2
/// with s = pixelsPerMetre. The y axis flips, so world text must be drawn with an un-flipped painter.
/// View pixels are device-independent pixels (the devicePixelRatio is applied by Qt on top).
class ViewTransform {
public:
    /// Smallest and largest zoom accepted, pixels per metre (1 px = 10 km up to 1 px = 1 um).
    static constexpr double kMinPixelsPerMetre = 1.0e-4;
    static constexpr double kMaxPixelsPerMetre = 1.0e6;
    /// Zoom a new view starts with, pixels per metre.
    static constexpr double kDefaultPixelsPerMetre = 50.0;

    ViewTransform() = default;
    /// @param pixelsPerMetre clamped into [kMinPixelsPerMetre, kMaxPixelsPerMetre]
    /// @param centre world point (metres) shown at the view centre
    /// @param viewSize view size in pixels
    ViewTransform(double pixelsPerMetre, phys::Vec2 centre, QSizeF viewSize);

    double pixelsPerMetre() const { return m_pixelsPerMetre; }
    /// World point at the view centre, metres.
    phys::Vec2 centre() const { return m_centre; }
    /// View size, pixels.
    QSizeF viewSize() const { return m_viewSize; }

    /// World point (metres) -> view point (pixels).
    QPointF toView(phys::Vec2 worldPoint) const;
    /// View point (pixels) -> world point (metres).
    phys::Vec2 toWorld(QPointF viewPoint) const;
    /// Length in metres -> pixels.
    double toPixels(double metres) const { return metres * m_pixelsPerMetre; }
    /// Length in pixels -> metres.
    double toMetres(double pixels) const { return pixels / m_pixelsPerMetre; }

    /// The full affine map world -> view, for a QPainter or a QGraphicsView: scale(s, -s) plus the
    /// translation.
    QTransform worldToView() const;
    /// The part of the world that is visible, metres (x right, y up: top() is the lowest y).
    QRectF visibleWorldRect() const;

    /// The same view with another size, keeping the world point at the centre.
    ViewTransform resized(QSizeF viewSize) const;
    /// Zoomed by `factor` about a view point: the world point under `viewPoint` stays under it.
    /// The resulting scale is clamped to the zoom limits.
    ViewTransform zoomedAbout(QPointF viewPoint, double factor) const;
    /// Moved so that the content follows a drag of `deltaPixels` (view frame).
    ViewTransform panned(QPointF deltaPixels) const;
    /// A view of `viewSize` that frames `box` (metres) with at least `marginPixels` around it, centred on it.
    /// An empty or degenerate box keeps a sensible zoom (kDefaultPixelsPerMetre when it is a single point).
    static ViewTransform fitting(const phys::AABB& box, QSizeF viewSize, double marginPixels);
    /// The same with a margin of its own on each side (left, top, right, bottom, pixels): `box` is centred in
    /// the rectangle the margins leave.
    static ViewTransform fitting(const phys::AABB& box, QSizeF viewSize, const QMarginsF& margins);

    friend bool operator==(const ViewTransform&, const ViewTransform&) = default;

private:
    static double clampScale(double pixelsPerMetre);

    double m_pixelsPerMetre = kDefaultPixelsPerMetre;
    phys::Vec2 m_centre;
    QSizeF m_viewSize{640.0, 480.0};
};

} // namespace cl
