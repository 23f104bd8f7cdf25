#include "sim_line_raster.h"

#include "label_layout.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace cl {

void SimLineRaster::plot(int x, int y, QRgb color) {
    QRgb& pixel = reinterpret_cast<QRgb*>(m_bits + y * m_stride)[x];
    const int alpha = qAlpha(color);
    if (alpha == 255) {
        pixel = color;
        return;
    }
    // Source over, premultiplied: d = s + d (255 - a) / 255, per channel.
    const int keep = 255 - alpha;
    auto channel = [keep](int s, int d) {
        return std::min(255, s + (d * keep + 127) / 255);
    };
    pixel = qRgba(channel(qRed(color), qRed(pixel)), channel(qGreen(color), qGreen(pixel)),
                  channel(qBlue(color), qBlue(pixel)), channel(alpha, qAlpha(pixel)));
}

void SimLineRaster::span(int y, int from, int to, QRgb color) {
    if (qAlpha(color) == 255) {
        QRgb* row = reinterpret_cast<QRgb*>(m_bits + y * m_stride);
        std::fill(row + from, row + to + 1, color);
        return;
    }
    for (int x = from; x <= to; ++x) {
        plot(x, y, color);
    }
}

void SimLineRaster::line(QPointF a, QPointF b, QRgb color) {
    if (!m_bits) {
        return;
    }
    double x0 = a.x() * m_ratio;
    double y0 = a.y() * m_ratio;
    double x1 = b.x() * m_ratio;
    double y1 = b.y() * m_ratio;
    if (!std::isfinite(x0) || !std::isfinite(y0) || !std::isfinite(x1) || !std::isfinite(y1)) {
        return;
    }
    // The part of p(t) = p0 + t (p1 - p0), t in [0, 1], inside [0, w) x [0, h) (label_layout.h's Liang-Barsky
    // clip; its near-parallel test treats |dp| < 1e-12 px as parallel, which keeps the same pixels).
    const double dx = x1 - x0;
    const double dy = y1 - y0;
    const auto [t0, t1] = clipSegmentToRect(
        QPointF(x0, y0), QPointF(x1, y1), QRectF(0.0, 0.0, m_image.width() - 1e-6, m_image.height() - 1e-6));
    if (t0 > t1) {
        return;
    }
    const double ax = x0 + t0 * dx;
    const double ay = y0 + t0 * dy;
    const double bx = x0 + t1 * dx;
    const double by = y0 + t1 * dy;
    const int maxX = m_image.width() - 1;
    const int maxY = m_image.height() - 1;
    const int steps = static_cast<int>(std::ceil(std::max(std::abs(bx - ax), std::abs(by - ay))));
    const int ix0 = std::clamp(static_cast<int>(ax), 0, maxX);
    const int iy0 = std::clamp(static_cast<int>(ay), 0, maxY);
    const int ix1 = std::clamp(static_cast<int>(bx), 0, maxX);
    const int iy1 = std::clamp(static_cast<int>(by), 0, maxY);
    const bool opaque = qAlpha(color) == 255;
    if (iy0 == iy1 || ix0 == ix1) {
        // A row or a column: the DDA's steps are at most one pixel apart and cover every pixel from one
        // end's to the other's, so the span is set directly (the AABB overlay is thousands of these).
        if (iy0 == iy1) {
            span(iy0, std::min(ix0, ix1), std::max(ix0, ix1), color);
        } else if (opaque) {
            auto* pixel = reinterpret_cast<QRgb*>(m_bits + std::min(iy0, iy1) * m_stride) + ix0;
            for (int y = std::min(iy0, iy1); y <= std::max(iy0, iy1); ++y, pixel += m_stride / 4) {
                *pixel = color;
            }
        } else {
            for (int y = std::min(iy0, iy1); y <= std::max(iy0, iy1); ++y) {
                plot(ix0, y, color);
            }
        }
    } else {
        // The DDA in 32.32 fixed point: one add and one shift per coordinate and pixel instead of a multiply,
        // an add and a conversion (the same pixels but where a coordinate lands within 2^-32 of a pixel
        // border).
        const double sx = steps > 0 ? (bx - ax) / steps : 0.0;
        const double sy = steps > 0 ? (by - ay) / steps : 0.0;
        constexpr double kOne = 4294967296.0; // 2^32
        std::int64_t fx = static_cast<std::int64_t>(ax * kOne);
        std::int64_t fy = static_cast<std::int64_t>(ay * kOne);
        const std::int64_t fsx = static_cast<std::int64_t>(sx * kOne);
        const std::int64_t fsy = static_cast<std::int64_t>(sy * kOne);
        // The coordinates move monotonically: when both ends' pixels lie in the image, every pixel between
        // does, and an opaque line is written without clamping (most of a dense overlay's lines).
        const std::int64_t lastX = fx + steps * fsx;
        const std::int64_t lastY = fy + steps * fsy;
        auto inside = [](std::int64_t f, int most) {
            return (f >> 32) >= 0 && (f >> 32) <= most;
        };
        if (opaque && inside(fx, maxX) && inside(lastX, maxX) && inside(fy, maxY) && inside(lastY, maxY)) {
            auto* pixels = reinterpret_cast<QRgb*>(m_bits);
            const qsizetype pixelsPerRow = m_stride / static_cast<qsizetype>(sizeof(QRgb));
            for (int i = 0; i <= steps; ++i, fx += fsx, fy += fsy) {
                pixels[(fy >> 32) * pixelsPerRow + (fx >> 32)] = color;
            }
        } else {
            for (int i = 0; i <= steps; ++i, fx += fsx, fy += fsy) {
                const int x = std::clamp(static_cast<int>(fx >> 32), 0, maxX);
                const int y = std::clamp(static_cast<int>(fy >> 32), 0, maxY);
                if (opaque) {
                    reinterpret_cast<QRgb*>(m_bits + y * m_stride)[x] = color;
                } else {
                    plot(x, y, color);
                }
            }
        }
    }
    // The clipped ends lie in [0, w - 1e-6] x [0, h - 1e-6]: their pixels are the image's.
    touch(static_cast<int>(std::min(ax, bx)), static_cast<int>(std::min(ay, by)),
          static_cast<int>(std::max(ax, bx)), static_cast<int>(std::max(ay, by)));
}

void SimLineRaster::rectOutline(const QRectF& rect, QRgb color) {
    const QRectF r = rect.normalized();
    line(r.topLeft(), r.topRight(), color);
    line(r.topRight(), r.bottomRight(), color);
    line(r.bottomRight(), r.bottomLeft(), color);
    line(r.bottomLeft(), r.topLeft(), color);
}

void SimLineRaster::fillRect(const QRect& rect, QRgb color) {
    if (!m_bits || rect.isEmpty()) {
        return;
    }
    // Device pixels [x0, x1) x [y0, y1): the rectangle's edges times the ratio, rounded.
    const QRect device = QRect(QPoint(static_cast<int>(std::lround(rect.left() * m_ratio)),
                                      static_cast<int>(std::lround(rect.top() * m_ratio))),
                               QPoint(static_cast<int>(std::lround((rect.right() + 1) * m_ratio)) - 1,
                                      static_cast<int>(std::lround((rect.bottom() + 1) * m_ratio)) - 1))
                             .intersected(m_image.rect());
    if (device.isEmpty()) {
        return;
    }
    for (int y = device.top(); y <= device.bottom(); ++y) {
        span(y, device.left(), device.right(), color);
    }
    touch(device.left(), device.top(), device.right(), device.bottom());
}

} // namespace cl
