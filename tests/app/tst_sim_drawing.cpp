/// @file tst_sim_drawing.cpp
/// Simulate mode's drawing on the real MainWindow: the batched body painter (sim_body_layer.h) puts every
/// body where the engine has it, in its palette colour, with nothing elsewhere; the Verlet overlay draws the
/// solver's particles where the solver has them, only when it is on, and only on the World's own step. Pixels
/// are read from the canvas viewport rendered to an image; the controller's clock is external.

#include "app_test_util.h"
#include "body_item.h"
#include "document.h"
#include "main_window.h"
#include "scene_canvas.h"
#include "scene_renderer.h"
#include "sim_line_raster.h"
#include "sim_overlay.h"
#include "simulation_controller.h"
#include "simulation_panel.h"

#include "physics/world.h"

#include <QGraphicsScene>
#include <QImage>
#include <QPainter>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <memory>

using namespace cl;

namespace {

phys::ShapeDef boxShape(double hw, double hh) {
    phys::ShapeDef s;
    const std::vector<phys::Vec2> v{{-hw, -hh}, {hw, -hh}, {hw, hh}, {-hw, hh}};
    s.geometry = *phys::Polygon::make(v);
    return s;
}

/// A floor and `count` dynamic bodies 3 m apart in a row, alternately boxes (0.5 m half size, turned and
/// spinning) and circles (0.5 m radius), falling from 2 m.
Scene rowScene(int count, phys::SolverKind solver) {
    Scene scene;
    scene.def.settings.solver = solver;
    phys::BodyDef floor;
    floor.name = "floor";
    floor.type = phys::BodyType::Static;
    floor.position = {0.0, -0.5};
    floor.shapes = {boxShape(1.5 * count + 0.5, 0.5)};
    scene.def.bodies.push_back(floor);
    for (int i = 0; i < count; ++i) {
        phys::BodyDef b;
        b.name = "b" + std::to_string(i);
        b.position = {3.0 * (i - 0.5 * (count - 1)), 2.0};
        if (i % 2 == 0) {
            b.shapes = {boxShape(0.5, 0.5)};
            b.angle = 0.3 + 0.2 * i;
            b.angularVelocity = 1.5;
        } else {
            phys::ShapeDef c;
            c.geometry = phys::Circle{{0, 0}, 0.5};
            b.shapes = {c};
        }
        scene.def.bodies.push_back(b);
    }
    return scene;
}

struct Fixture {
    std::unique_ptr<MainWindow> window;
    SimulationUi* ui = nullptr;
    SimulationController* sim = nullptr;
    SceneCanvas* canvas = nullptr;
};

Fixture open(const Scene& scene, const QString& overlays) {
    Fixture f;
    f.window = std::make_unique<MainWindow>();
    f.window->setSaveSettingsOnClose(false);
    f.window->resize(1200, 800);
    f.window->show();
    f.ui = f.window->findChild<SimulationUi*>();
    f.sim = f.ui->controller();
    f.canvas = f.window->canvas();
    f.window->document()->setScene(scene);
    f.canvas->setShowGrid(false);      // a plain background: every pixel off the bodies has its colour
    f.canvas->setShowBodyNames(false); // and no name over a body's fill
    f.canvas->zoomToFit();
    f.sim->setExternalClock(true);
    f.ui->simulateAction()->trigger();
    f.ui->setOverlayNames(QStringLiteral("none,") + overlays);
    return f;
}

QImage render(SceneCanvas* canvas) {
    return canvas->viewport()->grab().toImage().convertToFormat(QImage::Format_ARGB32);
}

/// Largest per-channel difference of two colours.
int colourDistance(QRgb a, QRgb b) {
    return std::max(
        {std::abs(qRed(a) - qRed(b)), std::abs(qGreen(a) - qGreen(b)), std::abs(qBlue(a) - qBlue(b))});
}

QPoint pixelOf(QPointF viewportPoint) {
    return {static_cast<int>(std::floor(viewportPoint.x())), static_cast<int>(std::floor(viewportPoint.y()))};
}

QRgb pixelAt(const QImage& image, QPointF viewportPoint) {
    return image.pixel(pixelOf(viewportPoint));
}

} // namespace

class TestSimDrawing : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() {
        QVERIFY(m_dir.isValid());
        cltest::isolateAppState(m_dir);
    }

    void bodiesDrawnWhereTheEngineHasThem();
    void selectionHighlightDrawnByTheLayer();
    void editModeGetsItsItemsBack();
    void lineRasterSetsThePixelsOfALine();
    void verletOverlayDrawsTheParticles();
    void verletOverlayOnlyOnTheWorldsStep();

private:
    QTemporaryDir m_dir;
};

// After N steps, every body's inside (points of its shapes, through its engine pose) is painted in its
// palette fill, points just beyond its shapes are background, and no body item is in the QGraphicsScene:
// the batched layer drew them.
void TestSimDrawing::bodiesDrawnWhereTheEngineHasThem() {
    Fixture f = open(rowScene(6, phys::SolverKind::Impulse), QString());
    QVERIFY(f.canvas->batchedBodies());
    for (QGraphicsItem* item : f.canvas->scene()->items()) {
        QVERIFY(item->type() != BodyItem::kType);
    }
    for (int i = 0; i < 25; ++i) {
        f.sim->stepForward();
    }
    QCOMPARE(f.sim->currentStep(), 25);
    const QImage image = render(f.canvas);
    const double ppm = f.canvas->pixelsPerMetre();
    QVERIFY2(ppm > 15.0, qPrintable(QString::number(ppm))); // bodies many pixels wide: inside is inside
    const QRgb background = SceneRenderer::backgroundColor().rgb();
    const Document& document = *f.window->document();
    int checked = 0;
    for (int i = 1; i < document.bodyCount(); ++i) {
        const BodyKey key = document.keyAt(i);
        const phys::BodyDef& def = document.body(key);
        const std::optional<phys::BodyDef> now = f.sim->bodyAt(key);
        QVERIFY(now);
        // Paused after a step: the pose drawn is the engine's.
        const phys::Transform shown = f.sim->displayTransform(f.sim->slotOf(key));
        QCOMPARE(shown.p.x, now->position.x);
        QCOMPARE(shown.p.y, now->position.y);
        QVERIFY(std::abs(std::atan2(shown.q.s, shown.q.c) - std::remainder(now->angle, 2.0 * phys::kPi)) <
                1e-12);
        QVERIFY2(std::abs(now->position.y - def.position.y) > 0.3, "the body fell"); // it moved
        const phys::Transform xf{now->position, phys::Rot(now->angle)};
        const QRgb fill = SceneRenderer::bodyColors(def, i).fill.rgb();
        // Inside, in the body frame: four points 0.2 m in from a box's corners (with its centre), or 0.2 m in
        // from a circle's rim and off its radius mark (the mark runs from the centre along +x).
        const bool box = std::holds_alternative<phys::Polygon>(def.shapes.front().geometry);
        const double d = box ? 0.3 : 0.3 / std::sqrt(2.0) + 0.0;
        for (const phys::Vec2 inside : {box ? phys::Vec2{0, 0} : phys::Vec2{-0.3, 0}, phys::Vec2{d, d},
                                        phys::Vec2{-d, d}, phys::Vec2{d, -d}, phys::Vec2{-d, -d}}) {
            const QRgb got = pixelAt(image, f.canvas->worldToViewport(phys::transformPoint(xf, inside)));
            QVERIFY2(colourDistance(got, fill) <= 2,
                     qPrintable(QStringLiteral("body %1 at local (%2, %3): %4, expected %5")
                                    .arg(i)
                                    .arg(inside.x)
                                    .arg(inside.y)
                                    .arg(QColor(got).name(), QColor(fill).name())));
            ++checked;
        }
        // Outside: 0.25 m beyond the bounding circle (which is at most 0.71 m), left, right and above.
        for (const phys::Vec2 offset : {phys::Vec2{-0.96, 0}, phys::Vec2{0.96, 0}, phys::Vec2{0, 0.96}}) {
            const QRgb got = pixelAt(image, f.canvas->worldToViewport(now->position + offset));
            QVERIFY2(colourDistance(got, background) == 0,
                     qPrintable(QStringLiteral("beside body %1: %2").arg(i).arg(QColor(got).name())));
            ++checked;
        }
    }
    QCOMPARE(checked, 6 * 8);
    // Far above every body: background.
    QCOMPARE(pixelAt(image, f.canvas->worldToViewport({0.0, 4.5})), background);
}

// The selection highlight (drawn by the layer in Simulate mode) rings the selected body only.
void TestSimDrawing::selectionHighlightDrawnByTheLayer() {
    Fixture f = open(rowScene(2, phys::SolverKind::Impulse), QString());
    f.sim->stepForward();
    const Document& document = *f.window->document();
    const BodyKey circle = document.keyAt(2); // "b1", a circle of 0.5 m
    const std::optional<phys::BodyDef> now = f.sim->bodyAt(circle);
    QVERIFY(now);
    // 3 px outside the rim, left of the centre: clear of the outline, inside the halo (8 px wide) when
    // selected.
    const QPointF centre = f.canvas->worldToViewport(now->position);
    const QPointF ring = centre - QPointF(0.5 * f.canvas->pixelsPerMetre() + 3.0, 0.0);
    const QRgb background = SceneRenderer::backgroundColor().rgb();
    QCOMPARE(pixelAt(render(f.canvas), ring), background);
    f.canvas->setSelection({circle});
    const QRgb selected = pixelAt(render(f.canvas), ring);
    QVERIFY2(colourDistance(selected, background) > 30, qPrintable(QColor(selected).name()));
    QVERIFY(qBlue(selected) > qRed(selected)); // the blue-violet accent
    // Picking in Simulate mode goes through the layer: the body under its centre, nothing far away.
    QCOMPARE(f.canvas->bodyKeyAt(centre), circle);
    QCOMPARE(f.canvas->bodyKeyAt(f.canvas->worldToViewport({0.0, 4.5})), BodyKey(0));
}

// Back in Edit mode the items return to the scene at the edited poses.
void TestSimDrawing::editModeGetsItsItemsBack() {
    Fixture f = open(rowScene(2, phys::SolverKind::Impulse), QString());
    for (int i = 0; i < 10; ++i) {
        f.sim->stepForward();
    }
    f.ui->simulateAction()->trigger();
    QVERIFY(!f.canvas->batchedBodies());
    int items = 0;
    for (QGraphicsItem* item : f.canvas->scene()->items()) {
        items += item->type() == BodyItem::kType ? 1 : 0;
    }
    QCOMPARE(items, 3);
    const Document& document = *f.window->document();
    for (int i = 0; i < document.bodyCount(); ++i) {
        const BodyKey key = document.keyAt(i);
        QCOMPARE(f.canvas->bodyItem(key)->pos().y(), document.body(key).position.y);
    }
}

// The dense overlay's line raster sets exactly the pixels of an axis-aligned line, and clips.
void TestSimDrawing::lineRasterSetsThePixelsOfALine() {
    SimLineRaster raster;
    raster.begin(QSizeF(20, 10), 1.0);
    QVERIFY(raster.isEmpty());
    const QRgb red = qRgb(255, 0, 0);
    raster.line(QPointF(2.5, 3.5), QPointF(12.5, 3.5), red);
    raster.line(QPointF(-50, 8.5), QPointF(50, 8.5), red); // clipped to the image
    QVERIFY(!raster.isEmpty());
    const QImage& image = raster.image();
    for (int x = 0; x < 20; ++x) {
        for (int y = 0; y < 10; ++y) {
            const bool on = (y == 3 && x >= 2 && x <= 12) || y == 8;
            QCOMPARE(image.pixel(x, y) == red, on);
            QCOMPARE(qAlpha(image.pixel(x, y)), on ? 255 : 0);
        }
    }
    // The next frame starts clear.
    raster.begin(QSizeF(20, 10), 1.0);
    QCOMPARE(image.pixel(5, 3), QRgb(0));
}

// Verlet solver, particles overlay on: after a step, the overlay's particles are the solver's (a box: 4
// vertices and a hub; 4 edges, 2 diagonals, 4 spokes), and each non-hub particle's pixel has the particle
// colour; with the overlay off the same pixels do not.
void TestSimDrawing::verletOverlayDrawsTheParticles() {
    Fixture f = open(rowScene(2, phys::SolverKind::Verlet), QStringLiteral("particles"));
    f.sim->stepForward();
    const SimOverlayFrame& frame = f.ui->overlay()->frame();
    const phys::VerletModel model = f.sim->world()->verletModel();
    QCOMPARE(frame.particles.size(), model.particles.size());
    QVERIFY(frame.particlesNote.isEmpty());
    for (std::size_t i = 0; i < frame.particles.size(); ++i) {
        QVERIFY(phys::distance(frame.particles[i].position, model.particles[i].position) < 1e-12);
    }
    const Document& document = *f.window->document();
    const int boxSlot = f.sim->slotOf(document.keyAt(1));
    const phys::VerletRange boxParticles = model.particlesOf(boxSlot);
    QCOMPARE(boxParticles.count, 5);
    int hubs = 0;
    for (int k = boxParticles.first; k < boxParticles.first + boxParticles.count; ++k) {
        hubs += frame.particles[static_cast<std::size_t>(k)].hub ? 1 : 0;
    }
    QCOMPARE(hubs, 1);
    const phys::VerletRange boxLinks = model.constraintsOf(boxSlot);
    QCOMPARE(boxLinks.count, 10);
    int edges = 0;
    for (const SimOverlayConstraint& c : frame.constraints) {
        edges += c.edge ? 1 : 0;
    }
    // The box's 4 edges and the circle's 3 rim chords; the floor (static) has none.
    QCOMPARE(edges, 4 + 3);
    const int circleSlot = f.sim->slotOf(document.keyAt(2));
    int circleCentres = 0;
    for (int k = model.particlesOf(circleSlot).first;
         k < model.particlesOf(circleSlot).first + model.particlesOf(circleSlot).count; ++k) {
        circleCentres += frame.particles[static_cast<std::size_t>(k)].radius == 0.5 ? 1 : 0;
    }
    QCOMPARE(circleCentres, 1);

    const QRgb particle = SimOverlayPainter::particleColor().rgb();
    const QImage on = render(f.canvas);
    int plain = 0;
    for (const SimOverlayParticle& p : frame.particles) {
        if (p.hub || !on.rect().contains(pixelOf(f.canvas->worldToViewport(p.position)))) {
            continue;
        }
        const QRgb got = pixelAt(on, f.canvas->worldToViewport(p.position));
        QVERIFY2(colourDistance(got, particle) <= 2, qPrintable(QColor(got).name()));
        ++plain;
    }
    QVERIFY(plain >= 4 + 3); // box vertices and circle rim (the floor's corners too when in view)
    // A hub: a dark ring with a white centre.
    for (const SimOverlayParticle& p : frame.particles) {
        if (p.hub) {
            const QPointF at = f.canvas->worldToViewport(p.position);
            QVERIFY(colourDistance(pixelAt(on, at), qRgb(255, 255, 255)) <= 2);
            QVERIFY(colourDistance(pixelAt(on, at + QPointF(3.5, 0.0)),
                                   SimOverlayPainter::hubColor().rgb()) <= 40);
        }
    }

    SimOverlayOptions options = f.ui->overlay()->options();
    options.particles = false;
    f.ui->overlay()->setOptions(options);
    const QImage off = render(f.canvas);
    for (const SimOverlayParticle& p : frame.particles) {
        const QPoint at = pixelOf(f.canvas->worldToViewport(p.position));
        if (on.rect().contains(at)) {
            const QRgb got = off.pixel(at);
            QVERIFY2(colourDistance(got, particle) > 40, qPrintable(QColor(got).name()));
        }
    }
}

// Frames do not record the particles: stepping back shows none (and says why), stepping forward to the
// World's step shows them again; the impulse solver has none.
void TestSimDrawing::verletOverlayOnlyOnTheWorldsStep() {
    Fixture f = open(rowScene(2, phys::SolverKind::Verlet), QStringLiteral("particles,legend"));
    for (int i = 0; i < 3; ++i) {
        f.sim->stepForward();
    }
    QVERIFY(!f.ui->overlay()->frame().particles.empty());
    f.sim->stepBack();
    QCOMPARE(f.sim->currentStep(), 2);
    QVERIFY(f.ui->overlay()->frame().particles.empty());
    QVERIFY(f.ui->overlay()->frame().particlesNote.contains(QStringLiteral("newest step")));
    f.sim->stepForward();
    QVERIFY(!f.ui->overlay()->frame().particles.empty());

    phys::WorldSettings settings = f.sim->settings();
    settings.solver = phys::SolverKind::Impulse;
    QVERIFY(f.sim->setSettings(settings));
    f.sim->stepForward();
    QVERIFY(f.ui->overlay()->frame().particles.empty());
    QVERIFY(f.ui->overlay()->frame().particlesNote.contains(QStringLiteral("Verlet solver")));
}

QTEST_MAIN(TestSimDrawing)
#include "tst_sim_drawing.moc"
