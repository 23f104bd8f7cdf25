// oneTBB before any Qt header: Qt defines `emit` as a macro, and TBB has a function of that name.
#include <tbb/parallel_for.h>

#include "coverage_raster.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace cl {

namespace {

/// Adds one row's part of an edge, from x = xa to x = xb (both within [0, last - 1]), of signed height `d`
/// (positive going down), to that row's cells. Cell c (pixel column c) gets d times the mean over the part of
/// the tent that rises over (c - 1, c) and falls over (c, c + 1): its running sum at column c is then d times
/// the share of the pixel right of the part. Levien's closed forms: a part within one cell splits d between
/// that cell and the next by its mean x; a longer one gives the cells it spans whole ds = d / |xb - xa| each
/// (the edge's |dy/dx| with d's sign, the same on every row, so the caller passes it), and trapezoids' shares
/// to the cells at its two ends; those take what is left of d, so a row's cells always add up to d.
inline void accumulate(float* cells, double xa, double xb, double d, double ds) {
    const double x0 = std::min(xa, xb);
    const double x1 = std::max(xa, xb);
    // x >= 0: truncation is the floor (one instruction, where std::floor is a dozen without SSE4.1).
    const int x0i = static_cast<int>(x0);
    const double x0floor = x0i;
    const int x1floor = static_cast<int>(x1);
    const int x1i = x1floor + (x1 > x1floor ? 1 : 0);
    if (x1i <= x0i + 1) {
        const double xmf = 0.5 * (xa + xb) - x0floor; // the part's mean x within its cell
        cells[x0i] += static_cast<float>(d - d * xmf);
        cells[x0i + 1] += static_cast<float>(d * xmf);
        return;
    }
    const double x0f = x0 - x0floor;
    const double a0 = 0.5 * ds * (1.0 - x0f) * (1.0 - x0f);
    const double x1f = x1 - x1i + 1.0;
    const double am = 0.5 * ds * x1f * x1f;
    cells[x0i] += static_cast<float>(a0);
    if (x1i == x0i + 2) {
        cells[x0i + 1] += static_cast<float>(d - a0 - am);
    } else {
        const double a1 = ds * (1.5 - x0f);
        cells[x0i + 1] += static_cast<float>(a1 - a0);
        const auto whole = static_cast<float>(ds);
        for (int i = x0i + 2; i < x1i - 1; ++i) {
            cells[i] += whole;
        }
        const double a2 = a1 + (x1i - x0i - 3) * ds;
        cells[x1i - 1] += static_cast<float>(d - a2 - am);
    }
    cells[x1i] += static_cast<float>(am);
}

/// Coverage byte of a running sum: min(1, |sum|) of the pixel, times 255, rounded.
inline std::uint32_t coverageByte(float sum) {
    return static_cast<std::uint32_t>(std::min(1.0f, std::abs(sum)) * 255.0f + 0.5f);
}

/// x / 255 rounded to nearest, for 0 <= x <= 65407: ((x + 128) 257) >> 16 (exact over that range).
inline std::uint32_t div255(std::uint32_t x) {
    return ((x + 128u) * 257u) >> 16;
}

} // namespace

/// The two colours of a band, premultiplied.
struct CoverageRaster::Blend {
    std::uint32_t outline;
    std::uint32_t fill;
};

namespace {

/// One pixel: d = (fill ci + outline (co - ci) + d (255 - a)) / 255 per channel, a the alpha of the first two
/// terms. Every sum stays below 65408: premultiplied channels are at most their alpha.
inline std::uint32_t blendPixel(std::uint32_t d, std::uint32_t co, std::uint32_t ci, std::uint32_t outline,
                                std::uint32_t fill) {
    const std::uint32_t wo = co - ci;
    const std::uint32_t a = div255(qAlpha(fill) * ci + qAlpha(outline) * wo);
    std::uint32_t result = 0;
    for (int shift = 0; shift < 32; shift += 8) {
        const std::uint32_t channel = ((fill >> shift) & 0xffu) * ci + ((outline >> shift) & 0xffu) * wo +
                                      ((d >> shift) & 0xffu) * (255u - a);
        result |= div255(channel) << shift;
    }
    return result;
}

} // namespace

bool CoverageRaster::deviceBox(const QPointF* points, int count, QRect& box) const {
    if (!m_bits || count < 3) {
        return false;
    }
    double minX = points[0].x() * m_ratio;
    double maxX = minX;
    double minY = points[0].y() * m_ratio;
    double maxY = minY;
    bool finite = true;
    for (int k = 0; k < count; ++k) {
        finite = finite && std::isfinite(points[k].x()) && std::isfinite(points[k].y());
        minX = std::min(minX, points[k].x() * m_ratio);
        maxX = std::max(maxX, points[k].x() * m_ratio);
        minY = std::min(minY, points[k].y() * m_ratio);
        maxY = std::max(maxY, points[k].y() * m_ratio);
    }
    if (!finite || !std::isfinite(minX) || !std::isfinite(maxX) || !std::isfinite(minY) ||
        !std::isfinite(maxY)) {
        return false;
    }
    // The polygon's pixels within the image.
    const int x0 = static_cast<int>(std::max(0.0, std::floor(minX)));
    const int y0 = static_cast<int>(std::max(0.0, std::floor(minY)));
    const int x1 = static_cast<int>(std::min<double>(m_image.width(), std::ceil(maxX)));
    const int y1 = static_cast<int>(std::min<double>(m_image.height(), std::ceil(maxY)));
    if (x0 >= x1 || y0 >= y1) {
        return false;
    }
    box = QRect(x0, y0, x1 - x0, y1 - y0);
    return true;
}

void CoverageRaster::accumulatePolygon(const QPointF* points, int count, const QRect& box,
                                       float* cells) const {
    const int width = box.width();
    const int height = box.height();
    const int rowCells = width + 2;
    // One edge piece lying within x in [0, width] (box coordinates): its rows within [0, height).
    auto addPiece = [&](double x0, double y0, double x1, double y1) {
        if (y0 == y1) {
            return;
        }
        double dir = 1.0;
        if (y0 > y1) {
            std::swap(x0, x1);
            std::swap(y0, y1);
            dir = -1.0;
        }
        const double dxdy = (x1 - x0) / (y1 - y0);
        const double ds = x1 != x0 ? dir * (y1 - y0) / std::abs(x1 - x0) : 0.0; // unused when vertical
        const double top = std::max(y0, 0.0);
        const double bottom = std::min(y1, static_cast<double>(height));
        if (!(top < bottom)) {
            return;
        }
        double x = std::clamp(x0 + dxdy * (top - y0), 0.0, static_cast<double>(width));
        for (int row = static_cast<int>(top); row < bottom; ++row) {
            const double ya = std::max(static_cast<double>(row), top);
            const double yb = std::min(static_cast<double>(row + 1), bottom);
            const double dy = yb - ya;
            const double xNext = std::clamp(x + dxdy * dy, 0.0, static_cast<double>(width));
            accumulate(cells + static_cast<std::ptrdiff_t>(row) * rowCells, x, xNext, dy * dir, ds);
            x = xNext;
        }
    };
    // An edge: its parts left of the box (x < 0) or right of it (x > width) are moved onto the box's sides,
    // which keeps every running sum within the box (the cells left of it only add into its first cell, and
    // those right of it are never read).
    const double w = width;
    for (int k = 0; k < count; ++k) {
        const QPointF& p = points[k];
        const QPointF& q = points[(k + 1) % count];
        const double x0 = p.x() * m_ratio - box.left();
        const double y0 = p.y() * m_ratio - box.top();
        const double x1 = q.x() * m_ratio - box.left();
        const double y1 = q.y() * m_ratio - box.top();
        if (x0 >= 0.0 && x0 <= w && x1 >= 0.0 && x1 <= w) {
            addPiece(x0, y0, x1, y1);
            continue;
        }
        // Split where the edge crosses x = 0 and x = width (t along the edge), then clamp each piece's x.
        double cuts[4] = {0.0, 1.0, 1.0, 1.0};
        int cutCount = 1;
        if (x1 != x0) {
            for (const double side : {0.0, w}) {
                const double t = (side - x0) / (x1 - x0);
                if (t > 0.0 && t < 1.0) {
                    cuts[cutCount++] = t;
                }
            }
        }
        cuts[cutCount++] = 1.0;
        if (cutCount == 4 && cuts[1] > cuts[2]) { // both sides crossed, the right one first
            std::swap(cuts[1], cuts[2]);
        }
        for (int c = 0; c + 1 < cutCount; ++c) {
            const double ta = cuts[c];
            const double tb = cuts[c + 1];
            addPiece(std::clamp(x0 + ta * (x1 - x0), 0.0, w), y0 + ta * (y1 - y0),
                     std::clamp(x0 + tb * (x1 - x0), 0.0, w), y0 + tb * (y1 - y0));
        }
    }
}

void CoverageRaster::fillPolygon(const QPointF* points, int count, QRgb color) {
    fillBand(points, count, color, nullptr, 0, 0);
}

void CoverageRaster::fillBand(const QPointF* outer, int outerCount, QRgb outlineColor, const QPointF* inner,
                              int innerCount, QRgb fillColor) {
    QRect box;
    if (!deviceBox(outer, outerCount, box)) {
        return;
    }
    rasterBand(box, outer, outerCount, inner, innerCount, Blend{outlineColor, fillColor}, m_scratch);
    m_dirty = m_dirty.united(box);
}

void CoverageRaster::fillBands(const std::vector<QPointF>& points, const std::vector<Band>& bands) {
    if (!m_bits) {
        return;
    }
    // Each band's box, and the stripes of rows it meets (in band order, so every stripe keeps the order).
    const int stripeCount = (m_image.height() + kStripeRows - 1) / kStripeRows;
    m_stripes.resize(static_cast<std::size_t>(stripeCount));
    for (Stripe& stripe : m_stripes) {
        stripe.bands.clear();
    }
    m_boxes.resize(bands.size());
    for (std::size_t b = 0; b < bands.size(); ++b) {
        const Band& band = bands[b];
        QRect& box = m_boxes[b];
        if (!deviceBox(&points[static_cast<std::size_t>(band.outer)], band.outerCount, box)) {
            continue;
        }
        m_dirty = m_dirty.united(box);
        for (int s = box.top() / kStripeRows; s <= box.bottom() / kStripeRows; ++s) {
            m_stripes[static_cast<std::size_t>(s)].bands.push_back(static_cast<int>(b));
        }
    }
    // Each row is one stripe's, written by one task with the bands in order: the same pixels as fillBand
    // called band by band.
    tbb::parallel_for(0, stripeCount, [&](int s) {
        Stripe& stripe = m_stripes[static_cast<std::size_t>(s)];
        const int top = s * kStripeRows;
        const int bottom = std::min(m_image.height(), top + kStripeRows);
        for (const int b : stripe.bands) {
            const Band& band = bands[static_cast<std::size_t>(b)];
            const QRect& box = m_boxes[static_cast<std::size_t>(b)];
            const QRect rows(box.left(), std::max(box.top(), top), box.width(),
                             std::min(box.bottom() + 1, bottom) - std::max(box.top(), top));
            rasterBand(rows, &points[static_cast<std::size_t>(band.outer)], band.outerCount,
                       band.inner >= 0 ? &points[static_cast<std::size_t>(band.inner)] : nullptr,
                       band.innerCount, Blend{band.outline, band.fill}, stripe.scratch);
        }
    });
}

void CoverageRaster::rasterBand(const QRect& box, const QPointF* outer, int outerCount, const QPointF* inner,
                                int innerCount, const Blend& blend, Scratch& scratch) {
    const bool hasInner = inner != nullptr && innerCount >= 3;
    const int width = box.width();
    const int height = box.height();
    const std::size_t rowCells = static_cast<std::size_t>(width) + 2;
    const std::size_t cellCount = rowCells * static_cast<std::size_t>(height);
    scratch.cells.assign(hasInner ? 2 * cellCount : cellCount, 0.0f);
    accumulatePolygon(outer, outerCount, box, scratch.cells.data());
    if (hasInner) {
        accumulatePolygon(inner, innerCount, box, scratch.cells.data() + cellCount);
    }

    // Per row: running sums of the cells give the coverages (co of the outer polygon, ci <= co of the inner
    // one; 0-255); every pixel of the row is then blended source-over, premultiplied, in one rounding:
    //   d = (fill ci + outline (co - ci) + d (255 - a)) / 255,  a = (fill alpha ci + outline alpha (co - ci)) / 255
    // (co = 0 leaves d as it was). With no inner polygon ci = 0. Four pixels at a time with SSE2.
    // Four zeros after each row's sums: the blend reads whole groups of four.
    scratch.sums.assign(2 * static_cast<std::size_t>(width) + 8, 0.0f);
    float* outerSums = scratch.sums.data();
    float* innerSums = outerSums + width + 4;
    const int slack = m_image.width() - box.right() - 1; // pixels of the image right of the box
    for (int row = 0; row < height; ++row) {
        const float* outerCells = scratch.cells.data() + static_cast<std::size_t>(row) * rowCells;
        float sum = 0.0f;
        for (int x = 0; x < width; ++x) {
            sum += outerCells[x];
            outerSums[x] = sum;
        }
        if (hasInner) {
            const float* innerCells = outerCells + cellCount;
            sum = 0.0f;
            for (int x = 0; x < width; ++x) {
                sum += innerCells[x];
                innerSums[x] = sum;
            }
        }
        auto* out = reinterpret_cast<std::uint32_t*>(m_bits + (box.top() + row) * m_stride) + box.left();
        blendRow(out, width, slack, outerSums, hasInner ? innerSums : nullptr, blend);
    }
}

void CoverageRaster::blendRow(std::uint32_t* out, int width, int slack, const float* outerSums,
                              const float* innerSums, const Blend& blend) {
    int x = 0;
#if defined(__SSE2__)
    // Four pixels per pass, their channels as 16-bit lanes (two pixels per register).
    const __m128i zero = _mm_setzero_si128();
    const __m128 absMask = _mm_castsi128_ps(_mm_set1_epi32(0x7fffffff));
    const __m128 one = _mm_set1_ps(1.0f);
    const __m128 scale = _mm_set1_ps(255.0f);
    const __m128 half = _mm_set1_ps(0.5f);
    const __m128i outline16 = _mm_unpacklo_epi8(_mm_set1_epi32(static_cast<int>(blend.outline)), zero);
    const __m128i fill16 = _mm_unpacklo_epi8(_mm_set1_epi32(static_cast<int>(blend.fill)), zero);
    const __m128i outlineAlpha = _mm_set1_epi16(static_cast<short>(qAlpha(blend.outline)));
    const __m128i fillAlpha = _mm_set1_epi16(static_cast<short>(qAlpha(blend.fill)));
    const __m128i full = _mm_set1_epi16(255);
    const __m128i bias = _mm_set1_epi16(128);
    const __m128i by257 = _mm_set1_epi16(257);
    auto coverage4 = [&](const float* sums) {
        __m128 v = _mm_min_ps(_mm_and_ps(_mm_loadu_ps(sums), absMask), one);
        const __m128i c = _mm_cvttps_epi32(_mm_add_ps(_mm_mul_ps(v, scale), half));
        return _mm_packs_epi32(c, c); // lanes 0-3 (and again 4-7)
    };
    auto div255x8 = [&](__m128i v) { // the scalar div255 in each 16-bit lane
        return _mm_mulhi_epu16(_mm_add_epi16(v, bias), by257);
    };
    // [v0 v0 v0 v0 v1 v1 v1 v1] and [v2 v2 v2 v2 v3 v3 v3 v3]: one value per pixel spread over its channels.
    auto spreadLow = [](__m128i v) {
        const __m128i t = _mm_unpacklo_epi16(v, v);
        return _mm_unpacklo_epi32(t, t);
    };
    auto spreadHigh = [](__m128i v) {
        const __m128i t = _mm_unpacklo_epi16(v, v);
        return _mm_unpackhi_epi32(t, t);
    };
    auto blend4 = [&](std::uint32_t* pixels, const float* outer, const float* inner) {
        const __m128i co = coverage4(outer);
        if (_mm_movemask_epi8(_mm_cmpeq_epi16(co, zero)) == 0xffff) {
            return; // four pixels outside (a tilted box's corners of its bounds)
        }
        const __m128i ci = inner ? _mm_min_epi16(coverage4(inner), co) : zero;
        const __m128i wo = _mm_sub_epi16(co, ci);
        const __m128i a =
            div255x8(_mm_add_epi16(_mm_mullo_epi16(ci, fillAlpha), _mm_mullo_epi16(wo, outlineAlpha)));
        const __m128i keep = _mm_sub_epi16(full, a);
        const __m128i d = _mm_loadu_si128(reinterpret_cast<const __m128i*>(pixels));
        auto half2 = [&](__m128i d16, __m128i ci4, __m128i wo4, __m128i keep4) {
            const __m128i sum =
                _mm_add_epi16(_mm_add_epi16(_mm_mullo_epi16(fill16, ci4), _mm_mullo_epi16(outline16, wo4)),
                              _mm_mullo_epi16(d16, keep4));
            return div255x8(sum);
        };
        const __m128i low = half2(_mm_unpacklo_epi8(d, zero), spreadLow(ci), spreadLow(wo), spreadLow(keep));
        const __m128i high =
            half2(_mm_unpackhi_epi8(d, zero), spreadHigh(ci), spreadHigh(wo), spreadHigh(keep));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(pixels), _mm_packus_epi16(low, high));
    };
    for (; x + 4 <= width; x += 4) {
        blend4(out + x, outerSums + x, innerSums ? innerSums + x : nullptr);
    }
    if (x < width && x + 4 <= width + slack) {
        // The last one to three pixels and the next ones of the image: the sums past the row's end are zero,
        // and coverage 0 leaves a pixel as it was.
        blend4(out + x, outerSums + x, innerSums ? innerSums + x : nullptr);
        x = width;
    } else if (x < width) {
        // At the image's right side: the last pixels copied out and back.
        const int rest = width - x;
        std::uint32_t pixels[4] = {0, 0, 0, 0};
        std::copy_n(out + x, rest, pixels);
        blend4(pixels, outerSums + x, innerSums ? innerSums + x : nullptr);
        std::copy_n(pixels, rest, out + x);
        x = width;
    }
#endif
    for (; x < width; ++x) {
        const std::uint32_t co = coverageByte(outerSums[x]);
        const std::uint32_t ci = innerSums ? std::min(co, coverageByte(innerSums[x])) : 0u;
        out[x] = blendPixel(out[x], co, ci, blend.outline, blend.fill);
    }
}

} // namespace cl
