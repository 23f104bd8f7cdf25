#pragma once
/// @file sim_line_raster.h
/// Thousands of thin lines at once: the simulation overlay's dense style (big scenes) writes its 1 px aliased
/// segments straight into one transparent image and lays that image over the view with a single drawImage.
/// Qt's raster engine spends about 50 ns per pixel on a cosmetic line (10000 lines of 12 px: 6.4 ms through
/// QPainter); a direct write costs a few. With every overlay on for 1000 bodies (about 20000 segments) the
/// overlay's share of a frame went from 15 ms to 6 ms (contactlab-framebench, shared 2-core machine).

#include "layer_image.h"

#include <QImage>
#include <QPointF>
#include <QRect>
#include <QRgb>

class QPainter;

namespace cl {

/// A transparent image of the view's size that takes 1 px lines, then is drawn over the view.
/// Coordinates are view pixels (y down); the image holds device pixels (view pixels times the device pixel
/// ratio), so lines stay one device pixel wide.
class SimLineRaster : public LayerImage {
public:
    /// A 1 px line from `a` to `b`, both ends included, clipped to the image.
    /// Pseudocode (DDA, Foley et al., Computer Graphics 2nd ed. 3.2.1): clip the segment to the image
    /// (Liang-Barsky); n = the larger of |dx|, |dy| in pixels; step n times by (dx, dy) / n and set the pixel
    /// under each point; colours with alpha are blended source-over. A line within one row or column is
    /// set as a span; the steps of any other run in fixed point.
    /// @param color premultiplied ARGB
    void line(QPointF a, QPointF b, QRgb color);
    /// The outline of `rect` (four lines).
    void rectOutline(const QRectF& rect, QRgb color);
    /// Fills `rect` (whole view pixels: the device pixels from its left edge's to its right edge's), as
    /// QPainter fills an integer rectangle without antialiasing: the dense overlay's square dots, drawn over
    /// its lines.
    void fillRect(const QRect& rect, QRgb color);

private:
    void plot(int x, int y, QRgb color);
    /// Pixels [from, to] of row y (within the image), set or blended.
    void span(int y, int from, int to, QRgb color);
};

} // namespace cl
