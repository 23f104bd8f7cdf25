/// @file tst_step_in_view.cpp
/// What a walkthrough step is about is on the canvas, on the real main window at 1280x800 (issue 12):
/// - every clipping step of a side plane shows its plane: the plane's line crosses the view, where it meets
///   the reference edge, for at least the length of its own name (vertical_stack's steps 3 and 4 showed none:
///   the planes pass through the ends of the 12 m ground's top edge, metres from the box the view was framed
///   on), in every catalogue scene and the vertical stack, stepping with Next as a user does and after Frame
///   the Pair;
/// - `contactlab --simulate --walkthrough clipping SCENE` shows the Walkthrough in front on its Clipping tab
///   (the Simulation panel was in front of it) with the pair inside the canvas and clear of the legend.

#include "app_test_util.h"
#include "main_window.h"
#include "overlay.h"
#include "overlay_private.h"
#include "scene_canvas.h"
#include "scene_renderer.h"
#include "sim_overlay.h"
#include "simulation_controller.h"
#include "simulation_panel.h"
#include "walkthrough_dock.h"

#include <QAction>
#include <QCommandLineParser>
#include <QDir>
#include <QPainter>
#include <QPushButton>
#include <QTabBar>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cmath>
#include <memory>
#include <variant>

using namespace cl;

namespace {

QString source(const QString& relative) {
    return QStringLiteral(CONTACTLAB_SOURCE_DIR "/") + relative;
}

/// The part of the line through `p` along `d` inside `rect` (Liang-Barsky), or a null line when it misses.
QLineF clipToRect(QPointF p, QPointF d, const QRectF& rect) {
    double t0 = -1e12, t1 = 1e12;
    const double pd[4][2] = {{-d.x(), p.x() - rect.left()},
                             {d.x(), rect.right() - p.x()},
                             {-d.y(), p.y() - rect.top()},
                             {d.y(), rect.bottom() - p.y()}};
    for (const auto& [a, b] : pd) {
        if (a == 0.0) {
            if (b < 0.0) {
                return {};
            }
            continue;
        }
        const double t = b / a;
        if (a < 0.0) {
            t0 = std::max(t0, t);
        } else {
            t1 = std::min(t1, t);
        }
    }
    if (t0 >= t1) {
        return {};
    }
    return QLineF(p + t0 * d, p + t1 * d);
}

/// The box of a body as the canvas shows it, viewport pixels.
QRectF shownBounds(const SceneCanvas& canvas, BodyKey key) {
    const phys::BodyDef* body = canvas.bodyDef(key);
    const std::optional<phys::AABB> box = body ? SceneRenderer::worldBounds(*body) : std::nullopt;
    if (!box) {
        return {};
    }
    return QRectF(canvas.worldToViewport(box->lower), canvas.worldToViewport(box->upper)).normalized();
}

} // namespace

class TestStepInView : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void sidePlanesAreInView_data();
    void sidePlanesAreInView();
    void simulateWithWalkthroughShowsTheWalkthrough();

private:
    QTemporaryDir m_dir;
};

void TestStepInView::initTestCase() {
    QVERIFY(m_dir.isValid());
    cltest::isolateAppState(m_dir);
}

void TestStepInView::sidePlanesAreInView_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<bool>("presentation");
    QStringList files{QStringLiteral("resources/scenes/demos/vertical_stack.json")};
    for (const QString& name :
         QDir(source(QStringLiteral("resources/scenes/catalogue"))).entryList({QStringLiteral("*.json")})) {
        files << QStringLiteral("resources/scenes/catalogue/") + name;
    }
    for (const QString& file : files) {
        for (const bool presentation : {false, true}) {
            QTest::addRow("%s%s", qPrintable(QFileInfo(file).baseName()),
                          presentation ? ", presentation" : "")
                << file << presentation;
        }
    }
}

void TestStepInView::sidePlanesAreInView() {
    QFETCH(QString, file);
    QFETCH(bool, presentation);
    auto window = cltest::makeExactWindow(1280, 800);
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    if (presentation) {
        window->findChild<QAction*>(QStringLiteral("actionPresentationMode"))->trigger();
    }
    QVERIFY(window->openFile(source(file)));
    QCoreApplication::processEvents();
    auto* dock = window->findChild<WalkthroughDock*>();
    auto* modes = dock->findChild<QTabBar*>(QStringLiteral("walkthroughModeTabs"));
    auto* next = dock->findChild<QPushButton*>(QStringLiteral("walkthroughNext"));
    auto* frame = window->findChild<QAction*>(QStringLiteral("actionWalkthroughFrame"));
    QVERIFY(modes && next && frame);
    SceneCanvas* canvas = window->canvas();
    const double scale = canvas->presentationScale();
    QTest::mouseClick(modes, Qt::LeftButton, Qt::NoModifier, modes->tabRect(1).center());
    QCOMPARE(dock->mode(), WalkthroughMode::Clipping);

    // The plane of step `step` (a side plane's) crosses the view near where it meets the reference edge,
    // for at least the width of its name: a plane shorter on screen than the words naming it is not seen.
    const auto planeShown = [&](int step, const QString& when) {
        const Walkthrough& w = dock->walkthrough();
        const phys::ClipTrace& c = w.trace().clip;
        const int p = w.step(step).index;
        const phys::Vec2 through = p == 0 ? c.referenceStart : c.referenceEnd;
        const ViewTransform& view = canvas->viewTransform();
        const QPointF at = view.toView(through);
        QPointF d = view.toView(through + phys::leftPerp(c.planes[p].normal)) - at;
        d /= std::hypot(d.x(), d.y());
        const QRectF viewRect(QPointF(0, 0), view.viewSize());
        const QLineF shown = clipToRect(at, d, viewRect);
        const double minimum =
            overlay_detail::labelRect(scale, QPointF(0, 0), QObject::tr("side plane %1").arg(p + 1),
                                      QPointF(1, 0), 14.0)
                .width();
        const QString where =
            QStringLiteral("%1, step %2 (%3): the plane meets the reference edge at (%4, %5) "
                           "in a %6 x %7 view; %8 px of it in view, %9 needed")
                .arg(file)
                .arg(step + 1)
                .arg(when)
                .arg(at.x(), 0, 'f', 0)
                .arg(at.y(), 0, 'f', 0)
                .arg(viewRect.width())
                .arg(viewRect.height())
                .arg(shown.length(), 0, 'f', 0)
                .arg(minimum, 0, 'f', 0);
        QVERIFY2(viewRect.contains(at), qPrintable(where));
        QVERIFY2(shown.length() >= minimum, qPrintable(where));
    };
    int planes = 0;
    for (int step = 0;; ++step) {
        QCOMPARE(dock->currentStep(), step);
        if (dock->walkthrough().step(step).kind == WalkthroughStepKind::ClipPlane) {
            ++planes;
            planeShown(step, QStringLiteral("after Next"));
            if (QTest::currentTestFailed()) {
                return;
            }
            frame->trigger();
            planeShown(step, QStringLiteral("after Frame the Pair"));
            if (QTest::currentTestFailed()) {
                return;
            }
        }
        if (!next->isEnabled()) {
            break;
        }
        QTest::mouseClick(next, Qt::LeftButton);
    }
    // Not vacuous: a step for each plane the engine clipped against, two on the vertical stack.
    QCOMPARE(planes, dock->walkthrough().trace().clip.planeCount);
    if (file.contains(QLatin1String("vertical_stack"))) {
        QCOMPARE(planes, 2);
    }
}

// As `contactlab --simulate --walkthrough clipping shapes.json`: main() applies the walkthrough's options,
// then the simulation's, then shows the window.
void TestStepInView::simulateWithWalkthroughShowsTheWalkthrough() {
    auto window = std::make_unique<MainWindow>();
    window->setSaveSettingsOnClose(false);
    window->setFitToScreenOnShow(false);
    window->setErrorReporter([](const QString&, const QString& message) { qWarning() << message; });
    window->resize(1280, 800);
    const QString scene = source(QStringLiteral("resources/scenes/shapes.json"));
    QVERIFY(window->openFile(scene));
    QCommandLineParser parser;
    addWalkthroughOptions(parser);
    addSimulationOptions(parser);
    parser.addPositionalArgument(QStringLiteral("scene"), QString());
    QVERIFY(parser.parse({QStringLiteral("contactlab"), QStringLiteral("--simulate"),
                          QStringLiteral("--walkthrough"), QStringLiteral("clipping"), scene}));
    QCOMPARE(applyWalkthroughOptions(parser, *window), QString());
    QCOMPARE(applySimulationOptions(parser, *window), QString());
    window->show();
    QVERIFY(QTest::qWaitForWindowExposed(window.get()));
    // The zero timers the options started (each may start another).
    for (int i = 0; i < 4; ++i) {
        QCoreApplication::processEvents();
    }
    auto* ui = window->findChild<SimulationUi*>();
    auto* dock = window->findChild<WalkthroughDock*>();
    QVERIFY(ui && dock);
    QVERIFY(ui->controller()->isSimulating());
    QCOMPARE(dock->mode(), WalkthroughMode::Clipping);
    QCOMPARE(dock->findChild<QTabBar*>(QStringLiteral("walkthroughModeTabs"))->currentIndex(), 1);
    QVERIFY2(dock->isVisible() && !dock->visibleRegion().isEmpty(), "the Walkthrough is behind another tab");
    QVERIFY2(!ui->dock()->isVisible() || ui->dock()->visibleRegion().isEmpty() ||
                 !ui->dock()->geometry().intersects(dock->geometry()),
             "the Simulation panel covers the Walkthrough");

    // The pair inside the canvas, clear of the legend in its corner.
    SceneCanvas* canvas = window->canvas();
    SimOverlay* overlay = ui->overlay();
    QVERIFY(overlay->options().legend);
    {
        QImage image(canvas->viewport()->size(), QImage::Format_ARGB32_Premultiplied);
        QPainter painter(&image);
        overlay->paintOverlay(painter, *canvas); // a drawing places the legend
    }
    SimOverlayOptions options = overlay->options();
    options.displayScale = canvas->presentationScale();
    const QRectF legend = SimOverlayPainter::legendRect(
        SimOverlayPainter::legendSize(overlay->frame(), options, canvas->viewport()->font()),
        canvas->viewTransform().viewSize(), overlay->legendCorner(), options.displayScale);
    const QRectF viewport(QPointF(0, 0), QSizeF(canvas->viewport()->size()));
    for (const BodyKey key : {dock->keyA(), dock->keyB()}) {
        const QRectF bounds = shownBounds(*canvas, key);
        const QString name = QString::fromStdString(canvas->bodyDef(key)->name);
        QVERIFY2(!bounds.isEmpty(), qPrintable(name));
        QVERIFY2(viewport.contains(bounds),
                 qPrintable(name + QStringLiteral(" is cut by the canvas's edge")));
        QVERIFY2(!legend.intersects(bounds), qPrintable(QStringLiteral("the legend covers ") + name));
    }
}

QTEST_MAIN(TestStepInView)
#include "tst_step_in_view.moc"
