#include "paint_kit.h"

#include "svg_writer.h"

#include <QDir>
#include <QFileInfo>
#include <QObject>
#include <QPaintDevice>
#include <QPaintEngine>
#include <QPainter>
#include <QPolygonF>
#include <QSaveFile>

#include <algorithm>
#include <cmath>

namespace cl::paintkit {

QPen roundPen(const QColor& color, double width, Qt::PenStyle style, Qt::PenCapStyle cap) {
    return QPen(color, width, style, cap, Qt::RoundJoin);
}

QPen cosmeticPen(const QColor& color, double width) {
    QPen pen = roundPen(color, width);
    pen.setCosmetic(true);
    return pen;
}

bool isRasterDevice(const QPainter& painter) {
    return painter.paintEngine() && painter.paintEngine()->type() == QPaintEngine::Raster;
}

double deviceRatio(const QPainter& painter) {
    return painter.device() ? painter.device()->devicePixelRatioF() : 1.0;
}

QFont pixelFont(double pixels, double scale, bool bold) {
    QFont font;
    font.setPixelSize(std::max(1, int(std::lround(pixels * scale))));
    font.setWeight(bold ? QFont::DemiBold : QFont::Normal);
    return font;
}

QPointF baselineForCentre(const QFontMetricsF& metrics, double left, double centreY) {
    return {left, centreY + 0.5 * (metrics.ascent() - metrics.descent())};
}

// Arrow: u = (to - from) / |to - from|, n = u turned 90 degrees; head length h = min(maxFraction |d|,
// pixels * scale); the shaft from `from` to the head's base (to - h u) plus the overlap, the head the
// triangle (to, base + 0.45 h n, base - 0.45 h n).
void drawArrow(QPainter& painter, QPointF from, QPointF to, const QColor& color, double width, double scale,
               const ArrowHead& head) {
    const QPointF d = to - from;
    const double length = std::hypot(d.x(), d.y());
    if (length < head.minLength) {
        return;
    }
    const QPointF u = d / length;
    const QPointF n(-u.y(), u.x());
    const double h = std::min(head.maxFraction * length, head.pixels * scale);
    const QPointF base = to - u * h;
    painter.setPen(roundPen(color, width, Qt::SolidLine, head.cap));
    painter.drawLine(from, base + u * head.shaftOverlap);
    painter.setPen(Qt::NoPen);
    painter.setBrush(color);
    painter.drawPolygon(QPolygonF{to, base + n * (0.45 * h), base - n * (0.45 * h)});
    if (head.restoreBrush) {
        painter.setBrush(Qt::NoBrush);
    }
}

QString writePng(const QImage& image, const QString& fileName) {
    const QString shown = QDir::toNativeSeparators(fileName);
    QSaveFile file(fileName);
    if (!file.open(QIODevice::WriteOnly)) {
        return QObject::tr("cannot write %1: %2").arg(shown, file.errorString());
    }
    if (!image.save(&file, "PNG")) {
        file.cancelWriting();
        return QObject::tr("cannot encode %1 as PNG").arg(shown);
    }
    if (!file.commit()) {
        return QObject::tr("cannot write %1: %2").arg(shown, file.errorString());
    }
    return {};
}

QString writeDrawing(const QString& fileName, QSize size, const Drawing& draw, const DrawingFile& options,
                     Format format) {
    const bool svgFile = format == Format::Svg ||
                         (format == Format::BySuffix && QFileInfo(fileName).suffix().compare(
                                                            QLatin1String("svg"), Qt::CaseInsensitive) == 0);
    if (svgFile) {
        // Our own writer, not QSvgGenerator: real <text> and strokes in output units (svg_writer.h).
        SvgWriter svg(size);
        svg.setTitle(options.title);
        QPainter painter;
        if (!painter.begin(&svg)) {
            return QObject::tr("cannot start drawing into %1").arg(QDir::toNativeSeparators(fileName));
        }
        draw(painter);
        painter.end();
        return svg.save(fileName);
    }
    const double ratio = options.devicePixelRatio;
    QImage image(QSize(int(std::lround(size.width() * ratio)), int(std::lround(size.height() * ratio))),
                 QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(ratio);
    image.fill(options.background.isValid() ? options.background : QColor(Qt::transparent));
    QPainter painter(&image);
    draw(painter);
    painter.end();
    return writePng(image, fileName);
}

} // namespace cl::paintkit
