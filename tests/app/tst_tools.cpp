/// @file tst_tools.cpp
/// The canvas tools on the real MainWindow, driven by QTest mouse and key events at pixels computed from
/// world points: drawing polygons (including refused clicks, Backspace, Esc, the convex-hull offer, concave
/// outlines split into convex pieces), circles,
/// rectangles and regular polygons by drag, snapping, select/move/rotate, vertex editing, nudging, delete and
/// duplicate. Each gesture is checked twice: the intents it emits (QSignalSpy on EditIntents: one per click,
/// one per mouse move of a live drag, all with the drag's gesture id) and its effect on the Document through
/// the EditController (one undo command per gesture; a drag is in the document on every move).

#include "document.h"
#include "edit_intents.h"
#include "main_window.h"
#include "overlay.h"
#include "physics/polygon_factory.h"
#include "scene_canvas.h"
#include "scene_io.h"
#include "scene_renderer.h"
#include "tool_draw_polygon.h"
#include "tool_draw_shapes.h"
#include "tool_edit_vertices.h"
#include "tool_geometry.h"
#include "tool_select.h"
#include "tool_style.h"
#include "tools_toolbar.h"

#include <QAction>
#include <QFile>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

#include <cmath>
#include <memory>
#include <random>
#include <variant>
#include <vector>

using namespace cl;

namespace {

/// A square box (2 m, centred on (-2, 0)) and a ball (radius 0.8 at (3, 0)).
const char* const kScene = R"({
  "format": "contactlab-scene",
  "version": 1,
  "bodies": [
    { "name": "box", "type": "dynamic", "position": [-2, 0],
      "shapes": [ { "type": "polygon", "vertices": [[-1, -1], [1, -1], [1, 1], [-1, 1]] } ] },
    { "name": "ball", "type": "dynamic", "position": [3, 0],
      "shapes": [ { "type": "circle", "center": [0, 0], "radius": 0.8 } ] }
  ]
})";

/// View scale of every test, pixels per metre: the minor grid step is then 0.5 m.
constexpr double kPixelsPerMetre = 50.0;

std::vector<phys::Vec2> worldVertices(const phys::BodyDef& body, int shape = 0) {
    std::vector<phys::Vec2> out;
    const auto* polygon = std::get_if<phys::Polygon>(&body.shapes[static_cast<std::size_t>(shape)].geometry);
    if (!polygon) {
        return out;
    }
    const phys::Transform xf{body.position, phys::Rot(body.angle)};
    for (const phys::Vec2 v : polygon->vertices()) {
        out.push_back(phys::transformPoint(xf, v));
    }
    return out;
}

/// Every expected point has a vertex within `tolerance`, and the counts match.
bool sameVertexSet(const std::vector<phys::Vec2>& actual, const std::vector<phys::Vec2>& expected,
                   double tolerance) {
    if (actual.size() != expected.size()) {
        return false;
    }
    for (const phys::Vec2 e : expected) {
        bool found = false;
        for (const phys::Vec2 a : actual) {
            found = found || phys::distance(a, e) <= tolerance;
        }
        if (!found) {
            return false;
        }
    }
    return true;
}

/// A strictly convex closed outline (either winding) whose vertices are at least `minSpacing` apart and
/// whose every vertex is at least `minOffset` off the line through its neighbours (metres). Written here
/// independently of the tool's checks.
bool wellShaped(const std::vector<phys::Vec2>& points, double minSpacing, double minOffset) {
    const std::size_t n = points.size();
    int sign = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const phys::Vec2 a = points[(i + n - 1) % n], b = points[i], c = points[(i + 1) % n];
        for (std::size_t j = 0; j < i; ++j) {
            if (phys::distance(points[i], points[j]) < minSpacing) {
                return false;
            }
        }
        const double turn = phys::cross(b - a, c - b);
        const int s = turn > 0.0 ? 1 : -1;
        if (sign != 0 && s != sign) {
            return false;
        }
        sign = s;
        if (std::abs(phys::cross(c - a, b - a)) / phys::distance(a, c) < minOffset) {
            return false;
        }
        if (std::abs(turn) / phys::distance(a, b) < minOffset) {
            return false;
        }
    }
    return true;
}

bool near(phys::Vec2 a, phys::Vec2 b, double tolerance) {
    return phys::distance(a, b) <= tolerance;
}

} // namespace

class TestTools : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void toolShortcutsSwitchTools();
    void triangleByClicksCreatesBodyAtClickedPoints();
    void doubleClickAndRightClickClose();
    void clickOnFirstVertexCloses();
    void refusedClickShowsHint();
    void concaveOutlineSplitsIntoPieces();
    void selfIntersectingClickIsRefused();
    void backspaceRemovesLastVertex();
    void escapeCancelsOutline();
    void closingNonConvexOutlineOffersHull();
    void declinedHullKeepsDrawing();
    void randomConvexOutlinesAreNeverRefused();
    void snappingPutsVerticesOnGridPoints();
    void circleByDrag();
    void clickWithoutDragMakesNothing();
    void rectangleByDrag();
    void regularPolygonByDrag();
    void clickSelectsAndModifiersAdd();
    void rubberBandSelects();
    void dragMoveIsLiveAndOneUndoStep();
    void escapeCancelsDragMove();
    void rotateHandleTurnsAboutCentreOfMass();
    void rotateHandleKeepsOffNamesAndLabels();
    void dragVertexIsLiveAndOneUndoStep();
    void firstDragOnUnselectedPolygonMovesItsVertex();
    void vertexInsideAnotherBodyIsGrabbed();
    void invalidVertexDragIsRefused();
    void dragOutOfEdgeInsertsVertex();
    void escapeCancelsVertexDrags();
    void clickOnEdgeAloneIsRefused();
    void rightClickRemovesVertexUnlessTriangle();
    void arrowKeysNudgeByGridStep();
    void deleteAndDuplicateKeys();
    void overlaysDrawAtTheRightPixels();

private:
    SceneCanvas& canvas() const { return *m_window->canvas(); }
    QWidget* viewport() const { return m_window->canvas()->viewport(); }
    EditIntents& intents() const { return *m_window->editIntents(); }
    Document& document() const { return *m_window->document(); }
    ToolsToolbar& toolbar() const { return *m_toolbar; }
    /// Viewport pixel (rounded: QTest events carry integer positions) of a world point.
    QPoint px(phys::Vec2 world) const { return canvas().worldToViewport(world).toPoint(); }
    /// World point under a viewport pixel.
    phys::Vec2 at(QPoint pixel) const { return canvas().viewportToWorld(QPointF(pixel)); }
    /// Half a pixel's worth of metres: the error of rounding a world point to a pixel.
    double pixelTolerance() const { return 0.75 / canvas().pixelsPerMetre(); }
    BodyKey keyNamed(const std::string& name) const;
    void click(phys::Vec2 world, Qt::KeyboardModifiers mods = Qt::NoModifier);
    void drag(QPoint from, QPoint to, Qt::KeyboardModifiers mods = Qt::NoModifier, int steps = 4);
    /// The viewport as drawn now; also saved (whole window) into $CONTACTLAB_TOOLS_SHOTS when set, to look
    /// at.
    QImage grabViewport(const QString& shotName) const;

    QTemporaryDir m_dir;
    QString m_scenePath;
    std::unique_ptr<MainWindow> m_window;
    ToolsToolbar* m_toolbar = nullptr;
};

void TestTools::initTestCase() {
    QVERIFY(m_dir.isValid());
    QStandardPaths::setTestModeEnabled(true);
    QSettings::setDefaultFormat(QSettings::IniFormat);
    QSettings::setPath(QSettings::IniFormat, QSettings::UserScope,
                       m_dir.filePath(QStringLiteral("settings")));
    QCoreApplication::setOrganizationName(QStringLiteral("ContactLabToolsTest"));
    QCoreApplication::setApplicationName(QStringLiteral("ContactLabToolsTest"));
    m_scenePath = m_dir.filePath(QStringLiteral("scene.json"));
    QFile file(m_scenePath);
    QVERIFY(file.open(QIODevice::WriteOnly));
    QVERIFY(file.write(kScene) > 0);
}

void TestTools::init() {
    m_window = std::make_unique<MainWindow>();
    m_window->setSaveSettingsOnClose(false);
    m_window->setErrorReporter([](const QString&, const QString&) {});
    m_window->setWindowState(Qt::WindowNoState);
    m_window->resize(1100, 760);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QVERIFY(m_window->openFile(m_scenePath));
    canvas().setViewTransform(ViewTransform(kPixelsPerMetre, phys::Vec2{0.0, 1.0}, QSizeF()));
    m_toolbar = m_window->findChild<ToolsToolbar*>();
    QVERIFY(m_toolbar);
    QCOMPARE(toolbar().currentTool(), static_cast<Tool*>(toolbar().selectTool()));
    QCOMPARE(canvas().tool(), static_cast<Tool*>(toolbar().selectTool()));
    QCOMPARE(toolbar().selectTool()->gridStep(), 0.5);
    QCOMPARE(document().bodyCount(), 2);
}

void TestTools::cleanup() {
    m_window.reset();
    m_toolbar = nullptr;
}

BodyKey TestTools::keyNamed(const std::string& name) const {
    for (const BodyKey key : document().keys()) {
        if (document().body(key).name == name) {
            return key;
        }
    }
    return 0;
}

void TestTools::click(phys::Vec2 world, Qt::KeyboardModifiers mods) {
    QTest::mouseClick(viewport(), Qt::LeftButton, mods, px(world));
}

void TestTools::drag(QPoint from, QPoint to, Qt::KeyboardModifiers mods, int steps) {
    QTest::mousePress(viewport(), Qt::LeftButton, mods, from);
    for (int i = 1; i <= steps; ++i) {
        const QPointF p = QPointF(from) + (QPointF(to) - QPointF(from)) * (double(i) / steps);
        QTest::mouseMove(viewport(), p.toPoint());
    }
    QTest::mouseRelease(viewport(), Qt::LeftButton, mods, to);
}

void TestTools::toolShortcutsSwitchTools() {
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    canvas().setFocus();
    const struct {
        Qt::Key key;
        Tool* tool;
    } cases[] = {{Qt::Key_P, toolbar().polygonTool()},      {Qt::Key_C, toolbar().circleTool()},
                 {Qt::Key_R, toolbar().rectangleTool()},    {Qt::Key_G, toolbar().regularPolygonTool()},
                 {Qt::Key_E, toolbar().editVerticesTool()}, {Qt::Key_V, toolbar().selectTool()}};
    for (const auto& c : cases) {
        QTest::keyClick(&canvas(), c.key);
        QCOMPARE(canvas().tool(), c.tool);
        QCOMPARE(toolbar().currentTool(), c.tool);
        QVERIFY(toolbar().actionFor(c.tool)->isChecked());
    }
}

void TestTools::triangleByClicksCreatesBodyAtClickedPoints() {
    toolbar().setCurrentTool(toolbar().polygonTool());
    QSignalSpy added(&intents(), &EditIntents::addBody);
    const QPoint pixels[] = {px({-1.0, 3.0}), px({1.5, 2.7}), px({0.2, 5.1})};
    for (const QPoint p : pixels) {
        QTest::mouseClick(viewport(), Qt::LeftButton, Qt::NoModifier, p);
    }
    QCOMPARE(toolbar().polygonTool()->points().size(), std::size_t(3));
    QCOMPARE(added.count(), 0);
    QTest::keyClick(&canvas(), Qt::Key_Return);
    QCOMPARE(added.count(), 1);
    QVERIFY(toolbar().polygonTool()->points().empty());

    const std::vector<phys::Vec2> expected{at(pixels[0]), at(pixels[1]), at(pixels[2])};
    const auto body = added.front().front().value<phys::BodyDef>();
    QVERIFY(sameVertexSet(worldVertices(body), expected, pixelTolerance()));
    // Origin at the centroid (for a triangle, the mean of the vertices), angle 0, the defaults of a new body.
    const phys::Vec2 centroid = (1.0 / 3.0) * (expected[0] + expected[1] + expected[2]);
    QVERIFY(near(body.position, centroid, 1e-9));
    QCOMPARE(body.angle, 0.0);
    QCOMPARE(body.type, phys::BodyType::Dynamic);
    QCOMPARE(body.name, std::string("polygon 1"));
    QCOMPARE(body.shapes.size(), std::size_t(1));
    QCOMPARE(body.shapes[0].density, 1.0);
    QCOMPARE(body.shapes[0].friction, 0.6);
    QCOMPARE(body.shapes[0].restitution, 0.0);

    // The document holds it, as one undo step; undo removes it and redo restores it.
    QCOMPARE(document().bodyCount(), 3);
    const BodyKey key = keyNamed("polygon 1");
    QVERIFY(key != 0);
    QVERIFY(sameVertexSet(worldVertices(document().body(key)), expected, pixelTolerance()));
    QCOMPARE(document().undoStack()->count(), 1);
    document().undoStack()->undo();
    QCOMPARE(document().bodyCount(), 2);
    document().undoStack()->redo();
    QCOMPARE(document().bodyCount(), 3);
    QVERIFY(sameVertexSet(worldVertices(document().body(keyNamed("polygon 1"))), expected, pixelTolerance()));

    // The next polygon gets the next free name.
    for (const QPoint p : {px({-1.0, 6.0}), px({1.0, 6.0}), px({0.0, 7.0})}) {
        QTest::mouseClick(viewport(), Qt::LeftButton, Qt::NoModifier, p);
    }
    QTest::keyClick(&canvas(), Qt::Key_Enter);
    QCOMPARE(added.count(), 2);
    QCOMPARE(added.back().front().value<phys::BodyDef>().name, std::string("polygon 2"));
}

void TestTools::doubleClickAndRightClickClose() {
    toolbar().setCurrentTool(toolbar().polygonTool());
    QSignalSpy added(&intents(), &EditIntents::addBody);
    click({-1.0, 3.0});
    click({1.0, 3.0});
    // A double click as the window system delivers it: press, release, double-click, release.
    click({0.0, 4.5});
    QTest::mouseDClick(viewport(), Qt::LeftButton, Qt::NoModifier, px({0.0, 4.5}));
    QTest::mouseRelease(viewport(), Qt::LeftButton, Qt::NoModifier, px({0.0, 4.5}));
    QCOMPARE(added.count(), 1);
    QCOMPARE(worldVertices(added.back().front().value<phys::BodyDef>()).size(), std::size_t(3));
    QVERIFY(toolbar().polygonTool()->points().empty());

    click({-1.0, 6.0});
    click({1.0, 6.0});
    click({1.0, 7.0});
    click({-1.0, 7.0});
    QTest::mouseClick(viewport(), Qt::RightButton, Qt::NoModifier, px({5.0, 5.0}));
    QCOMPARE(added.count(), 2);
    QVERIFY(sameVertexSet(worldVertices(added.back().front().value<phys::BodyDef>()),
                          {{-1.0, 6.0}, {1.0, 6.0}, {1.0, 7.0}, {-1.0, 7.0}}, pixelTolerance()));
    QCOMPARE(document().bodyCount(), 4);
}

void TestTools::clickOnFirstVertexCloses() {
    toolbar().setCurrentTool(toolbar().polygonTool());
    QSignalSpy added(&intents(), &EditIntents::addBody);
    click({-1.0, 3.0});
    click({1.0, 3.0});
    click({0.0, 4.5});
    // A click 3 pixels from the first vertex closes instead of adding a vertex.
    QTest::mouseClick(viewport(), Qt::LeftButton, Qt::NoModifier, px({-1.0, 3.0}) + QPoint(3, 0));
    QCOMPARE(added.count(), 1);
    QCOMPARE(worldVertices(added.back().front().value<phys::BodyDef>()).size(), std::size_t(3));
}

void TestTools::refusedClickShowsHint() {
    toolbar().setCurrentTool(toolbar().polygonTool());
    DrawPolygonTool& tool = *toolbar().polygonTool();
    QSignalSpy added(&intents(), &EditIntents::addBody);
    QSignalSpy status(&intents(), &EditIntents::statusMessage);
    click({-1.0, 3.0});
    click({1.0, 3.0});
    click({1.0, 5.0});
    QCOMPARE(tool.points().size(), std::size_t(3));
    QVERIFY(tool.hint().isEmpty());
    // The edge from (1, 5) to (0, 2) would cross edge 0: refused.
    const QPoint refused = px({0.0, 2.0});
    status.clear();
    QTest::mouseClick(viewport(), Qt::LeftButton, Qt::NoModifier, refused);
    QCOMPARE(tool.points().size(), std::size_t(3));
    QVERIFY(tool.hint().contains(QStringLiteral("cross")));
    QCOMPARE(tool.hintPosition(), QPointF(refused));
    QCOMPARE(status.count(), 1);
    QCOMPARE(status.front().front().toString(), tool.hint());
    // The hint is drawn near the cursor: its bubble's fill colour appears within a few rows of the click, and
    // goes away with the hint.
    auto bubblePixelsNear = [this](QPoint cursor) {
        const QImage image = canvas().viewport()->grab().toImage();
        const double ratio = image.devicePixelRatio();
        int count = 0;
        for (int y = cursor.y() - 80; y <= cursor.y() + 80; ++y) {
            for (int x = cursor.x() - 600; x <= cursor.x() + 600; ++x) {
                const QPoint p(int(x * ratio), int(y * ratio));
                if (!image.rect().contains(p)) {
                    continue;
                }
                const QColor c = image.pixelColor(p);
                count += c.red() == 255 && c.green() == 244 && c.blue() == 229;
            }
        }
        return count;
    };
    QVERIFY(bubblePixelsNear(refused) > 200);
    // A valid fourth vertex is still accepted, and the polygon closes normally.
    click({-1.0, 5.0});
    QCOMPARE(tool.points().size(), std::size_t(4));
    QVERIFY(tool.hint().isEmpty());
    QCOMPARE(bubblePixelsNear(refused), 0);
    QTest::keyClick(&canvas(), Qt::Key_Return);
    QCOMPARE(added.count(), 1);
    QCOMPARE(worldVertices(added.front().front().value<phys::BodyDef>()).size(), std::size_t(4));
}

void TestTools::concaveOutlineSplitsIntoPieces() {
    toolbar().setCurrentTool(toolbar().polygonTool());
    DrawPolygonTool& tool = *toolbar().polygonTool();
    QStringList questions;
    QList<bool> canSplit;
    tool.setNonConvexAsker([&](const QString& question, bool splittable) {
        questions << question;
        canSplit << splittable;
        return DrawPolygonTool::NonConvexChoice::SplitIntoPieces;
    });
    QSignalSpy added(&intents(), &EditIntents::addBody);
    // A U drawn by mouse, clockwise: the clicks at (3, 6) and (1, 6) turn the other way (concave) and are
    // accepted.
    const std::vector<phys::Vec2> u{{0.0, 7.0}, {1.0, 7.0}, {1.0, 4.0}, {3.0, 4.0},
                                    {3.0, 7.0}, {4.0, 7.0}, {4.0, 3.0}, {0.0, 3.0}};
    std::vector<phys::Vec2> clicked;
    for (const phys::Vec2 p : u) {
        click(p);
        QVERIFY2(tool.hint().isEmpty(), qPrintable(tool.hint()));
        clicked.push_back(at(px(p)));
    }
    QCOMPARE(tool.points().size(), u.size());
    QTest::keyClick(&canvas(), Qt::Key_Return);
    QCOMPARE(questions.size(), 1);
    QVERIFY(canSplit.front());
    QVERIFY2(questions.front().contains(QStringLiteral("Split it into 3 convex pieces")),
             qPrintable(questions.front()));
    QVERIFY(questions.front().contains(QStringLiteral("convex hull")));
    QCOMPARE(added.count(), 1);
    QVERIFY(tool.points().empty());
    // One body in the document, whose three shapes are convex pieces covering the U: their areas add up to
    // the outline's, and every piece vertex is a clicked point.
    QCOMPARE(document().bodyCount(), 3);
    const phys::BodyDef& body = document().body(document().keys().back());
    QCOMPARE(body.shapes.size(), std::size_t(3));
    double pieceArea = 0.0;
    for (int i = 0; i < 3; ++i) {
        const std::vector<phys::Vec2> piece = worldVertices(body, i);
        QVERIFY(piece.size() >= 3);
        pieceArea += phys::signedArea(piece);
        for (const phys::Vec2 v : piece) {
            QVERIFY(std::any_of(clicked.begin(), clicked.end(),
                                [v](phys::Vec2 c) { return phys::distance(v, c) < 1e-9; }));
        }
    }
    QVERIFY(std::abs(pieceArea - std::abs(phys::signedArea(clicked))) < 1e-9);
    // The body's origin is the outline's centroid (by symmetry of the U, x = 2).
    QVERIFY(std::abs(body.position.x - at(px({2.0, 0.0})).x) < pixelTolerance());
    // The scene file stores the pieces: the document's scene survives a write and a strict read unchanged.
    const auto reread = parseScene(serializeScene(document().scene()));
    QVERIFY(std::holds_alternative<Scene>(reread));
    QVERIFY(std::get<Scene>(reread) == document().scene());
    QCOMPARE(std::get<Scene>(reread).def.bodies.back().shapes.size(), std::size_t(3));
    // One undo step removes the whole body.
    document().undoStack()->undo();
    QCOMPARE(document().bodyCount(), 2);

    // Choosing to keep drawing leaves the outline open; a self-intersecting closing edge cannot be split and
    // is not offered the split.
    tool.setNonConvexAsker([&](const QString& question, bool splittable) {
        questions << question;
        canSplit << splittable;
        return DrawPolygonTool::NonConvexChoice::KeepDrawing;
    });
    for (const phys::Vec2 p : u) {
        click(p);
    }
    QTest::keyClick(&canvas(), Qt::Key_Return);
    QCOMPARE(questions.size(), 2);
    QCOMPARE(added.count(), 1);
    QCOMPARE(tool.points().size(), u.size());
    QTest::keyClick(&canvas(), Qt::Key_Escape);
    for (const phys::Vec2 p :
         {phys::Vec2{0.0, 3.0}, phys::Vec2{4.0, 3.0}, phys::Vec2{0.0, 6.0}, phys::Vec2{4.0, 6.0}}) {
        click(p);
    }
    QCOMPARE(tool.points().size(), std::size_t(4));
    QTest::keyClick(&canvas(), Qt::Key_Return);
    QCOMPARE(questions.size(), 3);
    QVERIFY(!canSplit.back());
    QVERIFY(questions.back().contains(QStringLiteral("cannot be split")));
}

void TestTools::selfIntersectingClickIsRefused() {
    toolbar().setCurrentTool(toolbar().polygonTool());
    DrawPolygonTool& tool = *toolbar().polygonTool();
    // A convex spiral: every turn counter-clockwise, then an edge that would cross edge 0.
    click({0.0, 3.0});
    click({4.0, 3.0});
    click({4.0, 7.0});
    click({0.5, 7.0});
    QCOMPARE(tool.points().size(), std::size_t(4));
    click({1.0, 2.0});
    QCOMPARE(tool.points().size(), std::size_t(4));
    QVERIFY(tool.hint().contains(QStringLiteral("cross")));
    // A repeated point and a point in line with the last edge are refused too.
    click({4.0, 7.0});
    QCOMPARE(tool.points().size(), std::size_t(4));
    click({-1.5, 7.0});
    QCOMPARE(tool.points().size(), std::size_t(4));
    QVERIFY(tool.hint().contains(QStringLiteral("line")));
}

void TestTools::backspaceRemovesLastVertex() {
    toolbar().setCurrentTool(toolbar().polygonTool());
    DrawPolygonTool& tool = *toolbar().polygonTool();
    QSignalSpy added(&intents(), &EditIntents::addBody);
    click({-1.0, 3.0});
    click({1.0, 3.0});
    click({1.6, 6.0});
    canvas().setSelection({keyNamed("box")});
    QTest::keyClick(&canvas(), Qt::Key_Backspace);
    QCOMPARE(tool.points().size(), std::size_t(2));
    QVERIFY(near(tool.points().back(), at(px({1.0, 3.0})), 1e-12));
    click({0.0, 4.0});
    QTest::keyClick(&canvas(), Qt::Key_Return);
    QCOMPARE(added.count(), 1);
    QVERIFY(sameVertexSet(worldVertices(added.front().front().value<phys::BodyDef>()),
                          {{-1.0, 3.0}, {1.0, 3.0}, {0.0, 4.0}}, pixelTolerance()));
    // Backspace while drawing never deletes the selection.
    QCOMPARE(document().bodyCount(), 3);
}

void TestTools::escapeCancelsOutline() {
    toolbar().setCurrentTool(toolbar().polygonTool());
    DrawPolygonTool& tool = *toolbar().polygonTool();
    QSignalSpy added(&intents(), &EditIntents::addBody);
    click({-1.0, 3.0});
    click({1.0, 3.0});
    click({0.0, 4.0});
    QVERIFY(tool.isBusy());
    QTest::keyClick(&canvas(), Qt::Key_Escape);
    QVERIFY(!tool.isBusy());
    QVERIFY(tool.points().empty());
    QTest::keyClick(&canvas(), Qt::Key_Return);
    QCOMPARE(added.count(), 0);
    QCOMPARE(document().bodyCount(), 2);
    QCOMPARE(document().undoStack()->count(), 0);
}

void TestTools::closingNonConvexOutlineOffersHull() {
    toolbar().setCurrentTool(toolbar().polygonTool());
    DrawPolygonTool& tool = *toolbar().polygonTool();
    QStringList questions;
    tool.setConvexHullAsker([&questions](const QString& question) {
        questions << question;
        return true;
    });
    QSignalSpy added(&intents(), &EditIntents::addBody);
    // Every click keeps the open outline convex, but the closing edge from (2, 4) to (0, 3) makes it concave.
    for (const phys::Vec2 p :
         {phys::Vec2{0.0, 3.0}, phys::Vec2{4.0, 3.0}, phys::Vec2{4.0, 7.0}, phys::Vec2{2.0, 4.0}}) {
        click(p);
    }
    QCOMPARE(tool.points().size(), std::size_t(4));
    QTest::keyClick(&canvas(), Qt::Key_Return);
    QCOMPARE(questions.size(), 1);
    QVERIFY(questions.front().contains(QStringLiteral("convex hull")));
    QCOMPARE(added.count(), 1);
    // The hull drops the inner point (2, 4).
    QVERIFY(sameVertexSet(worldVertices(added.front().front().value<phys::BodyDef>()),
                          {{0.0, 3.0}, {4.0, 3.0}, {4.0, 7.0}}, pixelTolerance()));
    QVERIFY(tool.points().empty());
}

void TestTools::declinedHullKeepsDrawing() {
    toolbar().setCurrentTool(toolbar().polygonTool());
    DrawPolygonTool& tool = *toolbar().polygonTool();
    int asked = 0;
    tool.setConvexHullAsker([&asked](const QString&) {
        ++asked;
        return false;
    });
    QSignalSpy added(&intents(), &EditIntents::addBody);
    for (const phys::Vec2 p :
         {phys::Vec2{0.0, 3.0}, phys::Vec2{4.0, 3.0}, phys::Vec2{4.0, 7.0}, phys::Vec2{2.0, 4.0}}) {
        click(p);
    }
    QTest::keyClick(&canvas(), Qt::Key_Return);
    QCOMPARE(asked, 1);
    QCOMPARE(added.count(), 0);
    QCOMPARE(tool.points().size(), std::size_t(4));
    QVERIFY(!tool.hint().isEmpty());
    // Removing the offending vertex lets the outline close as a triangle, without asking again.
    QTest::keyClick(&canvas(), Qt::Key_Backspace);
    QTest::keyClick(&canvas(), Qt::Key_Return);
    QCOMPARE(asked, 1);
    QCOMPARE(added.count(), 1);
}

void TestTools::randomConvexOutlinesAreNeverRefused() {
    // Convex polygons clicked in order, either winding: no click is ever refused, and the body's world
    // vertices are the clicked points. Seeded; many cases.
    std::mt19937_64 rng(20240605);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    int checked = 0;
    for (int trial = 0; trial < 400; ++trial) {
        const int n = 3 + static_cast<int>(unit(rng) * 6); // 3..8
        const phys::Result<phys::Polygon> polygon =
            phys::factory::randomConvex(n, 2.0 + 3.0 * unit(rng), static_cast<std::uint64_t>(trial + 1));
        QVERIFY(polygon.ok());
        std::vector<phys::Vec2> points;
        const phys::Vec2 centre{-4.0 + 8.0 * unit(rng), -2.0 + 6.0 * unit(rng)};
        for (const phys::Vec2 v : polygon->vertices()) {
            points.push_back(at(px(centre + v)));
        }
        if (trial % 2 == 1) {
            std::reverse(points.begin(), points.end());
        }
        if (!wellShaped(points, 12.0 / kPixelsPerMetre, 4.0 / kPixelsPerMetre)) {
            continue; // rounding to pixels made it nearly degenerate: such clicks are refused on purpose
        }
        ++checked;
        std::vector<phys::Vec2> outline;
        for (const phys::Vec2 p : points) {
            const QString error = toolgeom::outlineAppendError(
                outline, p, DrawPolygonTool::kMinVertexSpacingPixels / kPixelsPerMetre);
            QVERIFY2(error.isEmpty(), qPrintable(error));
            outline.push_back(p);
        }
        const phys::Result<phys::BodyDef> body = toolgeom::polygonBody(outline, "p");
        QVERIFY(body.ok());
        QVERIFY(sameVertexSet(worldVertices(body.value()), outline, 1e-9));
    }
    QVERIFY2(checked > 300, qPrintable(QString::number(checked)));

    // And through the real tool, a handful of them by mouse.
    toolbar().setCurrentTool(toolbar().polygonTool());
    QSignalSpy added(&intents(), &EditIntents::addBody);
    int clicked = 0;
    for (int trial = 0; trial < 16; ++trial) {
        const phys::Result<phys::Polygon> polygon =
            phys::factory::randomConvex(5 + trial % 4, 2.5, static_cast<std::uint64_t>(1000 + trial));
        QVERIFY(polygon.ok());
        std::vector<phys::Vec2> expected;
        for (const phys::Vec2 v : polygon->vertices()) {
            expected.push_back(at(px(phys::Vec2{0.0, 1.0} + v)));
        }
        if (!wellShaped(expected, 12.0 / kPixelsPerMetre, 4.0 / kPixelsPerMetre)) {
            continue;
        }
        ++clicked;
        for (const phys::Vec2 p : expected) {
            QTest::mouseClick(viewport(), Qt::LeftButton, Qt::NoModifier, px(p));
        }
        QVERIFY2(toolbar().polygonTool()->hint().isEmpty(), qPrintable(toolbar().polygonTool()->hint()));
        QTest::keyClick(&canvas(), Qt::Key_Return);
        QCOMPARE(added.count(), clicked);
        QVERIFY(sameVertexSet(worldVertices(added.back().front().value<phys::BodyDef>()), expected,
                              pixelTolerance()));
    }
    QVERIFY(clicked >= 8);
}

void TestTools::snappingPutsVerticesOnGridPoints() {
    toolbar().setCurrentTool(toolbar().polygonTool());
    QSignalSpy added(&intents(), &EditIntents::addBody);
    const double step = toolbar().polygonTool()->gridStep();
    QCOMPARE(step, 0.5);
    // Clicks a few pixels off grid points, with Ctrl held.
    QTest::mouseClick(viewport(), Qt::LeftButton, Qt::ControlModifier, px({-1.0, 3.0}) + QPoint(4, -3));
    QTest::mouseClick(viewport(), Qt::LeftButton, Qt::ControlModifier, px({1.5, 3.0}) + QPoint(-5, 6));
    QTest::mouseClick(viewport(), Qt::LeftButton, Qt::ControlModifier, px({0.5, 5.0}) + QPoint(7, 2));
    QTest::keyClick(&canvas(), Qt::Key_Return);
    QCOMPARE(added.count(), 1);
    const std::vector<phys::Vec2> vertices = worldVertices(added.front().front().value<phys::BodyDef>());
    QVERIFY(sameVertexSet(vertices, {{-1.0, 3.0}, {1.5, 3.0}, {0.5, 5.0}}, 1e-9));
    for (const phys::Vec2 v : vertices) {
        QVERIFY(std::abs(v.x / step - std::round(v.x / step)) < 1e-9);
        QVERIFY(std::abs(v.y / step - std::round(v.y / step)) < 1e-9);
    }

    // Circle: centre on a grid point, radius a whole number of steps.
    toolbar().setCurrentTool(toolbar().circleTool());
    drag(px({-3.0, 4.0}) + QPoint(3, 4), px({-1.5, 4.0}) + QPoint(-4, 5), Qt::ControlModifier);
    QCOMPARE(added.count(), 2);
    const auto circleBody = added.back().front().value<phys::BodyDef>();
    QVERIFY(near(circleBody.position, {-3.0, 4.0}, 1e-9));
    QCOMPARE(std::get<phys::Circle>(circleBody.shapes[0].geometry).radius, 1.5);
}

void TestTools::circleByDrag() {
    toolbar().setCurrentTool(toolbar().circleTool());
    QSignalSpy added(&intents(), &EditIntents::addBody);
    const QPoint centre = px({0.0, 4.0});
    const QPoint rim = px({1.2, 4.9});
    drag(centre, rim);
    QCOMPARE(added.count(), 1);
    const auto body = added.front().front().value<phys::BodyDef>();
    QVERIFY(near(body.position, at(centre), 1e-12));
    const auto& circle = std::get<phys::Circle>(body.shapes[0].geometry);
    QVERIFY(near(circle.center, {0.0, 0.0}, 0.0));
    QVERIFY(std::abs(circle.radius - phys::distance(at(centre), at(rim))) < 1e-12);
    QCOMPARE(body.name, std::string("circle 1"));
    QCOMPARE(body.type, phys::BodyType::Dynamic);
    QCOMPARE(document().bodyCount(), 3);
    QCOMPARE(document().undoStack()->count(), 1);

    // Esc during the drag cancels.
    QTest::mousePress(viewport(), Qt::LeftButton, Qt::NoModifier, px({-3.0, 4.0}));
    QTest::mouseMove(viewport(), px({-2.0, 4.0}));
    QVERIFY(toolbar().circleTool()->isBusy());
    QTest::keyClick(&canvas(), Qt::Key_Escape);
    QVERIFY(!toolbar().circleTool()->isBusy());
    QTest::mouseRelease(viewport(), Qt::LeftButton, Qt::NoModifier, px({-2.0, 4.0}));
    QCOMPARE(added.count(), 1);
}

void TestTools::clickWithoutDragMakesNothing() {
    QSignalSpy added(&intents(), &EditIntents::addBody);
    for (Tool* tool :
         {static_cast<Tool*>(toolbar().circleTool()), static_cast<Tool*>(toolbar().rectangleTool()),
          static_cast<Tool*>(toolbar().regularPolygonTool())}) {
        toolbar().setCurrentTool(tool);
        click({0.0, 4.0});
        QVERIFY(!tool->hint().isEmpty());
        // A drag of 2 pixels is still too small.
        drag(px({0.0, 4.0}), px({0.0, 4.0}) + QPoint(2, 1));
    }
    // A rectangle must be wide and tall: a flat drag makes nothing.
    toolbar().setCurrentTool(toolbar().rectangleTool());
    drag(px({0.0, 4.0}), px({0.0, 4.0}) + QPoint(80, 2));
    QCOMPARE(added.count(), 0);
    QCOMPARE(document().bodyCount(), 2);
}

void TestTools::rectangleByDrag() {
    toolbar().setCurrentTool(toolbar().rectangleTool());
    QSignalSpy added(&intents(), &EditIntents::addBody);
    // Dragged from the top-right to the bottom-left corner: the corners are the same.
    const QPoint a = px({2.0, 5.0});
    const QPoint b = px({-1.0, 3.5});
    drag(a, b);
    QCOMPARE(added.count(), 1);
    const auto body = added.front().front().value<phys::BodyDef>();
    const phys::Vec2 wa = at(a), wb = at(b);
    QVERIFY(sameVertexSet(worldVertices(body), {wa, wb, {wa.x, wb.y}, {wb.x, wa.y}}, 1e-9));
    QVERIFY(near(body.position, 0.5 * (wa + wb), 1e-9));
    QCOMPARE(body.name, std::string("rectangle 1"));
    QCOMPARE(document().bodyCount(), 3);
}

void TestTools::regularPolygonByDrag() {
    toolbar().setCurrentTool(toolbar().regularPolygonTool());
    toolbar().sidesSpinBox()->setValue(5);
    QCOMPARE(toolbar().regularPolygonTool()->sides(), 5);
    QSignalSpy added(&intents(), &EditIntents::addBody);
    const QPoint centre = px({0.0, 4.0});
    const QPoint vertex = px({1.1, 5.2});
    drag(centre, vertex);
    QCOMPARE(added.count(), 1);
    const auto body = added.front().front().value<phys::BodyDef>();
    QCOMPARE(body.name, std::string("pentagon 1"));
    const std::vector<phys::Vec2> vertices = worldVertices(body);
    QCOMPARE(vertices.size(), std::size_t(5));
    const double radius = phys::distance(at(centre), at(vertex));
    bool hasDraggedVertex = false;
    for (const phys::Vec2 v : vertices) {
        QVERIFY(std::abs(phys::distance(v, at(centre)) - radius) < 1e-9);
        hasDraggedVertex = hasDraggedVertex || near(v, at(vertex), 1e-9);
    }
    QVERIFY(hasDraggedVertex);
    // Equal sides.
    for (std::size_t i = 0; i < 5; ++i) {
        QVERIFY(std::abs(phys::distance(vertices[i], vertices[(i + 1) % 5]) -
                         2.0 * radius * std::sin(phys::kPi / 5)) < 1e-9);
    }
    QVERIFY(near(body.position, at(centre), 1e-9));

    // The sides are clamped to 3..16.
    toolbar().regularPolygonTool()->setSides(40);
    QCOMPARE(toolbar().sidesSpinBox()->value(), 16);
    toolbar().regularPolygonTool()->setSides(1);
    QCOMPARE(toolbar().sidesSpinBox()->value(), 3);
}

void TestTools::clickSelectsAndModifiersAdd() {
    const BodyKey box = keyNamed("box");
    const BodyKey ball = keyNamed("ball");
    click({-2.0, 0.0});
    QCOMPARE(canvas().selection(), QList<quint64>{box});
    click({3.0, 0.0});
    QCOMPARE(canvas().selection(), QList<quint64>{ball});
    click({-2.0, 0.0}, Qt::ShiftModifier);
    QCOMPARE(canvas().selection(), (QList<quint64>{ball, box}));
    click({3.0, 0.0}, Qt::ControlModifier); // toggles off
    QCOMPARE(canvas().selection(), QList<quint64>{box});
    click({0.5, 5.0}); // empty space clears
    QVERIFY(canvas().selection().isEmpty());
}

void TestTools::rubberBandSelects() {
    const BodyKey box = keyNamed("box");
    const BodyKey ball = keyNamed("ball");
    // A band touching only the box's right edge.
    drag(px({-0.5, 2.0}), px({-1.2, 0.5}));
    QCOMPARE(canvas().selection(), QList<quint64>{box});
    // A band around both.
    drag(px({-4.0, 2.0}), px({4.5, -2.0}));
    QCOMPARE(canvas().selection(), (QList<quint64>{box, ball}));
    // Empty band clears; Esc clears too.
    drag(px({0.0, 5.0}), px({1.0, 4.0}));
    QVERIFY(canvas().selection().isEmpty());
    canvas().setSelection({box});
    QTest::keyClick(&canvas(), Qt::Key_Escape);
    QVERIFY(canvas().selection().isEmpty());
}

void TestTools::dragMoveIsLiveAndOneUndoStep() {
    const BodyKey box = keyNamed("box");
    const BodyKey ball = keyNamed("ball");
    canvas().setSelection({box, ball});
    QSignalSpy moved(&intents(), &EditIntents::moveBodies);
    const QPoint from = px({-2.0, 0.5});
    const QPoint to = px({-0.5, 2.0});
    QTest::mousePress(viewport(), Qt::LeftButton, Qt::NoModifier, from);
    QTest::mouseMove(viewport(), from + QPoint(20, -10));
    // Live: the document itself has the moved bodies, and the canvas shows the document.
    const phys::Vec2 firstDelta = at(from + QPoint(20, -10)) - at(from);
    QCOMPARE(moved.count(), 1);
    QVERIFY(near(document().body(box).position, phys::Vec2{-2.0, 0.0} + firstDelta, 1e-12));
    QVERIFY(near(document().body(ball).position, phys::Vec2{3.0, 0.0} + firstDelta, 1e-12));
    QVERIFY(near(canvas().bodyDef(box)->position, document().body(box).position, 0.0));
    QVERIFY(document().isModified());
    QTest::mouseMove(viewport(), from + QPoint(40, -40));
    QTest::mouseMove(viewport(), to);
    QCOMPARE(moved.count(), 3);
    // One undo step however many moves.
    QCOMPARE(document().undoStack()->count(), 1);
    QTest::mouseRelease(viewport(), Qt::LeftButton, Qt::NoModifier, to);
    QCOMPARE(moved.count(), 3); // the release is where the last move was: no extra step
    const phys::Vec2 delta = at(to) - at(from);
    const quint64 gesture = moved.front().at(2).value<quint64>();
    QVERIFY(gesture != 0);
    for (const QList<QVariant>& step : moved) {
        QCOMPARE(step.at(0).value<QList<quint64>>(), (QList<quint64>{box, ball}));
        QCOMPARE(step.at(2).value<quint64>(), gesture);
    }
    // Each step's delta counts from the drag's start.
    QVERIFY(near(moved.back().at(1).value<phys::Vec2>(), delta, 1e-12));
    QCOMPARE(document().undoStack()->count(), 1);
    QVERIFY(near(document().body(box).position, phys::Vec2{-2.0, 0.0} + delta, 1e-12));
    QVERIFY(near(document().body(ball).position, phys::Vec2{3.0, 0.0} + delta, 1e-12));
    QVERIFY(near(canvas().bodyDef(box)->position, phys::Vec2{-2.0, 0.0} + delta, 1e-12));

    // A second drag of the same bodies is a second undo step (a new gesture id), not merged into the first.
    drag(to, to + QPoint(30, 0));
    QCOMPARE(document().undoStack()->count(), 2);
    QVERIFY(moved.back().at(2).value<quint64>() != gesture);
    document().undoStack()->undo();
    QVERIFY(near(document().body(box).position, phys::Vec2{-2.0, 0.0} + delta, 1e-12));
    document().undoStack()->undo();
    QVERIFY(near(document().body(box).position, {-2.0, 0.0}, 0.0));
    QVERIFY(near(document().body(ball).position, {3.0, 0.0}, 0.0));
    QVERIFY(near(canvas().bodyDef(box)->position, {-2.0, 0.0}, 0.0));
    QVERIFY(!document().isModified());

    // Ctrl+Y redoes the drag (the platform's redo key may be Ctrl+Shift+Z; Ctrl+Y is there too).
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    QTest::keyClick(m_window.get(), Qt::Key_Y, Qt::ControlModifier);
    QVERIFY(near(document().body(box).position, phys::Vec2{-2.0, 0.0} + delta, 1e-12));
    document().undoStack()->undo();

    // With Ctrl the pressed body's origin lands on a grid point.
    canvas().setSelection({box});
    drag(px({-2.0, 0.5}), px({-0.9, 1.3}), Qt::NoModifier, 2);
    const phys::Vec2 origin = document().body(box).position;
    QVERIFY(!near(origin, {-1.0, 1.0}, 1e-3));
    document().undoStack()->undo();
    QTest::mousePress(viewport(), Qt::LeftButton, Qt::NoModifier, px({-2.0, 0.5}));
    QTest::mouseMove(viewport(), px({-1.5, 0.8}));
    QTest::mouseRelease(viewport(), Qt::LeftButton, Qt::ControlModifier, px({-0.9, 1.3}));
    QVERIFY(near(document().body(box).position, {-1.0, 1.0}, 1e-12));
}

void TestTools::escapeCancelsDragMove() {
    const BodyKey box = keyNamed("box");
    QSignalSpy moved(&intents(), &EditIntents::moveBodies);
    QTest::mousePress(viewport(), Qt::LeftButton, Qt::NoModifier, px({-2.0, 0.0}));
    QTest::mouseMove(viewport(), px({-1.0, 1.0}));
    QTest::mouseMove(viewport(), px({0.0, 2.0}));
    QVERIFY(!near(document().body(box).position, {-2.0, 0.0}, 0.1));
    QVERIFY(document().isModified());
    QTest::keyClick(&canvas(), Qt::Key_Escape);
    // Esc emits the drag's start with the same gesture: exactly back, and no undo step left behind.
    QCOMPARE(moved.count(), 3);
    QVERIFY(near(moved.back().at(1).value<phys::Vec2>(), {0.0, 0.0}, 0.0));
    QCOMPARE(moved.back().at(2).value<quint64>(), moved.front().at(2).value<quint64>());
    QVERIFY(near(document().body(box).position, {-2.0, 0.0}, 0.0));
    QVERIFY(near(canvas().bodyDef(box)->position, {-2.0, 0.0}, 0.0));
    QTest::mouseRelease(viewport(), Qt::LeftButton, Qt::NoModifier, px({0.0, 2.0}));
    QCOMPARE(moved.count(), 3);
    QCOMPARE(document().undoStack()->count(), 0);
    QVERIFY(!document().isModified());
}

void TestTools::rotateHandleTurnsAboutCentreOfMass() {
    const BodyKey box = keyNamed("box");
    canvas().setSelection({box});
    SelectTool& tool = *toolbar().selectTool();
    const std::optional<QPointF> knob = tool.rotateHandlePosition();
    QVERIFY(knob.has_value());
    // The knob is straight above the centre of mass, above the body.
    const QPointF centre = canvas().worldToViewport({-2.0, 0.0});
    QVERIFY(std::abs(knob->x() - centre.x()) < 1e-9);
    QVERIFY(knob->y() < canvas().worldToViewport({-2.0, 1.0}).y());
    QSignalSpy posed(&intents(), &EditIntents::setBodyPose);
    // Drag the knob a quarter turn clockwise... to the right of the centre, plus a little: Shift snaps to 90.
    const QPoint start = knob->toPoint();
    const QPoint end = (centre + QPointF(100.0, 6.0)).toPoint();
    QTest::mousePress(viewport(), Qt::LeftButton, Qt::NoModifier, start);
    QTest::mouseMove(viewport(), (centre + QPointF(70.0, -70.0)).toPoint());
    // Live: the document is turned already (an eighth of a turn), one step per move.
    QCOMPARE(posed.count(), 1);
    QVERIFY(std::abs(document().body(box).angle - (-phys::kPi / 4)) < 0.05);
    QTest::mouseRelease(viewport(), Qt::LeftButton, Qt::ShiftModifier, end);
    QCOMPARE(posed.count(), 2);
    QCOMPARE(posed.back().at(0).value<quint64>(), box);
    QCOMPARE(posed.back().at(3).value<quint64>(), posed.front().at(3).value<quint64>());
    const double angle = posed.back().at(2).toDouble();
    QVERIFY(std::abs(angle - (-phys::kPi / 2)) < 1e-12);
    // The centre of mass stays put.
    phys::BodyDef turned = document().body(box);
    QVERIFY(std::abs(turned.angle - angle) < 1e-12);
    QVERIFY(near(toolgeom::worldCentreOfMass(turned), {-2.0, 0.0}, 1e-9));
    QCOMPARE(document().undoStack()->count(), 1);

    // Without Shift: the angle follows the mouse; an off-centre body keeps its centre of mass too.
    document().undoStack()->undo();
    phys::BodyDef offset = document().body(box);
    QVERIFY(std::abs(offset.angle) < 1e-15);
    const QPoint start2 = tool.rotateHandlePosition()->toPoint();
    const QPoint end2 = (centre + QPointF(-80.0, -80.0)).toPoint();
    drag(start2, end2);
    QCOMPARE(posed.count(), 6);
    QCOMPARE(document().undoStack()->count(), 1);
    const phys::Vec2 r0 = at(start2) - phys::Vec2{-2.0, 0.0};
    const phys::Vec2 r1 = at(end2) - phys::Vec2{-2.0, 0.0};
    const double expected = std::atan2(r1.y, r1.x) - std::atan2(r0.y, r0.x);
    QVERIFY(std::abs(document().body(box).angle - expected) < 1e-9);
    QVERIFY(near(toolgeom::worldCentreOfMass(document().body(box)), {-2.0, 0.0}, 1e-9));
}

// Issue 12 review, M3: the rotate knob's line ran from the body's centre through its name and the
// walkthrough's "B" badge. The line starts at the body's box, the knob moves off a neighbour's name (to below
// the body here), and the walkthrough's labels keep off both (WalkthroughOverlay::lastLines).
void TestTools::rotateHandleKeepsOffNamesAndLabels() {
    const BodyKey box = keyNamed("box");
    const BodyKey ball = keyNamed("ball");
    SelectTool& tool = *toolbar().selectTool();
    const auto nameRect = [this](BodyKey key) {
        return OverlayPainter::bodyNameRect(canvas().sceneDef(), int(canvas().bodyKeys().indexOf(key)),
                                            canvas().viewTransform(), canvas().presentationScale(),
                                            canvas().showGrid());
    };
    // The handle's line and knob as squares along them (a knob wide, 2 px for the line).
    const auto covers = [&](const QRectF& r) {
        const std::optional<QLineF> handle = tool.rotateHandle();
        const double knob = toolstyle::kRotateKnobRadius;
        if (QRectF(handle->p2() - QPointF(knob, knob), QSizeF(2 * knob, 2 * knob)).intersects(r)) {
            return true;
        }
        for (int i = 0; i <= 40; ++i) {
            const QPointF p = handle->pointAt(i / 40.0);
            if (QRectF(p - QPointF(1, 1), QSizeF(2, 2)).intersects(r)) {
                return true;
            }
        }
        return false;
    };
    canvas().setSelection({box});
    QVERIFY(tool.rotateHandle().has_value());
    QVERIFY(nameRect(box).has_value());
    QVERIFY2(!covers(*nameRect(box)), "the knob's line runs through the body's own name");
    // Above the box, as before, where nothing is in the way.
    QVERIFY(tool.rotateHandle()->p2().y() < canvas().worldToViewport({-2.0, 1.0}).y());

    // The ball dragged over the spot above the box, then by as much as its name is off that spot (the name
    // sits beside the ball's radius line, not on its centre): its name is where the knob was.
    const QPointF knobBefore = tool.rotateHandle()->p2();
    drag(px({3.0, 0.0}), px({-2.0, 1.95}));
    QVERIFY(near(document().body(ball).position, {-2.0, 1.95}, 2.0 * pixelTolerance()));
    QVERIFY(nameRect(ball).has_value());
    const QPoint offset = (knobBefore - nameRect(ball)->center()).toPoint();
    drag(px({-2.0, 1.95}), px({-2.0, 1.95}) + offset);
    QVERIFY(nameRect(ball).has_value());
    QVERIFY(QRectF(knobBefore - QPointF(8, 8), QSizeF(16, 16)).intersects(*nameRect(ball)));
    canvas().setSelection({box});
    // The knob as a paint draws it: it keeps off the names that paint placed (SceneCanvas::namePlacement).
    canvas().viewport()->repaint();
    QVERIFY2(!covers(*nameRect(ball)), "the knob covers the ball's name");
    QVERIFY2(!covers(*nameRect(box)), "the knob covers the box's name");

    // The walkthrough of the two (the dock's overlay) places its labels off the handle.
    auto* overlay = m_window->findChild<WalkthroughOverlay*>();
    QVERIFY(overlay);
    canvas().viewport()->repaint();
    int handles = 0;
    for (const DrawnLine& line : overlay->lastLines()) {
        if (line.kind != LineKind::Handle) {
            continue;
        }
        ++handles;
        for (const PlacedLabel& label : overlay->lastLabels()) {
            for (int i = 0; i <= 40; ++i) {
                const QPointF p = line.from + (line.to - line.from) * (i / 40.0);
                const double h = 0.5 * line.width;
                QVERIFY2(!label.textRect.intersects(QRectF(p - QPointF(h, h), QSizeF(2 * h, 2 * h))),
                         qPrintable(label.request.text));
            }
        }
    }
    QCOMPARE(handles, 2);                    // the line and the knob
    QVERIFY(!overlay->lastLabels().empty()); // the walkthrough's labels were drawn and checked
}

void TestTools::dragVertexIsLiveAndOneUndoStep() {
    const BodyKey box = keyNamed("box");
    canvas().setSelection({box});
    toolbar().setCurrentTool(toolbar().editVerticesTool());
    QSignalSpy movedVertex(&intents(), &EditIntents::moveVertex);
    // Vertex 2 of the box is the world corner (-1, 1); pull it out to about (-0.4, 1.5).
    const QPoint from = px({-1.0, 1.0});
    const QPoint to = px({-0.4, 1.5});
    QTest::mousePress(viewport(), Qt::LeftButton, Qt::NoModifier, from);
    QTest::mouseMove(viewport(), from + QPoint(10, -5));
    QTest::mouseMove(viewport(), from + QPoint(20, -15));
    // Live: the document has the moved vertex on every move; the canvas shows the document.
    QCOMPARE(movedVertex.count(), 2);
    QVERIFY(sameVertexSet(worldVertices(document().body(box)),
                          {{-3.0, -1.0}, {-1.0, -1.0}, at(from + QPoint(20, -15)), {-3.0, 1.0}}, 1e-12));
    QVERIFY(sameVertexSet(worldVertices(*canvas().bodyDef(box)), worldVertices(document().body(box)), 0.0));
    QCOMPARE(document().undoStack()->count(), 1);
    QTest::mouseMove(viewport(), to);
    QTest::mouseRelease(viewport(), Qt::LeftButton, Qt::NoModifier, to);
    QCOMPARE(movedVertex.count(), 3);
    const QList<QVariant> args = movedVertex.back();
    QCOMPARE(args.at(0).value<quint64>(), box);
    QCOMPARE(args.at(1).toInt(), 0);
    QCOMPARE(args.at(2).toInt(), 2);
    QVERIFY(args.at(4).value<quint64>() != 0);
    QCOMPARE(args.at(4).value<quint64>(), movedVertex.front().at(4).value<quint64>());
    // The body's origin is (-2, 0) and its angle 0, so local = world - (-2, 0).
    QVERIFY(near(args.at(3).value<phys::Vec2>(), at(to) - phys::Vec2{-2.0, 0.0}, 1e-12));
    QCOMPARE(document().undoStack()->count(), 1);
    QVERIFY(sameVertexSet(worldVertices(document().body(box)),
                          {{-3.0, -1.0}, {-1.0, -1.0}, at(to), {-3.0, 1.0}}, 1e-12));
    document().undoStack()->undo();
    QVERIFY(sameVertexSet(worldVertices(document().body(box)),
                          {{-3.0, -1.0}, {-1.0, -1.0}, {-1.0, 1.0}, {-3.0, 1.0}}, 1e-12));
    QVERIFY(sameVertexSet(worldVertices(*canvas().bodyDef(box)), worldVertices(document().body(box)), 1e-12));

    // Ctrl puts the dragged vertex on a grid point.
    drag(from, px({-0.5, 1.5}) + QPoint(4, -3), Qt::ControlModifier);
    QVERIFY(near(movedVertex.back().at(3).value<phys::Vec2>(), phys::Vec2{-0.5, 1.5} - phys::Vec2{-2.0, 0.0},
                 1e-12));
    QCOMPARE(document().undoStack()->count(), 1);
}

void TestTools::firstDragOnUnselectedPolygonMovesItsVertex() {
    // Review finding: with nothing selected, the Vertices tool's first drag only selected the polygon and left
    // the vertex where it was. The press on a vertex now picks the body and grabs the vertex.
    const BodyKey box = keyNamed("box");
    canvas().setSelection({});
    toolbar().setCurrentTool(toolbar().editVerticesTool());
    QSignalSpy movedVertex(&intents(), &EditIntents::moveVertex);
    const QPoint from = px({-1.0, 1.0}); // vertex 2 of the box
    const QPoint to = px({-0.4, 1.5});
    QTest::mousePress(viewport(), Qt::LeftButton, Qt::NoModifier, from);
    QCOMPARE(canvas().selection(), QList<quint64>{box});
    QTest::mouseMove(viewport(), from + QPoint(10, -5));
    QTest::mouseMove(viewport(), to);
    QTest::mouseRelease(viewport(), Qt::LeftButton, Qt::NoModifier, to);
    QVERIFY(movedVertex.count() >= 2);
    QCOMPARE(movedVertex.back().at(2).toInt(), 2);
    QVERIFY(sameVertexSet(worldVertices(document().body(box)),
                          {{-3.0, -1.0}, {-1.0, -1.0}, at(to), {-3.0, 1.0}}, 1e-12));
    QCOMPARE(document().undoStack()->count(), 1);

    // A click on an edge of an unselected polygon only selects it: no vertex is inserted, nothing is pushed.
    document().undoStack()->undo();
    canvas().setSelection({});
    QSignalSpy inserted(&intents(), &EditIntents::insertVertex);
    const QPoint onEdge = px({-2.0, -1.0}); // middle of the bottom edge
    QTest::mouseClick(viewport(), Qt::LeftButton, Qt::NoModifier, onEdge);
    QCOMPARE(canvas().selection(), QList<quint64>{box});
    QCOMPARE(inserted.count(), 0);
    QCOMPARE(document().undoStack()->index(), 0);
}

void TestTools::vertexInsideAnotherBodyIsGrabbed() {
    // Review finding (v12b D-e): tri_pent's triangle apex lies inside the pentagon; a press on it with
    // nothing selected picked the pentagon (the body under the mouse) and nothing moved. A vertex under the
    // mouse wins over the body it lies in.
    QVERIFY(m_window->openFile(
        QStringLiteral(CONTACTLAB_SOURCE_DIR "/tests/fixtures/walkthrough/tri_pent.json")));
    canvas().setViewTransform(ViewTransform(kPixelsPerMetre, phys::Vec2{0.0, 1.0}, QSizeF()));
    const BodyKey triangle = keyNamed("triangle");
    const BodyKey pentagon = keyNamed("pentagon");
    QVERIFY(triangle != 0 && pentagon != 0);
    canvas().setSelection({});
    toolbar().setCurrentTool(toolbar().editVerticesTool());
    QSignalSpy movedVertex(&intents(), &EditIntents::moveVertex);
    const QPoint from = px({0.0, 1.5}); // the apex, vertex 2, inside the pentagon
    const QPoint to = px({0.5, 1.5});
    QTest::mousePress(viewport(), Qt::LeftButton, Qt::NoModifier, from);
    QCOMPARE(canvas().selection(), QList<quint64>{triangle});
    QTest::mouseMove(viewport(), from + QPoint(6, 0));
    QTest::mouseMove(viewport(), to);
    QTest::mouseRelease(viewport(), Qt::LeftButton, Qt::NoModifier, to);
    QVERIFY(movedVertex.count() >= 2);
    QCOMPARE(movedVertex.back().at(2).toInt(), 2);
    QVERIFY(
        sameVertexSet(worldVertices(document().body(triangle)), {{-1.0, 0.0}, {1.0, 0.0}, at(to)}, 1e-12));
    QCOMPARE(document().undoStack()->count(), 1);
}

void TestTools::invalidVertexDragIsRefused() {
    const BodyKey box = keyNamed("box");
    canvas().setSelection({box});
    toolbar().setCurrentTool(toolbar().editVerticesTool());
    EditVerticesTool& tool = *toolbar().editVerticesTool();
    QSignalSpy movedVertex(&intents(), &EditIntents::moveVertex);
    // Pull vertex 2 ((-1, 1)) into the box, past the diagonal: concave at vertex 2.
    const QPoint from = px({-1.0, 1.0});
    QTest::mousePress(viewport(), Qt::LeftButton, Qt::NoModifier, from);
    QTest::mouseMove(viewport(), px({-2.5, -0.5}));
    QVERIFY(!tool.hint().isEmpty());
    QTest::mouseRelease(viewport(), Qt::LeftButton, Qt::NoModifier, px({-2.5, -0.5}));
    // Nothing was valid along the way (the only move went straight to the invalid place): no intent.
    QCOMPARE(movedVertex.count(), 0);
    QVERIFY(sameVertexSet(worldVertices(*canvas().bodyDef(box)),
                          {{-3.0, -1.0}, {-1.0, -1.0}, {-1.0, 1.0}, {-3.0, 1.0}}, 1e-12));
    QCOMPARE(document().undoStack()->count(), 0);

    // Through a valid position first: the vertex stops at the last valid one.
    const QPoint valid = px({-0.8, 1.2});
    QTest::mousePress(viewport(), Qt::LeftButton, Qt::NoModifier, from);
    QTest::mouseMove(viewport(), valid);
    QTest::mouseMove(viewport(), px({-2.5, -0.5}));
    QTest::mouseRelease(viewport(), Qt::LeftButton, Qt::NoModifier, px({-2.5, -0.5}));
    QCOMPARE(movedVertex.count(), 1);
    QCOMPARE(document().undoStack()->count(), 1);
    QVERIFY(near(movedVertex.front().at(3).value<phys::Vec2>(), at(valid) - phys::Vec2{-2.0, 0.0}, 1e-12));
    QVERIFY(phys::Polygon::make(std::get<phys::Polygon>(document().body(box).shapes[0].geometry).vertices(),
                                phys::PolygonCleanup::Strict)
                .ok());
}

void TestTools::dragOutOfEdgeInsertsVertex() {
    const BodyKey box = keyNamed("box");
    canvas().setSelection({box});
    toolbar().setCurrentTool(toolbar().editVerticesTool());
    QSignalSpy inserted(&intents(), &EditIntents::insertVertex);
    // Edge 1 of the box runs from (-1, -1) to (-1, 1) (world); press at its middle, pull to the right.
    const QPoint from = px({-1.0, 0.0});
    const QPoint to = px({-0.3, 0.1});
    QSignalSpy movedVertex(&intents(), &EditIntents::moveVertex);
    drag(from, to);
    // Inserted once, at the first valid place; the new vertex (index 2) then follows the mouse, one gesture.
    QCOMPARE(inserted.count(), 1);
    QCOMPARE(inserted.front().at(2).toInt(), 1);
    QCOMPARE(movedVertex.count(), 3);
    QCOMPARE(movedVertex.back().at(2).toInt(), 2);
    QCOMPARE(movedVertex.back().at(4).value<quint64>(), inserted.front().at(4).value<quint64>());
    QVERIFY(near(movedVertex.back().at(3).value<phys::Vec2>(), at(to) - phys::Vec2{-2.0, 0.0}, 1e-12));
    QCOMPARE(document().undoStack()->count(), 1);
    const auto& polygon = std::get<phys::Polygon>(document().body(box).shapes[0].geometry);
    QCOMPARE(polygon.count(), 5);
    QVERIFY(near(polygon.vertex(2), at(to) - phys::Vec2{-2.0, 0.0}, 1e-12));
}

void TestTools::escapeCancelsVertexDrags() {
    const BodyKey box = keyNamed("box");
    canvas().setSelection({box});
    toolbar().setCurrentTool(toolbar().editVerticesTool());
    const std::vector<phys::Vec2> square{{-3.0, -1.0}, {-1.0, -1.0}, {-1.0, 1.0}, {-3.0, 1.0}};
    // A vertex dragged, then Esc: back exactly, nothing to undo, not modified.
    QTest::mousePress(viewport(), Qt::LeftButton, Qt::NoModifier, px({-1.0, 1.0}));
    QTest::mouseMove(viewport(), px({-0.5, 1.5}));
    QVERIFY(!sameVertexSet(worldVertices(document().body(box)), square, 1e-3));
    QTest::keyClick(&canvas(), Qt::Key_Escape);
    QVERIFY(sameVertexSet(worldVertices(document().body(box)), square, 0.0));
    QTest::mouseRelease(viewport(), Qt::LeftButton, Qt::NoModifier, px({-0.5, 1.5}));
    QCOMPARE(document().undoStack()->count(), 0);
    QVERIFY(!document().isModified());
    // A vertex pulled out of an edge, then Esc: the new vertex goes again.
    QTest::mousePress(viewport(), Qt::LeftButton, Qt::NoModifier, px({-1.0, 0.0}));
    QTest::mouseMove(viewport(), px({-0.5, 0.0}));
    QTest::mouseMove(viewport(), px({-0.3, 0.2}));
    QCOMPARE(std::get<phys::Polygon>(document().body(box).shapes[0].geometry).count(), 5);
    QTest::keyClick(&canvas(), Qt::Key_Escape);
    QTest::mouseRelease(viewport(), Qt::LeftButton, Qt::NoModifier, px({-0.3, 0.2}));
    QVERIFY(sameVertexSet(worldVertices(document().body(box)), square, 0.0));
    QCOMPARE(document().undoStack()->count(), 0);
    QVERIFY(!document().isModified());
}

void TestTools::clickOnEdgeAloneIsRefused() {
    const BodyKey box = keyNamed("box");
    canvas().setSelection({box});
    toolbar().setCurrentTool(toolbar().editVerticesTool());
    QSignalSpy inserted(&intents(), &EditIntents::insertVertex);
    click({-1.0, 0.0});
    QCOMPARE(inserted.count(), 0);
    QVERIFY(toolbar().editVerticesTool()->hint().contains(QStringLiteral("edge")));
    // Dragged along the edge, a pixel off it: collinear for the eye, refused too.
    drag(px({-1.0, 0.0}), px({-1.0, 0.0}) + QPoint(1, -12), Qt::NoModifier, 2);
    QCOMPARE(inserted.count(), 0);
    QVERIFY(toolbar().editVerticesTool()->hint().contains(QStringLiteral("collinear")));
    QCOMPARE(document().undoStack()->count(), 0);
    // Five pixels out is a real vertex.
    drag(px({-1.0, 0.0}), px({-1.0, 0.0}) + QPoint(5, 0), Qt::NoModifier, 2);
    QCOMPARE(inserted.count(), 1);
    QCOMPARE(document().undoStack()->count(), 1);
}

void TestTools::rightClickRemovesVertexUnlessTriangle() {
    const BodyKey box = keyNamed("box");
    canvas().setSelection({box});
    toolbar().setCurrentTool(toolbar().editVerticesTool());
    QSignalSpy removed(&intents(), &EditIntents::removeVertex);
    QTest::mouseClick(viewport(), Qt::RightButton, Qt::NoModifier, px({-1.0, 1.0}));
    QCOMPARE(removed.count(), 1);
    QCOMPARE(removed.front().at(2).toInt(), 2);
    QCOMPARE(std::get<phys::Polygon>(document().body(box).shapes[0].geometry).count(), 3);
    QCOMPARE(document().undoStack()->count(), 1);
    // A triangle keeps its vertices: refused with a hint (right click and the Delete key alike).
    QTest::mouseClick(viewport(), Qt::RightButton, Qt::NoModifier, px({-3.0, 1.0}));
    QCOMPARE(removed.count(), 1);
    QVERIFY(toolbar().editVerticesTool()->hint().contains(QStringLiteral("3 vertices")));
    QTest::mouseMove(viewport(), px({-1.0, -1.0}));
    QTest::keyClick(&canvas(), Qt::Key_Delete);
    QCOMPARE(removed.count(), 1);
    QCOMPARE(document().bodyCount(), 2);
    // Delete with the mouse over a vertex of a square removes it.
    document().undoStack()->undo();
    QTest::mouseMove(viewport(), px({-3.0, 1.0}));
    QTest::keyClick(&canvas(), Qt::Key_Delete);
    QCOMPARE(removed.count(), 2);
    QCOMPARE(removed.back().at(2).toInt(), 3);
}

void TestTools::arrowKeysNudgeByGridStep() {
    const BodyKey box = keyNamed("box");
    canvas().setSelection({box});
    QSignalSpy nudged(&intents(), &EditIntents::nudgeBodies);
    const double step = toolbar().selectTool()->gridStep();
    QTest::keyClick(&canvas(), Qt::Key_Right);
    QTest::keyClick(&canvas(), Qt::Key_Up, Qt::ShiftModifier);
    QTest::keyClick(&canvas(), Qt::Key_Left);
    QTest::keyClick(&canvas(), Qt::Key_Down);
    QCOMPARE(nudged.count(), 4);
    QVERIFY(near(nudged.at(0).at(1).value<phys::Vec2>(), {step, 0.0}, 0.0));
    QVERIFY(near(nudged.at(1).at(1).value<phys::Vec2>(), {0.0, 10.0 * step}, 0.0));
    QVERIFY(near(nudged.at(2).at(1).value<phys::Vec2>(), {-step, 0.0}, 0.0));
    QVERIFY(near(nudged.at(3).at(1).value<phys::Vec2>(), {0.0, -step}, 0.0));
    QVERIFY(near(document().body(box).position, phys::Vec2{-2.0, 0.0} + phys::Vec2{0.0, 9.0 * step}, 1e-12));
    // The step follows the zoom.
    canvas().setViewTransform(ViewTransform(4.0 * kPixelsPerMetre, phys::Vec2{0.0, 1.0}, QSizeF()));
    const double fine = toolbar().selectTool()->gridStep();
    QVERIFY(fine < step);
    QTest::keyClick(&canvas(), Qt::Key_Right);
    QVERIFY(near(nudged.back().at(1).value<phys::Vec2>(), {fine, 0.0}, 0.0));
}

void TestTools::deleteAndDuplicateKeys() {
    const BodyKey box = keyNamed("box");
    const BodyKey ball = keyNamed("ball");
    QSignalSpy deleted(&intents(), &EditIntents::deleteBodies);
    QSignalSpy duplicated(&intents(), &EditIntents::duplicateBodies);
    canvas().setSelection({box, ball});
    QTest::keyClick(&canvas(), Qt::Key_D, Qt::ControlModifier);
    QCOMPARE(duplicated.count(), 1);
    QCOMPARE(duplicated.front().at(0).value<QList<quint64>>(), (QList<quint64>{box, ball}));
    QCOMPARE(document().bodyCount(), 4);
    canvas().setSelection({box});
    QTest::keyClick(&canvas(), Qt::Key_Delete);
    QCOMPARE(deleted.count(), 1);
    QCOMPARE(deleted.front().at(0).value<QList<quint64>>(), QList<quint64>{box});
    QCOMPARE(document().bodyCount(), 3);
    QVERIFY(!document().contains(box));
    // Nothing selected: nothing emitted, a hint instead.
    QVERIFY(canvas().selection().isEmpty());
    QTest::keyClick(&canvas(), Qt::Key_Delete);
    QCOMPARE(deleted.count(), 1);
    QVERIFY(!toolbar().selectTool()->hint().isEmpty());
}

QImage TestTools::grabViewport(const QString& shotName) const {
    const QByteArray dir = qgetenv("CONTACTLAB_TOOLS_SHOTS");
    if (!dir.isEmpty()) {
        m_window->grab().save(QString::fromLocal8Bit(dir) + QLatin1Char('/') + shotName +
                              QStringLiteral(".png"));
    }
    return viewport()->grab().toImage();
}

namespace {
/// The tools' preview blue (tool_style.cpp), allowing for antialiasing over light backgrounds.
bool isPreviewBlue(const QColor& c) {
    return c.blue() > 150 && c.red() < 120 && c.green() < 140;
}
/// Some pixel within one pixel of the point is preview blue (a 2-pixel antialiased line at any position).
bool bluishNear(const QImage& image, QPointF viewportPoint) {
    const double ratio = image.devicePixelRatio();
    for (int dy = -1; dy <= 1; ++dy) {
        for (int dx = -1; dx <= 1; ++dx) {
            const QPoint p(int(std::lround(viewportPoint.x() * ratio)) + dx,
                           int(std::lround(viewportPoint.y() * ratio)) + dy);
            if (image.rect().contains(p) && isPreviewBlue(image.pixelColor(p))) {
                return true;
            }
        }
    }
    return false;
}
QColor pixelAt(const QImage& image, QPointF viewportPoint) {
    const double ratio = image.devicePixelRatio();
    return image.pixelColor(
        QPoint(int(std::lround(viewportPoint.x() * ratio)), int(std::lround(viewportPoint.y() * ratio))));
}
} // namespace

void TestTools::overlaysDrawAtTheRightPixels() {
    // Polygon in progress: the clicked edges and the vertex handles are drawn where the clicks were.
    toolbar().setCurrentTool(toolbar().polygonTool());
    const phys::Vec2 a{-1.0, 3.0}, b{2.0, 3.0}, c{2.5, 5.0};
    click(a);
    click(b);
    click(c);
    QTest::mouseMove(viewport(), px({-0.5, 5.5}));
    QImage image = grabViewport(QStringLiteral("tools-polygon"));
    QVERIFY(bluishNear(image, canvas().worldToViewport(0.5 * (a + b))));
    QVERIFY(bluishNear(image, canvas().worldToViewport(0.5 * (b + c))));
    QCOMPARE(pixelAt(image, canvas().worldToViewport(b)), QColor(Qt::white)); // handle centre
    // A refused click (its edge would cross edge 0): red preview edge and the hint bubble.
    QTest::mouseClick(viewport(), Qt::LeftButton, Qt::NoModifier, px({0.5, 2.0}));
    QVERIFY(!toolbar().polygonTool()->hint().isEmpty());
    grabViewport(QStringLiteral("tools-polygon-refused"));
    QTest::keyClick(&canvas(), Qt::Key_Escape);

    // Rectangle being dragged: its outline follows the mouse.
    toolbar().setCurrentTool(toolbar().rectangleTool());
    QTest::mousePress(viewport(), Qt::LeftButton, Qt::NoModifier, px({0.0, 3.0}));
    QTest::mouseMove(viewport(), px({2.0, 4.0}));
    QTest::mouseMove(viewport(), px({3.0, 5.0}));
    image = grabViewport(QStringLiteral("tools-rectangle"));
    QVERIFY(bluishNear(image, canvas().worldToViewport({1.5, 3.0})));
    QVERIFY(bluishNear(image, canvas().worldToViewport({0.0, 4.0})));
    QTest::mouseRelease(viewport(), Qt::LeftButton, Qt::NoModifier, px({3.0, 5.0}));

    // Edit vertices: a handle on every vertex of the selected box.
    canvas().setSelection({keyNamed("box")});
    toolbar().setCurrentTool(toolbar().editVerticesTool());
    QTest::mouseMove(viewport(), px({-1.0, 0.2}));
    image = grabViewport(QStringLiteral("tools-vertices"));
    for (const phys::Vec2 v : worldVertices(document().body(keyNamed("box")))) {
        const QPointF p = canvas().worldToViewport(v);
        QCOMPARE(pixelAt(image, p), QColor(Qt::white));
        QVERIFY(bluishNear(image, p + QPointF(toolstyle::kHandleRadius, 0.0)));
    }

    // Select: the rotate knob above the selected body.
    toolbar().setCurrentTool(toolbar().selectTool());
    image = grabViewport(QStringLiteral("tools-select"));
    const QPointF knob = *toolbar().selectTool()->rotateHandlePosition();
    QVERIFY(bluishNear(image, knob + QPointF(toolstyle::kRotateKnobRadius, 0.0)));
    QTest::mousePress(viewport(), Qt::LeftButton, Qt::NoModifier, knob.toPoint());
    QTest::mouseMove(viewport(), (knob + QPointF(60.0, 20.0)).toPoint());
    grabViewport(QStringLiteral("tools-rotate"));
    QTest::mouseRelease(viewport(), Qt::LeftButton, Qt::NoModifier, (knob + QPointF(60.0, 20.0)).toPoint());
}

QTEST_MAIN(TestTools)
#include "tst_tools.moc"
