/// @file halo_text.cpp

#include "halo_text.h"

#include "paint_kit.h"
#include "svg_writer.h"

#include <QHash>
#include <QImage>
#include <QPaintDevice>
#include <QPaintEngine>
#include <QPainterPath>
#include <QPen>

#include <cmath>

namespace cl {

namespace {

/// One rendered label: the image and where its top-left pixel sits relative to the baseline point.
struct CachedText {
    QImage image;
    QPoint offset;
};

/// GUI thread only, like every canvas paint. Bounded: a scene that renames bodies forever starts afresh.
QHash<QString, CachedText>& cache() {
    static QHash<QString, CachedText> entries;
    return entries;
}

constexpr qsizetype kMaxEntries = 4000;

QPainterPath outline(const QFont& font, const QString& text) {
    QPainterPath path;
    path.addText(QPointF(0.0, 0.0), font, text);
    return path;
}

QPen haloPen(const QColor& halo, double width, bool cosmetic) {
    return cosmetic ? paintkit::cosmeticPen(halo, width) : paintkit::roundPen(halo, width);
}

void drawDirect(QPainter& painter, QPointF baseline, const QFont& font, const QString& text,
                const QColor& fill, const QColor& halo, double haloWidth, bool cosmetic) {
    const QPainterPath path = outline(font, text).translated(baseline);
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing, true);
    painter.strokePath(path, haloPen(halo, haloWidth, cosmetic));
    painter.fillPath(path, fill);
    painter.restore();
}

} // namespace

void drawHaloText(QPainter& painter, QPointF baseline, const QFont& font, const QString& text,
                  const QColor& fill, const QColor& halo, double haloWidth, bool cosmeticHalo) {
    if (text.isEmpty()) {
        return;
    }
    if (painter.paintEngine() && painter.paintEngine()->type() == QPaintEngine::User) {
        // Our SVG export (svg_writer.h): real text with its halo, not an image or outlines.
        paintHaloText(painter, baseline, text, font, fill, halo, haloWidth);
        return;
    }
    const QTransform transform = painter.worldTransform();
    const bool raster = paintkit::isRasterDevice(painter);
    if (!raster || transform.type() > QTransform::TxTranslate) {
        drawDirect(painter, baseline, font, text, fill, halo, haloWidth, cosmeticHalo);
        return;
    }
    const double ratio = paintkit::deviceRatio(painter);
    const QString key = QStringLiteral("%1|%2|%3|%4|%5|%6|%7")
                            .arg(font.key(), fill.name(QColor::HexArgb), halo.name(QColor::HexArgb))
                            .arg(haloWidth)
                            .arg(ratio)
                            .arg(int(cosmeticHalo))
                            .arg(text);
    QHash<QString, CachedText>& entries = cache();
    auto found = entries.constFind(key);
    if (found == entries.constEnd()) {
        if (entries.size() > kMaxEntries) {
            entries.clear();
        }
        const QPainterPath path = outline(font, text);
        const QRectF bounds = path.boundingRect().adjusted(-haloWidth, -haloWidth, haloWidth, haloWidth);
        const QRect device(
            QPoint(int(std::floor(bounds.left() * ratio)), int(std::floor(bounds.top() * ratio))),
            QPoint(int(std::ceil(bounds.right() * ratio)), int(std::ceil(bounds.bottom() * ratio))));
        CachedText entry;
        entry.image = QImage(device.size(), QImage::Format_ARGB32_Premultiplied);
        entry.image.fill(Qt::transparent);
        entry.offset = device.topLeft();
        {
            QPainter p(&entry.image);
            p.translate(-device.topLeft());
            p.scale(ratio, ratio);
            // The image's painter scales by the device ratio, so the halo's width is given in logical pixels
            // (what a cosmetic pen is on a translated painter of a high-DPI device as well).
            drawDirect(p, QPointF(0.0, 0.0), font, text, fill, halo, haloWidth, false);
        }
        entry.image.setDevicePixelRatio(ratio);
        found = entries.insert(key, entry);
    }
    // The baseline point in device pixels, rounded to a whole pixel so the copy is exact.
    const QPointF devicePoint = transform.map(baseline) * ratio;
    const QPoint at(int(std::lround(devicePoint.x())) + found->offset.x(),
                    int(std::lround(devicePoint.y())) + found->offset.y());
    painter.save();
    painter.resetTransform();
    painter.drawImage(QPointF(at) / ratio, found->image);
    painter.restore();
}

} // namespace cl
