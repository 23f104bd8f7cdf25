/// @file tst_drag_layer.cpp
/// The canvas's drag layer (SceneCanvas::paintEvent, issue 12): while one body changes again and again (a
/// vertex drag), the canvas paints from a layer of everything else and repaints only that body's area. The
/// oracle is QGraphicsView's own paint: a second canvas that shows the same scene, view and selection without
/// a drag. Every pixel must be the same, mid-drag and after any other change, with bodies below and above
/// the dragged one overlapping it, names drawn, and the dragged body selected.

#include "overlay.h"
#include "scene_canvas.h"
#include "view_transform.h"
#include "walkthrough.h"

#include "physics/polygon_factory.h"

#include <QImage>
#include <QTest>

#include <cmath>
#include <vector>

namespace {

phys::ShapeDef polygonShape(const std::vector<phys::Vec2>& vertices) {
    phys::ShapeDef shape;
    shape.geometry = *phys::Polygon::make(vertices);
    return shape;
}

phys::ShapeDef boxShape(double hw, double hh) {
    return polygonShape({{-hw, -hh}, {hw, -hh}, {hw, hh}, {-hw, hh}});
}

phys::BodyDef body(const char* name, phys::Vec2 at, double angle, phys::ShapeDef shape,
                   phys::BodyType type = phys::BodyType::Dynamic) {
    phys::BodyDef b;
    b.name = name;
    b.position = at;
    b.angle = angle;
    b.type = type;
    b.shapes = {std::move(shape)};
    return b;
}

/// A floor, a circle and a box below the dragged box (index 3), a hexagon, a circle and a box above it; every
/// one of the five dynamic neighbours overlaps the dragged box, so its area holds pixels of bodies drawn
/// before and after it. Large enough at 60 px/m for the names to be drawn.
phys::SceneDef scene() {
    phys::SceneDef s;
    s.bodies.push_back(body("floor", {0, -1.6}, 0.0, boxShape(6, 0.4), phys::BodyType::Static));
    phys::ShapeDef circle;
    circle.geometry = phys::Circle{{0, 0}, 0.8};
    s.bodies.push_back(body("ball", {-1.0, 0.2}, 0.4, circle));
    s.bodies.push_back(body("low box", {0.9, -0.6}, 0.3, boxShape(0.7, 0.5)));
    s.bodies.push_back(body("dragged", {0.0, 0.0}, 0.2, boxShape(0.9, 0.7)));
    std::vector<phys::Vec2> hexagon;
    for (int k = 0; k < 6; ++k) {
        const double a = 2.0 * phys::kPi * k / 6.0;
        hexagon.push_back({0.7 * std::cos(a), 0.7 * std::sin(a)});
    }
    s.bodies.push_back(body("hexagon", {0.8, 0.9}, 0.1, polygonShape(hexagon)));
    phys::ShapeDef small;
    small.geometry = phys::Circle{{0, 0}, 0.5};
    s.bodies.push_back(body("top ball", {-0.7, -0.7}, 1.0, small));
    s.bodies.push_back(body("top box", {1.2, 0.1}, -0.5, boxShape(0.5, 0.4)));
    return s;
}

/// The dragged box with its corner 2 pulled by (d, d / 2) metres.
phys::BodyDef dragged(const phys::SceneDef& s, double d) {
    phys::BodyDef b = s.bodies[3];
    const auto& box = std::get<phys::Polygon>(b.shapes[0].geometry);
    std::vector<phys::Vec2> vertices(box.vertices().begin(), box.vertices().end());
    vertices[2] = vertices[2] + phys::Vec2{d, 0.5 * d};
    b.shapes[0] = polygonShape(vertices);
    return b;
}

const phys::Vec2 kCentre{0.2, 0.0};

/// A canvas of 420x300 showing `s` at 60 px/m, `selected` (keys) selected.
void setUp(cl::SceneCanvas& canvas, const phys::SceneDef& s, const QList<quint64>& selected) {
    canvas.resize(420, 300);
    canvas.show();
    QVERIFY(QTest::qWaitForWindowExposed(&canvas));
    canvas.setSceneDef(s);
    canvas.setViewTransform(cl::ViewTransform(60.0, kCentre, QSizeF()));
    canvas.setSelection(selected);
}

QImage paint(cl::SceneCanvas& canvas) {
    return canvas.viewport()->grab().toImage().convertToFormat(QImage::Format_ARGB32);
}

/// How many pixels differ.
int differing(const QImage& a, const QImage& b) {
    if (a.size() != b.size()) {
        return -1;
    }
    int count = 0;
    for (int y = 0; y < a.height(); ++y) {
        for (int x = 0; x < a.width(); ++x) {
            count += a.pixel(x, y) != b.pixel(x, y) ? 1 : 0;
        }
    }
    return count;
}

/// The walkthrough of the dragged box and the hexagon (SAT, last step), drawn by `overlay`.
void showWalkthrough(cl::WalkthroughOverlay& overlay, cl::Walkthrough& walkthrough, const phys::SceneDef& s) {
    walkthrough = cl::Walkthrough::build(cl::WalkthroughMode::Sat, s.bodies[3], s.bodies[4]);
    overlay.setWalkthrough(&walkthrough, walkthrough.stepCount() - 1);
}

/// The labels the overlay placed, as text and box.
QStringList placed(const cl::WalkthroughOverlay& overlay) {
    QStringList out;
    for (const cl::PlacedLabel& label : overlay.lastLabels()) {
        const QRectF& r = label.textRect;
        out << QStringLiteral("%1 @ %2,%3 %4x%5")
                   .arg(label.request.text)
                   .arg(r.x(), 0, 'g', 17)
                   .arg(r.y(), 0, 'g', 17)
                   .arg(r.width(), 0, 'g', 17)
                   .arg(r.height(), 0, 'g', 17);
    }
    return out;
}

/// What QGraphicsView paints for `s` with `selected` and `hovered` and the walkthrough overlay, on a canvas
/// that never saw a drag; `labels` receives the overlay's labels.
QImage reference(const phys::SceneDef& s, const QList<quint64>& selected, quint64 hovered = 0,
                 QStringList* labels = nullptr) {
    cl::SceneCanvas canvas;
    cl::WalkthroughOverlay overlay;
    cl::Walkthrough walkthrough;
    canvas.addOverlay(&overlay);
    setUp(canvas, s, selected);
    showWalkthrough(overlay, walkthrough, s);
    canvas.setHoveredBody(hovered);
    const QImage image = paint(canvas);
    if (canvas.paintedFromDragLayer()) {
        qWarning("the reference canvas painted from a drag layer");
        return {};
    }
    if (labels) {
        *labels = placed(overlay);
    }
    return image;
}

} // namespace

class TestDragLayer : public QObject {
    Q_OBJECT

private slots:
    void dragMatchesFullPaint();
    void otherChangesLeaveTheLayer();
};

void TestDragLayer::dragMatchesFullPaint() {
    const phys::SceneDef s = scene();
    const quint64 key = 4; // keys are 1, 2, 3...: the dragged box
    cl::SceneCanvas canvas;
    cl::WalkthroughOverlay overlay;
    cl::Walkthrough walkthrough;
    canvas.addOverlay(&overlay);
    setUp(canvas, s, {key});
    showWalkthrough(overlay, walkthrough, s);
    QImage previous = paint(canvas);
    QVERIFY(!canvas.paintedFromDragLayer());
    QVERIFY2(!overlay.lastLabels().empty(), "the walkthrough step draws no label");
    for (int move = 1; move <= 8; ++move) {
        phys::SceneDef now = s;
        now.bodies[3] = dragged(s, 0.05 * move);
        canvas.setBody(key, now.bodies[3]);
        showWalkthrough(overlay, walkthrough, now);
        const QImage image = paint(canvas);
        // The first change may be a single edit; from the second on the canvas paints from the layer.
        QCOMPARE(canvas.paintedFromDragLayer(), move >= 2);
        QVERIFY2(differing(image, previous) > 0, "the move changed nothing on screen");
        QStringList labels;
        const QImage expected = reference(now, {key}, 0, &labels);
        // The overlay's labels keep clear of the body names it measured once for the drag: the same places.
        QCOMPARE(placed(overlay), labels);
        QCOMPARE(differing(image, expected), 0);
        previous = image;
    }
}

void TestDragLayer::otherChangesLeaveTheLayer() {
    const phys::SceneDef s = scene();
    const quint64 key = 4;
    cl::SceneCanvas canvas;
    cl::WalkthroughOverlay overlay;
    cl::Walkthrough walkthrough;
    canvas.addOverlay(&overlay);
    setUp(canvas, s, {key});
    phys::SceneDef now = s;
    const auto move = [&](int step) {
        now.bodies[3] = dragged(s, 0.1 * step);
        canvas.setBody(key, now.bodies[3]);
        showWalkthrough(overlay, walkthrough, now);
        return paint(canvas);
    };
    for (int step = 1; step <= 3; ++step) {
        (void)move(step);
    }
    QVERIFY(canvas.paintedFromDragLayer());

    // Another body changes (an undo of something else, the Inspector): the layer held it, so it goes.
    now.bodies[5].position = now.bodies[5].position + phys::Vec2{0.3, 0.1};
    canvas.setBody(5 + 1, now.bodies[5]);
    QImage image = paint(canvas);
    QVERIFY(!canvas.paintedFromDragLayer());
    QCOMPARE(differing(image, reference(now, {key})), 0);

    // A new drag of the box, then the selection changes under it.
    for (int step = 4; step <= 5; ++step) {
        (void)move(step);
    }
    QVERIFY(canvas.paintedFromDragLayer());
    canvas.setSelection({key, 2});
    image = paint(canvas);
    QVERIFY(!canvas.paintedFromDragLayer());
    QCOMPARE(differing(image, reference(now, {key, 2})), 0);

    // Hover, then a drag again with the hover on a neighbour: still every pixel.
    canvas.setHoveredBody(6);
    for (int step = 6; step <= 7; ++step) {
        image = move(step);
    }
    QVERIFY(canvas.paintedFromDragLayer());
    QCOMPARE(differing(image, reference(now, {key, 2}, 6)), 0);

    // The view moves: the layer is made again at the new view.
    const cl::ViewTransform closer(75.0, kCentre + phys::Vec2{0.3, 0.2}, QSizeF());
    canvas.setViewTransform(closer);
    image = paint(canvas);
    QVERIFY(!canvas.paintedFromDragLayer());
    for (int step = 8; step <= 9; ++step) {
        image = move(step);
    }
    QVERIFY(canvas.paintedFromDragLayer());
    cl::SceneCanvas other;
    cl::WalkthroughOverlay otherOverlay;
    cl::Walkthrough otherWalkthrough;
    other.addOverlay(&otherOverlay);
    setUp(other, now, {key, 2});
    showWalkthrough(otherOverlay, otherWalkthrough, now);
    other.setHoveredBody(6);
    other.setViewTransform(closer);
    QCOMPARE(differing(image, paint(other)), 0);
    QCOMPARE(placed(overlay), placed(otherOverlay));
}

QTEST_MAIN(TestDragLayer)
#include "tst_drag_layer.moc"
