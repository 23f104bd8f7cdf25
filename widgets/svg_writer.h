#pragma once
/// @file svg_writer.h
/// An SVG 1.1 paint device written for slides and editors: everything a QPainter draws on it lands in the
/// SVG's own units (pixels of the picture), so
/// - every coordinate is mapped through the painter's transform before it is written, and every stroke width
///   is written in those units (a cosmetic pen keeps its pixel width, any other is scaled by the transform):
///   no `vector-effect`, which librsvg and ImageMagick ignore (QSvgGenerator relies on it, so a body drawn in
///   metres came out as a blob of 1.5 m strokes there);
/// - text stays text: each run is a `<text>` element with the resolved font family, pixel size and weight,
///   editable in Inkscape or a browser; paintHaloText() writes the readable-over-lines halo as a stroked copy
///   of the same text under it, not as glyph outlines.
/// Used by every SVG export (File > Export, `contactlab-cli render --out FILE.svg`).

#include <QByteArray>
#include <QColor>
#include <QPaintDevice>
#include <QPointF>
#include <QSize>
#include <QString>

#include <memory>

class QFont;
class QPainter;

namespace cl {

class SvgPaintEngine;

class SvgWriter : public QPaintDevice {
public:
    /// A picture of `size` pixels (the SVG's width, height and viewBox).
    explicit SvgWriter(QSize size);
    ~SvgWriter() override;
    SvgWriter(const SvgWriter&) = delete;
    SvgWriter& operator=(const SvgWriter&) = delete;

    void setTitle(const QString& title);
    QSize size() const { return m_size; }

    /// The whole document (complete once the painter has ended).
    QByteArray data() const;
    /// Writes data() to `fileName` atomically. Returns an empty string on success, else the error.
    QString save(const QString& fileName) const;

    QPaintEngine* paintEngine() const override;

protected:
    int metric(PaintDeviceMetric metric) const override;

private:
    QSize m_size;
    std::unique_ptr<SvgPaintEngine> m_engine;
};

/// Draws `text` with its baseline starting at `baselineLeft` (painter coordinates) in `font` and `color`, with
/// a halo of `haloColor`, `haloWidth` pixels wide, around the glyphs so it reads over lines and fills. On an
/// SvgWriter: two `<text>` elements (the halo as a stroke, then the text); elsewhere the glyph outlines
/// stroked and filled, as the canvas has always drawn its labels.
void paintHaloText(QPainter& painter, QPointF baselineLeft, const QString& text, const QFont& font,
                   QColor color, QColor haloColor, double haloWidth);

} // namespace cl
