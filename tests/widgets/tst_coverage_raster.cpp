/// @file tst_coverage_raster.cpp
/// The polygon fills Simulate mode draws its bodies with (widgets/coverage_raster.h): every pixel's coverage
/// is the area of the pixel inside the polygon, checked against Boost.Geometry's intersection area as the
/// oracle on thousands of seeded random polygons (convex ones as the bodies are, and star-shaped ones with
/// reflex corners), reaching past the image's sides or not, at device pixel ratios 1 and 2, and the colour
/// blended source-over as Qt's raster engine blends.

#include "coverage_raster.h"

#include <QColor>
#include <QImage>
#include <QTest>

#include <boost/geometry.hpp>

#include <cmath>
#include <random>
#include <vector>

using namespace cl;

namespace {

namespace bg = boost::geometry;
using BgPoint = bg::model::d2::point_xy<double>;
using BgPolygon = bg::model::polygon<BgPoint>;

/// The polygon (device pixels) as a closed Boost.Geometry polygon, corrected to its orientation.
BgPolygon toBoost(const std::vector<QPointF>& points, double ratio) {
    BgPolygon polygon;
    for (const QPointF& p : points) {
        bg::append(polygon.outer(), BgPoint(p.x() * ratio, p.y() * ratio));
    }
    bg::correct(polygon);
    return polygon;
}

/// Area of pixel (x, y) inside the polygon.
double pixelCoverage(const BgPolygon& polygon, int x, int y) {
    BgPolygon pixel;
    bg::append(pixel.outer(), BgPoint(x, y));
    bg::append(pixel.outer(), BgPoint(x, y + 1));
    bg::append(pixel.outer(), BgPoint(x + 1, y + 1));
    bg::append(pixel.outer(), BgPoint(x + 1, y));
    bg::append(pixel.outer(), BgPoint(x, y));
    std::vector<BgPolygon> parts;
    bg::intersection(polygon, pixel, parts);
    double area = 0.0;
    for (const BgPolygon& part : parts) {
        area += bg::area(part);
    }
    return area;
}

/// A convex polygon: the hull of `n` random points in a disc of `radius` around `centre`, in random winding.
std::vector<QPointF> randomConvex(std::mt19937& rng, QPointF centre, double radius) {
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    bg::model::multi_point<BgPoint> cloud;
    const int n = 3 + static_cast<int>(unit(rng) * 9.0);
    for (int k = 0; k < n; ++k) {
        const double r = radius * std::sqrt(unit(rng));
        const double a = 2.0 * M_PI * unit(rng);
        bg::append(cloud, BgPoint(centre.x() + r * std::cos(a), centre.y() + r * std::sin(a)));
    }
    BgPolygon hull;
    bg::convex_hull(cloud, hull);
    std::vector<QPointF> points;
    for (std::size_t k = 0; k + 1 < hull.outer().size(); ++k) {
        points.emplace_back(hull.outer()[k].x(), hull.outer()[k].y());
    }
    if (unit(rng) < 0.5) {
        std::reverse(points.begin(), points.end());
    }
    return points;
}

/// A star-shaped polygon (simple, with reflex corners): radii alternate around `centre`.
std::vector<QPointF> randomStar(std::mt19937& rng, QPointF centre, double radius) {
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    const int n = 5 + static_cast<int>(unit(rng) * 10.0);
    std::vector<QPointF> points;
    for (int k = 0; k < n; ++k) {
        const double a = 2.0 * M_PI * (k + 0.4 * unit(rng)) / n;
        const double r = radius * (k % 2 == 0 ? 0.6 + 0.4 * unit(rng) : 0.1 + 0.4 * unit(rng));
        points.emplace_back(centre.x() + r * std::cos(a), centre.y() + r * std::sin(a));
    }
    return points;
}

} // namespace

class TestCoverageRaster : public QObject {
    Q_OBJECT
private slots:
    void coverageIsThePixelsAreaInsideThePolygon_data();
    void coverageIsThePixelsAreaInsideThePolygon();
    void bandIsTheOutlineAroundTheInside();
    void stripesInParallelGiveTheSequentialImage();
    void colourBlendsSourceOver();
    void beginClearsWhatWasDrawn();
    void degenerateInputDrawsNothing();
};

void TestCoverageRaster::coverageIsThePixelsAreaInsideThePolygon_data() {
    QTest::addColumn<bool>("star");
    QTest::addColumn<double>("ratio");
    QTest::newRow("convex, ratio 1") << false << 1.0;
    QTest::newRow("convex, ratio 2") << false << 2.0;
    QTest::newRow("star, ratio 1") << true << 1.0;
}

// Opaque white on a transparent image: each pixel's alpha is its coverage times 255, rounded. The oracle's
// area rounds to the same byte but where float accumulation lands within a hair of a half: one level apart
// at most.
void TestCoverageRaster::coverageIsThePixelsAreaInsideThePolygon() {
    QFETCH(bool, star);
    QFETCH(double, ratio);
    std::mt19937 rng(star ? 7u : ratio == 1.0 ? 11u : 13u);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    const QSizeF view(24.0 / ratio, 20.0 / ratio); // 24 x 20 device pixels
    CoverageRaster raster;
    int pixels = 0;
    int offByOne = 0;
    int clipped = 0;
    const int trials = 1500;
    for (int trial = 0; trial < trials; ++trial) {
        // Centres up to 5 device pixels past the image's sides, sizes from a fraction of a pixel to 14.
        const QPointF centre((-5.0 + 34.0 * unit(rng)) / ratio, (-5.0 + 30.0 * unit(rng)) / ratio);
        const double radius = (0.3 + 13.7 * unit(rng) * unit(rng)) / ratio;
        const std::vector<QPointF> polygon =
            star ? randomStar(rng, centre, radius) : randomConvex(rng, centre, radius);
        raster.begin(view, ratio);
        raster.fillPolygon(polygon.data(), static_cast<int>(polygon.size()), qRgba(255, 255, 255, 255));
        const QImage& image = raster.image();
        QCOMPARE(image.size(), QSize(24, 20));
        const BgPolygon oracle = toBoost(polygon, ratio);
        bg::model::box<BgPoint> bounds;
        bg::envelope(oracle, bounds);
        if (bounds.min_corner().x() < 0.0 || bounds.min_corner().y() < 0.0 ||
            bounds.max_corner().x() > 24.0 || bounds.max_corner().y() > 20.0) {
            ++clipped;
        }
        for (int y = 0; y < 20; ++y) {
            for (int x = 0; x < 24; ++x) {
                const int expected = static_cast<int>(std::lround(pixelCoverage(oracle, x, y) * 255.0));
                const QRgb got = image.pixel(x, y);
                const int alpha = qAlpha(got);
                if (std::abs(alpha - expected) > 1 || qRed(got) != alpha || qBlue(got) != alpha) {
                    QFAIL(
                        qPrintable(QStringLiteral("trial %1, pixel (%2, %3): alpha %4, oracle %5 (%6 points)")
                                       .arg(trial)
                                       .arg(x)
                                       .arg(y)
                                       .arg(alpha)
                                       .arg(expected)
                                       .arg(polygon.size())));
                }
                offByOne += alpha != expected ? 1 : 0;
                pixels += expected > 0 ? 1 : 0;
            }
        }
    }
    // The cases are what they claim: many pixels covered, many polygons cut by the image's sides, and
    // rounding differences rare.
    QVERIFY2(pixels > trials * 10, qPrintable(QString::number(pixels)));
    QVERIFY2(clipped > trials / 5, qPrintable(QString::number(clipped)));
    QVERIFY2(offByOne * 100 < pixels, qPrintable(QString::number(offByOne)));
}

// An outline band (SimBodyLayer's body: the outline colour between the two polygons, the fill inside the
// inner one) on a transparent image: each channel is (fill ci + outline (co - ci)) / 255, with co and ci the
// oracle's areas of the pixel inside the outer and the inner polygon. Inner polygons are the outer one shrunk
// towards its centroid, some by a hair (their coverages then round either way of each other).
void TestCoverageRaster::bandIsTheOutlineAroundTheInside() {
    std::mt19937 rng(17u);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    const QRgb outline = qRgba(40, 90, 200, 255);
    const QRgb fill = qRgba(250, 180, 20, 255);
    CoverageRaster raster;
    int bandPixels = 0;
    for (int trial = 0; trial < 1000; ++trial) {
        const QPointF centre(-4.0 + 32.0 * unit(rng), -4.0 + 28.0 * unit(rng));
        const std::vector<QPointF> outer = randomConvex(rng, centre, 1.0 + 11.0 * unit(rng));
        QPointF centroid;
        for (const QPointF& p : outer) {
            centroid += p / static_cast<double>(outer.size());
        }
        const double shrink = trial % 4 == 0 ? 0.995 + 0.005 * unit(rng) : 0.3 + 0.65 * unit(rng);
        std::vector<QPointF> inner;
        for (const QPointF& p : outer) {
            inner.push_back(centroid + shrink * (p - centroid));
        }
        raster.begin(QSizeF(24, 20), 1.0);
        raster.fillBand(outer.data(), static_cast<int>(outer.size()), outline, inner.data(),
                        static_cast<int>(inner.size()), fill);
        const BgPolygon outerOracle = toBoost(outer, 1.0);
        const BgPolygon innerOracle = toBoost(inner, 1.0);
        for (int y = 0; y < 20; ++y) {
            for (int x = 0; x < 24; ++x) {
                const double co = pixelCoverage(outerOracle, x, y) * 255.0;
                const double ci = std::min(co, pixelCoverage(innerOracle, x, y) * 255.0);
                const QRgb got = raster.image().pixel(x, y);
                auto expected = [&](int f, int o) {
                    return (f * ci + o * (co - ci)) / 255.0;
                };
                const bool near = std::abs(qRed(got) - expected(qRed(fill), qRed(outline))) <= 2.0 &&
                                  std::abs(qGreen(got) - expected(qGreen(fill), qGreen(outline))) <= 2.0 &&
                                  std::abs(qBlue(got) - expected(qBlue(fill), qBlue(outline))) <= 2.0 &&
                                  std::abs(qAlpha(got) - co) <= 1.0;
                if (!near) {
                    QFAIL(qPrintable(
                        QStringLiteral("trial %1, pixel (%2, %3): %4 (alpha %5), expected co %6 ci %7")
                            .arg(trial)
                            .arg(x)
                            .arg(y)
                            .arg(QColor(got).name())
                            .arg(qAlpha(got))
                            .arg(co)
                            .arg(ci)));
                }
                bandPixels += co > ci + 1.0 ? 1 : 0;
            }
        }
    }
    QVERIFY2(bandPixels > 10000, qPrintable(QString::number(bandPixels)));
}

// fillBands (rows in stripes, filled in parallel) against fillBand band by band: 2,000 overlapping bands of
// translucent and opaque colours over a view, many across the stripes' borders and the image's sides, at
// device pixel ratios 1 and 1.5; the two images must be the same to the bit.
void TestCoverageRaster::stripesInParallelGiveTheSequentialImage() {
    std::mt19937 rng(23u);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    for (const double ratio : {1.0, 1.5}) {
        std::vector<QPointF> points;
        std::vector<CoverageRaster::Band> bands;
        int acrossStripes = 0;
        for (int b = 0; b < 2000; ++b) {
            const QPointF centre(-10.0 + 320.0 * unit(rng), -10.0 + 260.0 * unit(rng));
            const std::vector<QPointF> outer = randomConvex(rng, centre, 2.0 + 14.0 * unit(rng));
            CoverageRaster::Band band;
            band.outer = static_cast<int>(points.size());
            band.outerCount = static_cast<int>(outer.size());
            points.insert(points.end(), outer.begin(), outer.end());
            if (unit(rng) < 0.8) {
                band.inner = static_cast<int>(points.size());
                band.innerCount = band.outerCount;
                for (const QPointF& p : outer) {
                    points.push_back(centre + 0.7 * (p - centre));
                }
            }
            const int alpha = unit(rng) < 0.5 ? 255 : 60 + static_cast<int>(190 * unit(rng));
            band.outline = qPremultiply(qRgba(static_cast<int>(255 * unit(rng)), 40, 200, alpha));
            band.fill = qPremultiply(qRgba(250, static_cast<int>(255 * unit(rng)), 20, alpha));
            bands.push_back(band);
            double top = 1e9;
            double bottom = -1e9;
            for (const QPointF& p : outer) {
                top = std::min(top, p.y() * ratio);
                bottom = std::max(bottom, p.y() * ratio);
            }
            acrossStripes += static_cast<int>(std::floor(top / CoverageRaster::kStripeRows)) !=
                                     static_cast<int>(std::floor(bottom / CoverageRaster::kStripeRows))
                                 ? 1
                                 : 0;
        }
        const QSizeF view(300, 240);
        CoverageRaster parallel;
        parallel.begin(view, ratio);
        parallel.fillBands(points, bands);
        CoverageRaster sequential;
        sequential.begin(view, ratio);
        for (const CoverageRaster::Band& band : bands) {
            sequential.fillBand(&points[static_cast<std::size_t>(band.outer)], band.outerCount, band.outline,
                                band.inner >= 0 ? &points[static_cast<std::size_t>(band.inner)] : nullptr,
                                band.innerCount, band.fill);
        }
        QVERIFY2(acrossStripes > 300, qPrintable(QString::number(acrossStripes)));
        QCOMPARE(parallel.image().size(), sequential.image().size());
        int covered = 0;
        for (int y = 0; y < parallel.image().height(); ++y) {
            for (int x = 0; x < parallel.image().width(); ++x) {
                const QRgb got = parallel.image().pixel(x, y);
                if (got != sequential.image().pixel(x, y)) {
                    QFAIL(qPrintable(QStringLiteral("ratio %1, pixel (%2, %3)").arg(ratio).arg(x).arg(y)));
                }
                covered += qAlpha(got) > 0 ? 1 : 0;
            }
        }
        QVERIFY(covered > parallel.image().width() * parallel.image().height() / 2);
        // The same again on the same objects (their buffers reused): still equal.
        parallel.begin(view, ratio);
        parallel.fillBands(points, bands);
        QVERIFY(parallel.image() == sequential.image());
    }
}

// Premultiplied source-over, as QPainter blends a translucent brush: d = s c + d (255 - a c) / 255 with c the
// coverage, per channel.
void TestCoverageRaster::colourBlendsSourceOver() {
    CoverageRaster raster;
    raster.begin(QSizeF(10, 10), 1.0);
    const std::vector<QPointF> square{{0, 0}, {10, 0}, {10, 10}, {0, 10}};
    raster.fillPolygon(square.data(), 4, qRgba(0, 0, 200, 255));
    // Half of column 2 (x from 2.5 to 3), all of columns 3-5: a translucent red premultiplied at alpha 128.
    const std::vector<QPointF> band{{2.5, 0}, {6, 0}, {6, 10}, {2.5, 10}};
    const QRgb red = qPremultiply(qRgba(255, 0, 0, 128));
    raster.fillPolygon(band.data(), 4, red);
    const QImage& image = raster.image();
    auto blend = [](int s, int d, int a) {
        return s + (d * (255 - a) + 127) / 255;
    };
    const QRgb full = image.pixel(4, 5);
    QVERIFY(std::abs(qRed(full) - qRed(red)) <= 1);
    QVERIFY(std::abs(qBlue(full) - blend(0, 200, qAlpha(red))) <= 1);
    QCOMPARE(qAlpha(full), 255);
    const QRgb half = image.pixel(2, 5);
    const int s = (qRed(red) + 1) / 2; // the source at coverage 1/2
    QVERIFY2(std::abs(qRed(half) - s) <= 1, qPrintable(QString::number(qRed(half))));
    QVERIFY(std::abs(qBlue(half) - blend(0, 200, qAlpha(red) / 2)) <= 1);
    QCOMPARE(image.pixel(1, 5), qRgba(0, 0, 200, 255));
    QCOMPARE(image.pixel(6, 5), qRgba(0, 0, 200, 255));
}

void TestCoverageRaster::beginClearsWhatWasDrawn() {
    CoverageRaster raster;
    raster.begin(QSizeF(16, 16), 1.0);
    QVERIFY(raster.isEmpty());
    const std::vector<QPointF> triangle{{2, 2}, {14, 3}, {6, 13}};
    raster.fillPolygon(triangle.data(), 3, qRgba(10, 20, 30, 255));
    QVERIFY(!raster.isEmpty());
    QCOMPARE(raster.image().pixel(7, 6), qRgba(10, 20, 30, 255));
    raster.begin(QSizeF(16, 16), 1.0);
    QVERIFY(raster.isEmpty());
    for (int y = 0; y < 16; ++y) {
        for (int x = 0; x < 16; ++x) {
            QCOMPARE(raster.image().pixel(x, y), QRgb(0));
        }
    }
}

void TestCoverageRaster::degenerateInputDrawsNothing() {
    CoverageRaster raster;
    raster.begin(QSizeF(16, 16), 1.0);
    const std::vector<QPointF> line{{2, 2}, {14, 14}, {8, 8}};
    raster.fillPolygon(line.data(), 3, qRgba(255, 255, 255, 255));
    const std::vector<QPointF> nan{{2, 2}, {std::nan(""), 14}, {8, 3}};
    raster.fillPolygon(nan.data(), 3, qRgba(255, 255, 255, 255));
    const std::vector<QPointF> far{{-1e9, -1e9}, {1e9, -1e9}, {1e9, 1e9}, {-1e9, 1e9}};
    raster.fillPolygon(far.data(), 2, qRgba(255, 255, 255, 255)); // two points: no area
    for (int y = 0; y < 16; ++y) {
        for (int x = 0; x < 16; ++x) {
            QCOMPARE(raster.image().pixel(x, y), QRgb(0));
        }
    }
    // A huge polygon around the whole image covers every pixel fully.
    raster.fillPolygon(far.data(), 4, qRgba(255, 255, 255, 255));
    for (int y = 0; y < 16; ++y) {
        for (int x = 0; x < 16; ++x) {
            QCOMPARE(raster.image().pixel(x, y), qRgba(255, 255, 255, 255));
        }
    }
}

QTEST_MAIN(TestCoverageRaster)
#include "tst_coverage_raster.moc"
