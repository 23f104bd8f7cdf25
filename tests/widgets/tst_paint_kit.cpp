/// @file tst_paint_kit.cpp
/// The display scale is state of whoever draws, not of the process (issue 12, "Structure"): two canvases
/// keep their own scale, and a headless render is the same whatever scale a canvas is at. And the painting
/// kit (widgets/paint_kit.h): the arrow covers the shaft and head its closed form gives, and writeDrawing
/// writes a PNG or an SVG as the suffix says.

#include "name_placement.h"
#include "overlay.h"
#include "paint_kit.h"
#include "scene_canvas.h"
#include "scene_io.h"
#include "scene_renderer.h"
#include "walkthrough.h"

#include <QFile>
#include <QGraphicsScene>
#include <QImage>
#include <QPainter>
#include <QTemporaryDir>
#include <QTest>

namespace {

using namespace cl;

phys::SceneDef loadScene(const QString& relative) {
    const auto loaded = loadSceneFile(QStringLiteral(CONTACTLAB_SOURCE_DIR "/") + relative);
    if (!std::holds_alternative<Scene>(loaded)) {
        return {};
    }
    return std::get<Scene>(loaded).def;
}

/// The size of every body name a canvas shows (placed as its paint places them), in body order.
QList<QSizeF> nameSizes(const SceneCanvas& canvas) {
    NamePlacement placed = placeBodyNames(canvas.sceneDef(), canvas.viewTransform(), canvas.renderOptions());
    std::sort(placed.names.begin(), placed.names.end(),
              [](const PlacedName& a, const PlacedName& b) { return a.body < b.body; });
    QList<QSizeF> sizes;
    for (const PlacedName& name : placed.names) {
        sizes << name.rect.size();
    }
    return sizes;
}

/// The SAT result over edge_on_edge as `contactlab-cli render --overlay sat` draws it, at scale 1.
QImage headlessRender(const phys::SceneDef& scene) {
    const Walkthrough w = Walkthrough::build(WalkthroughMode::Sat, scene.bodies[0], scene.bodies[1]);
    const ViewTransform view = SceneRenderer::fitView(scene, QSizeF(640, 400));
    return OverlayPainter::renderImage(scene, view, 1.0, RenderOptions{}, OverlayOptions{}, &w,
                                       w.stepCount() - 1);
}

} // namespace

class TestPaintKit : public QObject {
    Q_OBJECT

private slots:
    void canvasesKeepTheirOwnScale();
    void arrowCoversItsClosedForm();
    void writeDrawingFollowsTheSuffix();
};

void TestPaintKit::canvasesKeepTheirOwnScale() {
    const phys::SceneDef scene = loadScene(QStringLiteral("resources/scenes/catalogue/edge_on_edge.json"));
    QCOMPARE(scene.bodies.size(), std::size_t(2));
    const QImage before = headlessRender(scene);

    SceneCanvas normal;
    SceneCanvas projector;
    normal.resize(640, 400);
    projector.resize(640, 400);
    normal.setSceneDef(scene);
    projector.setSceneDef(scene);
    const QList<QSizeF> names = nameSizes(normal);
    QCOMPARE(names.size(), 2);
    QCOMPARE(nameSizes(projector), names);

    projector.setPresentationScale(1.6);
    QCOMPARE(projector.presentationScale(), 1.6);
    QCOMPARE(projector.renderOptions().displayScale, 1.6);
    QCOMPARE(normal.presentationScale(), 1.0);
    QCOMPARE(normal.renderOptions().displayScale, 1.0);
    // The other canvas's names keep their size; this one's grow with its scale (the font is 12 px * 1.6,
    // rounded to 19 px; the halo slack grows too).
    QCOMPARE(nameSizes(normal), names);
    const QList<QSizeF> large = nameSizes(projector);
    QCOMPARE(large.size(), names.size());
    for (qsizetype i = 0; i < names.size(); ++i) {
        QVERIFY(large[i].width() > 1.4 * names[i].width());
        QVERIFY(large[i].height() > 1.4 * names[i].height());
    }
    // Exactly what the renderer measures at the canvas's scale (headless callers pass 1, or their own).
    QVERIFY(large.contains(SceneRenderer::labelSize(QStringLiteral("ground"), 1.6)));
    QVERIFY(large.contains(SceneRenderer::labelSize(QStringLiteral("box"), 1.6)));
    QVERIFY(names.contains(SceneRenderer::labelSize(QStringLiteral("ground"), 1.0)));
    // Out of range scales are clamped as before (into [0.5, 4]).
    projector.setPresentationScale(10.0);
    QCOMPARE(projector.presentationScale(), 4.0);
    projector.setPresentationScale(1.6);

    // A headless render while a canvas is in presentation mode draws at its own scale, pixel for pixel.
    QCOMPARE(headlessRender(scene), before);
}

// The arrow from (10, 50) to (90, 50), 4 px wide at scale 1: the head is min(0.6 * 80, 11) = 11 px long
// from x = 79 to the tip at x = 90, its half-width at x is 0.45 * 11 * (90 - x) / 11; the shaft covers
// |y - 50| <= 2 from x = 10 (flat cap) into the head.
void TestPaintKit::arrowCoversItsClosedForm() {
    QImage image(100, 100, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing, true);
    const QColor red(200, 0, 0);
    paintkit::drawArrow(painter, QPointF(10, 50), QPointF(90, 50), red, 4.0, 1.0);
    painter.end();
    const auto isRed = [&image, &red](int x, int y) {
        return image.pixelColor(x, y) == red;
    };
    const auto isWhite = [&image](int x, int y) {
        return image.pixelColor(x, y) == QColor(Qt::white);
    };
    QVERIFY(isRed(12, 49) && isRed(50, 49) && isRed(50, 50) && isRed(75, 50));
    QVERIFY(isWhite(50, 46) && isWhite(50, 53) && isWhite(8, 49)); // beyond half the width, before the tail
    // In the head: half-width 4.95 at its base (x = 79), 0.45 * 8 = 3.6 at x = 82.
    QVERIFY(isRed(80, 47) && isRed(80, 52) && isRed(82, 48));
    QVERIFY(isWhite(76, 46) && isWhite(76, 53)); // left of the head only the shaft
    QVERIFY(isWhite(92, 50));                    // past the tip
    // A 2x display scale doubles the head's cap (22 px), the shaft width is the caller's.
    QImage twice(100, 100, QImage::Format_ARGB32_Premultiplied);
    twice.fill(Qt::white);
    QPainter p2(&twice);
    paintkit::drawArrow(p2, QPointF(10, 50), QPointF(90, 50), red, 4.0, 2.0);
    p2.end();
    // Base at x = 68, half-width 9.9 there: (70, 42) is in the head (half-width 0.45 * 20 = 9).
    QCOMPARE(twice.pixelColor(70, 42), red);
    QCOMPARE(image.pixelColor(70, 42), QColor(Qt::white));
}

void TestPaintKit::writeDrawingFollowsTheSuffix() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const auto draw = [](QPainter& painter) {
        painter.fillRect(QRectF(10, 10, 20, 20), QColor(0, 0, 255));
        painter.drawText(QPointF(40, 40), QStringLiteral("hello"));
    };
    paintkit::DrawingFile options;
    options.background = QColor(250, 250, 240);
    options.devicePixelRatio = 2.0;
    const QString png = dir.filePath(QStringLiteral("a.png"));
    QCOMPARE(paintkit::writeDrawing(png, QSize(80, 60), draw, options), QString());
    const QImage read(png);
    QCOMPARE(read.size(), QSize(160, 120)); // size times the device pixel ratio
    QCOMPARE(read.pixelColor(1, 1), QColor(250, 250, 240));
    QCOMPARE(read.pixelColor(40, 40), QColor(0, 0, 255)); // (20, 20) in drawing pixels

    const QString svg = dir.filePath(QStringLiteral("b.SVG"));
    QCOMPARE(paintkit::writeDrawing(svg, QSize(80, 60), draw, options), QString());
    QFile file(svg);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray text = file.readAll();
    QVERIFY(text.contains("<svg"));
    QVERIFY(text.contains("<title>ContactLab scene</title>"));
    QVERIFY(text.contains(">hello</text>")); // real text, not paths

    // A forced format wins over the name.
    const QString forced = dir.filePath(QStringLiteral("c.png"));
    QCOMPARE(paintkit::writeDrawing(forced, QSize(80, 60), draw, {}, paintkit::Format::Svg), QString());
    QFile forcedFile(forced);
    QVERIFY(forcedFile.open(QIODevice::ReadOnly));
    QVERIFY(forcedFile.readAll().contains("<svg"));

    // An unwritable place reports the error instead of writing half a file.
    QVERIFY(
        !paintkit::writeDrawing(dir.filePath(QStringLiteral("missing/d.png")), QSize(8, 8), draw).isEmpty());
}

QTEST_MAIN(TestPaintKit)
#include "tst_paint_kit.moc"
