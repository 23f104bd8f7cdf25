/// @file tst_mainwindow.cpp
/// The real MainWindow driven by QTest: items and pixels at the right world places, zoom about the cursor,
/// panning, zoom to fit, errors on open, the title and status bar, and `contactlab --screenshot`.

#include "body_item.h"
#include "document.h"
#include "edit_controller.h"
#include "main_window.h"
#include "scene_canvas.h"
#include "scene_renderer.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QImage>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QPainter>
#include <QProcess>
#include <QProcessEnvironment>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>
#include <QWheelEvent>

#include <cmath>
#include <functional>
#include <memory>
#include <variant>
#include <vector>

using namespace cl;

namespace {

/// Four bodies: a static ground, an axis-aligned box, a circle and a rotated plank. Names are left empty on
/// the bodies whose pixels are probed, so no label covers them.
const char* const kFixtureScene = R"({
  "format": "contactlab-scene",
  "version": 1,
  "bodies": [
    { "name": "ground", "type": "static", "position": [0, 0],
      "shapes": [ { "type": "polygon", "vertices": [[-6, -1], [6, -1], [6, 0], [-6, 0]] } ] },
    { "type": "dynamic", "position": [-3, 3],
      "shapes": [ { "type": "polygon", "vertices": [[-1, -1], [1, -1], [1, 1], [-1, 1]] } ] },
    { "type": "dynamic", "position": [3, 2.5], "angle": 1.0,
      "shapes": [ { "type": "circle", "center": [0, 0], "radius": 1.2 } ] },
    { "type": "dynamic", "position": [0, 6], "angle": 0.5,
      "shapes": [ { "type": "polygon", "vertices": [[-2, -0.4], [2, -0.4], [2, 0.4], [-2, 0.4]] } ] }
  ]
})";

/// The same file with body 1's square made non-convex at vertex 2.
const char* const kNonConvexScene = R"({
  "format": "contactlab-scene",
  "version": 1,
  "bodies": [
    { "name": "a", "type": "static", "position": [0, 0],
      "shapes": [ { "type": "polygon", "vertices": [[-6, -1], [6, -1], [6, 0], [-6, 0]] } ] },
    { "name": "b", "type": "dynamic", "position": [0, 2],
      "shapes": [ { "type": "polygon", "vertices": [[-1, -1], [1, -1], [0, -0.5], [1, 1], [-1, 1]] } ] }
  ]
})";

QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& content) {
    const QString path = dir.filePath(name);
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(content) != content.size()) {
        return {};
    }
    return path;
}

/// World bounding box of a body computed here from the definitions (independent of the renderer's).
phys::AABB bodyBox(const phys::BodyDef& body) {
    const phys::Rot q(body.angle);
    double minX = 1e300, minY = 1e300, maxX = -1e300, maxY = -1e300;
    auto add = [&](phys::Vec2 p, double r) {
        minX = std::min(minX, p.x - r);
        minY = std::min(minY, p.y - r);
        maxX = std::max(maxX, p.x + r);
        maxY = std::max(maxY, p.y + r);
    };
    for (const phys::ShapeDef& shape : body.shapes) {
        if (const auto* circle = std::get_if<phys::Circle>(&shape.geometry)) {
            add(phys::rotate(q, circle->center) + body.position, circle->radius);
        } else {
            for (const phys::Vec2 v : std::get<phys::Polygon>(shape.geometry).vertices()) {
                add(phys::rotate(q, v) + body.position, 0.0);
            }
        }
    }
    return {{minX, minY}, {maxX, maxY}};
}

/// World point -> viewport pixel through QGraphicsView's own mapping (not the canvas's ViewTransform).
QPointF viewportPoint(const SceneCanvas& canvas, phys::Vec2 world) {
    return canvas.viewportTransform().map(QPointF(world.x, world.y));
}

phys::Vec2 worldUnder(const SceneCanvas& canvas, QPointF viewportPixel) {
    const QPointF p = canvas.viewportTransform().inverted().map(viewportPixel);
    return {p.x(), p.y()};
}

/// Colour of the grabbed window at a world point.
QColor colourAt(const QImage& windowImage, const MainWindow& window, phys::Vec2 world) {
    const SceneCanvas& canvas = *window.canvas();
    const QPointF inViewport = viewportPoint(canvas, world);
    const QPointF inWindow = inViewport + QPointF(canvas.viewport()->mapTo(&window, QPoint(0, 0)));
    const double dpr = windowImage.devicePixelRatio();
    return windowImage.pixelColor(int(std::floor(inWindow.x() * dpr)), int(std::floor(inWindow.y() * dpr)));
}

QString rgb(const QColor& c) {
    return QStringLiteral("#%1").arg(c.rgb() & 0xffffff, 6, 16, QLatin1Char('0'));
}

} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void noMenuHasTwoItemsOfTheSameName();

    void openingBuildsOneItemPerBody();
    void bodiesArePaintedAtTheirWorldPlaces();
    void viewportTransformIsTheViewTransform();
    void wheelZoomsAboutTheCursor_data();
    void wheelZoomsAboutTheCursor();
    void middleDragPansByTheDraggedPixels();
    void spaceLeftDragPans();
    void zoomButtonsKeepTheCentre();
    void presentationModeKeepsTheSceneIndexTrue();
    void zoomToFitContainsEveryBody_data();
    void zoomToFitContainsEveryBody();
    void badFileLeavesTheSceneAndReportsTheError_data();
    void badFileLeavesTheSceneAndReportsTheError();
    void titleShowsFileAndModifiedMarker();
    void statusBarShowsWorldPositionAndZoom();
    void geometryAndViewOptionsPersist();
    void canvasDrawsLikeTheHeadlessRenderer();
    void screenshotWritesPngOfRequestedSize_data();
    void screenshotWritesPngOfRequestedSize();
    void screenshotFailuresExitNonZero_data();
    void screenshotFailuresExitNonZero();

private:
    /// Opens the fixture in a fresh, shown window; grid and names off unless asked.
    void openFixture(bool grid = false, bool names = false);
    QImage grabWindow() const { return m_window->grab().toImage(); }

    QTemporaryDir m_dir;
    QString m_fixture;
    QString m_nonConvex;
    std::unique_ptr<MainWindow> m_window;
    QStringList m_reported;
};

void TestMainWindow::initTestCase() {
    QVERIFY(m_dir.isValid());
    // Keep the user's settings out of it: everything QSettings writes goes into the temporary directory.
    QStandardPaths::setTestModeEnabled(true);
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope,
                       m_dir.filePath(QStringLiteral("settings")));
    QCoreApplication::setOrganizationName(QStringLiteral("ContactLab"));
    QCoreApplication::setApplicationName(QStringLiteral("ContactLab"));
    m_fixture = writeFile(m_dir, QStringLiteral("fixture.json"), kFixtureScene);
    m_nonConvex = writeFile(m_dir, QStringLiteral("nonconvex.json"), kNonConvexScene);
    QVERIFY(!m_fixture.isEmpty());
    QVERIFY(!m_nonConvex.isEmpty());
}

// Every menu of the menu bar (and its submenus): no two items read the same (the View menu once had two
// "Simulation" items, the dock's and the toolbar's).
void TestMainWindow::noMenuHasTwoItemsOfTheSameName() {
    std::function<void(QMenu*)> check = [&check](QMenu* menu) {
        QStringList seen;
        for (QAction* action : menu->actions()) {
            if (action->isSeparator() || !action->isVisible()) {
                continue;
            }
            QString text = action->text();
            text.remove(QLatin1Char('&'));
            QVERIFY2(!seen.contains(text),
                     qPrintable(QStringLiteral("menu \"%1\" has two items \"%2\"").arg(menu->title(), text)));
            seen << text;
            if (action->menu()) {
                check(action->menu());
            }
        }
    };
    for (QAction* top : m_window->menuBar()->actions()) {
        if (top->menu()) {
            check(top->menu());
            if (QTest::currentTestFailed()) {
                return;
            }
        }
    }
}

void TestMainWindow::init() {
    m_reported.clear();
    m_window = std::make_unique<MainWindow>();
    m_window->setSaveSettingsOnClose(false);
    m_window->setErrorReporter([this](const QString&, const QString& message) { m_reported << message; });
    m_window->setWindowState(Qt::WindowNoState);
    // These tests are about the canvas: hide the docks (walkthrough, simulation, inspector...) so the canvas
    // gets the window's room and no walkthrough overlay is drawn over the bodies being probed.
    for (QDockWidget* dock : m_window->findChildren<QDockWidget*>()) {
        dock->hide();
    }
    m_window->resize(900, 650);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TestMainWindow::cleanup() {
    m_window.reset();
}

void TestMainWindow::openFixture(bool grid, bool names) {
    QVERIFY(m_window->openFile(m_fixture));
    m_window->canvas()->setShowGrid(grid);
    m_window->canvas()->setShowBodyNames(names);
    QVERIFY(m_reported.isEmpty());
}

void TestMainWindow::openingBuildsOneItemPerBody() {
    openFixture();
    const phys::SceneDef& scene = m_window->document()->scene().def;
    const auto& items = m_window->canvas()->bodyItems();
    QCOMPARE(scene.bodies.size(), std::size_t(4));
    QCOMPARE(items.size(), scene.bodies.size());
    int bodyItemsInScene = 0;
    for (QGraphicsItem* item : m_window->canvas()->scene()->items()) {
        bodyItemsInScene += item->type() == BodyItem::kType ? 1 : 0;
    }
    QCOMPARE(bodyItemsInScene, 4);
    for (std::size_t i = 0; i < items.size(); ++i) {
        const phys::BodyDef& body = scene.bodies[i];
        QCOMPARE(items[i]->bodyIndex(), int(i));
        // The item's frame is the body frame: its local origin lands on the body position, and its local x
        // axis is turned by the body angle (counter-clockwise in the y-up world).
        const QPointF origin = items[i]->mapToScene(QPointF(0, 0));
        QVERIFY(std::abs(origin.x() - body.position.x) < 1e-12);
        QVERIFY(std::abs(origin.y() - body.position.y) < 1e-12);
        const QPointF xAxis = items[i]->mapToScene(QPointF(1, 0)) - origin;
        QVERIFY(std::abs(xAxis.x() - std::cos(body.angle)) < 1e-12);
        QVERIFY(std::abs(xAxis.y() - std::sin(body.angle)) < 1e-12);
    }
    // A second open replaces the items rather than adding to them.
    QVERIFY(m_window->openFile(m_nonConvex) == false);
    QVERIFY(m_window->openFile(m_fixture));
    QCOMPARE(m_window->canvas()->bodyItems().size(), std::size_t(4));
}

void TestMainWindow::bodiesArePaintedAtTheirWorldPlaces() {
    openFixture();
    const QImage image = grabWindow();
    const phys::SceneDef& scene = m_window->document()->scene().def;
    const QColor background = SceneRenderer::backgroundColor();
    auto fill = [&scene](int i) {
        return SceneRenderer::bodyColors(scene.bodies[std::size_t(i)], i).fill;
    };

    struct Probe {
        phys::Vec2 world;
        int body; ///< -1: background
    };
    const phys::Vec2 plankAxis{std::cos(0.5), std::sin(0.5)};
    // clang-format off
    // Inside: the ground, the square, the circle (off its radius line, which runs at 1 rad from the centre),
    // along the turned plank. Outside: where the plank would be unturned, just beyond the square's and the
    // circle's edges, the gaps between bodies, below the ground.
    const std::vector<Probe> probes{
        {{-4.0, -0.5}, 0}, {{5.5, -0.2}, 0}, {{0.0, -0.8}, 0},
        {{-3.0, 3.0}, 1},  {{-3.8, 2.2}, 1}, {{-2.2, 3.8}, 1},
        {{3.0, 1.9}, 2},   {{3.0, 3.5}, 2},  {{2.2, 1.8}, 2},
        {phys::Vec2{0, 6} + 1.6 * plankAxis, 3},
        {phys::Vec2{0, 6} - 1.6 * plankAxis, 3},
        {{1.6, 6.0}, -1},  {{-1.6, 6.0}, -1},
        {{-4.3, 3.0}, -1}, {{-3.0, 4.3}, -1}, {{3.0, 3.9}, -1}, {{4.1, 3.4}, -1},
        {{0.0, 1.5}, -1},  {{-5.0, -1.4}, -1},
    };
    // clang-format on
    for (const Probe& probe : probes) {
        const QColor expected = probe.body < 0 ? background : fill(probe.body);
        const QColor actual = colourAt(image, *m_window, probe.world);
        QVERIFY2(actual.rgb() == expected.rgb(), qPrintable(QStringLiteral("at (%1, %2): %3, expected %4")
                                                                .arg(probe.world.x)
                                                                .arg(probe.world.y)
                                                                .arg(rgb(actual), rgb(expected))));
    }
    // The fills differ, so the probes tell the bodies apart.
    QVERIFY(fill(1) != fill(2) && fill(2) != fill(3) && fill(0) != fill(1));
}

void TestMainWindow::viewportTransformIsTheViewTransform() {
    openFixture();
    SceneCanvas& canvas = *m_window->canvas();
    auto check = [&canvas]() {
        const QTransform actual = canvas.viewportTransform();
        const QTransform expected = canvas.viewTransform().worldToView();
        const double s = canvas.pixelsPerMetre();
        return std::abs(actual.m11() - expected.m11()) < 1e-9 * s &&
               std::abs(actual.m22() - expected.m22()) < 1e-9 * s && actual.m12() == 0.0 &&
               actual.m21() == 0.0 && std::abs(actual.dx() - expected.dx()) < 1e-6 &&
               std::abs(actual.dy() - expected.dy()) < 1e-6 &&
               canvas.viewTransform().viewSize() == QSizeF(canvas.viewport()->size());
    };
    QVERIFY(check());
    canvas.zoomIn();
    QVERIFY(check());
    canvas.setViewTransform(canvas.viewTransform().panned(QPointF(123.25, -47.5)));
    QVERIFY(check());
    m_window->resize(700, 500);
    QCoreApplication::processEvents();
    QVERIFY(check());
    // A resize keeps the world point at the centre of the view.
    const phys::Vec2 centre = canvas.viewTransform().centre();
    m_window->resize(1000, 700);
    QCoreApplication::processEvents();
    QVERIFY(check());
    QVERIFY(phys::distance(canvas.viewTransform().centre(), centre) < 1e-12);
}

void TestMainWindow::wheelZoomsAboutTheCursor_data() {
    QTest::addColumn<QPointF>("cursor");
    QTest::addColumn<int>("angleDelta");
    QTest::newRow("one notch in, top left") << QPointF(100, 100) << 120;
    QTest::newRow("two notches out, middle") << QPointF(420, 260) << -240;
    QTest::newRow("three notches in, bottom") << QPointF(37.5, 411.25) << 360;
    QTest::newRow("half a notch (high-resolution wheel)") << QPointF(700, 50) << 60;
}

void TestMainWindow::wheelZoomsAboutTheCursor() {
    QFETCH(QPointF, cursor);
    QFETCH(int, angleDelta);
    openFixture();
    SceneCanvas& canvas = *m_window->canvas();
    const phys::Vec2 before = worldUnder(canvas, cursor);
    const double scaleBefore = canvas.pixelsPerMetre();
    QWheelEvent wheel(cursor, canvas.viewport()->mapToGlobal(cursor), QPoint(), QPoint(0, angleDelta),
                      Qt::NoButton, Qt::NoModifier, Qt::NoScrollPhase, false);
    QApplication::sendEvent(canvas.viewport(), &wheel);
    const double expectedScale = scaleBefore * std::pow(SceneCanvas::kWheelZoomPerNotch, angleDelta / 120.0);
    QVERIFY(std::abs(canvas.pixelsPerMetre() - expectedScale) < 1e-9 * expectedScale);
    const QPointF after = viewportPoint(canvas, before);
    QVERIFY2(std::hypot(after.x() - cursor.x(), after.y() - cursor.y()) < 1.0,
             qPrintable(QStringLiteral("moved to (%1, %2)").arg(after.x()).arg(after.y())));
}

void TestMainWindow::middleDragPansByTheDraggedPixels() {
    openFixture();
    SceneCanvas& canvas = *m_window->canvas();
    const QPoint from(300, 200);
    const QPoint to(412, 137);
    const phys::Vec2 grabbed = worldUnder(canvas, from);
    const phys::Vec2 farPoint{40.0, -25.0};
    const QPointF farBefore = viewportPoint(canvas, farPoint);
    const double scale = canvas.pixelsPerMetre();
    QTest::mousePress(canvas.viewport(), Qt::MiddleButton, Qt::NoModifier, from);
    QTest::mouseMove(canvas.viewport(), QPoint(350, 180));
    QTest::mouseMove(canvas.viewport(), to);
    QTest::mouseRelease(canvas.viewport(), Qt::MiddleButton, Qt::NoModifier, to);
    // Every world point moved by exactly the dragged pixels; the zoom did not change.
    const QPointF grabbedAfter = viewportPoint(canvas, grabbed);
    QVERIFY(std::hypot(grabbedAfter.x() - to.x(), grabbedAfter.y() - to.y()) < 1e-6);
    const QPointF farAfter = viewportPoint(canvas, farPoint);
    QVERIFY(std::abs((farAfter - farBefore).x() - (to - from).x()) < 1e-6);
    QVERIFY(std::abs((farAfter - farBefore).y() - (to - from).y()) < 1e-6);
    QCOMPARE(canvas.pixelsPerMetre(), scale);
    // Moving the mouse after the release no longer pans.
    QTest::mouseMove(canvas.viewport(), QPoint(10, 10));
    QVERIFY(std::hypot(viewportPoint(canvas, grabbed).x() - to.x(),
                       viewportPoint(canvas, grabbed).y() - to.y()) < 1e-6);
}

void TestMainWindow::spaceLeftDragPans() {
    openFixture();
    SceneCanvas& canvas = *m_window->canvas();
    const QPoint from(500, 300);
    const QPoint to(460, 390);
    const phys::Vec2 grabbed = worldUnder(canvas, from);
    // Without Space a left drag does not pan.
    QTest::mousePress(canvas.viewport(), Qt::LeftButton, Qt::NoModifier, from);
    QTest::mouseMove(canvas.viewport(), to);
    QTest::mouseRelease(canvas.viewport(), Qt::LeftButton, Qt::NoModifier, to);
    QVERIFY(std::hypot(viewportPoint(canvas, grabbed).x() - from.x(),
                       viewportPoint(canvas, grabbed).y() - from.y()) < 1e-6);
    QTest::keyPress(&canvas, Qt::Key_Space);
    QTest::mousePress(canvas.viewport(), Qt::LeftButton, Qt::NoModifier, from);
    QTest::mouseMove(canvas.viewport(), to);
    QTest::mouseRelease(canvas.viewport(), Qt::LeftButton, Qt::NoModifier, to);
    QTest::keyRelease(&canvas, Qt::Key_Space);
    const QPointF after = viewportPoint(canvas, grabbed);
    QVERIFY(std::hypot(after.x() - to.x(), after.y() - to.y()) < 1e-6);
}

// Presentation mode changes how far each body item's bounding rectangle reaches (the outline margin grows
// with the display scale). The items used to read the scale live, so turning the mode off shrank their
// rectangles behind QGraphicsScene's back: its index kept entries for the old, larger rectangle, and after
// the bodies were deleted a lookup there used freed items (the monkey test's crash in bodyKeyAt).
void TestMainWindow::presentationModeKeepsTheSceneIndexTrue() {
    QVERIFY(m_window->openSample(QStringLiteral(":/scenes/demos/pyramid.json")));
    SceneCanvas* canvas = m_window->canvas();
    const int bodies = m_window->document()->bodyCount();
    QVERIFY(bodies > 50);
    auto* presentation = m_window->findChild<QAction*>(QStringLiteral("actionPresentationMode"));
    QVERIFY(presentation);
    // Zoomed out, the margin is many metres: the rectangles change by a lot.
    for (int i = 0; i < 12; ++i) {
        canvas->zoomOut();
    }
    canvas->scene()->items(); // builds the index
    const auto lookEverywhere = [canvas] {
        const QSize size = canvas->viewport()->size();
        for (int y = 0; y < size.height(); y += 3) {
            for (int x = 0; x < size.width(); x += 3) {
                canvas->bodyKeyAt(QPointF(x, y));
            }
        }
    };
    lookEverywhere();
    presentation->toggle();
    lookEverywhere();
    presentation->toggle();
    m_window->editController()->selectAll();
    m_window->editController()->deleteSelection();
    QCOMPARE(m_window->document()->bodyCount(), 0);
    lookEverywhere(); // used to crash here
    QCOMPARE(canvas->scene()->items().size(), 0);
    for (int i = 0; i < 12; ++i) {
        canvas->zoomIn();
    }
}

void TestMainWindow::zoomButtonsKeepTheCentre() {
    openFixture();
    SceneCanvas& canvas = *m_window->canvas();
    const QPointF centre(0.5 * canvas.viewport()->width(), 0.5 * canvas.viewport()->height());
    const phys::Vec2 atCentre = worldUnder(canvas, centre);
    const double scale = canvas.pixelsPerMetre();
    canvas.zoomIn();
    QVERIFY(std::abs(canvas.pixelsPerMetre() - scale * SceneCanvas::kZoomStep) < 1e-9 * scale);
    canvas.zoomOut();
    canvas.zoomOut();
    QVERIFY(std::abs(canvas.pixelsPerMetre() - scale / SceneCanvas::kZoomStep) < 1e-9 * scale);
    const QPointF after = viewportPoint(canvas, atCentre);
    QVERIFY(std::hypot(after.x() - centre.x(), after.y() - centre.y()) < 1e-6);
}

void TestMainWindow::zoomToFitContainsEveryBody_data() {
    QTest::addColumn<QSize>("windowSize");
    QTest::newRow("wide") << QSize(1100, 500);
    QTest::newRow("tall") << QSize(450, 900);
    QTest::newRow("small") << QSize(640, 420); // the toolbars set the smallest window width
}

void TestMainWindow::zoomToFitContainsEveryBody() {
    QFETCH(QSize, windowSize);
    openFixture();
    SceneCanvas& canvas = *m_window->canvas();
    // Wander off first: far away and zoomed in, so the fit has to do all the work.
    canvas.setViewTransform(
        ViewTransform(2000.0, phys::Vec2{300.0, -80.0}, QSizeF(canvas.viewport()->size())));
    m_window->resize(windowSize);
    QCoreApplication::processEvents();
    canvas.zoomToFit();
    const QRectF viewport(QPointF(0, 0), QSizeF(canvas.viewport()->size()));
    QRectF all;
    for (const phys::BodyDef& body : m_window->document()->scene().def.bodies) {
        const phys::AABB box = bodyBox(body);
        const QRectF inView =
            QRectF(viewportPoint(canvas, box.lower), viewportPoint(canvas, box.upper)).normalized();
        QVERIFY2(viewport.contains(inView), qPrintable(QStringLiteral("box (%1, %2, %3 x %4) not in the view")
                                                           .arg(inView.x())
                                                           .arg(inView.y())
                                                           .arg(inView.width())
                                                           .arg(inView.height())));
        // With a margin: no body touches the border.
        QVERIFY(inView.left() >= 8.0 && inView.top() >= 8.0);
        QVERIFY(inView.right() <= viewport.right() - 8.0 && inView.bottom() <= viewport.bottom() - 8.0);
        all |= inView;
    }
    // And tight: the scene fills most of the view along its limiting direction.
    const double fillRatio = std::max(all.width() / viewport.width(), all.height() / viewport.height());
    QVERIFY2(fillRatio > 0.7, qPrintable(QString::number(fillRatio)));
}

void TestMainWindow::badFileLeavesTheSceneAndReportsTheError_data() {
    QTest::addColumn<QString>("fileName");
    QTest::addColumn<QByteArray>("content"); // empty: the file does not exist
    QTest::addColumn<QString>("place");      // what the message must name
    QTest::newRow("non-convex polygon") << QStringLiteral("nonconvex.json") << QByteArray(kNonConvexScene)
                                        << QStringLiteral("bodies[1].shapes[0].vertices[");
    QTest::newRow("not JSON") << QStringLiteral("garbage.json") << QByteArray("{ \"format\": ")
                              << QStringLiteral("garbage.json");
    QTest::newRow("radius not a number")
        << QStringLiteral("radius.json")
        << QByteArray(R"({"format": "contactlab-scene", "version": 1, "bodies": [{"shapes": [)"
                      R"({"type": "circle", "center": [0, 0], "radius": "big"}]}]})")
        << QStringLiteral("bodies[0].shapes[0].radius");
    QTest::newRow("missing file") << QStringLiteral("does-not-exist.json") << QByteArray()
                                  << QStringLiteral("does-not-exist.json");
}

void TestMainWindow::badFileLeavesTheSceneAndReportsTheError() {
    QFETCH(QString, fileName);
    QFETCH(QByteArray, content);
    QFETCH(QString, place);
    openFixture();
    const QString path = content.isEmpty() ? m_dir.filePath(fileName) : writeFile(m_dir, fileName, content);
    QVERIFY(!path.isEmpty());
    const QString titleBefore = m_window->windowTitle();
    const auto itemsBefore = m_window->canvas()->bodyItems();
    const ViewTransform viewBefore = m_window->canvas()->viewTransform();

    QVERIFY(!m_window->openFile(path));

    QCOMPARE(m_reported.size(), 1);
    QCOMPARE(m_reported.front(), m_window->lastError());
    QVERIFY2(m_window->lastError().contains(place), qPrintable(m_window->lastError()));
    // Nothing changed: document, items, view, title.
    QCOMPARE(m_window->document()->fileName(), m_fixture);
    QCOMPARE(m_window->document()->scene().def.bodies.size(), std::size_t(4));
    QCOMPARE(m_window->document()->isModified(), false);
    QVERIFY(m_window->canvas()->bodyItems() == itemsBefore);
    QVERIFY(m_window->canvas()->viewTransform() == viewBefore);
    QCOMPARE(m_window->windowTitle(), titleBefore);
    // A good file afterwards clears the error.
    QVERIFY(m_window->openFile(m_fixture));
    QVERIFY(m_window->lastError().isEmpty());
}

void TestMainWindow::titleShowsFileAndModifiedMarker() {
    QCOMPARE(m_window->windowTitle(), QStringLiteral("Untitled[*] \u2014 ContactLab"));
    openFixture();
    QCOMPARE(m_window->windowTitle(), QStringLiteral("fixture.json[*] \u2014 ContactLab"));
    QVERIFY(!m_window->isWindowModified());
    // Any command on the undo stack makes the document modified; undoing it back to the clean state does not.
    m_window->document()->undoStack()->push(new QUndoCommand(QStringLiteral("edit")));
    QVERIFY(m_window->isWindowModified());
    m_window->document()->undoStack()->undo();
    QVERIFY(!m_window->isWindowModified());
}

void TestMainWindow::statusBarShowsWorldPositionAndZoom() {
    openFixture();
    SceneCanvas& canvas = *m_window->canvas();
    auto* position = m_window->findChild<QLabel*>(QStringLiteral("positionLabel"));
    auto* zoom = m_window->findChild<QLabel*>(QStringLiteral("zoomLabel"));
    QVERIFY(position && zoom);
    // Put a known world point under a known pixel: 40 px/m with (1.25, -0.4) at the view centre.
    canvas.setViewTransform(ViewTransform(40.0, phys::Vec2{1.25, -0.4}, QSizeF(canvas.viewport()->size())));
    QCOMPARE(zoom->text(), QStringLiteral("Zoom 40.0 px/m"));
    const QPoint centre(canvas.viewport()->width() / 2, canvas.viewport()->height() / 2);
    const QPointF centreExact(0.5 * canvas.viewport()->width(), 0.5 * canvas.viewport()->height());
    QTest::mouseMove(canvas.viewport(), centre);
    const phys::Vec2 under = worldUnder(canvas, centre);
    QCOMPARE(position->text(), MainWindow::formatWorldPosition(under));
    // (1.25, -0.4) plus at most half a pixel (1/80 m) of rounding of the centre pixel.
    QVERIFY(std::abs(under.x - 1.25) <= 0.5 / 40.0 + 1e-12 && std::abs(under.y + 0.4) <= 0.5 / 40.0 + 1e-12);
    QVERIFY(centreExact.x() - centre.x() >= 0.0);
    // Formatting: two decimals, no "-0.00".
    QCOMPARE(MainWindow::formatWorldPosition(phys::Vec2{1.25, -0.4}), QStringLiteral("x 1.25 m   y -0.40 m"));
    QCOMPARE(MainWindow::formatWorldPosition(phys::Vec2{-0.001, 12.3456}),
             QStringLiteral("x 0.00 m   y 12.35 m"));
    QCOMPARE(MainWindow::formatZoom(1234.5), QStringLiteral("Zoom 1235 px/m"));
    QCOMPARE(MainWindow::formatZoom(2.5), QStringLiteral("Zoom 2.50 px/m"));

    // A tool hint shown before the window is (as at startup) must not be drawn over the position: both labels
    // sit on the right, beside each other, and stay visible while a message shows on the left.
    m_window->hide();
    m_window->statusBar()->showMessage(
        QStringLiteral("Select: click a body (Shift/Ctrl adds), drag to move"));
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QVERIFY(!m_window->statusBar()->currentMessage().isEmpty());
    QVERIFY(position->isVisible() && zoom->isVisible());
    const QRect at = position->geometry();
    QVERIFY2(at.right() < zoom->geometry().left(), qPrintable(QString::number(at.right())));
    const int messageWidth =
        m_window->statusBar()->fontMetrics().horizontalAdvance(m_window->statusBar()->currentMessage());
    QVERIFY2(at.left() > messageWidth,
             qPrintable(QStringLiteral("%1 <= %2").arg(at.left()).arg(messageWidth)));
}

void TestMainWindow::geometryAndViewOptionsPersist() {
    m_window->resize(777, 555);
    m_window->findChild<QAction*>(QStringLiteral("actionShowGrid"))->setChecked(false);
    QVERIFY(!m_window->canvas()->showGrid());
    m_window->setSaveSettingsOnClose(true);
    QVERIFY(m_window->close());
    m_window.reset();
    MainWindow restored;
    restored.setSaveSettingsOnClose(false);
    QCOMPARE(restored.size(), QSize(777, 555));
    QVERIFY(!restored.canvas()->showGrid());
    QVERIFY(!restored.findChild<QAction*>(QStringLiteral("actionShowGrid"))->isChecked());
    QVERIFY(restored.findChild<QAction*>(QStringLiteral("actionShowBodyNames"))->isChecked());
    // Put the grid back for the other tests.
    QSettings().remove(QStringLiteral("view/showGrid"));
}

void TestMainWindow::canvasDrawsLikeTheHeadlessRenderer() {
    openFixture(true, true);
    SceneCanvas& canvas = *m_window->canvas();
    canvas.zoomIn(); // an arbitrary, non-fitted view
    const QImage onScreen = canvas.viewport()->grab().toImage().convertToFormat(QImage::Format_RGB32);
    QImage headless(onScreen.size(), QImage::Format_RGB32);
    headless.setDevicePixelRatio(onScreen.devicePixelRatio());
    headless.fill(Qt::black);
    {
        QPainter painter(&headless);
        SceneRenderer::render(painter, m_window->document()->scene().def, canvas.viewTransform());
    }
    // Same pixels, give or take antialiasing round-off along a few edge pixels.
    qint64 differing = 0;
    qint64 total = 0;
    int largest = 0;
    for (int y = 0; y < onScreen.height(); ++y) {
        for (int x = 0; x < onScreen.width(); ++x) {
            const QColor a = onScreen.pixelColor(x, y);
            const QColor b = headless.pixelColor(x, y);
            const int d = std::max({std::abs(a.red() - b.red()), std::abs(a.green() - b.green()),
                                    std::abs(a.blue() - b.blue())});
            differing += d > 0 ? 1 : 0;
            largest = std::max(largest, d);
            ++total;
        }
    }
    QVERIFY2(differing * 1000 <= total,
             qPrintable(QStringLiteral("%1 of %2 pixels differ").arg(differing).arg(total)));
    QVERIFY2(largest <= 16, qPrintable(QString::number(largest)));
}

void TestMainWindow::screenshotWritesPngOfRequestedSize_data() {
    QTest::addColumn<QStringList>("sizeArguments");
    QTest::addColumn<QSize>("expected");
    // Large enough that the canvas keeps a useful share of the window beside the docks.
    QTest::newRow("1024x720") << QStringList{QStringLiteral("--size"), QStringLiteral("1024x720")}
                              << QSize(1024, 720);
    QTest::newRow("default") << QStringList{} << QSize(1280, 800);
    QTest::newRow("sample-without-scene")
        << QStringList{QStringLiteral("--size"), QStringLiteral("1600x1000")} << QSize(1600, 1000);
}

void TestMainWindow::screenshotWritesPngOfRequestedSize() {
    QFETCH(QStringList, sizeArguments);
    QFETCH(QSize, expected);
    const QString out = m_dir.filePath(QStringLiteral("shot-%1.png").arg(QTest::currentDataTag()));
    QFile::remove(out);
    QProcess process;
    // The screenshot's own settings start empty: the user's saved theme (a dark one) changed every fill.
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    for (const char* name : {"XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"}) {
        const QString dir = m_dir.filePath(QStringLiteral("child-") + QLatin1String(name));
        QVERIFY(QDir().mkpath(dir));
        env.insert(QLatin1String(name), dir);
    }
    process.setProcessEnvironment(env);
    const bool sample = QByteArray(QTest::currentDataTag()).startsWith("sample");
    process.start(QStringLiteral(CONTACTLAB_APP), (sample ? QStringList{} : QStringList{m_fixture}) +
                                                      QStringList{QStringLiteral("--screenshot"), out} +
                                                      sizeArguments);
    QVERIFY(process.waitForFinished(120000));
    QCOMPARE(process.exitStatus(), QProcess::NormalExit);
    QVERIFY2(process.exitCode() == 0, process.readAllStandardError().constData());
    QImage image;
    QVERIFY(image.load(out, "PNG"));
    QCOMPARE(image.size(), expected * image.devicePixelRatio());
    // Every body is in the picture: each dynamic body's fill covers a good patch of pixels.
    // Open the same scene here, for the bodies' colours.
    QVERIFY(sample ? m_window->openSample(QStringLiteral(":/scenes/shapes.json"))
                   : m_window->openFile(m_fixture));
    QVERIFY(!m_window->document()->scene().def.bodies.empty());
    const auto& bodies = m_window->document()->scene().def.bodies;
    for (std::size_t i = 0; i < bodies.size(); ++i) {
        const QRgb fill = SceneRenderer::bodyColors(bodies[i], int(i)).fill.rgb();
        qint64 count = 0;
        for (int y = 0; y < image.height(); ++y) {
            for (int x = 0; x < image.width(); ++x) {
                count += image.pixel(x, y) == fill ? 1 : 0;
            }
        }
        QVERIFY2(count > 200, qPrintable(QStringLiteral("body %1: %2 pixels").arg(i).arg(count)));
    }
}

void TestMainWindow::screenshotFailuresExitNonZero_data() {
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("message");
    QTest::newRow("bad scene") << QStringList{QStringLiteral("nonconvex.json"),
                                              QStringLiteral("--screenshot"), QStringLiteral("out.png")}
                               << 3 << QStringLiteral("bodies[1].shapes[0]");
    QTest::newRow("unwritable png") << QStringList{QStringLiteral("fixture.json"),
                                                   QStringLiteral("--screenshot"),
                                                   QStringLiteral("no-such-dir/out.png")}
                                    << 1 << QStringLiteral("no-such-dir/out.png");
    QTest::newRow("bad size") << QStringList{QStringLiteral("fixture.json"), QStringLiteral("--screenshot"),
                                             QStringLiteral("out.png"), QStringLiteral("--size"),
                                             QStringLiteral("640by480")}
                              << 2 << QStringLiteral("--size");
    QTest::newRow("two scenes") << QStringList{QStringLiteral("fixture.json"), QStringLiteral("fixture.json")}
                                << 2 << QStringLiteral("at most one");
}

void TestMainWindow::screenshotFailuresExitNonZero() {
    QFETCH(QStringList, arguments);
    QFETCH(int, exitCode);
    QFETCH(QString, message);
    QFile::remove(m_dir.filePath(QStringLiteral("out.png")));
    QProcess process;
    process.setWorkingDirectory(m_dir.path());
    process.start(QStringLiteral(CONTACTLAB_APP), arguments);
    QVERIFY(process.waitForFinished(120000));
    QCOMPARE(process.exitStatus(), QProcess::NormalExit);
    const QString stderrText = QString::fromLocal8Bit(process.readAllStandardError());
    QCOMPARE(process.exitCode(), exitCode);
    QVERIFY2(stderrText.contains(message), qPrintable(stderrText));
    QVERIFY(!QFile::exists(m_dir.filePath(QStringLiteral("out.png"))));
}

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
