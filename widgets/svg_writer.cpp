/// @file svg_writer.cpp
/// The paint engine behind SvgWriter. It receives QPainter's primitives (paths, polygons, text runs, images)
/// with the painter's state and writes one SVG element per primitive, mapped to output units.
///
///   on a state change: remember pen, brush, transform, opacity, font
///   drawPath / drawPolygon:  map the geometry by the transform; write <path d=...> with
///       fill   = brush colour (a hatch brush: a <pattern> of 1-pixel lines, 8 x 8 pixels, as Qt rasterises)
///       stroke = pen colour, width = cosmetic ? width : width * (the transform's scale), dashes in units
///   drawTextItem: one <text> at the mapped baseline origin, font family as resolved, pixel size times the
///       transform's scale, rotated by a transform attribute only when the painter rotates
///   drawImage / drawPixmap: an <image> with the PNG inline (not used by the scene drawing)
/// Follows the SVG 1.1 specification (W3C, 2011): 8.3 path data, 11.4 stroke properties, 10 text, 13.3
/// patterns.

#include "svg_writer.h"

#include <QBuffer>
#include <QDir>
#include <QFont>
#include <QFontInfo>
#include <QFontMetricsF>
#include <QImage>
#include <QPaintEngine>
#include <QPainter>
#include <QPainterPath>
#include <QPixmap>
#include <QRegularExpression>
#include <QSaveFile>
#include <QTextItem>

#include <cmath>

namespace cl {

namespace {

/// A number as written: at most 3 decimals, no trailing zeros, no "-0".
QString num(double value) {
    if (!std::isfinite(value)) {
        return QStringLiteral("0");
    }
    const double rounded = std::round(value * 1000.0) / 1000.0;
    if (rounded == 0.0) {
        return QStringLiteral("0");
    }
    return QString::number(rounded, 'f', 3).remove(QRegularExpression(QStringLiteral("\\.?0+$")));
}

QString colorText(const QColor& color) {
    return color.name(QColor::HexRgb);
}

QString escaped(const QString& text) {
    return text.toHtmlEscaped();
}

/// The scale a transform applies to lengths (the square root of its area factor).
double lengthScale(const QTransform& t) {
    return std::sqrt(std::abs(t.determinant()));
}

/// "M x y L x y ... Z" of a path already in output units.
QString pathData(const QPainterPath& path) {
    QString d;
    d.reserve(path.elementCount() * 16);
    for (int i = 0; i < path.elementCount(); ++i) {
        const QPainterPath::Element e = path.elementAt(i);
        switch (e.type) {
        case QPainterPath::MoveToElement:
            d += QStringLiteral("M%1 %2").arg(num(e.x), num(e.y));
            break;
        case QPainterPath::LineToElement:
            d += QStringLiteral("L%1 %2").arg(num(e.x), num(e.y));
            break;
        case QPainterPath::CurveToElement: {
            const QPainterPath::Element c2 = path.elementAt(i + 1);
            const QPainterPath::Element end = path.elementAt(i + 2);
            d += QStringLiteral("C%1 %2 %3 %4 %5 %6")
                     .arg(num(e.x), num(e.y), num(c2.x), num(c2.y), num(end.x), num(end.y));
            i += 2;
            break;
        }
        case QPainterPath::CurveToDataElement:
            break;
        }
    }
    return d;
}

} // namespace

class SvgPaintEngine : public QPaintEngine {
public:
    explicit SvgPaintEngine(QSize size)
        : QPaintEngine(QPaintEngine::PaintEngineFeatures(QPaintEngine::AllFeatures) &
                       ~QPaintEngine::PerspectiveTransform),
          m_size(size) {}

    QString title;

    bool begin(QPaintDevice*) override {
        m_body.clear();
        m_defs.clear();
        m_patterns = 0;
        return true;
    }
    bool end() override { return true; }
    Type type() const override { return QPaintEngine::User; }

    void updateState(const QPaintEngineState& state) override {
        const QPaintEngine::DirtyFlags flags = state.state();
        if (flags & DirtyPen) {
            m_pen = state.pen();
        }
        if (flags & DirtyBrush) {
            m_brush = state.brush();
        }
        if (flags & DirtyTransform) {
            m_transform = state.transform();
        }
        if (flags & DirtyOpacity) {
            m_opacity = state.opacity();
        }
        if (flags & DirtyFont) {
            m_font = state.font();
        }
        if (flags & DirtyBrushOrigin) {
            m_brushOrigin = state.brushOrigin();
        }
    }

    void drawPath(const QPainterPath& path) override {
        writeShape(pathData(m_transform.map(path)), path.fillRule(), true);
    }

    void drawPolygon(const QPointF* points, int count, PolygonDrawMode mode) override {
        if (count < 1) {
            return;
        }
        QString d;
        d.reserve(count * 16);
        for (int i = 0; i < count; ++i) {
            const QPointF p = m_transform.map(points[i]);
            d += QStringLiteral("%1%2 %3")
                     .arg(i == 0 ? QLatin1Char('M') : QLatin1Char('L'))
                     .arg(num(p.x()), num(p.y()));
        }
        const bool closed = mode != PolylineMode;
        if (closed) {
            d += QLatin1Char('Z');
        }
        writeShape(d, mode == OddEvenMode ? Qt::OddEvenFill : Qt::WindingFill, closed);
    }

    void drawTextItem(const QPointF& p, const QTextItem& item) override {
        writeText(p, item.text(), item.font(), m_pen.color(), nullptr, 0.0, m_transform, m_opacity);
    }

    void drawPixmap(const QRectF& r, const QPixmap& pm, const QRectF& sr) override {
        drawImage(r, pm.toImage(), sr, Qt::AutoColor);
    }

    void drawImage(const QRectF& r, const QImage& image, const QRectF& sr,
                   Qt::ImageConversionFlags) override {
        QByteArray png;
        QBuffer buffer(&png);
        buffer.open(QIODevice::WriteOnly);
        image.copy(sr.toAlignedRect()).save(&buffer, "PNG");
        const QTransform& t = m_transform;
        m_body +=
            QStringLiteral("<image x=\"%1\" y=\"%2\" width=\"%3\" height=\"%4\" transform=\"matrix(%5 %6 %7 "
                           "%8 %9 %10)\" preserveAspectRatio=\"none\" xlink:href=\"data:image/png;base64,")
                .arg(num(r.x()), num(r.y()), num(r.width()), num(r.height()), num(t.m11()), num(t.m12()),
                     num(t.m21()), num(t.m22()))
                .arg(num(t.dx()), num(t.dy())) +
            QString::fromLatin1(png.toBase64()) + QStringLiteral("\"/>\n");
    }

    /// Text with a halo (paintHaloText): the halo as a stroked copy under the text.
    void writeHaloText(QPointF baselineLeft, const QString& text, const QFont& font, QColor color,
                       QColor halo, double haloWidth, const QTransform& transform, double opacity) {
        writeText(baselineLeft, text, font, color, &halo, haloWidth, transform, opacity);
    }

    QByteArray document() const {
        QString out = QStringLiteral("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                                     "<svg xmlns=\"http://www.w3.org/2000/svg\" "
                                     "xmlns:xlink=\"http://www.w3.org/1999/xlink\" version=\"1.1\" "
                                     "width=\"%1\" height=\"%2\" viewBox=\"0 0 %1 %2\">\n")
                          .arg(m_size.width())
                          .arg(m_size.height());
        if (!title.isEmpty()) {
            out += QStringLiteral("<title>%1</title>\n").arg(escaped(title));
        }
        if (!m_defs.isEmpty()) {
            out += QStringLiteral("<defs>\n") + m_defs + QStringLiteral("</defs>\n");
        }
        out += m_body;
        out += QStringLiteral("</svg>\n");
        return out.toUtf8();
    }

private:
    /// fill="..." for the current brush (a pattern is defined on first use).
    QString fillAttributes(Qt::FillRule rule) {
        const Qt::BrushStyle style = m_brush.style();
        if (style == Qt::NoBrush) {
            return QStringLiteral(" fill=\"none\"");
        }
        QColor color = m_brush.color();
        if (const QGradient* gradient = m_brush.gradient(); gradient && !gradient->stops().isEmpty()) {
            color = gradient->stops().front().second; // not used by the scene drawing: its first colour
        }
        const double alpha = color.alphaF() * m_opacity;
        QString fill;
        if (style == Qt::BDiagPattern || style == Qt::FDiagPattern || style == Qt::DiagCrossPattern ||
            style == Qt::HorPattern || style == Qt::VerPattern || style == Qt::CrossPattern) {
            fill = QStringLiteral("url(#%1)").arg(hatchPattern(style, color));
        } else {
            fill = colorText(color);
        }
        QString out = QStringLiteral(" fill=\"%1\"").arg(fill);
        if (alpha < 1.0) {
            out += QStringLiteral(" fill-opacity=\"%1\"").arg(num(alpha));
        }
        if (rule == Qt::OddEvenFill) {
            out += QStringLiteral(" fill-rule=\"evenodd\"");
        }
        return out;
    }

    /// An 8 x 8 pixel pattern of 1-pixel lines in `color` (opaque: the fill's opacity applies), anchored at
    /// the brush origin in output units, as Qt's raster engine draws hatch brushes.
    QString hatchPattern(Qt::BrushStyle style, const QColor& color) {
        const QString id = QStringLiteral("hatch%1").arg(++m_patterns);
        const QString stroke = QStringLiteral(" stroke=\"%1\" stroke-width=\"1\"").arg(colorText(color));
        QString lines;
        if (style == Qt::BDiagPattern || style == Qt::DiagCrossPattern) {
            lines += QStringLiteral("<path d=\"M-1 9L9 -1M-1 1L1 -1M7 9L9 7\"%1/>").arg(stroke);
        }
        if (style == Qt::FDiagPattern || style == Qt::DiagCrossPattern) {
            lines += QStringLiteral("<path d=\"M-1 -1L9 9M7 -1L9 1M-1 7L1 9\"%1/>").arg(stroke);
        }
        if (style == Qt::HorPattern || style == Qt::CrossPattern) {
            lines += QStringLiteral("<path d=\"M0 0.5H8\"%1/>").arg(stroke);
        }
        if (style == Qt::VerPattern || style == Qt::CrossPattern) {
            lines += QStringLiteral("<path d=\"M0.5 0V8\"%1/>").arg(stroke);
        }
        m_defs +=
            QStringLiteral("<pattern id=\"%1\" patternUnits=\"userSpaceOnUse\" x=\"%2\" y=\"%3\" width=\"8\" "
                           "height=\"8\">%4</pattern>\n")
                .arg(id, num(m_brushOrigin.x()), num(m_brushOrigin.y()), lines);
        return id;
    }

    /// stroke="..." for the current pen, its width in output units.
    QString strokeAttributes() const {
        if (m_pen.style() == Qt::NoPen || m_pen.color().alpha() == 0) {
            return QStringLiteral(" stroke=\"none\"");
        }
        // A width of 0 is Qt's one-pixel cosmetic line; a cosmetic pen keeps its width in pixels; any other
        // width is in the painter's units and scales with its transform.
        const double width =
            m_pen.widthF() <= 0.0
                ? 1.0
                : (m_pen.isCosmetic() ? m_pen.widthF() : m_pen.widthF() * lengthScale(m_transform));
        QString out =
            QStringLiteral(" stroke=\"%1\" stroke-width=\"%2\"").arg(colorText(m_pen.color()), num(width));
        const double alpha = m_pen.color().alphaF() * m_opacity;
        if (alpha < 1.0) {
            out += QStringLiteral(" stroke-opacity=\"%1\"").arg(num(alpha));
        }
        switch (m_pen.capStyle()) {
        case Qt::RoundCap:
            out += QStringLiteral(" stroke-linecap=\"round\"");
            break;
        case Qt::SquareCap:
            out += QStringLiteral(" stroke-linecap=\"square\"");
            break;
        default:
            break;
        }
        switch (m_pen.joinStyle()) {
        case Qt::RoundJoin:
            out += QStringLiteral(" stroke-linejoin=\"round\"");
            break;
        case Qt::BevelJoin:
            out += QStringLiteral(" stroke-linejoin=\"bevel\"");
            break;
        default:
            out += QStringLiteral(" stroke-miterlimit=\"%1\"").arg(num(std::max(1.0, m_pen.miterLimit())));
            break;
        }
        if (m_pen.style() != Qt::SolidLine) {
            // Qt's dash pattern is in pen widths (a width under 1 counts as 1).
            const double unit = std::max(1.0, width);
            QStringList dashes;
            for (const double dash : m_pen.dashPattern()) {
                dashes << num(dash * unit);
            }
            if (!dashes.isEmpty()) {
                out += QStringLiteral(" stroke-dasharray=\"%1\"").arg(dashes.join(QLatin1Char(' ')));
                if (m_pen.dashOffset() != 0.0) {
                    out += QStringLiteral(" stroke-dashoffset=\"%1\"").arg(num(m_pen.dashOffset() * unit));
                }
            }
        }
        return out;
    }

    void writeShape(const QString& d, Qt::FillRule rule, bool closed) {
        if (d.isEmpty()) {
            return;
        }
        const QString fill = closed ? fillAttributes(rule) : QStringLiteral(" fill=\"none\"");
        m_body += QStringLiteral("<path d=\"%1\"%2%3/>\n").arg(d, fill, strokeAttributes());
    }

    void writeText(QPointF origin, const QString& text, const QFont& font, QColor color, const QColor* halo,
                   double haloWidth, const QTransform& t, double opacity) {
        if (text.isEmpty()) {
            return;
        }
        // The family Qt actually drew with, so another renderer picks the same face.
        const QString family = QFontInfo(font).family();
        const double pixels = font.pixelSize() > 0 ? font.pixelSize() : font.pointSizeF() * 96.0 / 72.0;
        const double scale = lengthScale(t);
        const bool upright = std::abs(t.m12()) < 1e-9 && std::abs(t.m21()) < 1e-9 && t.m11() > 0 &&
                             t.m22() > 0 && std::abs(t.m11() - t.m22()) < 1e-9;
        QString place;
        double size = pixels;
        if (upright) {
            const QPointF p = t.map(origin);
            place = QStringLiteral("x=\"%1\" y=\"%2\"").arg(num(p.x()), num(p.y()));
            size = pixels * scale;
        } else {
            place = QStringLiteral("x=\"%1\" y=\"%2\" transform=\"matrix(%3 %4 %5 %6 %7 %8)\"")
                        .arg(num(origin.x()), num(origin.y()), num(t.m11()), num(t.m12()), num(t.m21()),
                             num(t.m22()), num(t.dx()), num(t.dy()));
        }
        // Qt's advance of the run, so browsers and Inkscape space the glyphs to the width Qt laid out.
        const double advance = QFontMetricsF(font).horizontalAdvance(text) * (upright ? scale : 1.0);
        const QString style =
            QStringLiteral("font-family=\"%1\" font-size=\"%2\" font-weight=\"%3\"%4 textLength=\"%5\" "
                           "lengthAdjust=\"spacing\" xml:space=\"preserve\"")
                .arg(escaped(family), num(size))
                .arg(font.weight())
                .arg(font.italic() ? QStringLiteral(" font-style=\"italic\"") : QString())
                .arg(num(advance));
        auto opacityAttribute = [opacity](const char* name, const QColor& c) {
            const double alpha = c.alphaF() * opacity;
            return alpha < 1.0 ? QStringLiteral(" %1=\"%2\"").arg(QLatin1String(name), num(alpha))
                               : QString();
        };
        if (halo) {
            // The halo: the same text stroked (and filled) in the halo colour, under the text itself.
            m_body += QStringLiteral("<text %1 %2 fill=\"none\" stroke=\"%3\"%4 stroke-width=\"%5\" "
                                     "stroke-linejoin=\"round\">%6</text>\n")
                          .arg(place, style, colorText(*halo), opacityAttribute("stroke-opacity", *halo),
                               num(haloWidth * (upright ? scale : 1.0)), escaped(text));
        }
        m_body +=
            QStringLiteral("<text %1 %2 fill=\"%3\"%4>%5</text>\n")
                .arg(place, style, colorText(color), opacityAttribute("fill-opacity", color), escaped(text));
    }

    QSize m_size;
    QString m_body;
    QString m_defs;
    int m_patterns = 0;
    QPen m_pen;
    QBrush m_brush;
    QTransform m_transform;
    QPointF m_brushOrigin;
    double m_opacity = 1.0;
    QFont m_font;
};

SvgWriter::SvgWriter(QSize size) : m_size(size), m_engine(std::make_unique<SvgPaintEngine>(size)) {}

SvgWriter::~SvgWriter() = default;

void SvgWriter::setTitle(const QString& title) {
    m_engine->title = title;
}

QByteArray SvgWriter::data() const {
    return m_engine->document();
}

QString SvgWriter::save(const QString& fileName) const {
    QSaveFile file(fileName);
    if (!file.open(QIODevice::WriteOnly)) {
        return QObject::tr("cannot write %1: %2").arg(QDir::toNativeSeparators(fileName), file.errorString());
    }
    if (file.write(data()) < 0 || !file.commit()) {
        file.cancelWriting();
        return QObject::tr("cannot write %1: %2").arg(QDir::toNativeSeparators(fileName), file.errorString());
    }
    return {};
}

QPaintEngine* SvgWriter::paintEngine() const {
    return m_engine.get();
}

int SvgWriter::metric(PaintDeviceMetric metric) const {
    switch (metric) {
    case PdmWidth:
        return m_size.width();
    case PdmHeight:
        return m_size.height();
    case PdmWidthMM:
        return int(std::lround(m_size.width() * 25.4 / 96.0));
    case PdmHeightMM:
        return int(std::lround(m_size.height() * 25.4 / 96.0));
    case PdmNumColors:
        return 0x7fffffff;
    case PdmDepth:
        return 32;
    case PdmDpiX:
    case PdmDpiY:
    case PdmPhysicalDpiX:
    case PdmPhysicalDpiY:
        return 96;
    case PdmDevicePixelRatio:
        return 1;
    case PdmDevicePixelRatioScaled:
        return int(QPaintDevice::devicePixelRatioFScale());
    default:
        return 0;
    }
}

void paintHaloText(QPainter& painter, QPointF baselineLeft, const QString& text, const QFont& font,
                   QColor color, QColor haloColor, double haloWidth) {
    if (text.isEmpty()) {
        return;
    }
    if (painter.paintEngine() && painter.paintEngine()->type() == QPaintEngine::User) {
        if (auto* svg = dynamic_cast<SvgPaintEngine*>(painter.paintEngine())) {
            // The painter hands its state to the engine lazily, at the next primitive: pass it explicitly.
            svg->writeHaloText(baselineLeft, text, font, color, haloColor, haloWidth,
                               painter.combinedTransform(), painter.opacity());
            return;
        }
    }
    QPainterPath path;
    path.addText(baselineLeft, font, text);
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    QPen halo(haloColor, haloWidth);
    halo.setJoinStyle(Qt::RoundJoin);
    painter.strokePath(path, halo);
    painter.fillPath(path, color);
    painter.restore();
}

} // namespace cl
