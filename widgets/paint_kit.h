#pragma once
/// @file paint_kit.h
/// The painting kit shared by everything that draws a picture of the scene: the scene renderer, the
/// walkthrough overlay (overlay*.cpp), the simulation overlay, the tools' style, the slides and
/// `contactlab-cli render`. One place for the pens, label fonts, arrows and halo text they all use, and one
/// writer that puts a drawing into a PNG or an SVG file by its suffix (the CLI, the exports and the slides),
/// so the pictures stay alike and a fix lands everywhere.
///
/// Sizes are pixels at display scale 1 times `scale` (the presentation-mode factor the caller is drawing
/// at: RenderOptions::displayScale and friends; there is no process-wide scale).

#include "halo_text.h" // drawHaloText: the kit's halo text (its own file for the image cache behind it)

#include <cmath>

#include <QColor>
#include <QFont>
#include <QFontMetricsF>
#include <QImage>
#include <QPen>
#include <QPointF>
#include <QSize>
#include <QString>

#include <functional>

class QPainter;

namespace cl::paintkit {

/// A pen with round joins, `cap` ends and `style` dashes, `width` pixels wide.
QPen roundPen(const QColor& color, double width, Qt::PenStyle style = Qt::SolidLine,
              Qt::PenCapStyle cap = Qt::RoundCap);
/// roundPen that keeps `width` in device pixels under any painter transform (lines drawn in world metres).
QPen cosmeticPen(const QColor& color, double width);
/// Whether `painter` paints pixels with Qt's raster engine (the window, screenshots, PNG exports): the
/// canvas's own rasterisers (coverage_raster.h, sim_line_raster.h) write into images only there; an SVG or
/// PDF painter gets shapes.
bool isRasterDevice(const QPainter& painter);
/// Device pixels per pixel of `painter`'s device (1 without a device).
double deviceRatio(const QPainter& painter);
/// Length of a vector of view pixels. sqrt, not std::hypot: a view's pixels are far from overflow, and
/// hypot's care was 2% of a 1000-body Simulate frame (an arrow or two a body).
inline double pixelLength(QPointF d) {
    return std::sqrt(d.x() * d.x() + d.y() * d.y());
}
/// A label font of `pixels` pixels at display scale 1 (at least 1 pixel after scaling); DemiBold when `bold`.
QFont pixelFont(double pixels, double scale, bool bold = true);
/// Where drawHaloText's baseline goes for a text starting at `left` whose ink box (ascent over descent) is
/// centred on `centreY`: how every label (body names, overlay labels) is placed on its box.
QPointF baselineForCentre(const QFontMetricsF& metrics, double left, double centreY);

/// How an arrow's filled head is shaped.
struct ArrowHead {
    double pixels = 11.0;     ///< head length at display scale 1 ...
    double maxFraction = 0.6; ///< ... but at most this fraction of the arrow
    double minLength = 1e-6;  ///< shorter arrows draw nothing, pixels
    Qt::PenCapStyle cap = Qt::FlatCap;
    double shaftOverlap = 1.0; ///< the shaft runs this many pixels into the head (no seam between them)
    bool restoreBrush = false; ///< leave the painter with no brush (callers that do not save/restore)
};
/// An arrow from `from` to `to` (pixels): a shaft `width` pixels wide (width already scaled by the caller)
/// and a filled triangular head 0.9 times as wide as it is long. The painter's pen and brush are left set
/// (wrap in save/restore, or ask ArrowHead::restoreBrush).
void drawArrow(QPainter& painter, QPointF from, QPointF to, const QColor& color, double width, double scale,
               const ArrowHead& head = {});

/// Encodes `image` as PNG into `fileName` (written whole or not at all: QSaveFile). Returns an empty string
/// on success, else the error.
QString writePng(const QImage& image, const QString& fileName);

/// One drawing to write: a painter whose frame is `size` pixels (y down) -> the file.
using Drawing = std::function<void(QPainter&)>;

/// What writeDrawing does besides calling the drawing.
struct DrawingFile {
    QColor background;             ///< PNG: filled first (invalid: transparent); SVG: nothing
    double devicePixelRatio = 1.0; ///< PNG: pixels per drawing pixel
    QString title = QStringLiteral("ContactLab scene"); ///< SVG: its <title>
};

/// The file format writeDrawing writes.
enum class Format {
    BySuffix, ///< ".svg" (any case): SVG, anything else PNG
    Png,
    Svg,
};

/// Writes `draw` at `size` into `fileName`: an SVG with real text and strokes (SvgWriter, as librsvg and
/// browsers draw it) or a PNG of size times the device pixel ratio, as `format` says. Used by
/// `contactlab-cli render`, the exports (scene and overlay SVGs) and the slides. Returns an empty string or
/// the error.
QString writeDrawing(const QString& fileName, QSize size, const Drawing& draw,
                     const DrawingFile& options = {}, Format format = Format::BySuffix);

} // namespace cl::paintkit
