#include "layer_image.h"

#include <QPainter>

#include <algorithm>
#include <cmath>

namespace cl {

void LayerImage::begin(QSizeF viewSize, double devicePixelRatio) {
    m_ratio = devicePixelRatio > 0.0 && std::isfinite(devicePixelRatio) ? devicePixelRatio : 1.0;
    const QSize size(std::max(1, static_cast<int>(std::ceil(viewSize.width() * m_ratio))),
                     std::max(1, static_cast<int>(std::ceil(viewSize.height() * m_ratio))));
    if (m_image.size() != size) {
        m_image = QImage(size, QImage::Format_ARGB32_Premultiplied);
        m_image.fill(Qt::transparent);
    } else if (!m_dirty.isEmpty()) {
        // Only the rows touched last frame hold pixels.
        for (int y = m_dirty.top(); y <= m_dirty.bottom(); ++y) {
            std::fill_n(reinterpret_cast<QRgb*>(m_image.scanLine(y)) + m_dirty.left(), m_dirty.width(),
                        QRgb(0));
        }
    }
    m_image.setDevicePixelRatio(m_ratio);
    m_bits = m_image.bits();
    m_stride = m_image.bytesPerLine();
    m_dirty = QRect();
}

void LayerImage::composite(QPainter& painter) const {
    if (m_dirty.isEmpty()) {
        return;
    }
    // Whole device pixels: copied, not resampled.
    const QRectF target(QPointF(m_dirty.left() / m_ratio, m_dirty.top() / m_ratio),
                        QSizeF(m_dirty.width() / m_ratio, m_dirty.height() / m_ratio));
    painter.save();
    painter.setRenderHint(QPainter::SmoothPixmapTransform, false);
    painter.drawImage(target, m_image, QRectF(m_dirty));
    painter.restore();
}

} // namespace cl
