/// @file tst_body_names.cpp
/// Body names on the real main window (issue 12, item 5 "Labels pile up"): every body in view has its name,
/// and each name is either wholly inside one of its body's shapes, clear of the circles' radius lines, the
/// vertex handles, the other bodies and the velocity arrows, or wholly outside every body with a leader line
/// that touches its own body; no two names overlap and none leaves the view. Checked with Boost.Geometry as
/// the oracle on every sample, demo and catalogue scene (Edit and Simulate with the velocity arrows on), on
/// seeded random scenes by the hundred, after a vertex drag with the Vertices tool, and in the exports.

#include "app_test_util.h"
#include "export.h"
#include "name_placement.h"
#include "overlay.h"
#include "scene_canvas.h"
#include "scene_io.h"
#include "sim_overlay.h"
#include "simulation_controller.h"
#include "simulation_panel.h"
#include "tool_style.h"

#include "physics/polygon_factory.h"
#include "physics/shape.h"

#include <QAction>
#include <QDirIterator>
#include <QFile>
#include <QRegularExpression>
#include <QTest>
#include <QXmlStreamReader>

#include <boost/geometry.hpp>

#include <cmath>
#include <random>
#include <variant>

using namespace cl;

namespace {

namespace bg = boost::geometry;
using BPoint = bg::model::d2::point_xy<double>;
using BPolygon = bg::model::polygon<BPoint>;
using BBox = bg::model::box<BPoint>;
using BSegment = bg::model::segment<BPoint>;

BPoint bp(QPointF p) {
    return {p.x(), p.y()};
}

BBox box(const QRectF& r) {
    return {{r.left(), r.top()}, {r.right(), r.bottom()}};
}

/// A body as drawn, view pixels, computed here from the definition (not through the product's figure).
struct Drawn {
    std::vector<BPolygon> polygons;
    std::vector<std::pair<BPoint, double>> discs; ///< centre, radius
    std::vector<BSegment> radiusLines;
    std::vector<BPoint> vertices;
    QRectF bounds;
};

Drawn drawn(const phys::BodyDef& body, const ViewTransform& view) {
    Drawn d;
    const phys::Transform xf{body.position, phys::Rot(body.angle)};
    for (const phys::ShapeDef& shape : body.shapes) {
        if (const auto* circle = std::get_if<phys::Circle>(&shape.geometry)) {
            const QPointF c = view.toView(phys::transformPoint(xf, circle->center));
            const double r = view.toPixels(circle->radius);
            d.discs.emplace_back(bp(c), r);
            d.radiusLines.push_back(
                {bp(c),
                 bp(view.toView(phys::transformPoint(xf, circle->center + phys::Vec2{circle->radius, 0})))});
            d.bounds |= QRectF(c - QPointF(r, r), QSizeF(2 * r, 2 * r));
        } else {
            const auto& polygon = std::get<phys::Polygon>(shape.geometry);
            BPolygon p;
            QPolygonF q;
            for (const phys::Vec2 v : polygon.vertices()) {
                const QPointF at = view.toView(phys::transformPoint(xf, v));
                bg::append(p.outer(), bp(at));
                d.vertices.push_back(bp(at));
                q << at;
            }
            bg::correct(p); // closed, and the winding Boost expects (the view's y flips it)
            d.polygons.push_back(p);
            d.bounds |= q.boundingRect();
        }
    }
    return d;
}

/// Whether the box shares interior area with any shape of `d`.
bool overlapsBody(const BBox& b, const Drawn& d) {
    for (const BPolygon& p : d.polygons) {
        BPolygon boxPolygon;
        bg::convert(b, boxPolygon);
        std::vector<BPolygon> common;
        bg::intersection(boxPolygon, p, common);
        if (bg::area(common.empty() ? BPolygon{} : common.front()) > 1e-6 || common.size() > 1) {
            return true;
        }
    }
    for (const auto& [c, r] : d.discs) {
        if (bg::distance(c, b) < r - 1e-6) {
            return true;
        }
    }
    return false;
}

/// Distance from `p` to the outline of `d` (its nearest shape's boundary), pixels.
double distanceToOutline(const BPoint& p, const Drawn& d) {
    double best = 1e300;
    for (const BPolygon& polygon : d.polygons) {
        bg::model::linestring<BPoint> ring(polygon.outer().begin(), polygon.outer().end());
        best = std::min(best, double(bg::distance(p, ring)));
    }
    for (const auto& [c, r] : d.discs) {
        best = std::min(best, std::abs(double(bg::distance(p, c)) - r));
    }
    return best;
}

/// Why the names `placed` of `scene` in `view` break the rules (empty when they keep them).
/// @param arrows the velocity arrows drawn over the bodies (view pixels)
/// @param crowd the view may be a crowd of small bodies seen from far: names with no clear spot may be left
///        out, when the picture says so (NamePlacement::note, in the view, over no name); false: every name of
///        a body in view is drawn
QString checkNames(const phys::SceneDef& scene, const ViewTransform& view, const NamePlacement& placed,
                   double scale, const std::vector<QLineF>& arrows = {}, bool crowd = false) {
    const QRectF bounds(QPointF(0, 0), view.viewSize());
    std::vector<Drawn> bodies;
    for (const phys::BodyDef& body : scene.bodies) {
        bodies.push_back(drawn(body, view));
    }
    int missing = 0;
    QString firstMissing;
    for (std::size_t i = 0; i < scene.bodies.size(); ++i) {
        const bool seen = bodies[i].bounds.intersects(bounds);
        if (seen && !scene.bodies[i].name.empty() && placed.find(int(i)) == nullptr) {
            ++missing;
            if (firstMissing.isEmpty()) {
                firstMissing = QStringLiteral("body %1 \"%2\" has no name drawn")
                                   .arg(i)
                                   .arg(scene.bodies[i].name.c_str());
            }
        }
    }
    if (missing != placed.hidden) {
        return QStringLiteral("%1 names missing, %2 said hidden").arg(missing).arg(placed.hidden);
    }
    if (missing > 0 && !crowd) {
        return firstMissing;
    }
    if (missing > 0) {
        if (placed.note.isEmpty() || !bounds.contains(placed.noteRect)) {
            return QStringLiteral("%1 names hidden and the picture does not say so").arg(missing);
        }
        for (const PlacedName& n : placed.names) {
            if (n.rect.intersects(placed.noteRect)) {
                return QStringLiteral("the hidden-names note covers \"%1\"").arg(n.text);
            }
        }
    }
    for (const PlacedName& n : placed.names) {
        const QString who = QStringLiteral("\"%1\" (body %2, %3)")
                                .arg(n.text)
                                .arg(n.body)
                                .arg(n.inside ? "inside" : "outside");
        if (n.body < 0 || std::size_t(n.body) >= scene.bodies.size() ||
            n.text != QString::fromStdString(scene.bodies[std::size_t(n.body)].name)) {
            return who + QStringLiteral(": names another body");
        }
        if (!bounds.contains(n.rect)) {
            return who + QStringLiteral(": leaves the view");
        }
        for (const PlacedName& m : placed.names) {
            const QRectF common = n.rect.intersected(m.rect);
            if (&m != &n && common.width() > 1e-9 && common.height() > 1e-9) {
                return who + QStringLiteral(": overlaps \"%1\"").arg(m.text);
            }
        }
        const BBox b = box(n.rect);
        for (const QLineF& a : arrows) {
            if (bg::intersects(BSegment(bp(a.p1()), bp(a.p2())), b)) {
                return who + QStringLiteral(": under a velocity arrow");
            }
        }
        const Drawn& own = bodies[std::size_t(n.body)];
        if (n.inside) {
            bool within = false;
            for (const BPolygon& p : own.polygons) {
                BPolygon boxPolygon;
                bg::convert(b, boxPolygon);
                within = within || bg::within(boxPolygon, p);
            }
            for (const auto& [c, r] : own.discs) {
                bool all = true;
                for (const QPointF corner :
                     {n.rect.topLeft(), n.rect.topRight(), n.rect.bottomLeft(), n.rect.bottomRight()}) {
                    all = all && bg::distance(bp(corner), c) <= r;
                }
                within = within || all;
            }
            if (!within) {
                return who + QStringLiteral(": not wholly inside one shape of its body");
            }
            for (const BSegment& s : own.radiusLines) {
                if (bg::intersects(s, b)) {
                    return who + QStringLiteral(": the radius line runs through it");
                }
            }
            for (const BPoint& v : own.vertices) {
                if (bg::distance(v, b) < toolstyle::kHandleRadius * scale) {
                    return who + QStringLiteral(": under a vertex handle");
                }
            }
            for (std::size_t j = 0; j < bodies.size(); ++j) {
                if (int(j) != n.body && overlapsBody(b, bodies[j])) {
                    return who + QStringLiteral(": over body %1").arg(j);
                }
            }
        } else {
            for (std::size_t j = 0; j < bodies.size(); ++j) {
                if (overlapsBody(b, bodies[j])) {
                    return who + QStringLiteral(": outside its body but over body %1").arg(j);
                }
            }
            const QLineF leader = n.leader();
            if (distanceToOutline(bp(leader.p1()), own) > 1.0) {
                return who + QStringLiteral(": its leader does not touch its body");
            }
            if (bg::distance(bp(leader.p2()), box(n.textRect)) > 1e-6) {
                return who + QStringLiteral(": its leader does not reach its text");
            }
            // Zoomed out on a crowd, a leader may have to pass a neighbour's name (the text itself stays clear).
            for (const PlacedName& m : placed.names) {
                if (!crowd && &m != &n &&
                    bg::intersects(BSegment(bp(leader.p1()), bp(leader.p2())), box(m.textRect))) {
                    return who + QStringLiteral(": its leader crosses \"%1\"").arg(m.text);
                }
            }
        }
    }
    return {};
}

/// Every scene the app ships (samples, demos, the catalogue).
QStringList shippedScenes() {
    QStringList files;
    QDirIterator it(QStringLiteral(CONTACTLAB_SOURCE_DIR "/resources/scenes"), {QStringLiteral("*.json")},
                    QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        files << it.next();
    }
    files.sort();
    return files;
}

/// A seeded random scene: 2 to 7 bodies (boxes, regular polygons, circles and two-shape bodies) from a few
/// centimetres to metres across, anywhere in a 12 m x 8 m area, overlapping or not, with names from one letter
/// to a long phrase (some without a name), sometimes over a wide static ground.
phys::SceneDef randomScene(std::mt19937& rng) {
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    const auto logSize = [&](double lo, double hi) {
        return lo * std::pow(hi / lo, unit(rng));
    };
    static const char* const names[] = {
        "", "a", "box", "ball 2", "wheel", "left wall", "a rather long body name"};
    phys::SceneDef scene;
    if (unit(rng) < 0.5) {
        phys::BodyDef ground;
        ground.name = "ground";
        ground.type = phys::BodyType::Static;
        ground.position = {0.0, -5.0};
        ground.shapes.push_back(phys::ShapeDef{*phys::factory::rectangle(16.0, 1.0)});
        scene.bodies.push_back(ground);
    }
    const int count = 2 + int(unit(rng) * 6);
    for (int i = 0; i < count; ++i) {
        phys::BodyDef body;
        body.name = names[std::size_t(unit(rng) * 7) % 7];
        body.position = {-6.0 + 12.0 * unit(rng), -4.0 + 8.0 * unit(rng)};
        body.angle = 2.0 * phys::kPi * unit(rng);
        const int kinds = unit(rng) < 0.15 ? 2 : 1;
        for (int k = 0; k < kinds; ++k) {
            const double kind = unit(rng);
            const phys::Vec2 offset = k == 0 ? phys::Vec2{} : phys::Vec2{logSize(0.1, 2.0), 0.0};
            if (kind < 0.4) {
                auto polygon = phys::factory::rectangle(logSize(0.05, 4.0), logSize(0.05, 4.0));
                phys::ShapeDef shape{*polygon};
                if (k > 0) {
                    std::vector<phys::Vec2> moved;
                    for (const phys::Vec2 v : polygon->vertices()) {
                        moved.push_back(v + offset);
                    }
                    shape.geometry = *phys::Polygon::make(moved);
                }
                body.shapes.push_back(shape);
            } else if (kind < 0.7) {
                auto polygon = phys::factory::regular(3 + int(unit(rng) * 6), logSize(0.05, 2.5));
                body.shapes.push_back(phys::ShapeDef{*polygon});
                if (k > 0) {
                    body.shapes.back().geometry = phys::Circle{offset, logSize(0.05, 1.0)};
                }
            } else {
                body.shapes.push_back(phys::ShapeDef{phys::Circle{offset, logSize(0.05, 2.0)}});
            }
        }
        scene.bodies.push_back(body);
    }
    return scene;
}

} // namespace

class TestBodyNames : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();
    void shippedScenesInEdit_data();
    void shippedScenesInEdit();
    void shippedScenesInSimulate_data();
    void shippedScenesInSimulate();
    void randomScenes();
    void smallBodiesNameOutsideOnALeader();
    void vertexDragKeepsTheNameOffTheHandles();
    void exportsDrawTheNamesWhereTheyArePlaced();

private:
    SceneCanvas& canvas() const { return *m_window->canvas(); }
    /// Paints the canvas as the screen would and returns why its names break the rules (empty: they keep them).
    /// A name with no clear spot may be left out, when the picture says so, in a crowd and where a walkthrough
    /// step is drawn: its labels come first and the names outside are laid out after them, clear of them
    /// (addOutsideNames).
    QString paintAndCheck(const std::vector<QLineF>& arrows = {}, bool crowd = false) {
        canvas().viewport()->repaint();
        auto* overlay = m_window->findChild<WalkthroughOverlay*>();
        crowd = crowd || (overlay && overlay->laysOutNames(canvas()));
        if (qEnvironmentVariableIsSet("NM13_DUMP")) {
            static int shot = 0;
            canvas().viewport()->grab().save(QStringLiteral("/tmp/nm13_shot_%1.png").arg(shot++));
        }
        return checkNames(canvas().sceneDef(), canvas().viewTransform(), canvas().namePlacement(),
                          canvas().presentationScale(), arrows, crowd);
    }
    /// The walkthrough's step hidden (View > Walkthrough drawing), so that every name is placed by the names'
    /// own rules: inside, or outside on a leader among the bodies only.
    void hideWalkthroughStep() {
        auto* overlay = m_window->findChild<WalkthroughOverlay*>();
        QVERIFY(overlay);
        overlay->setWalkthroughVisible(false);
    }

    QTemporaryDir m_dir;
    std::unique_ptr<MainWindow> m_window;
};

void TestBodyNames::initTestCase() {
    QVERIFY(m_dir.isValid());
    cltest::isolateAppState(m_dir);
}

void TestBodyNames::init() {
    // The review's window: 1280 x 800, default settings.
    m_window = cltest::makeExactWindow(1280, 800);
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TestBodyNames::cleanup() {
    m_window.reset();
}

void TestBodyNames::shippedScenesInEdit_data() {
    QTest::addColumn<QString>("file");
    for (const QString& file : shippedScenes()) {
        QTest::addRow("%s", qPrintable(QFileInfo(file).fileName())) << file;
    }
    QVERIFY(shippedScenes().size() >= 20);
}

void TestBodyNames::shippedScenesInEdit() {
    QFETCH(QString, file);
    // As the scene opens: every name drawn.
    QVERIFY(m_window->openFile(file));
    const QString why = paintAndCheck();
    QVERIFY2(why.isEmpty(), qPrintable(why));
    QVERIFY(!canvas().namePlacement().names.empty());
    // The whole scene (Ctrl+0), then zoomed out three times more: small bodies name themselves outside, or,
    // in a crowd with no room near them, the picture says names are hidden.
    canvas().zoomToFit();
    const QString fitted = paintAndCheck({}, true);
    QVERIFY2(fitted.isEmpty(), qPrintable(QStringLiteral("whole scene: ") + fitted));
    canvas().setViewTransform(ViewTransform(canvas().pixelsPerMetre() / 3.0,
                                            canvas().viewportToWorld(canvas().viewport()->rect().center()),
                                            canvas().viewTransform().viewSize()));
    const QString out = paintAndCheck({}, true);
    QVERIFY2(out.isEmpty(), qPrintable(QStringLiteral("zoomed out: ") + out));
}

void TestBodyNames::shippedScenesInSimulate_data() {
    shippedScenesInEdit_data();
}

// Simulate with the velocity arrows on: after a second of play the bodies move and the arrows start at their
// centres, where a centred name used to be drawn under the arrow.
void TestBodyNames::shippedScenesInSimulate() {
    QFETCH(QString, file);
    QVERIFY(m_window->openFile(file));
    auto* ui = m_window->findChild<SimulationUi*>();
    QVERIFY(ui);
    cltest::startSimulating(*m_window, *ui);
    SimOverlayOptions options = ui->overlay()->options();
    options.velocities = true;
    // The Verlet particles hide the names on purpose (their hubs sit where the names would; docs/simulation.md):
    // off here, so the names show over the moving bodies.
    options.particles = false;
    ui->overlay()->setOptions(options);
    for (int i = 0; i < 60; ++i) {
        ui->controller()->stepForward();
    }
    QVERIFY(canvas().batchedBodies());
    // The arrows as the overlay draws them: from each moving body's centre of mass, to scale.
    const SimOverlayFrame& frame = ui->overlay()->frame();
    std::vector<QLineF> arrows;
    int moving = 0;
    for (const SimOverlayBody& body : frame.bodies) {
        if (body.dynamic && !body.sleeping) {
            const QLineF arrow(canvas().worldToViewport(body.center),
                               canvas().worldToViewport(body.center + frame.velocityScale * body.velocity));
            if (arrow.length() >= 2.0) {
                arrows.push_back(arrow);
                ++moving;
            }
        }
    }
    // Bodies moved and arrows cover their middles: judged as a crowd (a leader may pass a neighbour's name;
    // a name with no room near its body may be left out when the picture says so).
    const QString why = paintAndCheck(arrows, true);
    QVERIFY2(why.isEmpty(), qPrintable(why));
    // A name outside stays near its body among moving ones: the flying-balls demo's walls wrote theirs
    // mid-scene on leaders 250 px long. At most kNameReach pixels, or left out with the note.
    for (const PlacedName& name : canvas().namePlacement().names) {
        QVERIFY2(name.inside || name.leader().length() <= kNameReach * canvas().presentationScale() + 1.0,
                 qPrintable(QStringLiteral("%1: leader %2 px").arg(name.text).arg(name.leader().length())));
    }
}

// Hundreds of seeded scenes the samples do not have: tiny bodies, long names, overlaps, compound bodies.
void TestBodyNames::randomScenes() {
    std::mt19937 rng(1213);
    int inside = 0, outside = 0;
    for (int n = 0; n < 300; ++n) {
        Scene scene;
        scene.def = randomScene(rng);
        m_window->document()->setScene(scene);
        canvas().zoomToFit();
        hideWalkthroughStep();
        const QString why = paintAndCheck();
        if (!why.isEmpty() && qEnvironmentVariableIsSet("NM13_DUMP")) {
            canvas().viewport()->grab().save(QStringLiteral("/tmp/nm13_random_%1.png").arg(n));
        }
        QVERIFY2(why.isEmpty(), qPrintable(QStringLiteral("scene %1: %2").arg(n).arg(why)));
        for (const PlacedName& name : canvas().namePlacement().names) {
            ++(name.inside ? inside : outside);
        }
    }
    // Both kinds of placement were exercised, many times.
    QVERIFY2(inside > 200 && outside > 200,
             qPrintable(QStringLiteral("%1 inside, %2 outside").arg(inside).arg(outside)));
}

// The review's first defect: a name wider than its body was not drawn at all.
void TestBodyNames::smallBodiesNameOutsideOnALeader() {
    Scene scene;
    phys::BodyDef ground;
    ground.name = "ground";
    ground.type = phys::BodyType::Static;
    ground.shapes.push_back(phys::ShapeDef{*phys::factory::rectangle(20.0, 1.0)});
    scene.def.bodies.push_back(ground);
    for (int i = 0; i < 5; ++i) {
        phys::BodyDef pebble;
        pebble.name = "pebble " + std::to_string(i + 1);
        pebble.position = {-2.0 + i * 0.3, 0.6};
        pebble.shapes.push_back(phys::ShapeDef{phys::Circle{{0, 0}, 0.1}});
        scene.def.bodies.push_back(pebble);
    }
    m_window->document()->setScene(scene);
    canvas().zoomToFit();
    hideWalkthroughStep();
    const QString why = paintAndCheck();
    QVERIFY2(why.isEmpty(), qPrintable(why));
    const NamePlacement& placed = canvas().namePlacement();
    QCOMPARE(placed.names.size(), std::size_t(6));
    QVERIFY(placed.find(0)->inside);
    for (int i = 1; i <= 5; ++i) {
        QVERIFY(!placed.find(i)->inside);
    }
}

// The review's fifth defect: after a vertex drag with the Vertices tool, the handle sat on the name. A box's
// corner dragged to the middle of the box: the name moves off every handle (or out of the box).
void TestBodyNames::vertexDragKeepsTheNameOffTheHandles() {
    Scene scene;
    phys::BodyDef slab;
    slab.name = "slab";
    slab.shapes.push_back(phys::ShapeDef{*phys::factory::rectangle(4.0, 1.0)});
    scene.def.bodies.push_back(slab);
    m_window->document()->setScene(scene);
    canvas().zoomToFit();
    const BodyKey key = m_window->document()->keyAt(0);
    canvas().setSelection({key});
    QAction* vertices = m_window->findChild<QAction*>(QStringLiteral("actionToolVertices"));
    QVERIFY(vertices);
    vertices->trigger();
    canvas().viewport()->repaint();
    const PlacedName* before = canvas().namePlacement().find(0);
    QVERIFY(before && before->inside);
    // Vertex 2 of the rectangle (its top-right corner) dragged towards the name's centre, mouse move by move.
    const QPoint from = canvas().worldToViewport({2.0, 0.5}).toPoint();
    const QPoint to = (before->rect.center() + QPointF(before->rect.width() * 0.3, 0.0)).toPoint();
    QTest::mousePress(canvas().viewport(), Qt::LeftButton, {}, from);
    for (int i = 1; i <= 20; ++i) {
        QTest::mouseMove(canvas().viewport(), from + (to - from) * i / 20);
    }
    QTest::mouseRelease(canvas().viewport(), Qt::LeftButton, {}, to);
    const phys::BodyDef& moved = m_window->document()->body(key);
    const auto& polygon = std::get<phys::Polygon>(moved.shapes.front().geometry);
    QVERIFY2(std::abs(polygon.vertex(2).x - 2.0) > 0.3, "the drag moved the vertex");
    const QString why = paintAndCheck();
    QVERIFY2(why.isEmpty(), qPrintable(why));
}

// Exports draw the names where placeBodyNames puts them for the export's view: the SVG's text elements sit in
// the placed boxes, and the placement keeps the rules there too (PNG and SVG share SceneRenderer::render).
void TestBodyNames::exportsDrawTheNamesWhereTheyArePlaced() {
    QVERIFY(m_window->openFile(
        QStringLiteral(CONTACTLAB_SOURCE_DIR "/resources/scenes/demos/newtons_cradle.json")));
    hideWalkthroughStep(); // with a step, the names outside are placed with its labels (tst_labels checks those)
    auto* exporter = m_window->findChild<Exporter*>();
    QVERIFY(exporter);
    const QString file = m_dir.filePath(QStringLiteral("names.svg"));
    QCOMPARE(exporter->exportSvg(file, Exporter::Area::Scene), QString());
    const ViewTransform view = exporter->viewFor(Exporter::Area::Scene);
    RenderOptions options = canvas().renderOptions();
    options.displayScale = 1.0;
    const phys::SceneDef& scene = m_window->document()->scene().def;
    const NamePlacement placed = placeBodyNames(scene, view, options);
    const QString why = checkNames(scene, view, placed, 1.0);
    QVERIFY2(why.isEmpty(), qPrintable(why));
    QVERIFY(
        std::any_of(placed.names.begin(), placed.names.end(), [](const PlacedName& n) { return !n.inside; }));

    QFile svg(file);
    QVERIFY(svg.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&svg);
    std::vector<std::pair<QString, QPointF>> texts;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement() && xml.name() == QLatin1String("text")) {
            const QPointF at(xml.attributes().value(QStringLiteral("x")).toDouble(),
                             xml.attributes().value(QStringLiteral("y")).toDouble());
            texts.emplace_back(xml.readElementText(), at);
        }
    }
    QVERIFY(!xml.hasError());
    for (const PlacedName& n : placed.names) {
        const bool drawn = std::any_of(texts.begin(), texts.end(), [&](const auto& t) {
            return t.first == n.text && n.rect.contains(t.second);
        });
        QVERIFY2(drawn, qPrintable(QStringLiteral("\"%1\" is not in the SVG at its place").arg(n.text)));
    }
}

QTEST_MAIN(TestBodyNames)
#include "tst_body_names.moc"
