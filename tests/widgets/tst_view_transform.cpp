/// @file tst_view_transform.cpp
/// The world <-> view converter and the grid steps, on thousands of seeded random views; headless rendering.

#include "name_placement.h"
#include "scene_renderer.h"
#include "view_transform.h"

#include "physics/polygon_factory.h"

#include <QFile>
#include <QImage>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <limits>
#include <random>

using namespace cl;

namespace {

constexpr int kRandomCases = 5000;

/// A random view: scale spread over the whole zoom range (log-uniform), centre within +-1000 m.
ViewTransform randomView(std::mt19937_64& rng) {
    std::uniform_real_distribution<double> logScale(std::log10(ViewTransform::kMinPixelsPerMetre),
                                                    std::log10(ViewTransform::kMaxPixelsPerMetre));
    std::uniform_real_distribution<double> coordinate(-1000.0, 1000.0);
    std::uniform_real_distribution<double> side(50.0, 3000.0);
    return {std::pow(10.0, logScale(rng)), phys::Vec2{coordinate(rng), coordinate(rng)},
            QSizeF(side(rng), side(rng))};
}

} // namespace

class TestViewTransform : public QObject {
    Q_OBJECT

private slots:
    void mapsTheWorldYUpAroundTheCentre();
    void roundTripsAndMatchesItsQTransform();
    void zoomKeepsTheAnchorAndClamps();
    void panMovesContentWithTheDrag();
    void fittingFramesTheBox();
    void gridStepsAreOneTwoFive();
    void gridLabels_data();
    void gridLabels();
    void namesShowOnlyWhenTheyFit();
    void headlessImageAndSvg();
};

void TestViewTransform::mapsTheWorldYUpAroundTheCentre() {
    const ViewTransform view(40.0, phys::Vec2{2.0, 1.0}, QSizeF(800, 600));
    QCOMPARE(view.toView(phys::Vec2{2.0, 1.0}), QPointF(400, 300));
    // One metre right is 40 px right; one metre up is 40 px up (smaller y).
    QCOMPARE(view.toView(phys::Vec2{3.0, 1.0}), QPointF(440, 300));
    QCOMPARE(view.toView(phys::Vec2{2.0, 2.0}), QPointF(400, 260));
    QCOMPARE(view.visibleWorldRect(), QRectF(QPointF(-8.0, -6.5), QPointF(12.0, 8.5)));
    QCOMPARE(view.toPixels(0.25), 10.0);
    QCOMPARE(view.toMetres(10.0), 0.25);
}

void TestViewTransform::roundTripsAndMatchesItsQTransform() {
    std::mt19937_64 rng(20240611);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    for (int i = 0; i < kRandomCases; ++i) {
        const ViewTransform view = randomView(rng);
        const QPointF pixel(unit(rng) * view.viewSize().width(), unit(rng) * view.viewSize().height());
        const phys::Vec2 world = view.toWorld(pixel);
        const QPointF back = view.toView(world);
        // Relative to the size of the numbers involved (world coordinates times the scale).
        const double tolerance =
            1e-9 * (1.0 + std::abs(view.centre().x) + std::abs(view.centre().y)) * view.pixelsPerMetre();
        QVERIFY(std::abs(back.x() - pixel.x()) <= tolerance + 1e-9);
        QVERIFY(std::abs(back.y() - pixel.y()) <= tolerance + 1e-9);
        const QPointF viaMatrix = view.worldToView().map(QPointF(world.x, world.y));
        QVERIFY(std::abs(viaMatrix.x() - back.x()) <= tolerance + 1e-9);
        QVERIFY(std::abs(viaMatrix.y() - back.y()) <= tolerance + 1e-9);
    }
}

void TestViewTransform::zoomKeepsTheAnchorAndClamps() {
    std::mt19937_64 rng(7);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    std::uniform_real_distribution<double> logFactor(-3.0, 3.0);
    for (int i = 0; i < kRandomCases; ++i) {
        const ViewTransform view = randomView(rng);
        const QPointF anchor(unit(rng) * view.viewSize().width(), unit(rng) * view.viewSize().height());
        const double factor = std::pow(10.0, logFactor(rng));
        const ViewTransform zoomed = view.zoomedAbout(anchor, factor);
        const double expected = std::clamp(view.pixelsPerMetre() * factor, ViewTransform::kMinPixelsPerMetre,
                                           ViewTransform::kMaxPixelsPerMetre);
        QVERIFY(std::abs(zoomed.pixelsPerMetre() - expected) <= 1e-12 * expected);
        const QPointF after = zoomed.toView(view.toWorld(anchor));
        const double tolerance = 1e-9 * (1.0 + std::abs(view.centre().x) + std::abs(view.centre().y)) *
                                 std::max(view.pixelsPerMetre(), zoomed.pixelsPerMetre());
        QVERIFY2(std::abs(after.x() - anchor.x()) <= tolerance + 1e-7 &&
                     std::abs(after.y() - anchor.y()) <= tolerance + 1e-7,
                 qPrintable(QStringLiteral("case %1").arg(i)));
    }
    // Non-finite zoom requests never produce a non-finite view.
    const ViewTransform view(10.0, phys::Vec2{}, QSizeF(100, 100));
    QVERIFY(std::isfinite(
        view.zoomedAbout(QPointF(5, 5), std::numeric_limits<double>::infinity()).pixelsPerMetre()));
    QVERIFY(std::isfinite(view.zoomedAbout(QPointF(5, 5), std::nan("")).pixelsPerMetre()));
}

void TestViewTransform::panMovesContentWithTheDrag() {
    std::mt19937_64 rng(99);
    std::uniform_real_distribution<double> delta(-500.0, 500.0);
    std::uniform_real_distribution<double> coordinate(-100.0, 100.0);
    for (int i = 0; i < kRandomCases; ++i) {
        ViewTransform view = randomView(rng);
        // Keep the scale moderate so a pixel is a sensible number of metres for the comparison.
        view = ViewTransform(std::clamp(view.pixelsPerMetre(), 0.1, 1000.0), view.centre(), view.viewSize());
        const QPointF drag(delta(rng), delta(rng));
        const phys::Vec2 world{coordinate(rng), coordinate(rng)};
        const QPointF moved = view.panned(drag).toView(world) - view.toView(world);
        QVERIFY(std::abs(moved.x() - drag.x()) < 1e-6 && std::abs(moved.y() - drag.y()) < 1e-6);
    }
}

void TestViewTransform::fittingFramesTheBox() {
    std::mt19937_64 rng(3);
    std::uniform_real_distribution<double> coordinate(-500.0, 500.0);
    std::uniform_real_distribution<double> logExtent(-3.0, 3.0);
    std::uniform_real_distribution<double> side(100.0, 2500.0);
    for (int i = 0; i < kRandomCases; ++i) {
        const phys::Vec2 lower{coordinate(rng), coordinate(rng)};
        const phys::Vec2 extent{std::pow(10.0, logExtent(rng)), std::pow(10.0, logExtent(rng))};
        const phys::AABB box{lower, lower + extent};
        const QSizeF size(side(rng), side(rng));
        const double margin = 20.0;
        const ViewTransform view = ViewTransform::fitting(box, size, margin);
        const QRectF inView = QRectF(view.toView(box.lower), view.toView(box.upper)).normalized();
        const double eps = 1e-6 * std::max(size.width(), size.height());
        // Inside with the margin on every side...
        QVERIFY(inView.left() >= margin - eps && inView.top() >= margin - eps);
        QVERIFY(inView.right() <= size.width() - margin + eps &&
                inView.bottom() <= size.height() - margin + eps);
        // ...centred, and touching the margin on the limiting side (unless the zoom limit stopped it).
        QVERIFY(std::abs(inView.center().x() - 0.5 * size.width()) < eps);
        QVERIFY(std::abs(inView.center().y() - 0.5 * size.height()) < eps);
        const bool clamped = view.pixelsPerMetre() == ViewTransform::kMaxPixelsPerMetre ||
                             view.pixelsPerMetre() == ViewTransform::kMinPixelsPerMetre;
        const bool touches = std::abs(inView.width() - (size.width() - 2 * margin)) < eps ||
                             std::abs(inView.height() - (size.height() - 2 * margin)) < eps;
        QVERIFY(clamped || touches);
    }
}

void TestViewTransform::gridStepsAreOneTwoFive() {
    std::mt19937_64 rng(11);
    std::uniform_real_distribution<double> logScale(std::log10(ViewTransform::kMinPixelsPerMetre),
                                                    std::log10(ViewTransform::kMaxPixelsPerMetre));
    for (int i = 0; i < kRandomCases; ++i) {
        const double s = std::pow(10.0, logScale(rng));
        const GridSpacing g = SceneRenderer::gridSpacing(s);
        const double exponent = std::floor(std::log10(g.major) + 1e-9);
        const double mantissa = g.major / std::pow(10.0, exponent);
        const bool oneTwoFive = std::abs(mantissa - 1.0) < 1e-9 || std::abs(mantissa - 2.0) < 1e-9 ||
                                std::abs(mantissa - 5.0) < 1e-9;
        QVERIFY2(oneTwoFive, qPrintable(QString::number(g.major)));
        // At least kMinMajorGridPixels apart, and the next smaller 1-2-5 step would not be.
        QVERIFY(g.major * s >= SceneRenderer::kMinMajorGridPixels * (1 - 1e-9));
        const double smaller = std::abs(mantissa - 1.0) < 1e-9   ? 0.5 * g.major
                               : std::abs(mantissa - 2.0) < 1e-9 ? 0.5 * g.major
                                                                 : 0.4 * g.major;
        QVERIFY(smaller * s < SceneRenderer::kMinMajorGridPixels);
        // Minor lines divide the major step evenly: 5 parts for 1 and 5, 4 parts for 2.
        const double parts = g.major / g.minor;
        QVERIFY(std::abs(parts - (std::abs(mantissa - 2.0) < 1e-9 ? 4.0 : 5.0)) < 1e-9);
        // Enough decimals to tell adjacent major labels apart, and no more.
        QVERIFY(g.decimals == std::max(0, -static_cast<int>(exponent)));
    }
    // A few by hand.
    QCOMPARE(SceneRenderer::gridSpacing(90.0).major, 1.0);
    QCOMPARE(SceneRenderer::gridSpacing(89.0).major, 2.0);
    QCOMPARE(SceneRenderer::gridSpacing(35.0).major, 5.0);
    QCOMPARE(SceneRenderer::gridSpacing(35.0).minor, 1.0);
    QCOMPARE(SceneRenderer::gridSpacing(400.0).major, 0.5);
    QCOMPARE(SceneRenderer::gridSpacing(400.0).decimals, 1);
}

void TestViewTransform::gridLabels_data() {
    QTest::addColumn<double>("metres");
    QTest::addColumn<double>("pixelsPerMetre");
    QTest::addColumn<QString>("text");
    QTest::newRow("integer") << 10.0 << 35.0 << QStringLiteral("10");
    QTest::newRow("negative") << -2.0 << 50.0 << QStringLiteral("-2");
    QTest::newRow("tenths") << 1.5 << 400.0 << QStringLiteral("1.5");
    QTest::newRow("no negative zero") << -1e-17 << 400.0 << QStringLiteral("0.0");
    QTest::newRow("thousandths") << -0.002 << 50000.0 << QStringLiteral("-0.002");
    QTest::newRow("kilometres") << 20000.0 << 0.01 << QStringLiteral("20000");
}

void TestViewTransform::gridLabels() {
    QFETCH(double, metres);
    QFETCH(double, pixelsPerMetre);
    QFETCH(QString, text);
    QCOMPARE(SceneRenderer::gridLabel(metres, SceneRenderer::gridSpacing(pixelsPerMetre)), text);
}

void TestViewTransform::namesShowOnlyWhenTheyFit() {
    phys::SceneDef scene;
    phys::BodyDef body;
    body.name = "a rather long name";
    body.shapes.push_back(phys::ShapeDef{*phys::factory::rectangle(1.0, 1.0)});
    scene.bodies.push_back(body);
    RenderOptions options;
    options.grid = false;
    // A 1 m box: too small for the name at 20 px/m (it goes outside, on a leader line touching the box),
    // plenty at 1000 px/m (inside it).
    for (const double pixelsPerMetre : {20.0, 1000.0}) {
        const ViewTransform view(pixelsPerMetre, phys::Vec2{}, QSizeF(1600, 1200));
        const NamePlacement placed = placeBodyNames(scene, view, options);
        QCOMPARE(placed.names.size(), std::size_t(1));
        const PlacedName& name = placed.names.front();
        const QRectF box(view.toView({-0.5, 0.5}), view.toView({0.5, -0.5}));
        QCOMPARE(name.inside, pixelsPerMetre > 100.0);
        QVERIFY(name.inside ? box.contains(name.rect) : !box.intersects(name.rect));
        if (!name.inside) {
            QVERIFY(std::abs(name.anchor.y() - box.top()) < 1e-6); // on the box's top edge
            QVERIFY(name.leader().length() > 0.0);
        }
    }
    scene.bodies.front().name.clear();
    QVERIFY(placeBodyNames(scene, ViewTransform(1000.0, phys::Vec2{}, QSizeF(1600, 1200)), options)
                .names.empty());
}

void TestViewTransform::headlessImageAndSvg() {
    phys::SceneDef scene;
    phys::BodyDef box;
    box.position = {1.0, 2.0};
    box.shapes.push_back(phys::ShapeDef{*phys::factory::rectangle(2.0, 1.0)});
    scene.bodies.push_back(box);
    const QSize size(300, 200);
    RenderOptions noGrid;
    noGrid.grid = false;
    const QImage image = SceneRenderer::renderImage(scene, size, noGrid);
    QCOMPARE(image.size(), size);
    // Fitted: the box's centre is at the image centre, in its fill colour; the corners are background.
    const QColor fill = SceneRenderer::bodyColors(box, 0).fill;
    QCOMPARE(image.pixelColor(150, 100).rgb(), fill.rgb());
    QCOMPARE(image.pixelColor(size.width() / 2 + 60, 100).rgb(), fill.rgb());
    QCOMPARE(image.pixelColor(2, 2).rgb(), SceneRenderer::backgroundColor().rgb());

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString svg = dir.filePath(QStringLiteral("scene.svg"));
    QCOMPARE(SceneRenderer::renderSvg(scene, size, svg), QString());
    QFile file(svg);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray content = file.readAll();
    QVERIFY(content.contains("<svg"));
    QVERIFY(content.contains(fill.name().toLatin1()));
    QVERIFY(
        !SceneRenderer::renderSvg(scene, size, dir.filePath(QStringLiteral("missing/scene.svg"))).isEmpty());
}

QTEST_MAIN(TestViewTransform)
#include "tst_view_transform.moc"
