/// @file tst_sat_ruler.cpp
/// The SAT ruler beside the shapes (issue 12, review M1, M2, M8): where satRuler (widgets/overlay_sat.cpp)
/// puts the ruler, checked against the geometry itself, not against its own sampled costs: the ruler's band
/// (a rotated rectangle, view pixels) must not intersect the pair's or another body's outline, a body name or
/// a grid label, and must lie inside the view, on the scenes where the review saw it over the shapes, at the
/// sizes the canvas has there. The bracket of a containment axis is anchored to the two ends that define the
/// push-out. Frame the Pair frames the pair tighter than Zoom to Fit, with room for the ruler.

#include "overlay.h"
#include "overlay_private.h"
#include "scene_io.h"
#include "scene_renderer.h"
#include "walkthrough.h"

#include <QImage>
#include <QPainter>
#include <QPainterPath>
#include <QTest>

#include "physics/shape.h"

#include <cmath>
#include <optional>
#include <variant>

using namespace cl;
using namespace cl::overlay_detail;

namespace {

phys::SceneDef load(const QString& relative) {
    const auto loaded = loadSceneFile(QStringLiteral(CONTACTLAB_SOURCE_DIR "/") + relative);
    if (!std::holds_alternative<Scene>(loaded)) {
        qFatal("cannot load %s", qPrintable(relative));
    }
    return std::get<Scene>(loaded).def;
}

/// A body's outline in view pixels (every shape, filled).
QPainterPath bodyPath(const phys::BodyDef& body, const ViewTransform& view) {
    QPainterPath path;
    path.setFillRule(Qt::WindingFill);
    const phys::Transform xf{body.position, phys::Rot(body.angle)};
    for (const phys::ShapeDef& shape : body.shapes) {
        if (const auto* c = std::get_if<phys::Circle>(&shape.geometry)) {
            const QPointF centre = view.toView(phys::transformPoint(xf, c->center));
            const double r = view.toPixels(c->radius);
            path.addEllipse(centre, r, r);
        } else if (const auto* p = std::get_if<phys::Polygon>(&shape.geometry)) {
            QPolygonF poly;
            for (int i = 0; i < p->count(); ++i) {
                poly << view.toView(phys::transformPoint(xf, p->vertex(i)));
            }
            poly << poly.front();
            path.addPolygon(poly);
        }
    }
    return path;
}

/// The ruler's band, view pixels.
QPainterPath bandPath(const SatRuler& r, phys::Vec2 n, const ViewTransform& view) {
    const phys::Vec2 t = phys::leftPerp(n);
    QPolygonF poly;
    for (const auto& [s, lane] : {std::pair{r.sLo, r.bandLo}, std::pair{r.sHi, r.bandLo},
                                  std::pair{r.sHi, r.bandHi}, std::pair{r.sLo, r.bandHi}}) {
        poly << view.toView(s * n + lane * t);
    }
    poly << poly.front();
    QPainterPath path;
    path.addPolygon(poly);
    return path;
}

struct Placement {
    bool inView = true;
    QStringList over;         ///< what the band covers: bodies' names, "a body name" or "grid label ..."
    bool thirdClear = false;  ///< over no third body and no body name
    bool pairTouched = false; ///< over a body of the pair
    bool clear = false;       ///< in the view, over no third body and no body name
    bool pairClear = false;   ///< and over neither body of the pair
    /// Whether any placement of the band across the view is in the view, clear, clear of the pair too.
    bool inViewPossible = false, clearPossible = false, pairClearPossible = false;
};

/// Where the ruler of SAT axis `k` goes in `view` and what it covers, as drawSatAxis asks for it (the body
/// names and grid labels as obstacles, the other bodies' boxes as areas to avoid).
Placement placeRuler(const phys::SceneDef& scene, std::size_t a, std::size_t b, const Walkthrough& w, int k,
                     const ViewTransform& view, double scale, SatRuler* out = nullptr) {
    std::vector<QRectF> names = OverlayPainter::bodyNameRects(scene, view, scale);
    const std::vector<GridLabelBox> grid =
        SceneRenderer::gridLabelBoxes(view.visibleWorldRect(), view.worldToView(), scale);
    for (const GridLabelBox& g : grid) {
        names.push_back(g.backdrop);
    }
    std::vector<QRectF> others;
    for (std::size_t i = 0; i < scene.bodies.size(); ++i) {
        if (i != a && i != b) {
            others.push_back(bodyPath(scene.bodies[i], view).boundingRect());
        }
    }
    const SatRuler r = satRuler(w, k, view, scale, names, others);
    if (out) {
        *out = r;
    }
    const phys::SatAxis& axis = w.trace().sat.axes[k];
    // The band holds what is drawn: the three lanes and both shadows.
    const double bandLo = std::min(r.bandLo, r.bandHi), bandHi = std::max(r.bandLo, r.bandHi);
    for (const double lane : {r.laneA, r.laneB, r.laneMark}) {
        if (lane < bandLo - 1e-9 || lane > bandHi + 1e-9) {
            qFatal("lane outside the band");
        }
    }
    if (std::min(axis.minA, axis.minB) < r.sLo || std::max(axis.maxA, axis.maxB) > r.sHi) {
        qFatal("shadows outside the band");
    }
    const QString nameA = QString::fromStdString(scene.bodies[a].name);
    const QString nameB = QString::fromStdString(scene.bodies[b].name);
    // The chosen placement may weigh a few pixels past the view's edge against covering much of the pair;
    // the oracle's placements must be wholly inside.
    QRectF bounds = QRectF(QPointF(0, 0), view.viewSize()).adjusted(-6, -6, 6, 6);
    const QRectF seen = view.visibleWorldRect().normalized();
    const phys::Vec2 t = phys::leftPerp(axis.normal);
    const auto evaluate = [&](double bandLo, double bandHi) {
        SatRuler at = r;
        at.bandLo = bandLo;
        at.bandHi = bandHi;
        const QPainterPath band = bandPath(at, axis.normal, view);
        Placement p;
        // In the view (a pixel of slack for rounding): the stretch of the band whose middle line is in the
        // view, all of it when it fits. A shadow longer than the view (a 12 m ground's) leaves it at both
        // ends wherever the ruler goes; then its lanes must be in the view where its middle is.
        const auto point = [&](double s, double lane) {
            return view.toView(s * axis.normal + lane * t);
        };
        const double mid = 0.5 * (bandLo + bandHi);
        double s0 = 1e300, s1 = -1e300;
        for (double s = r.sLo; s <= r.sHi; s += view.toMetres(1.0)) {
            if (bounds.contains(point(s, mid))) {
                s0 = std::min(s0, s);
                s1 = std::max(s1, s);
            }
        }
        p.inView = s0 <= s1 && bounds.contains(point(s0, bandLo)) && bounds.contains(point(s0, bandHi)) &&
                   bounds.contains(point(s1, bandLo)) && bounds.contains(point(s1, bandHi));
        for (std::size_t i = 0; i < scene.bodies.size(); ++i) {
            if (band.intersects(bodyPath(scene.bodies[i], view))) {
                p.over << QString::fromStdString(scene.bodies[i].name);
            }
        }
        for (const QRectF& name : OverlayPainter::bodyNameRects(scene, view, scale)) {
            if (band.intersects(name)) {
                p.over << QStringLiteral("a body name");
            }
        }
        for (const GridLabelBox& g : grid) {
            if (band.intersects(g.backdrop)) {
                p.over << QStringLiteral("grid label %1").arg(g.text);
            }
        }
        QStringList third = p.over;
        third.removeAll(nameA);
        third.removeAll(nameB);
        third.removeIf([](const QString& x) { return x.startsWith(QStringLiteral("grid label")); });
        p.thirdClear = third.isEmpty();
        p.pairTouched = p.over.contains(nameA) || p.over.contains(nameB);
        p.clear = p.inView && p.thirdClear;
        p.pairClear = p.clear && !p.pairTouched;
        return p;
    };
    Placement p = evaluate(r.bandLo, r.bandHi);
    bounds = QRectF(QPointF(0, 0), view.viewSize());
    // The oracle: every placement of a band this wide, a pixel apart across the view. What the best of them
    // achieves (with a little to spare) is what the view allows.
    double lo = 1e300, hi = -1e300;
    for (const QPointF c : {seen.topLeft(), seen.topRight(), seen.bottomLeft(), seen.bottomRight()}) {
        lo = std::min(lo, phys::dot(phys::Vec2{c.x(), c.y()}, t));
        hi = std::max(hi, phys::dot(phys::Vec2{c.x(), c.y()}, t));
    }
    const double width = r.bandHi - r.bandLo;
    for (double from = lo; from + width <= hi; from += view.toMetres(1.0)) {
        // With 2 px to spare on either side: a placement that touches nothing by a pixel is not one the
        // ruler has to find.
        const double spare = view.toMetres(2.0);
        const Placement q = evaluate(from - spare, from + width + spare);
        p.inViewPossible = p.inViewPossible || q.inView;
        p.clearPossible = p.clearPossible || q.clear;
        p.pairClearPossible = p.pairClearPossible || q.pairClear;
    }
    return p;
}

Walkthrough sat(const phys::SceneDef& scene, std::size_t a, std::size_t b) {
    return Walkthrough::build(WalkthroughMode::Sat, scene.bodies[a], scene.bodies[b]);
}

phys::BodyDef box(const char* name, phys::Vec2 at, double w, double h) {
    phys::BodyDef body;
    body.name = name;
    body.position = at;
    body.shapes.resize(1);
    const phys::Vec2 corners[4] = {
        {-0.5 * w, -0.5 * h}, {0.5 * w, -0.5 * h}, {0.5 * w, 0.5 * h}, {-0.5 * w, 0.5 * h}};
    body.shapes[0].geometry = phys::Polygon::make(corners).value();
    return body;
}

} // namespace

class TestSatRuler : public QObject {
    Q_OBJECT

private slots:
    void rulerStaysBesideThePair_data();
    void rulerStaysBesideThePair();
    void tightViewPutsTheRulerOnTheSideWithoutBodies();
    void containmentBracketIsThePushOut();
    void overlapBracketIsTheSharedStretch();
    void framePairZoomsInWithRoomForTheRuler_data();
    void framePairZoomsInWithRoomForTheRuler();
    void pairNameStaysReadableOverTheCircleAxis();
    void vertexEdgeMissShowsWhatItsTextNames();
};

void TestSatRuler::rulerStaysBesideThePair_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("a");
    QTest::addColumn<int>("b");
    QTest::addColumn<QSize>("size");
    QTest::addColumn<double>("scale");
    // The canvas of a 1280x800 window with both docks (600x650), the label test's 820x640, and the
    // presentation-mode canvas of 1920x1080 (1400x900 at 1.5).
    const QString shapes = QStringLiteral("resources/scenes/shapes.json");
    const QString pair = QStringLiteral("tests/fixtures/walkthrough/pair.json");
    const QString deep = QStringLiteral("resources/scenes/catalogue/deep_penetration.json");
    QTest::newRow("first start: shapes.json box/plank") << shapes << 1 << 2 << QSize(600, 650) << 1.0;
    QTest::newRow("shapes.json box/plank, 820x640") << shapes << 1 << 2 << QSize(820, 640) << 1.0;
    QTest::newRow("pair.json") << pair << 0 << 1 << QSize(600, 650) << 1.0;
    QTest::newRow("pair.json, presentation 1920x1080") << pair << 0 << 1 << QSize(1400, 900) << 1.5;
    QTest::newRow("deep_penetration") << deep << 0 << 1 << QSize(600, 650) << 1.0;
    QTest::newRow("deep_penetration, presentation") << deep << 0 << 1 << QSize(1400, 900) << 1.5;
}

// Review M1: on the first start the ruler lay on the triangle, in pair.json through the plank and its name,
// in deep_penetration inside A. On every SAT axis of these scenes as they open (Zoom to Fit), the ruler now
// stays in the view and covers no third body and no body name; it covers the pair only when no placement in
// the view is clear of it (deep_penetration opens with the shapes filling the view).
void TestSatRuler::rulerStaysBesideThePair() {
    QFETCH(QString, file);
    QFETCH(int, a);
    QFETCH(int, b);
    QFETCH(QSize, size);
    QFETCH(double, scale);
    const phys::SceneDef scene = load(file);
    const ViewTransform view = SceneRenderer::fitView(scene, QSizeF(size));
    const Walkthrough w = sat(scene, std::size_t(a), std::size_t(b));
    QVERIFY(w.isValid());
    const int axes = w.trace().sat.axisCount;
    QVERIFY(axes >= 2);
    int clear = 0;
    for (int k = 0; k < axes; ++k) {
        SatRuler r;
        const Placement p = placeRuler(scene, std::size_t(a), std::size_t(b), w, k, view, scale, &r);
        const QString where = QStringLiteral("axis %1 over [%2] (band %3..%4: %5 out, %6 over the pair)%7")
                                  .arg(k + 1)
                                  .arg(p.over.join(", "))
                                  .arg(r.bandLo)
                                  .arg(r.bandHi)
                                  .arg(r.outside)
                                  .arg(r.overPair);
        // What the view allows, the ruler does: in the view (or all but a sliver, under 3 % of it, when the
        // placements wholly inside cover much of the pair); then clear of third bodies and names; then clear
        // of the pair too.
        const bool inView = p.inView || r.outside < 0.03;
        QVERIFY2(inView || !p.inViewPossible, qPrintable(where.arg(QStringLiteral(", leaves the view"))));
        QVERIFY2((inView && p.thirdClear) || !p.clearPossible,
                 qPrintable(where.arg(QStringLiteral(", a clear spot exists"))));
        QVERIFY2((inView && p.thirdClear && !p.pairTouched) || !p.pairClearPossible,
                 qPrintable(where.arg(QStringLiteral(", a spot clear of the pair exists"))));
        clear += p.pairClear ? 1 : 0;
    }
    qInfo("%d of %d axes clear of everything", clear, axes);
}

// When the view has no room for the ruler beside the pair, it goes over the pair rather than over a third
// body: a pair framed with 24 px to spare on the left and a wall 16 px right of it, up to the view's edge.
void TestSatRuler::tightViewPutsTheRulerOnTheSideWithoutBodies() {
    phys::SceneDef scene;
    scene.bodies = {box("a", {0, 0}, 2, 2), box("b", {0, 1.8}, 2, 2), box("wall", {1.7, 1.0}, 1, 6)};
    const Walkthrough w = sat(scene, 0, 1);
    QVERIFY(w.isValid());
    // The pair spans x in [-1, 1], the wall [1.2, 2.2] (16 px away): fit [-1.3, 2.2] wide (24 px left of the
    // pair). The ruler (about 50 px wide) fits neither beside the pair nor between it and the wall.
    const phys::AABB frame{{-1.3, -1.5}, {2.2, 4.5}};
    const ViewTransform view = ViewTransform::fitting(frame, QSizeF(300, 480), 0.0);
    int checked = 0;
    for (int k = 0; k < w.trace().sat.axisCount; ++k) {
        const phys::Vec2 n = w.trace().sat.axes[k].normal;
        if (std::abs(n.x) > 1e-9) {
            continue; // a horizontal axis: the ruler goes above or below, where there is room
        }
        SatRuler r;
        const Placement p = placeRuler(scene, 0, 1, w, k, view, 1.0, &r);
        QVERIFY2(!p.over.contains(QStringLiteral("wall")),
                 qPrintable(QStringLiteral("axis %1 over %2").arg(k + 1).arg(p.over.join(", "))));
        QVERIFY2(r.outside < 0.05, qPrintable(QString::number(r.outside)));
        ++checked;
    }
    QVERIFY(checked >= 2);
}

// Review M2: deep_penetration's axis 5 (the normal of A's edge 4), B's shadow [-0.77, 0.23] inside A's
// [-1.39, 1.39]: the bracket is the push-out 1.62 m, from A's low end to B's high end, tied to those two
// bars, and B's bar moved by it (the ghost) has B's length and ends on A's low end.
void TestSatRuler::containmentBracketIsThePushOut() {
    const phys::SceneDef scene = load(QStringLiteral("resources/scenes/catalogue/deep_penetration.json"));
    const Walkthrough w = sat(scene, 0, 1);
    QVERIFY(w.isValid());
    const ViewTransform view = SceneRenderer::fitView(scene, QSizeF(600, 650));
    int contained = 0;
    for (int k = 0; k < w.trace().sat.axisCount; ++k) {
        const phys::SatAxis& axis = w.trace().sat.axes[k];
        const SatRuler r = satRuler(w, k, view, 1.0, {}, {});
        const bool bInsideA = axis.minA <= axis.minB && axis.maxB <= axis.maxA;
        const bool aInsideB = axis.minB <= axis.minA && axis.maxA <= axis.maxB;
        const double pushOut = std::min(axis.maxA - axis.minB, axis.maxB - axis.minA);
        const double shared = std::min(axis.maxA, axis.maxB) - std::max(axis.minA, axis.minB);
        QCOMPARE(r.containment, (bInsideA || aInsideB) && pushOut > shared + 1e-9);
        if (!r.containment) {
            continue;
        }
        ++contained;
        // The bracket measures the push-out, from an end of A's bar to an end of B's.
        QVERIFY(std::abs(std::abs(r.s2 - r.s1) - pushOut) < 1e-12);
        QVERIFY(r.s1OfA != r.s2OfA);
        const double endA = r.s1OfA ? r.s1 : r.s2;
        const double endB = r.s1OfA ? r.s2 : r.s1;
        QVERIFY(endA == axis.minA || endA == axis.maxA);
        QVERIFY(endB == axis.minB || endB == axis.maxB);
        // B moved by the push-out: its length, touching A's end, outside A's shadow.
        QVERIFY(std::abs((r.ghostHi - r.ghostLo) - (axis.maxB - axis.minB)) < 1e-12);
        QVERIFY(std::abs(r.ghostHi - axis.minA) < 1e-12 || std::abs(r.ghostLo - axis.maxA) < 1e-12);
        QVERIFY(r.ghostHi <= axis.minA + 1e-12 || r.ghostLo >= axis.maxA - 1e-12);
        // Ties: A's end to A's lane, B's to B's (SatRuler::s1OfA); the lanes in order outward.
        QVERIFY((r.laneB - r.laneA) * r.side > 0.0);
        QVERIFY((r.laneMark - r.laneB) * r.side > 0.0);
    }
    QVERIFY(contained >= 2); // axes 5 and 7 (review M2)
}

// Partial overlap (shapes.json's box and plank, axis 1): the bracket is the stretch both shadows share.
void TestSatRuler::overlapBracketIsTheSharedStretch() {
    const phys::SceneDef scene = load(QStringLiteral("tests/fixtures/walkthrough/pair.json"));
    const Walkthrough w = sat(scene, 0, 1);
    const ViewTransform view = SceneRenderer::fitView(scene, QSizeF(600, 650));
    int partial = 0;
    for (int k = 0; k < w.trace().sat.axisCount; ++k) {
        const phys::SatAxis& axis = w.trace().sat.axes[k];
        const SatRuler r = satRuler(w, k, view, 1.0, {}, {});
        if (r.containment || axis.separating) {
            continue;
        }
        ++partial;
        QCOMPARE(std::min(r.s1, r.s2), std::max(axis.minA, axis.minB));
        QCOMPARE(std::max(r.s1, r.s2), std::min(axis.maxA, axis.maxB));
    }
    QVERIFY(partial >= 2);
}

void TestSatRuler::framePairZoomsInWithRoomForTheRuler_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("a");
    QTest::addColumn<int>("b");
    QTest::addColumn<double>("scale");
    QTest::addColumn<bool>("zoomsIn"); // a third body makes Zoom to Fit wider than the pair
    const QString stack = QStringLiteral("resources/scenes/demos/vertical_stack.json");
    QTest::newRow("vertical stack ground/box 1") << stack << 0 << 1 << 1.0 << true;
    QTest::newRow("vertical stack box 1/ground") << stack << 1 << 0 << 1.0 << true;
    QTest::newRow("vertical stack, presentation") << stack << 0 << 1 << 1.5 << true;
    QTest::newRow("pair.json") << QStringLiteral("tests/fixtures/walkthrough/pair.json") << 0 << 1 << 1.0
                               << false;
    QTest::newRow("shapes.json box/plank")
        << QStringLiteral("resources/scenes/shapes.json") << 1 << 2 << 1.0 << true;
    QTest::newRow("deep_penetration")
        << QStringLiteral("resources/scenes/catalogue/deep_penetration.json") << 0 << 1 << 1.0 << false;
}

// Review M8: Frame the Pair on the vertical stack gave 20 px/m against Zoom to Fit's 41. It now zooms in
// on the pair, keeps both bodies' contact region in the view, and leaves the ruler of every SAT axis room
// beside the pair, in the view, clear of both bodies and the names.
void TestSatRuler::framePairZoomsInWithRoomForTheRuler() {
    QFETCH(QString, file);
    QFETCH(int, a);
    QFETCH(int, b);
    QFETCH(double, scale);
    QFETCH(bool, zoomsIn);
    const phys::SceneDef scene = load(file);
    const QSizeF size(600, 650);
    const Walkthrough w = sat(scene, std::size_t(a), std::size_t(b));
    QVERIFY(w.isValid());
    const ViewTransform fit = SceneRenderer::fitView(scene, size);
    const ViewTransform framed = OverlayPainter::pairView(w, size, scale);
    QVERIFY2(!zoomsIn || framed.pixelsPerMetre() > fit.pixelsPerMetre(),
             qPrintable(QStringLiteral("%1 px/m framed, %2 fitted")
                            .arg(framed.pixelsPerMetre())
                            .arg(fit.pixelsPerMetre())));
    // The smaller body is wholly in the view (the contact is on it).
    const phys::AABB small = [&] {
        const phys::CollideTrace& t = w.trace();
        const auto extent = [](const phys::AABB& x) {
            return std::max(x.upper.x - x.lower.x, x.upper.y - x.lower.y);
        };
        return extent(t.aabbA) <= extent(t.aabbB) ? t.aabbA : t.aabbB;
    }();
    const QRectF visible = framed.visibleWorldRect().normalized();
    QVERIFY(visible.contains(
        QRectF(QPointF(small.lower.x, small.lower.y), QPointF(small.upper.x, small.upper.y)).normalized()));
    for (int k = 0; k < w.trace().sat.axisCount; ++k) {
        const Placement p = placeRuler(scene, std::size_t(a), std::size_t(b), w, k, framed, scale);
        QVERIFY2(p.inView, qPrintable(QStringLiteral("axis %1 leaves the view").arg(k + 1)));
        const QString nameA = QString::fromStdString(scene.bodies[std::size_t(a)].name);
        const QString nameB = QString::fromStdString(scene.bodies[std::size_t(b)].name);
        // Clear of the smaller body (where the contact is) and of every name; a long ground spans the view.
        const bool aSmaller = [&] {
            const phys::CollideTrace& t = w.trace();
            const auto extent = [](const phys::AABB& x) {
                return std::max(x.upper.x - x.lower.x, x.upper.y - x.lower.y);
            };
            return extent(t.aabbA) <= extent(t.aabbB);
        }();
        QVERIFY2(!p.over.contains(aSmaller ? nameA : nameB) &&
                     !p.over.contains(QStringLiteral("a body name")),
                 qPrintable(
                     QStringLiteral("axis %1 over %2 (possible: in view %3, clear %4, clear of the pair %5)")
                         .arg(k + 1)
                         .arg(p.over.join(", "))
                         .arg(p.inViewPossible)
                         .arg(p.clearPossible)
                         .arg(p.pairClearPossible)));
        // And clear of both when some placement in the view is (the oracle of placeRuler).
        QVERIFY2(!p.pairTouched || !p.pairClearPossible,
                 qPrintable(QStringLiteral("axis %1 over %2, a spot clear of the pair exists")
                                .arg(k + 1)
                                .arg(p.over.join(", "))));
    }
}

// Review M3: the circle axis ends on the circle's centre, where its name is: the centre dot and the segment
// were drawn over it ("cir●le 1"). The pair's names are drawn again over the step: every core pixel of the
// name's letters in the scene alone is the same in the picture with the step over it.
void TestSatRuler::pairNameStaysReadableOverTheCircleAxis() {
    const phys::SceneDef scene = load(QStringLiteral("resources/scenes/catalogue/circle_vertex_region.json"));
    const Walkthrough w = sat(scene, 0, 1);
    QVERIFY(w.isValid());
    int step = -1;
    for (int i = 0; i < w.stepCount() && step < 0; ++i) {
        const WalkthroughStep& s = w.step(i);
        if (s.kind == WalkthroughStepKind::SatAxis &&
            w.trace().sat.axes[s.index].owner == phys::SatAxisOwner::Circle) {
            step = i;
        }
    }
    QVERIFY(step >= 0);
    const QSize size(820, 640);
    const ViewTransform view = SceneRenderer::fitView(scene, QSizeF(size));
    const std::optional<QRectF> name = OverlayPainter::bodyNameRect(scene, 1, view, 1.0);
    QVERIFY(name.has_value());
    // The name now keeps off the circle's radius line, which starts at the centre (name_placement.h), so the
    // axis's segment and dot no longer end inside it; its letters must still come through the step untouched.
    const auto render = [&](bool withStep) {
        QImage image(size, QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::white);
        QPainter painter(&image);
        if (withStep) {
            OverlayPainter::renderAll(painter, scene, view, RenderOptions{}, OverlayOptions{}, &w, step);
        } else {
            SceneRenderer::render(painter, scene, view, RenderOptions{});
        }
        painter.end();
        return image;
    };
    const QImage plain = render(false);
    const QImage over = render(true);
    int ink = 0, kept = 0;
    const QRect box = name->toAlignedRect().intersected(plain.rect());
    for (int y = box.top(); y <= box.bottom(); ++y) {
        for (int x = box.left(); x <= box.right(); ++x) {
            const QRgb a = plain.pixel(x, y);
            if (qGray(a) >= 80) {
                continue; // not the core of a letter
            }
            ++ink;
            const QRgb b = over.pixel(x, y);
            kept += std::abs(qRed(a) - qRed(b)) < 40 && std::abs(qGreen(a) - qGreen(b)) < 40 &&
                            std::abs(qBlue(a) - qBlue(b)) < 40
                        ? 1
                        : 0;
        }
    }
    QVERIFY2(ink > 20, qPrintable(QString::number(ink)));
    QVERIFY2(kept == ink, qPrintable(QStringLiteral("%1 of %2 letter pixels kept").arg(kept).arg(ink)));
}

// Review D6: when the vertex-edge method finds no contact, its step names the vertices that lie inside the
// other polygon and the edges their edges cross, but drew none of them. On the review's triangle/pentagon
// (A's vertex 2 and B's vertex 0 inside; their edges leave through different edges) each inside vertex is
// drawn in the method's colour, and so is the middle of each edge the text says is crossed; the scene alone
// has none of that colour there.
void TestSatRuler::vertexEdgeMissShowsWhatItsTextNames() {
    const phys::SceneDef scene = load(QStringLiteral("tests/fixtures/walkthrough/tri_pent.json"));
    const Walkthrough w = Walkthrough::build(WalkthroughMode::Methods, scene.bodies[0], scene.bodies[1]);
    QVERIFY(w.isValid());
    int step = -1;
    for (int i = 0; i < w.stepCount() && step < 0; ++i) {
        if (w.step(i).kind == WalkthroughStepKind::Method && w.step(i).index == 2) {
            step = i;
        }
    }
    QVERIFY(step >= 0);
    QCOMPARE(w.methodTrace(2).vertexEdge.which, phys::VertexEdgeCase::None);
    const QSize size(820, 640);
    const ViewTransform view = SceneRenderer::fitView(scene, QSizeF(size));
    QImage image(size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::white);
    {
        QPainter painter(&image);
        OverlayPainter::renderAll(painter, scene, view, RenderOptions{}, OverlayOptions{}, &w, step);
    }
    const QColor colour = OverlayPainter::methodColor(2);
    // Within 5 px: a dot is a ring of about that radius.
    const auto colouredNear = [&](QPointF at) {
        for (int dy = -5; dy <= 5; ++dy) {
            for (int dx = -5; dx <= 5; ++dx) {
                const QColor c = image.pixelColor(at.toPoint() + QPoint(dx, dy));
                if (std::abs(c.red() - colour.red()) < 30 && std::abs(c.green() - colour.green()) < 30 &&
                    std::abs(c.blue() - colour.blue()) < 30) {
                    return true;
                }
            }
        }
        return false;
    };
    const phys::Polygon* polygons[2] = {std::get_if<phys::Polygon>(&w.geometryA()),
                                        std::get_if<phys::Polygon>(&w.geometryB())};
    const phys::Transform transforms[2] = {w.transformA(), w.transformB()};
    int vertices = 0, edges = 0;
    for (const WalkthroughClaim& c : w.step(step).claims) {
        if (c.kind == WalkthroughClaim::Kind::VertexInside && c.holds) {
            QVERIFY2(colouredNear(view.toView(c.point)),
                     qPrintable(QStringLiteral("vertex %1").arg(c.vertex)));
            ++vertices;
        } else if (c.kind == WalkthroughClaim::Kind::EdgeCrossings) {
            const phys::Polygon* crossed = polygons[1 - c.polygon];
            QVERIFY(crossed != nullptr);
            for (const int j : c.edges) {
                const phys::Transform& xf = transforms[1 - c.polygon];
                const phys::Vec2 middle =
                    0.5 * (phys::transformPoint(xf, crossed->vertex(j)) +
                           phys::transformPoint(xf, crossed->vertex((j + 1) % crossed->count())));
                QVERIFY2(colouredNear(view.toView(middle)), qPrintable(QStringLiteral("edge %1").arg(j)));
                ++edges;
            }
        }
    }
    QCOMPARE(vertices, 2);
    QCOMPARE(edges, 4);
}

QTEST_MAIN(TestSatRuler)
#include "tst_sat_ruler.moc"
