#pragma once
/// @file coverage_raster.h
/// Many small antialiased polygons at once: Simulate mode's bodies (SimBodyLayer) are filled straight into one
/// transparent image, which is then laid over the view with a single drawImage. Each fill costs Qt's raster
/// engine a few microseconds of set-up whatever its size (outline mapping, a rasteriser pass, span
/// callbacks); 1000 bodies are 2000 fills of a few hundred pixels each.
///
/// Coverage is the exact area of each pixel inside the polygon (non-zero winding; for the simple polygons
/// drawn here, the area of polygon ∩ pixel), found by signed-area accumulation: every edge adds, to the
/// cells of the rows it crosses, the area it sweeps to its right, and a running sum along each row gives
/// the coverage (the accumulation rasteriser of R. Levien, "Inside the fastest font renderer in the world",
/// 2016, after the font rasterisers of libart and stb_truetype).

#include "layer_image.h"

#include <QImage>
#include <QPointF>
#include <QRect>
#include <QRgb>

#include <cstdint>
#include <vector>

class QPainter;

namespace cl {

/// A transparent image of the view's size that takes antialiased polygon fills, then is drawn over the view.
/// Coordinates are view pixels (y down); the image holds device pixels (view pixels times the device pixel
/// ratio).
class CoverageRaster : public LayerImage {
public:
    /// Fills the polygon `points[0..count)` (view pixels, closed implicitly, any winding) with `color`,
    /// source-over, each pixel weighted by the share of its area the polygon covers.
    /// Pseudocode (per polygon):
    ///   box = the polygon's pixel bounds ∩ the image; cells = (box width + 2) x (box height), zeroed
    ///   for each edge (x0, y0) -> (x1, y1) with y0 != y1, d = +1 downwards, -1 upwards:
    ///     for each pixel row r the edge crosses, with the edge's part in that row from x = a to x = b
    ///     over a height h:
    ///       the cells under [a, b] get d h times the share of each cell's width lying right of the
    ///       edge part (a trapezoid per cell), the cell after b gets the rest of d h
    ///   for each row: sum the cells from left to right; coverage = min(1, |sum|); blend
    /// Cells left of the box add into its first cell (a running sum only needs their total), and cells
    /// right of it are dropped: polygons reaching past the image need no clipping.
    /// @param color premultiplied ARGB
    void fillPolygon(const QPointF* points, int count, QRgb color);
    /// An outline band in one pass: `outer` (the outline's outside) filled with `outlineColor` and `inner` (its
    /// inside, lying within `outer`) with `fillColor` over it. Each pixel blends fill ci + outline (co - ci)
    /// with co, ci the pixel's areas inside the two polygons: where the inner polygon's edge crosses a pixel
    /// the outline shows only in the part outside it, as one exact fill of the band and one of the inside
    /// would give (two separate blends leave a trace of the outline's colour under the inside's edge).
    /// @param inner nullptr, or `innerCount` points
    void fillBand(const QPointF* outer, int outerCount, QRgb outlineColor, const QPointF* inner,
                  int innerCount, QRgb fillColor);

    /// One band of fillBands: its polygons are `outerCount` and `innerCount` points from indices `outer` and
    /// `inner` (-1: none) of the points passed with it.
    struct Band {
        int outer = 0;
        int outerCount = 0;
        int inner = -1;
        int innerCount = 0;
        QRgb outline = 0; ///< premultiplied
        QRgb fill = 0;    ///< premultiplied
    };
    /// Every band of `bands`, in order, with the image's rows cut into stripes of kStripeRows that are filled
    /// in parallel (oneTBB). Each row is written by one task, with the bands in order, so the image is the
    /// same to the bit as fillBand called band by band.
    void fillBands(const std::vector<QPointF>& points, const std::vector<Band>& bands);
    /// Rows per stripe of fillBands: a few body heights, about twenty stripes for a window's view.
    static constexpr int kStripeRows = 32;

private:
    struct Blend;
    /// One band's cells and sums (a task's own, reused from frame to frame).
    struct Scratch {
        std::vector<float> cells; ///< accumulation cells (outer, then inner)
        std::vector<float> sums;  ///< one row's running sums (outer, then inner)
    };
    struct Stripe {
        std::vector<int> bands; ///< indices of the bands that meet its rows, in order
        Scratch scratch;
    };
    /// Fills the rows of `box` (within the outer polygon's device box, any part of it) with the band.
    void rasterBand(const QRect& box, const QPointF* outer, int outerCount, const QPointF* inner,
                    int innerCount, const Blend& blend, Scratch& scratch);
    /// The device pixels the polygon may cover, within the image; false when none (or a point is not
    /// finite).
    bool deviceBox(const QPointF* points, int count, QRect& box) const;
    /// The polygon's edges added to the cells of `box`: `box.height()` rows of `box.width() + 2`.
    void accumulatePolygon(const QPointF* points, int count, const QRect& box, float* cells) const;

    /// One row of a band: `width` pixels from `out`, given the running sums of its cells (innerSums: nullptr
    /// for none), each followed by four zeros; `slack` more pixels of the row follow in the image.
    static void blendRow(std::uint32_t* out, int width, int slack, const float* outerSums,
                         const float* innerSums, const Blend& blend);

    Scratch m_scratch;             ///< fillBand's
    std::vector<Stripe> m_stripes; ///< fillBands's, reused
    std::vector<QRect> m_boxes;    ///< fillBands's device box per band, reused
};

} // namespace cl
