#pragma once
/// @file layer_image.h
/// A transparent image of the view's size that the canvas's own rasterisers (SimLineRaster's lines,
/// CoverageRaster's fills) write pixels into directly, then lay over the view with a single drawImage.
/// Coordinates given to them are view pixels (y down); the image holds device pixels (view pixels times the
/// device pixel ratio).

#include <QImage>
#include <QRect>
#include <QSizeF>

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
    QImage m_image;
    uchar* m_bits = nullptr; ///< m_image's pixels (detached once per frame, not per pixel)
    qsizetype m_stride = 0;  ///< bytes per line
    double m_ratio = 1.0;    ///< device pixels per view pixel
    QRect m_dirty;           ///< device pixels touched since begin()
};

} // namespace cl
