/// @file tst_gjk_panel.cpp
/// The Walkthrough dock's GJK · EPA · Voronoi page on the real MainWindow, driven by mouse clicks on its tabs
/// and its Next / Back buttons: every step shows the engine's trace (the simplex of each GJK iteration in the
/// Minkowski pane, the polytope of each EPA iteration), the explanations carry the engine's numbers
/// (distance and witness points, EPA's depth compared with SAT's MTV, the circle centre's Voronoi region),
/// and dragging a vertex with the Vertices tool redraws the panes while the mouse is still down.

#include "app_test_util.h"
#include "document.h"
#include "gjk_panel.h"
#include "gjk_view.h"
#include "main_window.h"
#include "scene_canvas.h"
#include "tool_draw_polygon.h"
#include "tool_edit_vertices.h"
#include "tools_toolbar.h"
#include "walkthrough.h"
#include "walkthrough_dock.h"

#include "physics/voronoi.h"

#include <QFile>
#include <QLabel>
#include <QPushButton>
#include <QTabBar>
#include <QTabWidget>
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
      "shapes": [ { "type": "circle", "center": [0, 0], "radius": 0.5 } ] }
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

} // namespace

class TestGjkPanel : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void gjkStepsFollowTheTrace();
    void epaEndsWithSatsDepth();
    void voronoiNamesTheCentresRegion();
    void vertexDragUpdatesThePanesLive();
    void splitShowsEarsThenMerges();

private:
    GjkPanel* panel() const { return m_window->findChild<GjkPanel*>(); }
    WalkthroughDock* dock() const { return m_window->findChild<WalkthroughDock*>(); }
    Document& document() const { return *m_window->document(); }
    /// Opens the page by clicking its tab, then the view's tab.
    void openView(int viewTab);
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

void TestGjkPanel::vertexDragUpdatesThePanesLive() {
    QVERIFY(dock()->setPair(0, 1));
    openView(0);
    clickToEnd();
    const phys::Vec2 before = panel()->penetration().gjk.pointA;
    const BodyKey tri = dock()->keyB();
    SceneCanvas& canvas = *m_window->canvas();
    canvas.setSelection({tri});
    auto* toolbar = m_window->findChild<ToolsToolbar*>();
    toolbar->setCurrentTool(toolbar->editVerticesTool());
    // The triangle's vertex 0, pulled towards A; the mouse stays down while the panes are checked.
    const phys::BodyDef& body = document().body(tri);
    const phys::Vec2 vertex =
        phys::transformPoint(placement(body), std::get<phys::Polygon>(body.shapes[0].geometry).vertex(0));
    const QPoint from = canvas.worldToViewport(vertex).toPoint();
    QWidget* viewport = canvas.viewport();
    const int stepBefore = panel()->currentStep();
    const double distanceBefore = panel()->penetration().depth;
    QTest::mousePress(viewport, Qt::LeftButton, Qt::NoModifier, from);
    std::vector<double> seen;
    for (int i = 1; i <= 5; ++i) {
        QTest::mouseMove(viewport, canvas.worldToViewport(vertex + phys::Vec2{-0.2 * i, 0.0}).toPoint());
        seen.push_back(panel()->penetration().depth);
    }
    // The document is not changed until the release, but the panes already follow the preview: the gap
    // shrinks as the vertex comes closer (depth = minus the gap), and the step stays on the result.
    QCOMPARE(document().undoStack()->count(), 0);
    for (std::size_t i = 1; i < seen.size(); ++i) {
        QVERIFY(seen[i] > seen[i - 1]);
    }
    QVERIFY(seen.front() > distanceBefore);
    QCOMPARE(panel()->currentStep(), stepBefore);
    const phys::BodyDef* shown = canvas.bodyDef(tri);
    const phys::DistanceOutput live =
        phys::shapeDistance(phys::makeProxy(document().body(dock()->keyA()).shapes[0].geometry),
                            placement(document().body(dock()->keyA())),
                            phys::makeProxy(shown->shapes[0].geometry), placement(*shown), true);
    QVERIFY(panel()->explanation().contains(
        QStringLiteral("Distance %1 m").arg(Walkthrough::length(live.distance))));
    QTest::mouseRelease(viewport, Qt::LeftButton, Qt::NoModifier,
                        canvas.worldToViewport(vertex + phys::Vec2{-1.0, 0.0}).toPoint());
    QCOMPARE(document().undoStack()->count(), 1);
    QVERIFY(panel()->penetration().gjk.pointA != before || panel()->penetration().depth != distanceBefore);
}

void TestGjkPanel::splitShowsEarsThenMerges() {
    openView(3);
    QCOMPARE(panel()->stepCount(), 1);
    QVERIFY(panel()->explanation().contains(QStringLiteral("Draw a concave outline")));
    // A C drawn by mouse with the Polygon tool, split into convex pieces.
    auto* toolbar = m_window->findChild<ToolsToolbar*>();
    toolbar->setCurrentTool(toolbar->polygonTool());
    DrawPolygonTool& tool = *toolbar->polygonTool();
    tool.setNonConvexAsker(
        [](const QString&, bool) { return DrawPolygonTool::NonConvexChoice::SplitIntoPieces; });
    SceneCanvas& canvas = *m_window->canvas();
    for (const phys::Vec2 p : {phys::Vec2{-4, 3}, phys::Vec2{0, 3}, phys::Vec2{0, 3.8}, phys::Vec2{-3, 3.8},
                               phys::Vec2{-3, 5}, phys::Vec2{0, 5}, phys::Vec2{0, 6}, phys::Vec2{-4, 6}}) {
        QTest::mouseClick(canvas.viewport(), Qt::LeftButton, Qt::NoModifier,
                          canvas.worldToViewport(p).toPoint());
    }
    QTest::keyClick(&canvas, Qt::Key_Return);
    QCOMPARE(document().bodyCount(), 5);
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

QTEST_MAIN(TestGjkPanel)
#include "tst_gjk_panel.moc"
