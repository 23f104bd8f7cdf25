/// @file tst_clean_view.cpp
/// A clean simulation view (issue 12) on the real MainWindow, at the app's default settings:
/// - the walkthrough draws on the canvas only while its panel is in front, and over a run only for a contact
///   chosen on the run (no ruler of the edited scene's pair over a demo), with a default pair that can
///   collide (never two static bodies, such as Newton's cradle's ground and wall);
/// - the simulation legend goes to the corner with the least body area under it, which is measured against
///   Boost.Geometry on thousands of seeded random polygons; a scene opens framed with a corner of air for it,
///   so on the stack demo at 1280x800 it covers no body, in presentation mode too;
/// - View > Show Simulation Legend hides it, is kept in QSettings, and a demo does not switch it back on;
/// - a demo opens framed on its moving bodies, their first seconds of run and what they stand on (not on a
///   40 m ground), and View > Follow Selected Body keeps one body at the centre while it runs.

#include "app_test_util.h"
#include "body_item.h"
#include "document.h"
#include "main_window.h"
#include "scene_canvas.h"
#include "scene_renderer.h"
#include "sim_overlay.h"
#include "simulation_controller.h"
#include "simulation_panel.h"
#include "walkthrough_dock.h"

#include "physics/collide.h"
#include "physics/polygon_factory.h"

#include <boost/geometry.hpp>
#include <boost/geometry/geometries/point_xy.hpp>
#include <boost/geometry/geometries/polygon.hpp>

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QDockWidget>
#include <QImage>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QPainter>
#include <QSettings>
#include <QStatusBar>
#include <QTabBar>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>

#include <memory>
#include <random>
#include <variant>

using namespace cl;
namespace bg = boost::geometry;

namespace {

/// How many pixels `overlay` paints over the canvas now (on a transparent image of the viewport's size).
int paintedPixels(CanvasOverlay& overlay, const SceneCanvas& canvas) {
    QImage image(canvas.viewport()->size(), QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    {
        QPainter painter(&image);
        overlay.paintOverlay(painter, canvas);
    }
    int count = 0;
    for (int y = 0; y < image.height(); ++y) {
        const auto* line = reinterpret_cast<const QRgb*>(image.constScanLine(y));
        for (int x = 0; x < image.width(); ++x) {
            count += qAlpha(line[x]) != 0 ? 1 : 0;
        }
    }
    return count;
}

/// Brings the tab titled `title` to the front by clicking it, as a user does.
bool clickTab(MainWindow& window, const QString& title) {
    for (QTabBar* bar : window.findChildren<QTabBar*>()) {
        for (int i = 0; i < bar->count(); ++i) {
            if (bar->tabText(i) == title && bar->isVisible()) {
                QTest::mouseClick(bar, Qt::LeftButton, Qt::NoModifier, bar->tabRect(i).center());
                return bar->currentIndex() == i;
            }
        }
    }
    return false;
}

/// Opens a demo through File > Samples > Simulation demos, as a user does.
bool openDemoFromMenu(MainWindow& window, const QString& path) {
    auto* menu = window.findChild<QMenu*>(QStringLiteral("menuSimulationDemos"));
    if (!menu) {
        return false;
    }
    for (QAction* action : menu->actions()) {
        if (action->data().toString() == path) {
            // The menu says the demo's name in words, with its apostrophe ("Newtons cradle" was shown).
            if (path.endsWith(QStringLiteral("newtons_cradle.json")) && action->text() != "Newton's cradle") {
                qWarning("demo menu title: %s", qPrintable(action->text()));
                return false;
            }
            action->trigger();
            return true;
        }
    }
    return false;
}

using BgPoint = bg::model::d2::point_xy<double>;
using BgPolygon = bg::model::polygon<BgPoint>;

} // namespace

class TestCleanView : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void walkthroughDrawsOnlyWhenInFrontAndNotOverARun();
    void defaultPairIsNeverTwoStaticBodies();
    void bodyAreaUnderARectangleMatchesBoostGeometry();
    void legendGoesToTheEmptiestCorner();
    void legendCoversNoBodyOfTheStack();
    void legendCanBeHiddenAndStaysHidden();
    void demosOpenFramedOnWhatMoves();
    void followKeepsTheSelectedBodyCentred();
    void statusBarSaysWhatTheMouseDoesInEachMode();
    void walkthroughKeepsItsRoomBesideTheEnergyPlot();

private:
    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
};

void TestCleanView::initTestCase() {
    QVERIFY(m_dir.isValid());
    cltest::isolateAppState(m_dir);
}

void TestCleanView::init() {
    QSettings().clear();
    m_window = cltest::exposed(cltest::makeTestWindow(1280, 800), true);
    QVERIFY(m_window);
}

void TestCleanView::cleanup() {
    m_window.reset();
}

void TestCleanView::walkthroughDrawsOnlyWhenInFrontAndNotOverARun() {
    auto* dock = m_window->findChild<WalkthroughDock*>();
    auto* ui = m_window->findChild<SimulationUi*>();
    QVERIFY(dock && ui);
    SimulationController* sim = ui->controller();
    sim->setExternalClock(true);
    WalkthroughOverlay& overlay = *dock->overlay();
    SceneCanvas& canvas = *m_window->canvas();

    // The walkthrough in front on the start scene: its ruler is drawn (the check below can see it).
    QVERIFY(m_window->openSample(QStringLiteral(":/scenes/shapes.json")));
    dock->show();
    dock->raise();
    QCoreApplication::processEvents();
    QVERIFY(paintedPixels(overlay, canvas) > 500);

    // A demo opens in Simulate mode with the Simulation panel in front: nothing of the walkthrough.
    QVERIFY(openDemoFromMenu(*m_window, QStringLiteral(":/scenes/demos/newtons_cradle.json")));
    QCoreApplication::processEvents();
    QVERIFY(sim->isSimulating());
    QCOMPARE(paintedPixels(overlay, canvas), 0);
    // The user brings the Walkthrough tab to the front during the run: the edited scene's pair is not drawn
    // over the running bodies.
    QVERIFY(clickTab(*m_window, dock->windowTitle()));
    QVERIFY(dock->isVisible());
    for (int i = 0; i < 30; ++i) {
        sim->stepForward();
    }
    QCOMPARE(paintedPixels(overlay, canvas), 0);

    // A contact chosen on the paused run is drawn, where the engine saw it.
    const SimFrame* frame = sim->currentFrame();
    QVERIFY(frame && !frame->points.empty());
    QVERIFY(sim->chooseContactAt(frame->points.front().point, 0.05));
    QVERIFY(dock->isShowingSimulation());
    QVERIFY(paintedPixels(overlay, canvas) > 100);

    // Back to Edit mode (F5) with the Walkthrough in front: the edited pair is drawn again.
    QTest::keyClick(m_window.get(), Qt::Key_F5);
    QVERIFY(!sim->isSimulating());
    QCoreApplication::processEvents();
    QVERIFY(dock->isVisible());
    QVERIFY(paintedPixels(overlay, canvas) > 500);
    // Closed: nothing.
    dock->close();
    QCoreApplication::processEvents();
    QCOMPARE(paintedPixels(overlay, canvas), 0);
    // Shown again, but behind another tab (the Simulation panel shares its place in Simulate mode): nothing.
    dock->show();
    QTest::keyClick(m_window.get(), Qt::Key_F5);
    QVERIFY(sim->isSimulating());
    QVERIFY(clickTab(*m_window, ui->dock()->windowTitle()));
    QVERIFY(!dock->isShowingSimulation());
    QCOMPARE(paintedPixels(overlay, canvas), 0);
}

void TestCleanView::defaultPairIsNeverTwoStaticBodies() {
    auto* dock = m_window->findChild<WalkthroughDock*>();
    for (const QString& path : SimulationUi::demoFiles()) {
        QVERIFY(m_window->openSample(path));
        const Document& document = *m_window->document();
        if (document.bodyCount() < 2) {
            continue;
        }
        QVERIFY2(dock->keyA() != 0 && dock->keyB() != 0, qPrintable(path));
        const bool bothStatic = document.body(dock->keyA()).type == phys::BodyType::Static &&
                                document.body(dock->keyB()).type == phys::BodyType::Static;
        QVERIFY2(!bothStatic,
                 qPrintable(path + QStringLiteral(": ") +
                            QString::fromStdString(document.body(dock->keyA()).name) + QStringLiteral(" / ") +
                            QString::fromStdString(document.body(dock->keyB()).name)));
    }
    // Newton's cradle: its first touching pair is the ground and a wall; the walkthrough takes a ball.
    QVERIFY(m_window->openSample(QStringLiteral(":/scenes/demos/newtons_cradle.json")));
    QCOMPARE(m_window->document()->body(dock->keyA()).name, std::string("ground"));
    QVERIFY(m_window->document()->body(dock->keyB()).type == phys::BodyType::Dynamic);
}

// 3000 seeded random convex polygons (and circles) against random rectangles: the area the legend placement
// measures equals Boost.Geometry's intersection area.
void TestCleanView::bodyAreaUnderARectangleMatchesBoostGeometry() {
    std::mt19937_64 rng(12);
    std::uniform_real_distribution<double> coordinate(-3.0, 3.0);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    const ViewTransform view(37.0, phys::Vec2{0.3, -0.2}, QSizeF(400, 300));
    int overlapping = 0;
    double worst = 0.0;
    for (int trial = 0; trial < 3000; ++trial) {
        SimOverlayFrame frame;
        std::vector<phys::Vec2> points;
        const int n = 3 + static_cast<int>(unit(rng) * 10);
        for (int i = 0; i < n; ++i) {
            points.push_back({coordinate(rng), coordinate(rng)});
        }
        const bool circle = trial % 5 == 0;
        phys::ShapeGeometry shape;
        if (circle) {
            shape = phys::Circle{{coordinate(rng) * 0.3, coordinate(rng) * 0.3}, 0.2 + unit(rng) * 2.0};
        } else {
            auto hull = phys::factory::convexHull(points);
            if (!hull) {
                continue; // degenerate draw
            }
            shape = *hull;
        }
        frame.shapes.push_back(shape);
        SimOverlayBody body;
        body.xf = phys::Transform{{coordinate(rng), coordinate(rng)}, phys::Rot(unit(rng) * 6.28)};
        body.firstShape = 0;
        body.shapeCount = 1;
        frame.bodies.push_back(body);
        // Near the shape, so most rectangles cut it (some hold it whole, some miss it).
        const QPointF at = view.toView(body.xf.p);
        const QRectF rect(at.x() - 150 + unit(rng) * 200, at.y() - 120 + unit(rng) * 160,
                          20 + unit(rng) * 200, 20 + unit(rng) * 150);

        // The same outline in view pixels for Boost (a circle as the same 32-gon the overlay uses).
        BgPolygon polygon;
        std::vector<phys::Vec2> world;
        if (circle) {
            const auto& c = std::get<phys::Circle>(shape);
            for (int i = 0; i < 32; ++i) {
                const double a = 2.0 * phys::kPi * i / 32;
                world.push_back(phys::transformPoint(body.xf, c.center) +
                                phys::Vec2{c.radius * std::cos(a), c.radius * std::sin(a)});
            }
        } else {
            for (const phys::Vec2 v : std::get<phys::Polygon>(shape).vertices()) {
                world.push_back(phys::transformPoint(body.xf, v));
            }
        }
        for (const phys::Vec2 w : world) {
            const QPointF p = view.toView(w);
            bg::append(polygon.outer(), BgPoint(p.x(), p.y()));
        }
        bg::correct(polygon);
        BgPolygon box;
        for (const QPointF p : {rect.topLeft(), rect.topRight(), rect.bottomRight(), rect.bottomLeft()}) {
            bg::append(box.outer(), BgPoint(p.x(), p.y()));
        }
        bg::correct(box);
        std::vector<BgPolygon> pieces;
        bg::intersection(polygon, box, pieces);
        double expected = 0.0;
        for (const BgPolygon& piece : pieces) {
            expected += bg::area(piece);
        }
        const double got = SimOverlayPainter::bodyAreaIn(frame, view, rect);
        // Boost 1.74 rescales coordinates to integers inside intersection(), which costs it a few parts in a
        // million; a wrong clip is off by whole pixels.
        const double error = std::abs(got - expected);
        worst = std::max(worst, error / std::max(1.0, expected));
        QVERIFY2(error <= 1e-3 + 1e-5 * expected,
                 qPrintable(QStringLiteral("trial %1: %2 vs Boost %3").arg(trial).arg(got).arg(expected)));
        overlapping += expected > 0.0 ? 1 : 0;
    }
    qInfo("%d of 3000 overlap; worst relative difference %.2g", overlapping, worst);
    QVERIFY(overlapping > 2000); // the cases are not all empty
}

void TestCleanView::legendGoesToTheEmptiestCorner() {
    // A scene whose bodies fill the bottom of the view: the legend must leave the bottom-right corner.
    auto f = cltest::openSimulating(QStringLiteral(":/scenes/demos/pyramid.json"), 1280, 800);
    QVERIFY(f.sim);
    SimOverlay* overlay = f.ui->overlay();
    SimOverlayOptions options = overlay->options();
    options.legend = true;
    options.contacts = true;
    overlay->setOptions(options);
    SceneCanvas& canvas = *f.window->canvas();
    // The pyramid's right flank from close up, at 100 px/m: the ground (y from -1 to 0) fills the bottom of
    // the view, whose lowest row is at y = -0.9 m; the pyramid narrows towards the top.
    const double height = canvas.viewport()->height() / 100.0;
    canvas.setViewTransform(ViewTransform(100.0, phys::Vec2{4.0, -0.9 + 0.5 * height}, QSizeF()));
    f.sim->stepForward();
    QCoreApplication::processEvents();
    QVERIFY(paintedPixels(*overlay, canvas) > 0);
    const LegendCorner chosen = overlay->legendCorner();
    const ViewTransform& view = canvas.viewTransform();
    const SimOverlayFrame& frame = overlay->frame();
    // The legend's size, from a drawing of it alone (in its default corner).
    QImage probe(canvas.viewport()->size(), QImage::Format_ARGB32_Premultiplied);
    probe.fill(Qt::transparent);
    {
        QPainter painter(&probe);
        SimOverlayPainter::drawLegend(painter, frame, view, options);
    }
    QRect drawn;
    for (int y = 0; y < probe.height(); ++y) {
        for (int x = 0; x < probe.width(); ++x) {
            if (qAlpha(probe.pixel(x, y)) != 0) {
                drawn |= QRect(x, y, 1, 1);
            }
        }
    }
    QVERIFY(drawn.width() > 50 && drawn.height() > 30);
    const QSizeF size = drawn.size();
    double areas[4];
    for (int c = 0; c < 4; ++c) {
        areas[c] = SimOverlayPainter::bodyAreaIn(
            frame, view, SimOverlayPainter::legendRect(size, view.viewSize(), static_cast<LegendCorner>(c)));
    }
    const double least = *std::min_element(std::begin(areas), std::end(areas));
    QVERIFY2(areas[int(LegendCorner::BottomRight)] > least + 0.05 * size.width() * size.height(),
             "the view was meant to cover the bottom-right corner");
    QVERIFY2(chosen != LegendCorner::BottomRight, "the legend stayed over the bodies");
    QVERIFY2(areas[int(chosen)] <= least + 0.05 * size.width() * size.height(),
             qPrintable(QStringLiteral("corner %1 has %2 px2 of bodies, the least is %3")
                            .arg(int(chosen))
                            .arg(areas[int(chosen)])
                            .arg(least)));
    // chooseLegendCorner makes each shape's outline once for the four corners: from any current corner it
    // picks what its rule picks from bodyAreaIn's areas (the least, ties to the current one, then
    // bottom-right, bottom-left, top-right; kept unless 5 % of the box better or the other is empty).
    for (int c = 0; c < 4; ++c) {
        const auto current = static_cast<LegendCorner>(c);
        LegendCorner best = current;
        for (const LegendCorner corner : {LegendCorner::BottomRight, LegendCorner::BottomLeft,
                                          LegendCorner::TopRight, LegendCorner::TopLeft}) {
            if (areas[int(corner)] < areas[int(best)]) {
                best = corner;
            }
        }
        const bool emptier = areas[c] - areas[int(best)] > 0.05 * size.width() * size.height() ||
                             (areas[int(best)] <= 0.0 && areas[c] > 0.0);
        const LegendCorner expected = emptier ? best : current;
        QCOMPARE(SimOverlayPainter::chooseLegendCorner(frame, view, size, current), expected);
    }
}

namespace {

/// Each body's bounding box on screen, at the pose the canvas shows (viewport pixels).
std::vector<std::pair<std::string, QRectF>> bodyScreenBounds(const SceneCanvas& canvas) {
    std::vector<std::pair<std::string, QRectF>> out;
    for (const phys::BodyDef& body : canvas.sceneDef().bodies) {
        QRectF bounds;
        for (const phys::ShapeDef& shape : body.shapes) {
            const phys::AABB b = std::visit(
                [&body](const auto& g) {
                    return phys::computeAABB(g, phys::Transform{body.position, phys::Rot(body.angle)});
                },
                shape.geometry);
            bounds |= QRectF(canvas.worldToViewport(b.lower), canvas.worldToViewport(b.upper)).normalized();
        }
        out.emplace_back(body.name, bounds);
    }
    return out;
}

} // namespace

void TestCleanView::legendCoversNoBodyOfTheStack() {
    // As `contactlab stack.json --simulate --steps 40 --sim-overlays contacts,normals,impulses,legend`: five
    // boxes 5 m tall on a 20 m ground, framed (not zoomed to fit the ground) in a 1280x800 window. (The
    // offscreen screen is smaller: the window keeps the size asked for, as for --screenshot.)
    m_window = cltest::exposed(cltest::makeExactWindow(1280, 800));
    QVERIFY(m_window);
    QCOMPARE(m_window->size(), QSize(1280, 800));
    auto* ui = m_window->findChild<SimulationUi*>();
    QVERIFY(m_window->openSample(QStringLiteral(":/scenes/stack.json")));
    cltest::startSimulating(*m_window, *ui);
    QCOMPARE(ui->setOverlayNames(QStringLiteral("none,contacts,normals,impulses,legend")), QStringList());
    for (int i = 0; i < 40; ++i) {
        ui->controller()->stepForward();
    }
    SceneCanvas& canvas = *m_window->canvas();
    SimOverlay* overlay = ui->overlay();
    auto* presentation = m_window->findChild<QAction*>(QStringLiteral("actionPresentationMode"));
    QVERIFY(presentation);
    for (const bool projector : {false, true}) {
        if (projector) {
            presentation->trigger(); // Ctrl+Shift+P: the legend grows by the screen's factor, the docks widen
        }
        QCoreApplication::processEvents();
        QCOMPARE(canvas.presentationScale() > 1.0, projector);
        QVERIFY(paintedPixels(*overlay, canvas) > 0); // a drawing places the legend
        SimOverlayOptions options = overlay->options();
        options.displayScale = canvas.presentationScale();
        const QSizeF size =
            SimOverlayPainter::legendSize(overlay->frame(), options, canvas.viewport()->font());
        // The size is the box drawn: the legend alone, painted in its default corner, spans it.
        QImage probe(canvas.viewport()->size(), QImage::Format_ARGB32_Premultiplied);
        probe.fill(Qt::transparent);
        {
            QPainter painter(&probe);
            painter.setFont(canvas.viewport()->font());
            SimOverlayPainter::drawLegend(painter, overlay->frame(), canvas.viewTransform(), options);
        }
        QRect drawn;
        for (int y = 0; y < probe.height(); ++y) {
            for (int x = 0; x < probe.width(); ++x) {
                if (qAlpha(probe.pixel(x, y)) != 0) {
                    drawn |= QRect(x, y, 1, 1);
                }
            }
        }
        QVERIFY2(std::abs(drawn.width() - size.width()) <= 2.0 &&
                     std::abs(drawn.height() - size.height()) <= 2.0,
                 qPrintable(QStringLiteral("drawn %1x%2, size %3x%4")
                                .arg(drawn.width())
                                .arg(drawn.height())
                                .arg(size.width())
                                .arg(size.height())));
        const QRectF legend = SimOverlayPainter::legendRect(size, canvas.viewTransform().viewSize(),
                                                            overlay->legendCorner(), options.displayScale);
        QVERIFY(QRectF(QPointF(0, 0), QSizeF(canvas.viewport()->size())).contains(legend));
        const auto bodies = bodyScreenBounds(canvas);
        QCOMPARE(bodies.size(), std::size_t{6});
        for (const auto& [name, bounds] : bodies) {
            QVERIFY2(
                !legend.intersects(bounds),
                qPrintable(QStringLiteral("%1: the legend (%2, %3, %4 x %5) covers %6 (%7, %8, %9 x %10)")
                               .arg(projector ? QStringLiteral("presentation") : QStringLiteral("normal"))
                               .arg(legend.x())
                               .arg(legend.y())
                               .arg(legend.width())
                               .arg(legend.height())
                               .arg(QString::fromStdString(name))
                               .arg(bounds.x())
                               .arg(bounds.y())
                               .arg(bounds.width())
                               .arg(bounds.height())));
            // And every box is in view, whole.
            if (name != "ground") {
                QVERIFY2(QRectF(QPointF(0, 0), QSizeF(canvas.viewport()->size())).contains(bounds),
                         qPrintable(QString::fromStdString(name)));
            }
        }
    }
    presentation->trigger();
}

void TestCleanView::legendCanBeHiddenAndStaysHidden() {
    auto* action = m_window->findChild<QAction*>(QStringLiteral("actionShowLegend"));
    QVERIFY(action);
    QVERIFY(m_window->viewMenu()->actions().contains(action));
    auto* ui = m_window->findChild<SimulationUi*>();
    QVERIFY(action->isChecked());
    QVERIFY(ui->overlay()->options().legend);
    action->trigger(); // the user unticks it in the View menu
    QVERIFY(!ui->overlay()->options().legend);
    QCOMPARE(QSettings().value(QStringLiteral("view/showLegend")).toBool(), false);
    // Every demo names "legend" in its overlays: opening one keeps the user's choice.
    QVERIFY(openDemoFromMenu(*m_window, QStringLiteral(":/scenes/demos/collision.json")));
    QVERIFY(!ui->overlay()->options().legend);
    QVERIFY(!action->isChecked());
    // The next start keeps it hidden.
    m_window = cltest::makeTestWindow(1280, 800);
    ui = m_window->findChild<SimulationUi*>();
    action = m_window->findChild<QAction*>(QStringLiteral("actionShowLegend"));
    QVERIFY(!action->isChecked());
    QVERIFY(!ui->overlay()->options().legend);
    // The Simulation panel's Legend box and the menu item are one switch.
    auto* box = m_window->findChild<QCheckBox*>(QStringLiteral("simOverlay_legend"));
    QVERIFY(box);
    QVERIFY(!box->isChecked());
    box->setChecked(true);
    QVERIFY(ui->overlay()->options().legend);
    QVERIFY(action->isChecked());
}

void TestCleanView::demosOpenFramedOnWhatMoves() {
    SceneCanvas& canvas = *m_window->canvas();
    for (const QString& path : SimulationUi::demoFiles()) {
        QVERIFY(openDemoFromMenu(*m_window, path));
        QCoreApplication::processEvents();
        const phys::SceneDef& scene = m_window->document()->scene().def;
        const ViewTransform& view = canvas.viewTransform();
        const QRectF visible = view.visibleWorldRect();
        // Every moving body is in the view, with fitView's margin of room.
        const auto box = SceneCanvas::framingBounds(scene);
        QVERIFY(box);
        const QRectF framed(QPointF(box->lower.x, box->lower.y), QPointF(box->upper.x, box->upper.y));
        QVERIFY2(visible.contains(framed), qPrintable(path));
        for (const phys::BodyDef& body : scene.bodies) {
            if (body.type == phys::BodyType::Static) {
                continue;
            }
            for (const phys::ShapeDef& shape : body.shapes) {
                const phys::AABB b = std::visit(
                    [&body](const auto& g) {
                        return phys::computeAABB(g, phys::Transform{body.position, phys::Rot(body.angle)});
                    },
                    shape.geometry);
                QVERIFY2(
                    framed.contains(QRectF(QPointF(b.lower.x, b.lower.y), QPointF(b.upper.x, b.upper.y))),
                    qPrintable(path + QStringLiteral(": ") + QString::fromStdString(body.name)));
            }
        }
        // The moving bodies fill the view along one side (review v12 D7: Newton's cradle opened at 26 px/m,
        // its 1 m balls 27 px across, because its walls 6 m away were framed whole): their box takes at
        // least 45 % of the view's width or height (the cradle's balls three fifths), with where their velocity
        // takes them first.
        QRectF moving;
        for (const phys::BodyDef& body : scene.bodies) {
            for (const phys::ShapeDef& shape : body.shapes) {
                if (body.type == phys::BodyType::Static) {
                    continue;
                }
                const phys::AABB b = std::visit(
                    [&body](const auto& g) {
                        return phys::computeAABB(g, phys::Transform{body.position, phys::Rot(body.angle)});
                    },
                    shape.geometry);
                moving |= QRectF(view.toView(b.lower), view.toView(b.upper)).normalized();
                // And where it goes first (SceneCanvas::framingBounds): along its velocity, within a second,
                // up to the first static body in its way (the bullet's run to its wall), found here by
                // marching in 1 ms steps.
                const auto staticHit = [&scene](QRectF r) {
                    for (const phys::BodyDef& s : scene.bodies) {
                        for (const phys::ShapeDef& sh : s.shapes) {
                            if (s.type != phys::BodyType::Static) {
                                continue;
                            }
                            const phys::AABB a = std::visit(
                                [&s](const auto& g) {
                                    return phys::computeAABB(g,
                                                             phys::Transform{s.position, phys::Rot(s.angle)});
                                },
                                sh.geometry);
                            if (r.intersects(
                                    QRectF(QPointF(a.lower.x, a.lower.y), QPointF(a.upper.x, a.upper.y)))) {
                                return true;
                            }
                        }
                    }
                    return false;
                };
                const QRectF at(QPointF(b.lower.x, b.lower.y), QPointF(b.upper.x, b.upper.y));
                for (int ms = 1; ms <= 1000 && phys::length(body.linearVelocity) > 0.0 && !staticHit(at);
                     ++ms) {
                    const phys::Vec2 d = (ms / 1000.0) * body.linearVelocity;
                    const QRectF moved = at.translated(d.x, d.y);
                    if (staticHit(moved)) {
                        moving |= QRectF(view.toView(b.lower + d), view.toView(b.upper + d)).normalized();
                        break;
                    }
                }
            }
        }
        // And where the demo's first seconds of run take them (MainWindow::kDemoRunSeconds): the friction ramp's
        // boxes down the ramp, the cradle's last ball to its wall.
        if (const auto run = SceneCanvas::runBounds(scene, MainWindow::kDemoRunSeconds)) {
            moving |= QRectF(view.toView(run->lower), view.toView(run->upper)).normalized();
        }
        const QSizeF viewSize(canvas.viewport()->size());
        const double fill = std::max(moving.width() / viewSize.width(), moving.height() / viewSize.height());
        qInfo("%s: %.1f px/m in %gx%g, the moving bodies fill %.0f %% of the view", qPrintable(path),
              view.pixelsPerMetre(), viewSize.width(), viewSize.height(), 100.0 * fill);
        QVERIFY2(fill >= 0.45, qPrintable(QStringLiteral("%1: %2").arg(path).arg(fill)));
        if (path.endsWith(QStringLiteral("newtons_cradle.json"))) {
            QVERIFY2(fill >= 0.6, qPrintable(QString::number(fill))); // its walls framed whole: 0.45
        }
        // Never further out than the whole scene's fit; Ctrl+0 still shows everything.
        const double whole =
            SceneRenderer::fitView(scene, QSizeF(canvas.viewport()->size())).pixelsPerMetre();
        QVERIFY2(view.pixelsPerMetre() >= whole - 1e-9, qPrintable(path));
        if (path.endsWith(QStringLiteral("friction_ramp.json"))) {
            // The ramp and its boxes, not the 40 m ground: about twice the whole scene's zoom.
            QVERIFY2(view.pixelsPerMetre() > 1.6 * whole,
                     qPrintable(QStringLiteral("%1 px/m against %2").arg(view.pixelsPerMetre()).arg(whole)));
        }
        // Ctrl+0 shows every body, whole, and (issue 12 D7) leaves the legend a corner no body reaches: fitted
        // edge to edge, the vertical stack's top box sat under the legend.
        QTest::keyClick(m_window.get(), Qt::Key_0, Qt::ControlModifier);
        QVERIFY(canvas.viewTransform().pixelsPerMetre() <= whole * (1 + 1e-12));
        auto* ui = m_window->findChild<SimulationUi*>();
        SimOverlay* overlay = ui->overlay();
        QVERIFY(ui->controller()->isSimulating());
        QVERIFY(overlay->options().legend);
        QVERIFY(paintedPixels(*overlay, canvas) > 0); // a drawing places the legend
        SimOverlayOptions options = overlay->options();
        options.displayScale = canvas.presentationScale();
        const QRectF legend = SimOverlayPainter::legendRect(
            SimOverlayPainter::legendSize(overlay->frame(), options, canvas.viewport()->font()),
            canvas.viewTransform().viewSize(), overlay->legendCorner(), options.displayScale);
        const QRectF viewport(QPointF(0, 0), QSizeF(canvas.viewport()->size()));
        for (const auto& [name, bounds] : bodyScreenBounds(canvas)) {
            QVERIFY2(viewport.contains(bounds),
                     qPrintable(path + QStringLiteral(": ") + QString::fromStdString(name)));
            QVERIFY2(!legend.intersects(bounds), qPrintable(path + QStringLiteral(": the legend covers ") +
                                                            QString::fromStdString(name)));
        }
    }
}

void TestCleanView::followKeepsTheSelectedBodyCentred() {
    auto f = cltest::openSimulating(QStringLiteral(":/scenes/demos/collision.json"), 1280, 800);
    QVERIFY(f.sim);
    SceneCanvas& canvas = *f.window->canvas();
    const BodyKey ball = cltest::keyNamed(*f.window->document(), "ball");
    QVERIFY(ball != 0);
    canvas.setSelection({ball});
    auto* follow = f.window->findChild<QAction*>(QStringLiteral("actionFollowSelection"));
    QVERIFY(follow);
    const double zoom = canvas.viewTransform().pixelsPerMetre();
    follow->trigger();
    QVERIFY(canvas.followSelection());
    // Where the canvas shows the ball now (the run's pose, not the edited scene's).
    const auto shownAt = [&canvas, ball] {
        return canvas.sceneDef().bodies[std::size_t(canvas.bodyItem(ball)->bodyIndex())].position;
    };
    const phys::Vec2 start = shownAt();
    for (int i = 0; i < 60; ++i) {
        f.sim->stepForward();
        const phys::Vec2 at = shownAt();
        QCOMPARE(canvas.viewTransform().centre().x, at.x);
        QCOMPARE(canvas.viewTransform().centre().y, at.y);
        // The ball on screen stays at the viewport's centre.
        const QPointF shown = canvas.worldToViewport(at);
        QVERIFY(std::abs(shown.x() - 0.5 * canvas.viewport()->width()) < 1e-6);
        QVERIFY(std::abs(shown.y() - 0.5 * canvas.viewport()->height()) < 1e-6);
    }
    QCOMPARE(canvas.viewTransform().pixelsPerMetre(), zoom);
    QVERIFY(phys::length(shownAt() - start) > 0.5); // it did fall
    // Off: the view stays where it is while the ball moves on.
    follow->trigger();
    const phys::Vec2 kept = canvas.viewTransform().centre();
    for (int i = 0; i < 20; ++i) {
        f.sim->stepForward();
    }
    QCOMPARE(canvas.viewTransform().centre().x, kept.x);
    QCOMPARE(canvas.viewTransform().centre().y, kept.y);
}

// Issue 12 D7: Simulate mode kept the Select tool's hint ("Select: click a body...") in the status bar, though
// the mouse grabs bodies there; Edit mode gets the current tool's hint back.
void TestCleanView::statusBarSaysWhatTheMouseDoesInEachMode() {
    auto f = cltest::openSimulating(QStringLiteral(":/scenes/demos/collision.json"), 1280, 800);
    QVERIFY(f.sim);
    const QString simulating = f.window->statusBar()->currentMessage();
    QVERIFY2(simulating.startsWith(QStringLiteral("Simulate:")) &&
                 simulating.contains(QStringLiteral("pull")),
             qPrintable(simulating));
    f.ui->simulateAction()->trigger();
    QVERIFY(!f.sim->isSimulating());
    const QString editing = f.window->statusBar()->currentMessage();
    QVERIFY2(editing.startsWith(QStringLiteral("Select:")), qPrintable(editing));
}

// Issue 12 D8: in Simulate mode the Energy plot shares the right-hand column; the Walkthrough, brought to the
// front there (its tab, as a user clicks it), showed a line and a half of its table and cut its explanation.
void TestCleanView::walkthroughKeepsItsRoomBesideTheEnergyPlot() {
    auto f = cltest::openSimulating(QStringLiteral(":/scenes/demos/vertical_stack.json"), 1280, 800);
    QVERIFY(f.sim);
    QCoreApplication::processEvents();
    auto* walkthrough = f.window->findChild<WalkthroughDock*>();
    auto* energy = f.window->findChild<QDockWidget*>(QStringLiteral("energyDock"));
    QVERIFY(walkthrough && energy);
    QVERIFY(energy->isVisible());
    QVERIFY(clickTab(*f.window, walkthrough->windowTitle()));
    // The arrangement is deferred to the next turn of the event loop, and the dock area lays it out in one
    // more.
    for (int turn = 0; turn < 3; ++turn) {
        QCoreApplication::processEvents();
    }
    QVERIFY(walkthrough->isVisible());
    QVERIFY(energy->isVisible());
    const int column = walkthrough->height() + energy->height();
    // At least two thirds of the column (it had three fifths; the Energy group keeps its plot's minimum).
    QVERIFY2(walkthrough->height() >= column * 2 / 3,
             qPrintable(QStringLiteral("walkthrough %1 px of %2, energy %3")
                            .arg(walkthrough->height())
                            .arg(column)
                            .arg(energy->height())));
    // Its explanation is whole, and at least two whole rows of its table show (a line and a half did; the
    // SAT rows take three lines at this width).
    auto* explanation = walkthrough->findChild<QLabel*>(QStringLiteral("walkthroughExplanation"));
    QVERIFY(explanation);
    QVERIFY2(explanation->height() >= explanation->heightForWidth(explanation->width()),
             qPrintable(QStringLiteral("explanation %1 px for %2")
                            .arg(explanation->height())
                            .arg(explanation->heightForWidth(explanation->width()))));
    QTableWidget* table = walkthrough->table();
    QVERIFY(table->rowCount() >= 2);
    int whole = 0;
    for (int row = 0; row < table->rowCount(); ++row) {
        const int top = table->rowViewportPosition(row);
        whole += top >= 0 && top + table->rowHeight(row) <= table->viewport()->height() ? 1 : 0;
    }
    QVERIFY2(whole >= 2, qPrintable(QStringLiteral("%1 rows whole").arg(whole)));
}

QTEST_MAIN(TestCleanView)
#include "tst_clean_view.moc"
