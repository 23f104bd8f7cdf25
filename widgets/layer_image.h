#pragma once
/// @file layer_image.h
/// A transparent image of the view's size that the canvas's own rasterisers (SimLineRaster's lines,
/// CoverageRaster's fills) write pixels into directly, then lay over the view with a single drawImage.
/// Coordinates given to them are view pixels (y down); the image holds device pixels (view pixels times the
/// device pixel ratio).

#include <QImage>
#include <QRect>
#include <QSizeF>

#include <algorithm>

class QPainter;

namespace cl {

class LayerImage {
public:
    /// Starts a frame: the image becomes `viewSize` (times `devicePixelRatio`) and fully transparent (only
    /// the part drawn last frame is cleared).
    void begin(QSizeF viewSize, double devicePixelRatio);
    /// Whether anything was drawn since begin().
    bool isEmpty() const { return m_dirty.isEmpty(); }
    /// Draws what was drawn over `painter` (transform: view pixels -> device) and keeps it (until begin()).
    void composite(QPainter& painter) const;
    /// The image (device pixels): tests read it.
    const QImage& image() const { return m_image; }

protected:
    /// Adds the pixels [left, right] x [top, bottom] (within the image) to the dirty rectangle: inline, as a
    /// dense overlay touches it once per line (QRect's united() and intersected() are calls into Qt).
    void touch(int left, int top, int right, int bottom) {
        if (m_dirty.isEmpty()) {
            m_dirty.setCoords(left, top, right, bottom);
        } else {
            m_dirty.setCoords(std::min(m_dirty.left(), left), std::min(m_dirty.top(), top),
                              std::max(m_dirty.right(), right), std::max(m_dirty.bottom(), bottom));
        }
    }

    QImage m_image;
    uchar* m_bits = nullptr; ///< m_image's pixels (detached once per frame, not per pixel)
    qsizetype m_stride = 0;  ///< bytes per line
    double m_ratio = 1.0;    ///< device pixels per view pixel
    QRect m_dirty;           ///< device pixels touched since begin()
};

} // namespace cl
