/// @file tst_gjk_panel.cpp
/// The Walkthrough dock's GJK · EPA · Voronoi page on the real MainWindow, driven by mouse clicks on its tabs
/// and its Next / Back buttons: every step shows the engine's trace (the simplex of each GJK iteration in the
/// Minkowski pane, the polytope of each EPA iteration), the explanations carry the engine's numbers
/// (distance and witness points, EPA's depth compared with SAT's MTV, the circle centre's Voronoi region),
/// and dragging a vertex with the Vertices tool redraws the panes while the mouse is still down.

#include "app_test_util.h"
#include "document.h"
#include "gjk_canvas_overlay.h"
#include "gjk_panel.h"
#include "gjk_view.h"
#include "inspector_dock.h"
#include "main_window.h"
#include "overlay.h"
#include "scene_canvas.h"
#include "simulation_controller.h"
#include "simulation_panel.h"
#include "table_fit.h"
#include "tool_draw_polygon.h"
#include "tool_edit_vertices.h"
#include "tools_toolbar.h"
#include "walkthrough.h"
#include "walkthrough_dock.h"

#include "physics/mass.h"
#include "physics/toi.h"
#include "physics/voronoi.h"

#include <QAction>
#include <QApplication>
#include <QFile>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QTabBar>
#include <QTabWidget>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

using namespace cl;

namespace {

/// A box A, a rotated triangle B apart from it, a box C overlapping A, and a ball D beside A's corner.
const char* const kScene = R"({
  "format": "contactlab-scene", "version": 1,
  "bodies": [
    { "name": "boxA", "type": "static", "position": [0, 0],
      "shapes": [ { "type": "polygon", "vertices": [[-1, -1], [1, -1], [1, 1], [-1, 1]] } ] },
    { "name": "tri", "position": [3.2, 0.6], "angle": 0.4,
      "shapes": [ { "type": "polygon", "vertices": [[-0.8, -0.6], [0.9, -0.4], [0.1, 0.9]] } ] },
    { "name": "boxC", "position": [1.3, 0.9], "angle": 0.3,
      "shapes": [ { "type": "polygon", "vertices": [[-0.6, -0.5], [0.6, -0.5], [0.6, 0.5], [-0.6, 0.5]] } ] },
    { "name": "ball", "position": [1.6, -1.7],
      "shapes": [ { "type": "circle", "center": [0, 0], "radius": 0.5 } ] },
    { "name": "dart", "position": [-2.6, 0.2], "linearVelocity": [90, 0],
      "shapes": [ { "type": "circle", "center": [0, 0], "radius": 0.25 } ] },
    { "name": "hammer", "position": [0, -3], "linearVelocity": [0, 120],
      "shapes": [ { "type": "polygon", "vertices": [[-0.1, -1], [0.1, -1], [0.1, 0], [-0.1, 0]] },
                  { "type": "polygon", "vertices": [[-0.5, 0], [0.5, 0], [0.5, 0.4], [-0.5, 0.4]] } ] }
  ]
})";

phys::Transform placement(const phys::BodyDef& body) {
    return {body.position, phys::Rot(body.angle)};
}

/// The points of the pane's dots with the given label.
std::vector<phys::Vec2> dotsLabelled(const GjkView& view, const QString& label) {
    std::vector<phys::Vec2> out;
    for (const DiagramItem& item : view.items()) {
        if (item.kind == DiagramItem::Kind::Point && item.text == label) {
            out.push_back(item.points[0]);
        }
    }
    return out;
}

/// The dots' and outlines' points of a pane flattened, to find a drawn outline by its first point.
bool hasOutlineStartingAt(const GjkView& view, phys::Vec2 p) {
    for (const DiagramItem& item : view.items()) {
        if (item.kind == DiagramItem::Kind::Polygon && !item.points.empty() &&
            phys::distance(item.points[0], p) < 1e-12) {
            return true;
        }
    }
    return false;
}

/// A body's motion over one step at its velocities, built here from the definition (a circle centred on the
/// origin has its centre of mass there; a static body stays put).
phys::Sweep sweepOver(const phys::BodyDef& body, double dt) {
    const phys::Transform xf = placement(body);
    if (body.type == phys::BodyType::Static) {
        return phys::fixedSweep(xf, {});
    }
    return phys::Sweep{{}, xf.p, xf.p + dt * body.linearVelocity, xf.q, dt * body.angularVelocity};
}

QString fourDecimals(double t) {
    return QString::number(t, 'f', 4);
}

} // namespace

class TestGjkPanel : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void gjkStepsFollowTheTrace();
    void diagramPanesDrawTheSameInEveryTheme();
    void stepKeysStepThePageInFront();
    void epaEndsWithSatsDepth();
    void voronoiNamesTheCentresRegion();
    void vertexDragUpdatesThePanesLive();
    void hiddenPageCatchesUpWithADrag();
    void splitShowsEarsThenMerges();
    void splitOfACompoundBodysOutline();
    void gjkWitnessOnTheMainCanvas();
    void satRulerOnlyOnTheSatPage();
    void gjkAndEpaTablesFollowTheTrace();
    void toiStepsThroughTheEnginesSweep();
    void compoundBodyShowsThePiecesThatMatter();
    void toiAtRestSaysHowAndFollowsTheInspector();
    void toiOfAPausedSimulationFrame();
    void tableAndTextFitTheDockOnAProjector_data();
    void tableAndTextFitTheDockOnAProjector();

private:
    GjkPanel* panel() const { return m_window->findChild<GjkPanel*>(); }
    WalkthroughDock* dock() const { return m_window->findChild<WalkthroughDock*>(); }
    Document& document() const { return *m_window->document(); }
    /// Opens the page by clicking its tab, then the view's tab.
    void openView(int viewTab);
    /// Selects B (the triangle) and picks the Vertices tool: returns B's vertex 0 in world coordinates,
    /// where the drag tests press.
    phys::Vec2 startTriangleVertexDrag();
    /// The engine's distance from A to B, with B as the canvas shows it now (a drag's preview included).
    phys::DistanceOutput distanceToShownB();
    void clickNext();
    /// Clicks Next until it is disabled; returns the number of clicks.
    int clickToEnd();

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
};

void TestGjkPanel::initTestCase() {
    QVERIFY(m_dir.isValid());
    cltest::isolateAppState(m_dir);
    QFile file(m_dir.filePath(QStringLiteral("scene.json")));
    QVERIFY(file.open(QIODevice::WriteOnly));
    QVERIFY(file.write(kScene) > 0);
}

void TestGjkPanel::init() {
    m_window = cltest::makeTestWindow(1400, 900);
    QVERIFY(m_window->openFile(m_dir.filePath(QStringLiteral("scene.json"))));
    dock()->show();
    QVERIFY(panel());
}

void TestGjkPanel::cleanup() {
    m_window.reset();
}

void TestGjkPanel::openView(int viewTab) {
    auto* pages = dock()->findChild<QTabWidget*>(QStringLiteral("walkthroughPages"));
    QVERIFY(pages);
    QTest::mouseClick(pages->tabBar(), Qt::LeftButton, Qt::NoModifier, pages->tabBar()->tabRect(1).center());
    QVERIFY(pages->currentWidget()->isAncestorOf(panel()));
    auto* tabs = panel()->findChild<QTabBar*>(QStringLiteral("gjkViewTabs"));
    QTest::mouseClick(tabs, Qt::LeftButton, Qt::NoModifier, tabs->tabRect(viewTab).center());
    QCOMPARE(int(panel()->view()), viewTab);
    QCOMPARE(panel()->currentStep(), 0);
}

void TestGjkPanel::clickNext() {
    auto* next = panel()->findChild<QPushButton*>(QStringLiteral("gjkNext"));
    QTest::mouseClick(next, Qt::LeftButton);
}

int TestGjkPanel::clickToEnd() {
    auto* next = panel()->findChild<QPushButton*>(QStringLiteral("gjkNext"));
    int clicks = 0;
    while (next->isEnabled() && clicks < 100) {
        QTest::mouseClick(next, Qt::LeftButton);
        ++clicks;
    }
    return clicks;
}

// Review finding: PgDn with the GJK page in front stepped the hidden SAT page. The step keys now step the page
// in front, and the SAT page again once it is back in front.
void TestGjkPanel::stepKeysStepThePageInFront() {
    QVERIFY(dock()->setPair(0, 1));
    const int satStep = dock()->currentStep();
    openView(0);
    QVERIFY(panel()->stepCount() >= 3);
    QApplication::setActiveWindow(m_window.get()); // window shortcuts reach the active window only
    QTest::keyClick(m_window.get(), Qt::Key_PageDown);
    QCOMPARE(panel()->currentStep(), 1);
    QTest::keyClick(m_window.get(), Qt::Key_PageDown, Qt::ControlModifier);
    QCOMPARE(panel()->currentStep(), panel()->stepCount() - 1);
    QTest::keyClick(m_window.get(), Qt::Key_PageUp);
    QCOMPARE(panel()->currentStep(), panel()->stepCount() - 2);
    QTest::keyClick(m_window.get(), Qt::Key_PageUp, Qt::ControlModifier);
    QCOMPARE(panel()->currentStep(), 0);
    QCOMPARE(dock()->currentStep(), satStep); // the SAT page did not move
    auto* pages = dock()->findChild<QTabWidget*>(QStringLiteral("walkthroughPages"));
    QTest::mouseClick(pages->tabBar(), Qt::LeftButton, Qt::NoModifier, pages->tabBar()->tabRect(0).center());
    QTest::keyClick(m_window.get(), Qt::Key_PageDown);
    QCOMPARE(dock()->currentStep(), satStep + 1);
    QCOMPARE(panel()->currentStep(), 0);
}

// The panes are figures on their own light paper in every theme: under the dark theme their labels' halos
// were the theme's dark tone, a dark rim around every name on the white pane. With the dark theme chosen
// from the View menu, the Minkowski pane (its greys, simplex and support colours are the theme's in neither)
// draws exactly the light theme's pixels on every GJK step, and the world pane's paper stays the pane's.
void TestGjkPanel::diagramPanesDrawTheSameInEveryTheme() {
    QVERIFY(dock()->setPair(0, 1));
    openView(0);
    auto* light = m_window->findChild<QAction*>(QStringLiteral("actionThemeLight"));
    auto* dark = m_window->findChild<QAction*>(QStringLiteral("actionThemeDark"));
    QVERIFY(light && dark);
    int compared = 0;
    for (int step = 0; step < panel()->stepCount(); ++step) {
        light->trigger();
        QApplication::processEvents();
        const QImage minkowskiLight = panel()->minkowskiView()->grab().toImage();
        dark->trigger();
        QApplication::processEvents();
        const QImage minkowskiDark = panel()->minkowskiView()->grab().toImage();
        QVERIFY2(minkowskiDark == minkowskiLight, qPrintable(QStringLiteral("step %1").arg(step + 1)));
        const QImage world = panel()->worldView()->grab().toImage();
        QCOMPARE(world.pixelColor(world.width() / 2, world.height() - 3), kDiagramPaper);
        ++compared;
        if (step + 1 < panel()->stepCount()) {
            clickNext();
        }
    }
    light->trigger();
    QVERIFY(compared >= 2);
}

void TestGjkPanel::gjkStepsFollowTheTrace() {
    QVERIFY(dock()->setPair(0, 1));
    openView(0);
    const phys::BodyDef& a = document().body(dock()->keyA());
    const phys::BodyDef& b = document().body(dock()->keyB());
    phys::DistanceTrace trace;
    const phys::DistanceOutput out =
        phys::shapeDistance(phys::makeProxy(a.shapes[0].geometry), placement(a),
                            phys::makeProxy(b.shapes[0].geometry), placement(b), true, &trace);
    QVERIFY(out.distance > 0.1);
    // One step per GJK iteration, then the result.
    QCOMPARE(panel()->stepCount(), int(trace.iterations.size()) + 1);
    for (std::size_t k = 0; k < trace.iterations.size(); ++k) {
        QCOMPARE(panel()->currentStep(), int(k));
        // The Minkowski pane shows this iteration's simplex, point for point.
        const phys::Simplex& s = trace.iterations[k].simplex;
        for (int i = 0; i < s.count; ++i) {
            const std::vector<phys::Vec2> w =
                dotsLabelled(*panel()->minkowskiView(), QStringLiteral("w%1").arg(i));
            QCOMPARE(int(w.size()), 1);
            QCOMPARE(w[0], s.v[i].w);
        }
        QVERIFY(panel()->explanation().contains(QStringLiteral("The simplex has %1 point").arg(s.count)));
        if (trace.iterations[k].supportIndexA >= 0) {
            QVERIFY(panel()->explanation().contains(Walkthrough::vector(trace.iterations[k].supportA)));
        }
        clickNext();
    }
    // The last step: the distance and witness points, in the text and in the world pane.
    QCOMPARE(panel()->currentStep(), panel()->stepCount() - 1);
    QVERIFY2(panel()->explanation().contains(
                 QStringLiteral("Distance %1 m").arg(Walkthrough::length(out.distance))),
             qPrintable(panel()->explanation()));
    QVERIFY(panel()->explanation().contains(Walkthrough::vector(out.pointA)));
    QCOMPARE(dotsLabelled(*panel()->worldView(), QStringLiteral("on A")).front(), out.pointA);
    QCOMPARE(dotsLabelled(*panel()->worldView(), QStringLiteral("on B")).front(), out.pointB);
    QVERIFY(!panel()->findChild<QPushButton*>(QStringLiteral("gjkNext"))->isEnabled());
    // The origin's dot is drawn where the pane says it is.
    const QImage image = panel()->minkowskiView()->grab().toImage();
    const QPointF o = panel()->minkowskiView()->toPixel({0.0, 0.0}) * image.devicePixelRatio();
    QCOMPARE(image.pixelColor(o.toPoint()), QColor(Qt::black));
    // Back goes back.
    QTest::mouseClick(panel()->findChild<QPushButton*>(QStringLiteral("gjkPrevious")), Qt::LeftButton);
    QCOMPARE(panel()->currentStep(), panel()->stepCount() - 2);
}

void TestGjkPanel::epaEndsWithSatsDepth() {
    QVERIFY(dock()->setPair(0, 2));
    openView(1);
    const phys::BodyDef& a = document().body(dock()->keyA());
    const phys::BodyDef& c = document().body(dock()->keyB());
    phys::EpaTrace trace;
    const phys::PenetrationOutput p = phys::gjkEpaPenetration(
        a.shapes[0].geometry, placement(a), c.shapes[0].geometry, placement(c), nullptr, &trace);
    QVERIFY(p.coresOverlap && p.depth > 0.1);
    QCOMPARE(panel()->stepCount(), int(trace.iterations.size()) + 1);
    QVERIFY(panel()->explanation().contains(QStringLiteral("EPA starts from GJK's last simplex")));
    QCOMPARE(clickToEnd(), int(trace.iterations.size()));
    const phys::SatResult sat =
        phys::satPolygons(std::get<phys::Polygon>(a.shapes[0].geometry), placement(a),
                          std::get<phys::Polygon>(c.shapes[0].geometry), placement(c));
    QVERIFY(std::abs(sat.depth - p.depth) <= 1e-9);
    const QString text = panel()->explanation();
    QVERIFY2(text.contains(QStringLiteral("depth %1 m").arg(Walkthrough::length(p.depth))), qPrintable(text));
    QVERIFY(text.contains(
        QStringLiteral("SAT's MTV on the same pair: normal %1").arg(Walkthrough::vector(sat.normal))));
    QVERIFY(text.contains(QStringLiteral("the same to 1e-9")));
    QVERIFY(text.contains(QStringLiteral("contact point")));
    // A pair that does not overlap gets one step that says so.
    QVERIFY(dock()->setPair(0, 1));
    QCOMPARE(panel()->stepCount(), 1);
    QVERIFY(panel()->explanation().contains(QStringLiteral("apart")));
}

void TestGjkPanel::voronoiNamesTheCentresRegion() {
    QVERIFY(dock()->setPair(0, 3));
    openView(2);
    QCOMPARE(panel()->stepCount(), 2);
    QVERIFY(!panel()->minkowskiView()->isVisible());
    clickNext();
    const phys::BodyDef& a = document().body(dock()->keyA());
    const phys::BodyDef& ball = document().body(dock()->keyB());
    const phys::VoronoiRegion region =
        phys::voronoiRegion(std::get<phys::Polygon>(a.shapes[0].geometry), placement(a), ball.position);
    // The ball at (1.6, -1.7) is beyond the corner (1, -1): vertex 1's region.
    QVERIFY(region.feature == phys::VoronoiFeature::Vertex);
    QCOMPARE(region.index, 1);
    QVERIFY2(panel()->explanation().contains(QStringLiteral("region of vertex 1 of A")),
             qPrintable(panel()->explanation()));
    QVERIFY(panel()->explanation().contains(Walkthrough::length(region.distance)));
    // The same pair the other way round still names the polygon's region (the polygon is B now).
    dock()->swapPair();
    QCOMPARE(panel()->stepCount(), 2);
    clickNext();
    QVERIFY(panel()->explanation().contains(QStringLiteral("region of vertex 1 of B")));
    // Two polygons: the view says what it needs.
    QVERIFY(dock()->setPair(0, 1));
    QVERIFY(panel()->explanation().contains(QStringLiteral("pick a polygon and a circle")));
}

phys::Vec2 TestGjkPanel::startTriangleVertexDrag() {
    const BodyKey tri = dock()->keyB();
    m_window->canvas()->setSelection({tri});
    auto* toolbar = m_window->findChild<ToolsToolbar*>();
    toolbar->setCurrentTool(toolbar->editVerticesTool());
    const phys::BodyDef& body = document().body(tri);
    return phys::transformPoint(placement(body), std::get<phys::Polygon>(body.shapes[0].geometry).vertex(0));
}

phys::DistanceOutput TestGjkPanel::distanceToShownB() {
    const phys::BodyDef& boxA = document().body(dock()->keyA());
    const phys::BodyDef* shown = m_window->canvas()->bodyDef(dock()->keyB());
    return phys::shapeDistance(phys::makeProxy(boxA.shapes[0].geometry), placement(boxA),
                               phys::makeProxy(shown->shapes[0].geometry), placement(*shown), true);
}

void TestGjkPanel::vertexDragUpdatesThePanesLive() {
    QVERIFY(dock()->setPair(0, 1));
    openView(0);
    clickToEnd();
    const phys::Vec2 before = panel()->penetration().gjk.pointA;
    const BodyKey tri = dock()->keyB();
    SceneCanvas& canvas = *m_window->canvas();
    // The triangle's vertex 0, pulled towards A; the mouse stays down while the panes are checked.
    const phys::Vec2 vertex = startTriangleVertexDrag();
    const QPoint from = canvas.worldToViewport(vertex).toPoint();
    QWidget* viewport = canvas.viewport();
    const int stepBefore = panel()->currentStep();
    const double distanceBefore = panel()->penetration().depth;
    QTest::mousePress(viewport, Qt::LeftButton, Qt::NoModifier, from);
    std::vector<double> seen;
    std::vector<phys::Vec2> closestSeen;
    for (int i = 1; i <= 12; ++i) {
        QTest::mouseMove(viewport, canvas.worldToViewport(vertex + phys::Vec2{-0.08 * i, 0.0}).toPoint());
        seen.push_back(panel()->penetration().depth);
        // Mid-drag, the Minkowski pane draws the point of A (-) B closest to the origin for the triangle as the
        // canvas shows it now (the drag's preview), computed here by the engine.
        QVERIFY(canvas.bodyDef(tri));
        const phys::DistanceOutput d = distanceToShownB();
        const std::vector<phys::Vec2> closest =
            dotsLabelled(*panel()->minkowskiView(), QStringLiteral("closest"));
        QCOMPARE(int(closest.size()), 1);
        QVERIFY(phys::distance(closest[0], d.pointA - d.pointB) <= 1e-12);
        QVERIFY(closestSeen.empty() || closest[0] != closestSeen.back());
        closestSeen.push_back(closest[0]);
    }
    // The document is the one truth during the drag (design.md section 5): each move merges into one command,
    // and the panes follow it: the gap shrinks as the vertex comes closer (depth = minus the gap), and the
    // step stays on the result.
    QCOMPARE(document().undoStack()->count(), 1);
    for (std::size_t i = 1; i < seen.size(); ++i) {
        QVERIFY(seen[i] > seen[i - 1]);
    }
    QVERIFY(seen.front() > distanceBefore);
    QCOMPARE(panel()->currentStep(), stepBefore);
    const phys::DistanceOutput live = distanceToShownB();
    QVERIFY(panel()->explanation().contains(
        QStringLiteral("Distance %1 m").arg(Walkthrough::length(live.distance))));
    QTest::mouseRelease(viewport, Qt::LeftButton, Qt::NoModifier,
                        canvas.worldToViewport(vertex + phys::Vec2{-1.0, 0.0}).toPoint());
    QCOMPARE(document().undoStack()->count(), 1);
    QVERIFY(panel()->penetration().gjk.pointA != before || panel()->penetration().depth != distanceBefore);
}

// Behind the SAT page the panel does not follow a drag move by move (issue 12's drag cost), yet whatever it
// shows or answers is for the pair as it is now: asked while hidden, and once its page comes to the front
// (the step kept, as in a live drag).
void TestGjkPanel::hiddenPageCatchesUpWithADrag() {
    QVERIFY(dock()->setPair(0, 1));
    openView(0);
    clickToEnd();
    const int resultStep = panel()->currentStep();
    auto* pages = dock()->findChild<QTabWidget*>(QStringLiteral("walkthroughPages"));
    QTest::mouseClick(pages->tabBar(), Qt::LeftButton, Qt::NoModifier, pages->tabBar()->tabRect(0).center());
    QVERIFY(!panel()->isVisible());
    SceneCanvas& canvas = *m_window->canvas();
    const phys::Vec2 vertex = startTriangleVertexDrag();
    QWidget* viewport = canvas.viewport();
    QTest::mousePress(viewport, Qt::LeftButton, Qt::NoModifier, canvas.worldToViewport(vertex).toPoint());
    for (int i = 1; i <= 6; ++i) {
        QTest::mouseMove(viewport, canvas.worldToViewport(vertex + phys::Vec2{-0.08 * i, 0.0}).toPoint());
    }
    QTest::mouseRelease(viewport, Qt::LeftButton, Qt::NoModifier,
                        canvas.worldToViewport(vertex + phys::Vec2{-0.48, 0.0}).toPoint());
    const phys::DistanceOutput d = distanceToShownB(); // after the release: the document's triangle
    // Asked while hidden: the engine's answer for the dragged triangle.
    QVERIFY(!panel()->isVisible());
    QVERIFY(phys::distance(panel()->penetration().gjk.pointA, d.pointA) <= 1e-12);
    // Shown: the Minkowski pane draws the closest point of A (-) B for it, at the step it was on.
    QTest::mouseClick(pages->tabBar(), Qt::LeftButton, Qt::NoModifier, pages->tabBar()->tabRect(1).center());
    QVERIFY(panel()->isVisible());
    QCOMPARE(panel()->currentStep(), std::min(resultStep, panel()->stepCount() - 1));
    const std::vector<phys::Vec2> closest =
        dotsLabelled(*panel()->minkowskiView(), QStringLiteral("closest"));
    QCOMPARE(int(closest.size()), 1);
    QVERIFY(phys::distance(closest[0], d.pointA - d.pointB) <= 1e-12);
    QVERIFY(panel()->explanation().contains(
        QStringLiteral("Distance %1 m").arg(Walkthrough::length(d.distance))));
}

void TestGjkPanel::splitOfACompoundBodysOutline() {
    // Nothing split with the tool yet, and A is the hammer: its handle's top corners lie inside the head's
    // bottom edge (T-junctions). The Split tab takes the outline of the two pieces, a T of 8 corners with 2
    // reflex ones, and walks its split: the outline, 6 ears, 5 diagonals, as the CLI prints it.
    QVERIFY(dock()->setPair(5, 0));
    openView(3);
    QCOMPARE(panel()->stepCount(), 1 + 6 + 5);
    QVERIFY2(panel()->explanation().contains(QStringLiteral("The outline has 8 vertices, 2 reflex vertices")),
             qPrintable(panel()->explanation()));
    QVERIFY(panel()
                ->findChild<QLabel*>(QStringLiteral("gjkPairLabel"))
                ->text()
                .contains(QStringLiteral("2 pieces")));
    QCOMPARE(clickToEnd(), 11);
    QVERIFY(panel()->explanation().contains(QStringLiteral("The result: 2 pieces")));
}

void TestGjkPanel::splitShowsEarsThenMerges() {
    QVERIFY(dock()->setPair(3, 0)); // A is the ball: no outline of its own to split
    openView(3);
    QCOMPARE(panel()->stepCount(), 1);
    QVERIFY(panel()->explanation().contains(QStringLiteral("Draw a concave outline")));
    QVERIFY2(panel()->explanation().contains(QStringLiteral("Body A (ball): shape 1 is a circle")),
             qPrintable(panel()->explanation()));
    // A C drawn by mouse with the Polygon tool, split into convex pieces.
    auto* toolbar = m_window->findChild<ToolsToolbar*>();
    toolbar->setCurrentTool(toolbar->polygonTool());
    DrawPolygonTool& tool = *toolbar->polygonTool();
    tool.setNonConvexAsker(
        [](const QString&, bool) { return DrawPolygonTool::NonConvexChoice::SplitIntoPieces; });
    SceneCanvas& canvas = *m_window->canvas();
    const int bodiesBefore = document().bodyCount();
    for (const phys::Vec2 p : {phys::Vec2{-4, 3}, phys::Vec2{0, 3}, phys::Vec2{0, 3.8}, phys::Vec2{-3, 3.8},
                               phys::Vec2{-3, 5}, phys::Vec2{0, 5}, phys::Vec2{0, 6}, phys::Vec2{-4, 6}}) {
        QTest::mouseClick(canvas.viewport(), Qt::LeftButton, Qt::NoModifier,
                          canvas.worldToViewport(p).toPoint());
    }
    QTest::keyClick(&canvas, Qt::Key_Return);
    QCOMPARE(document().bodyCount(), bodiesBefore + 1);
    const phys::BodyDef& body = document().body(document().keys().back());
    const phys::DecomposeTrace& trace = tool.lastSplit().trace;
    QCOMPARE(trace.outline.size(), std::size_t(8));
    // The page followed the split: the outline, one step per ear, one per diagonal.
    QCOMPARE(panel()->stepCount(), 1 + int(trace.ears.size()) + int(trace.merges.size()));
    QCOMPARE(int(trace.ears.size()), 6);
    QVERIFY(panel()->explanation().contains(QStringLiteral("8 vertices, 2 reflex vertices")));
    clickNext();
    QVERIFY(panel()->stepTitle().contains(QStringLiteral("Ear 1 of 6")));
    QVERIFY(panel()->explanation().contains(QStringLiteral("Vertex %1 turns left").arg(trace.ears[0].tip)));
    QCOMPARE(clickToEnd(), 5 + int(trace.merges.size()));
    QVERIFY(panel()->stepTitle().contains(QStringLiteral("(last)")));
    QVERIFY2(panel()->explanation().contains(QStringLiteral("The result: %1 pieces").arg(body.shapes.size())),
             qPrintable(panel()->explanation()));
    QCOMPARE(trace.merges.back().pieces.size(), body.shapes.size());
}

void TestGjkPanel::toiStepsThroughTheEnginesSweep() {
    // The dart (a disc flying at 90 m/s) against the static box: over one 1/60 s step it covers 1.5 m of a
    // 1.35 m gap.
    QVERIFY(dock()->setPair(4, 0));
    openView(4);
    const phys::BodyDef& dart = document().body(dock()->keyA());
    const phys::BodyDef& box = document().body(dock()->keyB());
    const double dt = document().scene().def.settings.timeStep;
    QCOMPARE(dt, 1.0 / 60.0); // the app's default step
    const phys::Sweep sweepA = sweepOver(dart, dt), sweepB = sweepOver(box, dt);
    const phys::DistanceProxy pa = phys::makeProxy(dart.shapes[0].geometry);
    const phys::DistanceProxy pb = phys::makeProxy(box.shapes[0].geometry);
    phys::ToiTrace trace;
    const phys::ToiOutput expected = phys::timeOfImpact(pa, sweepA, pb, sweepB, 1.0, &trace);
    QCOMPARE(expected.state, phys::ToiState::Hit);
    // The page shows the engine's own answer for that pair and motion, to the bit.
    QCOMPARE(panel()->toi().state, expected.state);
    QVERIFY(panel()->toi().fraction == expected.fraction);
    QCOMPARE(panel()->toiTrace().iterations.size(), trace.iterations.size());
    // And that answer is right: the disc's surface is the target (radius + slop) from the face x = -1 when
    // its centre reaches x = -1 - r - slop; the time is accepted within the tolerance band.
    const double v = dart.linearVelocity.x * dt;
    const double closedForm = ((-1.0 - 0.25 - phys::kLinearSlop) - dart.position.x) / v;
    QVERIFY2(std::abs(expected.fraction - closedForm) <= trace.tolerance / v,
             qPrintable(QStringLiteral("%1 vs %2").arg(expected.fraction).arg(closedForm)));

    // Step 1: the sweep, from the velocities set in the Inspector.
    QCOMPARE(panel()->stepCount(), int(trace.iterations.size()) + 2);
    QVERIFY(panel()->explanation().contains(QStringLiteral("velocities as set in the Inspector")));
    QVERIFY(panel()->explanation().contains(QStringLiteral("1.50 m"))); // the dart's travel in the step
    QVERIFY(hasOutlineStartingAt(*panel()->worldView(),
                                 phys::transformPoint(phys::sweepTransform(sweepA, 1.0), {0.25, 0.0})));
    // One step per pass: the shapes at the pass's time, the distance GJK measured there, the axis and the
    // root bracketing of each push-back, from the trace's numbers.
    for (std::size_t k = 0; k < trace.iterations.size(); ++k) {
        clickNext();
        const phys::ToiIteration& it = trace.iterations[k];
        QVERIFY(panel()->stepTitle().contains(
            QStringLiteral("Pass %1: t = %2").arg(k + 1).arg(fourDecimals(it.t1))));
        const QString text = panel()->explanation();
        QVERIFY2(text.contains(
                     QStringLiteral("GJK gives the cores %1 m apart").arg(Walkthrough::length(it.distance))),
                 qPrintable(text));
        QVERIFY(hasOutlineStartingAt(*panel()->worldView(),
                                     phys::transformPoint(phys::sweepTransform(sweepA, it.t1), {0.25, 0.0})));
        for (const auto& push : it.pushBacks) {
            QVERIFY2(text.contains(QStringLiteral("At t2 = %1").arg(fourDecimals(push.t2))),
                     qPrintable(text));
            for (const phys::ToiRootStep& r : push.root) {
                QVERIFY2(text.contains(QStringLiteral("t = %1 gives %2 m")
                                           .arg(fourDecimals(r.t), Walkthrough::length(r.separation))),
                         qPrintable(text));
            }
        }
        if (!it.pushBacks.empty()) {
            QVERIFY(text.contains(Walkthrough::vector(it.axis)));
            QVERIFY(panel()->minkowskiView()->isVisible()); // the separation plot
        }
    }
    // The last step: the time of impact, the shapes drawn there.
    clickNext();
    QVERIFY(!panel()->findChild<QPushButton*>(QStringLiteral("gjkNext"))->isEnabled());
    QVERIFY(panel()->stepTitle().contains(
        QStringLiteral("Time of impact t = %1").arg(fourDecimals(expected.fraction))));
    QVERIFY(
        panel()->explanation().contains(QStringLiteral("%1 advancement passes").arg(expected.iterations)));
    QVERIFY(hasOutlineStartingAt(
        *panel()->worldView(),
        phys::transformPoint(phys::sweepTransform(sweepA, expected.fraction), {0.25, 0.0})));
}

void TestGjkPanel::toiAtRestSaysHowAndFollowsTheInspector() {
    // boxA (static) and the triangle: nothing moves.
    QVERIFY(dock()->setPair(1, 0));
    openView(4);
    QCOMPARE(panel()->stepCount(), 1);
    QCOMPARE(panel()->stepTitle(), QStringLiteral("Step 1 of 1: Nothing moves"));
    QVERIFY2(panel()->explanation().contains(QStringLiteral("set its Velocity (m/s) or Spin (rad/s) in the "
                                                            "Inspector")),
             qPrintable(panel()->explanation()));
    QVERIFY(panel()->toiTrace().iterations.empty());

    // The user does what it says: the triangle gets -150 m/s in the Inspector, typed into the field.
    m_window->canvas()->setSelection({dock()->keyA()});
    auto* inspector = m_window->findChild<InspectorDock*>();
    QVERIFY(inspector);
    // The fields the text names are the Inspector's own labels (it once said "Angular velocity (rad/s)"
    // for the field labelled "Spin (rad/s)").
    QStringList labels;
    for (const QLabel* label : inspector->findChildren<QLabel*>()) {
        labels << label->text();
    }
    QVERIFY2(labels.contains(QStringLiteral("Velocity (m/s)")), qPrintable(labels.join(QLatin1Char('|'))));
    QVERIFY2(labels.contains(QStringLiteral("Spin (rad/s)")), qPrintable(labels.join(QLatin1Char('|'))));
    auto* vx = inspector->findChild<QLineEdit*>(QStringLiteral("linearVelocityX"));
    QVERIFY(vx);
    QTest::mouseClick(vx, Qt::LeftButton);
    QTest::keyClick(vx, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(vx, QStringLiteral("-150"));
    QTest::keyClick(vx, Qt::Key_Return);
    const phys::BodyDef& tri = document().body(dock()->keyA());
    QCOMPARE(tri.linearVelocity.x, -150.0);
    const double dt = document().scene().def.settings.timeStep;
    const phys::BodyDef& box = document().body(dock()->keyB());
    // The triangle's centre of mass (its centroid) moves on the line; it does not turn.
    const auto& triangle = std::get<phys::Polygon>(tri.shapes[0].geometry);
    const phys::Vec2 local = phys::computeMass(triangle, tri.shapes[0].density).center;
    const phys::Vec2 c1 = phys::transformPoint(placement(tri), local);
    const phys::Sweep triSweep{local, c1, c1 + dt * tri.linearVelocity, placement(tri).q, 0.0};
    phys::ToiTrace trace;
    const phys::ToiOutput expected =
        phys::timeOfImpact(phys::makeProxy(triangle), triSweep, phys::makeProxy(box.shapes[0].geometry),
                           sweepOver(box, dt), 1.0, &trace);
    QCOMPARE(expected.state, phys::ToiState::Hit);
    QVERIFY(panel()->toi().fraction == expected.fraction);
    QCOMPARE(panel()->stepCount(), int(trace.iterations.size()) + 2);
    QCOMPARE(panel()->currentStep(), 0);
    QVERIFY(panel()->explanation().contains(QStringLiteral("velocity (-150.00, 0.00) m/s")));
}

void TestGjkPanel::toiOfAPausedSimulationFrame() {
    // In Simulate mode the sweep starts from the frame shown: the dart's pose and velocity there.
    auto* ui = m_window->findChild<SimulationUi*>();
    QVERIFY(ui);
    QVERIFY(dock()->setPair(4, 0));
    openView(4);
    cltest::startSimulating(*m_window, *ui);
    SimulationController* sim = ui->controller();
    QVERIFY(sim->isSimulating());
    sim->stepForward();
    QCOMPARE(sim->currentStep(), std::int64_t(1));
    QVERIFY(!sim->isPlaying());
    const std::optional<phys::BodyDef> dart = sim->bodyAt(dock()->keyA());
    const std::optional<phys::BodyDef> box = sim->bodyAt(dock()->keyB());
    QVERIFY(dart && box);
    QVERIFY(dart->position != document().body(dock()->keyA()).position); // it moved in that step
    const double dt = sim->settings().timeStep;
    const phys::ToiOutput expected =
        phys::timeOfImpact(phys::makeProxy(dart->shapes[0].geometry), sweepOver(*dart, dt),
                           phys::makeProxy(box->shapes[0].geometry), sweepOver(*box, dt), 1.0);
    QVERIFY(panel()->toi().fraction == expected.fraction);
    QCOMPARE(panel()->toi().state, expected.state);
    QVERIFY(panel()->explanation().contains(QStringLiteral("simulation frame 1")));
}

void TestGjkPanel::gjkWitnessOnTheMainCanvas() {
    // boxA and the triangle, apart: at GJK's last step the main canvas shows the witness points and the
    // distance segment between them, in green, where the shapes are drawn; on another tab or page, nothing.
    QVERIFY(dock()->setPair(0, 1));
    openView(0);
    const phys::BodyDef& a = document().body(dock()->keyA());
    const phys::BodyDef& b = document().body(dock()->keyB());
    const phys::DistanceOutput out =
        phys::shapeDistance(phys::makeProxy(a.shapes[0].geometry), placement(a),
                            phys::makeProxy(b.shapes[0].geometry), placement(b), true);
    GjkCanvasOverlay* overlay = panel()->canvasOverlay();
    QVERIFY(overlay);
    QVERIFY(overlay->items().empty()); // the first support query: nothing on the canvas yet
    clickToEnd();
    QVERIFY(panel()->stepTitle().endsWith(QStringLiteral("Distance")));
    const std::vector<DiagramItem>& items = overlay->items();
    QVERIFY(!items.empty());
    QCOMPARE(items.front().kind, DiagramItem::Kind::Polyline);
    QVERIFY(items.front().points[0] == out.pointA);
    QVERIFY(items.front().points[1] == out.pointB);
    bool labelled = false;
    for (const DiagramItem& item : items) {
        labelled |=
            item.kind == DiagramItem::Kind::Label &&
            item.text.contains(QStringLiteral("distance %1 m").arg(Walkthrough::length(out.distance)));
    }
    QVERIFY(labelled);
    // Drawn: the canvas pixel a quarter of the way along the segment is the segment's green.
    SceneCanvas& canvas = *m_window->canvas();
    // The segment's green at the pixel a quarter of the way along it (or the pixel above or below: the line
    // is 2.5 px wide and antialiased).
    auto greenAt = [&canvas](phys::Vec2 p) {
        const QImage image = canvas.viewport()->grab().toImage();
        const QPointF px = canvas.viewTransform().toView(p) * image.devicePixelRatio();
        for (int dy = -1; dy <= 1; ++dy) {
            const QColor c = image.pixelColor(px.toPoint() + QPoint(0, dy));
            if (c.green() > c.red() + 60 && c.green() > c.blue() + 30) {
                return true;
            }
        }
        return false;
    };
    const phys::Vec2 quarter = out.pointA + 0.25 * (out.pointB - out.pointA);
    QVERIFY(greenAt(quarter));
    // Another tab of the page: gone from the canvas.
    auto* tabs = panel()->findChild<QTabBar*>(QStringLiteral("gjkViewTabs"));
    QTest::mouseClick(tabs, Qt::LeftButton, Qt::NoModifier, tabs->tabRect(1).center());
    QVERIFY(overlay->items().empty());
    QVERIFY(!greenAt(quarter));
    // Back on GJK at its end, then the SAT page: gone again (the page is not on screen).
    QTest::mouseClick(tabs, Qt::LeftButton, Qt::NoModifier, tabs->tabRect(0).center());
    clickToEnd();
    QVERIFY(!overlay->items().empty());
    auto* pages = dock()->findChild<QTabWidget*>(QStringLiteral("walkthroughPages"));
    QTest::mouseClick(pages->tabBar(), Qt::LeftButton, Qt::NoModifier, pages->tabBar()->tabRect(0).center());
    QVERIFY(overlay->items().empty());
}

namespace {
/// The texts of the labels the walkthrough overlay placed when the canvas last painted (after a fresh paint).
QStringList canvasLabels(SceneCanvas& canvas, const WalkthroughOverlay& overlay) {
    canvas.viewport()->grab(); // paints now
    QStringList texts;
    for (const PlacedLabel& label : overlay.lastLabels()) {
        texts << label.request.text;
    }
    return texts;
}

bool anyStartsWith(const QStringList& texts, const QString& prefix) {
    return std::any_of(texts.begin(), texts.end(),
                       [&prefix](const QString& t) { return t.startsWith(prefix); });
}
} // namespace

void TestGjkPanel::satRulerOnlyOnTheSatPage() {
    // boxA and boxC overlap: on the SAT page, at an axis step, the canvas draws the axis's ruler labelled
    // "overlap ... m". On the GJK page (and its other tabs) the canvas shows only what that page explains: no
    // SAT label at all, and GJK's distance segment at its end (for a separated pair). Back on SAT, the ruler
    // is there again.
    QVERIFY(dock()->setPair(0, 2));
    SceneCanvas& canvas = *m_window->canvas();
    WalkthroughOverlay& overlay = *dock()->overlay();
    auto* next = dock()->findChild<QPushButton*>(QStringLiteral("walkthroughNext"));
    QVERIFY(next);
    QStringList labels = canvasLabels(canvas, overlay);
    for (int clicks = 0;
         !anyStartsWith(labels, QStringLiteral("overlap ")) && next->isEnabled() && clicks < 20; ++clicks) {
        QTest::mouseClick(next, Qt::LeftButton);
        labels = canvasLabels(canvas, overlay);
    }
    QVERIFY2(anyStartsWith(labels, QStringLiteral("overlap ")), qPrintable(labels.join(QLatin1Char('|'))));
    const int satStep = dock()->currentStep();
    const QStringList satLabels = labels;

    for (int view = 0; view < 5; ++view) {
        openView(view);
        clickToEnd();
        labels = canvasLabels(canvas, overlay);
        QVERIFY2(labels.isEmpty(), qPrintable(QStringLiteral("view %1: %2").arg(view).arg(labels.join('|'))));
        QVERIFY(!overlay.walkthroughVisible());
    }
    // A separated pair at GJK's end: the canvas holds GJK's distance, and nothing of SAT's.
    QVERIFY(dock()->setPair(0, 1));
    openView(0);
    clickToEnd();
    QVERIFY(canvasLabels(canvas, overlay).isEmpty());
    QVERIFY(!panel()->canvasOverlay()->items().empty());

    // Back to SAT (clicking its page's tab), on the overlapping pair at the same step: the ruler is back.
    auto* pages = dock()->findChild<QTabWidget*>(QStringLiteral("walkthroughPages"));
    QTest::mouseClick(pages->tabBar(), Qt::LeftButton, Qt::NoModifier, pages->tabBar()->tabRect(0).center());
    QVERIFY(panel()->canvasOverlay()->items().empty());
    QVERIFY(dock()->setPair(0, 2));
    dock()->setStep(satStep);
    labels = canvasLabels(canvas, overlay);
    QVERIFY(overlay.walkthroughVisible());
    QCOMPARE(labels, satLabels);
}

void TestGjkPanel::gjkAndEpaTablesFollowTheTrace() {
    // GJK on boxA and the triangle: a row per iteration with the engine's direction, supports, Minkowski point,
    // simplex sizes and distance, then the result; clicking a row goes to its step and Next moves the row.
    QVERIFY(dock()->setPair(0, 1));
    openView(0);
    const phys::BodyDef& a = document().body(dock()->keyA());
    const phys::BodyDef& b = document().body(dock()->keyB());
    phys::DistanceTrace trace;
    const phys::DistanceOutput out =
        phys::shapeDistance(phys::makeProxy(a.shapes[0].geometry), placement(a),
                            phys::makeProxy(b.shapes[0].geometry), placement(b), true, &trace);
    QTableWidget* table = panel()->table();
    QVERIFY(table->isVisible());
    const int n = int(trace.iterations.size());
    QCOMPARE(table->rowCount(), n + 1);
    auto cell = [table](int r, int c) {
        return table->item(r, c)->text();
    };
    for (int k = 0; k < n; ++k) {
        const phys::GjkIteration& it = trace.iterations[std::size_t(k)];
        QVERIFY(it.supportIndexA >= 0); // apart: every iteration queries
        QCOMPARE(cell(k, 1), Walkthrough::vector(phys::normalize(it.direction)));
        QCOMPARE(cell(k, 2),
                 QStringLiteral("vertex %1\n%2").arg(it.supportIndexA).arg(Walkthrough::vector(it.supportA)));
        QCOMPARE(cell(k, 3),
                 QStringLiteral("vertex %1\n%2").arg(it.supportIndexB).arg(Walkthrough::vector(it.supportB)));
        QVERIFY(cell(k, 4).startsWith(Walkthrough::vector(it.supportA - it.supportB)));
        QCOMPARE(cell(k, 4).contains(QStringLiteral("repeats")), it.duplicate);
        QVERIFY(cell(k, 5).startsWith(
            QStringLiteral("%1 \u2192 %2").arg(it.simplex.count).arg(it.reduced.count)));
        QCOMPARE(cell(k, 6), Walkthrough::length(phys::length(it.closest)));
    }
    QCOMPARE(cell(n, 6), Walkthrough::length(out.distance));
    QVERIFY(cell(n, 2).contains(Walkthrough::vector(out.pointA)));
    QVERIFY(table->item(n, 0)->font().bold());
    // The current step's row is selected; a click on another row goes to its step.
    QCOMPARE(table->selectionModel()->selectedRows().value(0).row(), 0);
    QTest::mouseClick(table->viewport(), Qt::LeftButton, Qt::NoModifier,
                      table->visualItemRect(table->item(2, 3)).center());
    QCOMPARE(panel()->currentStep(), 2);
    clickNext();
    QCOMPARE(table->selectionModel()->selectedRows().value(0).row(), 3);

    // EPA on boxA and boxC: the closest edge's normal and distance per iteration, the depth at the end.
    QVERIFY(dock()->setPair(0, 2));
    openView(1);
    const phys::BodyDef& c = document().body(dock()->keyB());
    phys::EpaTrace epa;
    const phys::PenetrationOutput p = phys::gjkEpaPenetration(
        a.shapes[0].geometry, placement(a), c.shapes[0].geometry, placement(c), nullptr, &epa);
    const int m = int(epa.iterations.size());
    QVERIFY(m >= 2);
    QVERIFY(table->isVisible());
    QCOMPARE(table->rowCount(), m + 1);
    for (int k = 0; k < m; ++k) {
        const phys::EpaIteration& it = epa.iterations[std::size_t(k)];
        QCOMPARE(cell(k, 1), Walkthrough::vector(it.normal));
        QCOMPARE(
            cell(k, 2),
            QStringLiteral("vertex %1\n%2").arg(it.support.indexA).arg(Walkthrough::vector(it.support.wA)));
        QVERIFY(cell(k, 4).startsWith(Walkthrough::vector(it.support.w)));
        QCOMPARE(cell(k, 5), QStringLiteral("%1 vertices").arg(it.polytope.size()));
        QVERIFY(cell(k, 6).startsWith(Walkthrough::length(it.distance)));
        QCOMPARE(cell(k, 6).contains(QStringLiteral("closest")), it.last);
    }
    QVERIFY(cell(m, 1).contains(Walkthrough::vector(p.normal)));
    QVERIFY(cell(m, 6).startsWith(Walkthrough::length(p.depth)));
    // The other tabs have no table.
    auto* tabs = panel()->findChild<QTabBar*>(QStringLiteral("gjkViewTabs"));
    QTest::mouseClick(tabs, Qt::LeftButton, Qt::NoModifier, tabs->tabRect(2).center());
    QVERIFY(!table->isVisible());
}

void TestGjkPanel::compoundBodyShowsThePiecesThatMatter() {
    // The hammer (a handle and, above it, a head) under boxA, flying up at 120 m/s: its head is the closer
    // piece, and the one that hits first.
    QVERIFY(dock()->setPair(5, 0));
    openView(0);
    const phys::BodyDef& hammer = document().body(dock()->keyA());
    const phys::BodyDef& box = document().body(dock()->keyB());
    QCOMPARE(hammer.shapes.size(), std::size_t(2));
    const phys::DistanceProxy boxProxy = phys::makeProxy(box.shapes[0].geometry);
    double distances[2];
    for (int i = 0; i < 2; ++i) {
        distances[i] = phys::shapeDistance(phys::makeProxy(hammer.shapes[std::size_t(i)].geometry),
                                           placement(hammer), boxProxy, placement(box), true)
                           .distance;
    }
    QVERIFY(distances[1] < distances[0]); // brute force over the pieces: the head (shapes[1]) is closest
    auto* pairLabel = panel()->findChild<QLabel*>(QStringLiteral("gjkPairLabel"));
    QVERIFY2(pairLabel->text().contains(QStringLiteral("piece 2 of A (shapes[1])")),
             qPrintable(pairLabel->text()));
    QVERIFY(panel()->explanation().startsWith(
        QStringLiteral("A has 2 pieces and B 1 piece; this is piece 2 of A")));
    clickToEnd();
    QVERIFY2(panel()->explanation().contains(
                 QStringLiteral("Distance %1 m").arg(Walkthrough::length(distances[1]))),
             qPrintable(panel()->explanation()));

    // TOI: the head's sweep, the earlier of the two pieces' impacts.
    auto* tabs = panel()->findChild<QTabBar*>(QStringLiteral("gjkViewTabs"));
    QTest::mouseClick(tabs, Qt::LeftButton, Qt::NoModifier, tabs->tabRect(4).center());
    QCOMPARE(int(panel()->view()), 4);
    const double dt = document().scene().def.settings.timeStep;
    // The hammer's sweep: its centre of mass (both pieces) moves on the line; it does not turn.
    std::vector<phys::MassData> parts;
    for (const phys::ShapeDef& shape : hammer.shapes) {
        parts.push_back(phys::computeMass(std::get<phys::Polygon>(shape.geometry), shape.density));
    }
    const phys::Vec2 centre = phys::combineMass(parts).center;
    const phys::Vec2 c1 = phys::transformPoint(placement(hammer), centre);
    const phys::Sweep sweep{centre, c1, c1 + dt * hammer.linearVelocity, placement(hammer).q, 0.0};
    double fractions[2];
    for (int i = 0; i < 2; ++i) {
        const phys::ToiOutput toi =
            phys::timeOfImpact(phys::makeProxy(hammer.shapes[std::size_t(i)].geometry), sweep, boxProxy,
                               sweepOver(box, dt), 1.0);
        QCOMPARE(toi.state, phys::ToiState::Hit);
        fractions[i] = toi.fraction;
    }
    QVERIFY(fractions[1] < fractions[0]);
    QVERIFY(panel()->toi().fraction == fractions[1]);
    QVERIFY2(pairLabel->text().contains(QStringLiteral("piece 2 of A (shapes[1])")),
             qPrintable(pairLabel->text()));
    QVERIFY(panel()->explanation().contains(QStringLiteral("the pair that meets first")));
}

// Review v12b N6: on the GJK page at 1280x800 the headers were clipped ("Direction d"), "w = A - B" stood one
// character per line, cells broke numbers and names ("(0.83,\n0.55)", "edge w0-\nw1"), and in presentation
// mode the panes and the explanation were below the fold. On the real window at 1280x800 and 1920x1080,
// presentation off and on, every GJK and EPA step of gjk_pair.json (apart, overlapping, box and ball) and
// pair.json: nothing scrolls sideways, every column lies inside the table, every line of every cell and
// title fits its column and is made of whole tokens of what the model wrote (tablefit::tokens), the panes,
// the explanation and the table lie inside the page's visible area, and the step's row is in the table's
// view.
void TestGjkPanel::tableAndTextFitTheDockOnAProjector_data() {
    QTest::addColumn<QSize>("size");
    QTest::addColumn<QString>("scene");
    QTest::addColumn<int>("b");
    const QString gjkPair = QStringLiteral(CONTACTLAB_SOURCE_DIR "/tests/fixtures/walkthrough/gjk_pair.json");
    const QString pair = QStringLiteral(CONTACTLAB_SOURCE_DIR "/tests/fixtures/walkthrough/pair.json");
    for (const QSize size : {QSize(1280, 800), QSize(1920, 1080)}) {
        const QByteArray at = QByteArray::number(size.width()) + "x" + QByteArray::number(size.height());
        QTest::newRow(at + " gjk_pair apart") << size << gjkPair << 1;
        QTest::newRow(at + " gjk_pair overlap") << size << gjkPair << 2;
        QTest::newRow(at + " gjk_pair ball") << size << gjkPair << 3;
        QTest::newRow(at + " pair") << size << pair << 1;
    }
}

void TestGjkPanel::tableAndTextFitTheDockOnAProjector() {
    QFETCH(QSize, size);
    QFETCH(QString, scene);
    QFETCH(int, b);
    // A window of exactly this size whatever the (offscreen) screen's size, as a projector shows it.
    m_window = cltest::makeExactWindow(size.width(), size.height());
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QCOMPARE(m_window->size(), size);
    QVERIFY(m_window->openFile(scene));
    dock()->show();
    dock()->raise();
    QVERIFY(dock()->setPair(0, b));
    auto* presentation = m_window->findChild<QAction*>(QStringLiteral("actionPresentationMode"));
    QVERIFY(presentation);
    auto* table = panel()->findChild<QTableWidget*>(QStringLiteral("gjkTable"));
    auto* explanation = panel()->findChild<QLabel*>(QStringLiteral("gjkExplanation"));
    QVERIFY(table && explanation);
    auto* page = qobject_cast<QScrollArea*>(panel()->parentWidget()->parentWidget());
    QVERIFY(page);
    int checked = 0;
    for (const bool projector : {false, true}) {
        if (projector) {
            presentation->trigger();
        }
        for (const int view : {0, 1}) { // GJK and EPA have tables
            openView(view);
            for (int step = 0; step < panel()->stepCount(); ++step) {
                panel()->setStep(step);
                QCoreApplication::processEvents();
                const QString where = QStringLiteral("%1 view %2 step %3")
                                          .arg(projector ? "presentation" : "normal")
                                          .arg(view)
                                          .arg(step + 1);
                QVERIFY2(page->horizontalScrollBar()->maximum() == 0,
                         qPrintable(where + QStringLiteral(": the page scrolls sideways by %1 px")
                                                .arg(page->horizontalScrollBar()->maximum())));
                QVERIFY2(table->horizontalScrollBar()->maximum() == 0,
                         qPrintable(where + ": the table scrolls sideways"));
                // The panes and the explanation inside the page's visible area.
                const QRect visible = page->viewport()->rect();
                for (QWidget* part : {static_cast<QWidget*>(panel()->worldView()),
                                      static_cast<QWidget*>(panel()->minkowskiView()),
                                      static_cast<QWidget*>(explanation), static_cast<QWidget*>(table)}) {
                    if (!part->isVisible()) {
                        continue;
                    }
                    const QRect rect(part->mapTo(page->viewport(), QPoint(0, 0)), part->size());
                    QVERIFY2(
                        visible.contains(rect),
                        qPrintable(where + QStringLiteral(": %1 at (%2, %3) %4x%5 outside the %6x%7 page")
                                               .arg(part->objectName())
                                               .arg(rect.x())
                                               .arg(rect.y())
                                               .arg(rect.width())
                                               .arg(rect.height())
                                               .arg(visible.width())
                                               .arg(visible.height())));
                }
                QVERIFY2(explanation->height() >= explanation->heightForWidth(explanation->width()),
                         qPrintable(where + ": the explanation is cut"));
                QVERIFY2(panel()->worldView()->height() >= 80,
                         qPrintable(where + ": the World pane is squeezed"));
                // Columns and their words.
                QHeaderView* header = table->horizontalHeader();
                const QFontMetrics plain(table->font());
                QFont boldFont = table->font();
                boldFont.setBold(true);
                const QFontMetrics bold(boldFont);
                auto wholeTokens = [](const QString& shown, const QString& written) {
                    QStringList writtenTokens;
                    for (const QString& line : written.split(QLatin1Char('\n'))) {
                        writtenTokens << tablefit::tokens(line);
                    }
                    QStringList shownTokens;
                    for (const QString& line : shown.split(QLatin1Char('\n'))) {
                        shownTokens << tablefit::tokens(line);
                    }
                    return shownTokens == writtenTokens;
                };
                for (int col = 0; col < table->columnCount(); ++col) {
                    if (table->isColumnHidden(col)) {
                        continue;
                    }
                    const int left = header->sectionViewportPosition(col);
                    const int width = header->sectionSize(col);
                    QVERIFY2(left >= 0 && left + width <= table->viewport()->width(),
                             qPrintable(where + QStringLiteral(": column %1 outside the table").arg(col)));
                    const QTableWidgetItem* title = table->horizontalHeaderItem(col);
                    QVERIFY2(wholeTokens(title->text(), title->data(Qt::UserRole).toString()),
                             qPrintable(where + QStringLiteral(": title \"%1\" broken").arg(title->text())));
                    for (const QString& line : title->text().split(QLatin1Char('\n'))) {
                        QVERIFY2(bold.horizontalAdvance(line) <= width,
                                 qPrintable(where + QStringLiteral(": title \"%1\" %2 px in %3")
                                                        .arg(line)
                                                        .arg(bold.horizontalAdvance(line))
                                                        .arg(width)));
                    }
                    for (int r = 0; r < table->rowCount(); ++r) {
                        const QTableWidgetItem* item = table->item(r, col);
                        const QFontMetrics& metrics = item->font().bold() ? bold : plain;
                        QVERIFY2(
                            wholeTokens(item->text(), item->data(Qt::UserRole + 1).toString()),
                            qPrintable(where +
                                       QStringLiteral(": cell \"%1\" broken mid-token").arg(item->text())));
                        for (const QString& line : item->text().split(QLatin1Char('\n'))) {
                            QVERIFY2(metrics.horizontalAdvance(line) <= width,
                                     qPrintable(where + QStringLiteral(": cell \"%1\" %2 px in %3")
                                                            .arg(line)
                                                            .arg(metrics.horizontalAdvance(line))
                                                            .arg(width)));
                        }
                    }
                }
                // The step's row in view (the result row at the last step).
                for (int r = 0; r < table->rowCount(); ++r) {
                    if (table->item(r, 0)->data(Qt::UserRole).toInt() == step) {
                        const QRect row = table->visualItemRect(table->item(r, 0));
                        QVERIFY2(table->viewport()->rect().contains(row),
                                 qPrintable(where + QStringLiteral(": row %1 out of view").arg(r + 1)));
                    }
                }
                ++checked;
            }
        }
    }
    if (const QString shots = qEnvironmentVariable("CONTACTLAB_GJK_SHOT"); !shots.isEmpty()) {
        m_window->grab().save(shots + QStringLiteral("_%1_%2.png").arg(size.width()).arg(b));
    }
    presentation->trigger();
    QVERIFY(checked >= 8);
}

QTEST_MAIN(TestGjkPanel)
#include "tst_gjk_panel.moc"
