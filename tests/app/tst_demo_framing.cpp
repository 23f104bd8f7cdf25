/// @file tst_demo_framing.cpp
/// What a scene opens with, on the real MainWindow at the app's default settings (issue 12, items 5-6):
/// - every demo opens framed on its run: played for MainWindow::kDemoRunSeconds, no body leaves the view it
///   opened with (Newton's cradle's last ball rolled out of it to its wall);
/// - `contactlab --screenshot` frames the scene as opening it on screen does (it zoomed to fit, the SAT
///   ruler pressed against the view's left edge).

#include "app_test_util.h"
#include "document.h"
#include "main_window.h"
#include "scene_canvas.h"
#include "simulation_controller.h"
#include "simulation_panel.h"

#include <QAction>
#include <QApplication>
#include <QImage>
#include <QMenu>
#include <QProcess>
#include <QProcessEnvironment>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <memory>
#include <variant>

using namespace cl;

namespace {

/// Opens a demo through File > Samples > Simulation demos, as a user does.
bool openDemoFromMenu(MainWindow& window, const QString& path) {
    auto* menu = window.findChild<QMenu*>(QStringLiteral("menuSimulationDemos"));
    if (!menu) {
        return false;
    }
    for (QAction* action : menu->actions()) {
        if (action->data().toString() == path) {
            action->trigger();
            return true;
        }
    }
    return false;
}

/// Pixels of `a` and `b` (same size) whose colours differ by more than antialiasing round-off.
qint64 differingPixels(const QImage& a, const QImage& b) {
    qint64 differing = 0;
    for (int y = 0; y < a.height(); ++y) {
        for (int x = 0; x < a.width(); ++x) {
            const QColor p = a.pixelColor(x, y);
            const QColor q = b.pixelColor(x, y);
            differing += std::max({std::abs(p.red() - q.red()), std::abs(p.green() - q.green()),
                                   std::abs(p.blue() - q.blue())}) > 16
                             ? 1
                             : 0;
        }
    }
    return differing;
}

} // namespace

class TestDemoFraming : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void demosKeepTheirRunInTheViewTheyOpenWith();
    void screenshotIsFramedAsOpeningOnScreen();

private:
    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
};

void TestDemoFraming::initTestCase() {
    QVERIFY(m_dir.isValid());
    cltest::isolateAppState(m_dir);
}

void TestDemoFraming::init() {
    QSettings().clear();
}

void TestDemoFraming::cleanup() {
    m_window.reset();
}

void TestDemoFraming::demosKeepTheirRunInTheViewTheyOpenWith() {
    m_window = cltest::exposed(cltest::makeTestWindow(1280, 800), true);
    QVERIFY(m_window);
    auto* ui = m_window->findChild<SimulationUi*>();
    QVERIFY(ui);
    SimulationController* sim = ui->controller();
    SceneCanvas& canvas = *m_window->canvas();
    const QStringList demos = SimulationUi::demoFiles();
    QVERIFY(demos.size() >= 10);
    for (const QString& path : demos) {
        QVERIFY2(openDemoFromMenu(*m_window, path), qPrintable(path));
        QCoreApplication::processEvents();
        QVERIFY2(sim->isSimulating(), qPrintable(path));
        sim->setExternalClock(true); // steps only when the test says: no frame of real time in between
        const ViewTransform opened = canvas.viewTransform();
        const QRectF visible = opened.visibleWorldRect();
        // Played for the demo's framed seconds at its own settings, one step at a time.
        const double dt = sim->settings().timeStep;
        const int steps = int(std::lround(MainWindow::kDemoRunSeconds / dt));
        QVERIFY(steps > 0);
        for (int step = 1; step <= steps; ++step) {
            sim->stepForward();
            const std::vector<BodyKey>& keys = sim->slotKeys();
            for (std::size_t slot = 0; slot < keys.size(); ++slot) {
                const phys::BodyDef& body = m_window->document()->body(keys[slot]);
                if (body.type == phys::BodyType::Static) {
                    continue;
                }
                const phys::Transform xf = sim->displayTransform(int(slot));
                for (const phys::ShapeDef& shape : body.shapes) {
                    const phys::AABB b =
                        std::visit([&xf](const auto& g) { return phys::computeAABB(g, xf); }, shape.geometry);
                    const QRectF box(QPointF(b.lower.x, b.lower.y), QPointF(b.upper.x, b.upper.y));
                    QVERIFY2(visible.contains(box),
                             qPrintable(QStringLiteral("%1, step %2: %3 at [%4, %5]-[%6, %7] leaves the view "
                                                       "[%8, %9]-[%10, %11]")
                                            .arg(path)
                                            .arg(step)
                                            .arg(QString::fromStdString(body.name))
                                            .arg(box.left())
                                            .arg(box.top())
                                            .arg(box.right())
                                            .arg(box.bottom())
                                            .arg(visible.left())
                                            .arg(visible.top())
                                            .arg(visible.right())
                                            .arg(visible.bottom())));
                }
            }
        }
        // The run did not move the view: what was checked is the view the demo opened with.
        QCOMPARE(canvas.viewTransform().pixelsPerMetre(), opened.pixelsPerMetre());
        QCOMPARE(canvas.viewTransform().visibleWorldRect(), visible);
        sim->setExternalClock(false);
    }
}

void TestDemoFraming::screenshotIsFramedAsOpeningOnScreen() {
    // The start scene: the SAT walkthrough of its first pair, whose ruler needs room left of the shapes.
    const QString scene = QStringLiteral(CONTACTLAB_SOURCE_DIR "/resources/scenes/shapes.json");
    const QString out = m_dir.filePath(QStringLiteral("opening.png"));
    QProcess process;
    // The screenshot's own settings start empty too, so both windows have the default layout.
    process.setProcessEnvironment(cltest::isolatedAppEnvironment(m_dir));
    process.start(QStringLiteral(CONTACTLAB_APP), {scene, QStringLiteral("--screenshot"), out,
                                                   QStringLiteral("--size"), QStringLiteral("1280x800")});
    QVERIFY(process.waitForFinished(120000));
    QVERIFY2(process.exitCode() == 0, process.readAllStandardError().constData());
    QImage shot;
    QVERIFY(shot.load(out, "PNG"));
    shot = shot.convertToFormat(QImage::Format_RGB32);

    // The same scene opened here in a window of the same size, as a user opens it.
    m_window = cltest::exposed(cltest::makeExactWindow(1280, 800));
    QVERIFY(m_window);
    QVERIFY(m_window->openFile(scene));
    QCoreApplication::processEvents();
    QCoreApplication::processEvents();
    SceneCanvas& canvas = *m_window->canvas();
    const QImage onScreen = canvas.viewport()->grab().toImage().convertToFormat(QImage::Format_RGB32);
    const QRect at(canvas.viewport()->mapTo(m_window.get(), QPoint(0, 0)) * shot.devicePixelRatio(),
                   onScreen.size());
    QVERIFY2(shot.rect().contains(at),
             qPrintable(QStringLiteral("%1x%2").arg(shot.width()).arg(shot.height())));
    const QImage shotCanvas = shot.copy(at);
    const qint64 total = qint64(at.width()) * at.height();
    const qint64 differing = differingPixels(onScreen, shotCanvas);
    QVERIFY2(differing * 1000 <= total,
             qPrintable(QStringLiteral("%1 of %2 canvas pixels differ").arg(differing).arg(total)));

    // The comparison tells framings apart: Zoom to Fit's view (what the screenshot used to take) differs.
    const ViewTransform opening = canvas.viewTransform();
    canvas.zoomToFit();
    QCoreApplication::processEvents();
    QVERIFY(canvas.viewTransform().pixelsPerMetre() != opening.pixelsPerMetre() ||
            canvas.viewTransform().visibleWorldRect() != opening.visibleWorldRect());
    const QImage fitted = canvas.viewport()->grab().toImage().convertToFormat(QImage::Format_RGB32);
    QVERIFY(differingPixels(fitted, shotCanvas) * 100 > total);
}

QTEST_MAIN(TestDemoFraming)
#include "tst_demo_framing.moc"
