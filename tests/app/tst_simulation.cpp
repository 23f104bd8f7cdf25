/// @file tst_simulation.cpp
/// Simulate mode on the real MainWindow: play/pause, exact step back and forth, live solver switch, grab and
/// throw, the walkthrough of a paused contact, the slow-step cap, and every demo scene for 10 s. The
/// controller's clock is external (advance() is called with fixed seconds), so nothing depends on timing.

#include "app_test_util.h"
#include "body_item.h"
#include "document.h"
#include "grab_tool.h"
#include "main_window.h"
#include "scene_canvas.h"
#include "sim_overlay.h"
#include "simulation_controller.h"
#include "simulation_panel.h"
#include "walkthrough.h"
#include "walkthrough_dock.h"

#include "physics/world.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDockWidget>
#include <QLabel>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>

#include <cmath>
#include <memory>

using namespace cl;

namespace {

using Fixture = cltest::SimulatingWindow;

Fixture openDemo(const QString& path) {
    return cltest::openSimulating(path, 1200, 800);
}

using cltest::keyNamed;

bool allFinite(const SimFrame& frame) {
    for (const SimBodyState& b : frame.bodies) {
        if (!b.alive) {
            continue;
        }
        if (!std::isfinite(b.xf.p.x) || !std::isfinite(b.xf.p.y) || !std::isfinite(b.xf.q.c) ||
            !std::isfinite(b.xf.q.s) || !std::isfinite(b.linearVelocity.x) ||
            !std::isfinite(b.linearVelocity.y) || !std::isfinite(b.angularVelocity)) {
            return false;
        }
    }
    return std::isfinite(frame.kineticEnergy) && std::isfinite(frame.potentialEnergy);
}

} // namespace

class TestSimulation : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void playPauseAdvancesTime();
    void stepBackThenForwardIsBitIdentical();
    void branchFromPastFrameReplaysExactly();
    void solverSwitchKeepsBodies();
    void verticalStackSaysWhatHappens();
    void substepsBoxSaysWhatRuns();
    void grabDragMovesAndThrows();
    void pausedContactOpensMatchingWalkthrough();
    void recycleBoxSetsTheWorld();
    void slowFramesAreCappedWithWarning();
    void editModeRestoresEditedScene();
    void undoOfManyBodiesRebuildsOnce();
    void demosRunTenSeconds_data();
    void demosRunTenSeconds();
};

void TestSimulation::initTestCase() {
    QCoreApplication::setOrganizationName(QStringLiteral("ContactLabTests"));
    QCoreApplication::setApplicationName(QStringLiteral("tst_simulation"));
}

// Space plays, frames advance time at the fixed step, Space pauses and time stops; the body items follow.
void TestSimulation::playPauseAdvancesTime() {
    Fixture f = openDemo(QStringLiteral(":/scenes/demos/restitution_row.json"));
    QVERIFY(f.sim);
    QVERIFY(f.sim->isSimulating());
    QCOMPARE(f.sim->currentStep(), 0);
    const BodyKey ball = keyNamed(*f.window->document(), "e = 0.50");
    QVERIFY(ball != 0);
    const double y0 = f.sim->bodyAt(ball)->position.y;

    SceneCanvas* canvas = f.window->canvas();
    canvas->setFocus();
    QTest::keyClick(canvas, Qt::Key_Space);
    QVERIFY(f.sim->isPlaying());
    const double dt = f.sim->settings().timeStep;
    for (int i = 0; i < 40; ++i) {
        f.sim->advance(dt); // one display frame of one step's worth of real time
    }
    QTest::keyClick(canvas, Qt::Key_Space);
    QVERIFY(!f.sim->isPlaying());
    const std::int64_t steps = f.sim->currentStep();
    QVERIFY2(steps >= 39 && steps <= 40, qPrintable(QString::number(steps)));
    QCOMPARE(f.sim->currentTime(), f.sim->frame(steps)->time);
    QVERIFY(std::abs(f.sim->currentTime() - steps * dt) < 1e-9);
    // Falling freely (not at the ground yet): semi-implicit Euler with S substeps h = dt / S drops by
    // g h^2 m (m + 1) / 2 after m = n S substeps.
    // (Automatic substeps: a body that touches nothing runs the most.)
    const int substeps = phys::substepRange(f.sim->settings()).second;
    const double m = static_cast<double>(steps) * substeps;
    const double h = dt / substeps;
    const double y = f.sim->bodyAt(ball)->position.y;
    QVERIFY2(std::abs((y0 - y) - 9.81 * h * h * m * (m + 1.0) / 2.0) < 1e-9,
             qPrintable(QString::number(y0 - y)));
    // The canvas item shows the simulated pose.
    QCOMPARE(canvas->bodyItem(ball)->pos().y(), y);
    // Paused: frames do not advance.
    for (int i = 0; i < 10; ++i) {
        f.sim->advance(dt);
    }
    QCOMPARE(f.sim->currentStep(), steps);
}

// Left steps back through recorded frames, Right forward again: bit-identical states, and equal to an
// independent World stepped the same number of times.
void TestSimulation::stepBackThenForwardIsBitIdentical() {
    Fixture f = openDemo(QStringLiteral(":/scenes/demos/pyramid.json"));
    QVERIFY(f.sim);
    auto oracle = cltest::independentWorld(*f.window->document());
    std::vector<std::uint64_t> hashes{oracle->stateHash()};
    for (int i = 0; i < 120; ++i) {
        oracle->step();
        hashes.push_back(oracle->stateHash());
    }
    SceneCanvas* canvas = f.window->canvas();
    canvas->setFocus();
    for (int i = 0; i < 120; ++i) {
        QTest::keyClick(canvas, Qt::Key_Right);
    }
    QCOMPARE(f.sim->currentStep(), 120);
    QCOMPARE(f.sim->stateHash(), hashes[120]);
    QCOMPARE(f.sim->world()->stateHash(), hashes[120]);
    for (int i = 0; i < 45; ++i) {
        QTest::keyClick(canvas, Qt::Key_Left);
    }
    QCOMPARE(f.sim->currentStep(), 75);
    QCOMPARE(f.sim->stateHash(), hashes[75]);
    for (int i = 0; i < 45; ++i) {
        QTest::keyClick(canvas, Qt::Key_Right);
        QCOMPARE(f.sim->stateHash(), hashes[static_cast<std::size_t>(f.sim->currentStep())]);
    }
    QCOMPARE(f.sim->currentStep(), 120);
    QCOMPARE(f.sim->stateHash(), hashes[120]);
    // And on past the recorded head: new steps continue the same run.
    for (int i = 0; i < 5; ++i) {
        oracle->step();
        QTest::keyClick(canvas, Qt::Key_Right);
    }
    QCOMPARE(f.sim->stateHash(), oracle->stateHash());
}

// Acting on a past frame rebuilds the World there by replay: its hash is the recorded one, no warning.
void TestSimulation::branchFromPastFrameReplaysExactly() {
    Fixture f = openDemo(QStringLiteral(":/scenes/demos/collision.json"));
    QVERIFY(f.sim);
    auto oracle = cltest::independentWorld(*f.window->document());
    std::vector<std::uint64_t> hashes{oracle->stateHash()};
    for (int i = 0; i < 90; ++i) {
        oracle->step();
        hashes.push_back(oracle->stateHash());
    }
    for (int i = 0; i < 90; ++i) {
        f.sim->stepForward();
    }
    for (int i = 0; i < 30; ++i) {
        f.sim->stepBack();
    }
    QCOMPARE(f.sim->currentStep(), 60);
    // The same settings again: an input at frame 60, which forces the World back to frame 60.
    QVERIFY(f.sim->setSettings(f.sim->settings()));
    QCOMPARE(f.sim->headStep(), 60);
    QCOMPARE(f.sim->world()->stepCount(), 60);
    QCOMPARE(f.sim->world()->stateHash(), hashes[60]);
    QVERIFY2(f.sim->warning().isEmpty(), qPrintable(f.sim->warning()));
    for (int i = 0; i < 30; ++i) {
        f.sim->stepForward();
    }
    QCOMPARE(f.sim->stateHash(), hashes[90]);
}

// Switching Impulse -> Verlet while a stack rests keeps every body where it is: at the switch exactly, and
// over the next second within the stated tolerance of 10 cm and 0.1 rad.
void TestSimulation::solverSwitchKeepsBodies() {
    Fixture f = openDemo(QStringLiteral(":/scenes/demos/vertical_stack.json"));
    QVERIFY(f.sim);
    for (int i = 0; i < 60; ++i) {
        f.sim->stepForward();
    }
    const Document& document = *f.window->document();
    std::vector<phys::BodyDef> before;
    for (int i = 0; i < document.bodyCount(); ++i) {
        before.push_back(*f.sim->bodyAt(document.keyAt(i)));
    }
    auto* solver = f.ui->dock()->findChild<QComboBox*>(QStringLiteral("simSolver"));
    QVERIFY(solver);
    solver->setCurrentIndex(solver->findData(static_cast<int>(phys::SolverKind::Verlet)));
    QCOMPARE(f.sim->settings().solver, phys::SolverKind::Verlet);
    QCOMPARE(f.sim->world()->settings().solver, phys::SolverKind::Verlet);
    for (int i = 0; i < document.bodyCount(); ++i) {
        QCOMPARE(f.sim->bodyAt(document.keyAt(i))->position, before[static_cast<std::size_t>(i)].position);
    }
    constexpr double kTolerance = 0.1; // metres and radians (the Verlet stack settles a few centimetres)
    for (int step = 0; step < 60; ++step) {
        f.sim->stepForward();
        for (int i = 0; i < document.bodyCount(); ++i) {
            const phys::BodyDef now = *f.sim->bodyAt(document.keyAt(i));
            const phys::BodyDef& was = before[static_cast<std::size_t>(i)];
            QVERIFY2(phys::distance(now.position, was.position) < kTolerance,
                     qPrintable(QStringLiteral("%1 moved %2 m at step %3")
                                    .arg(QString::fromStdString(now.name))
                                    .arg(phys::distance(now.position, was.position))
                                    .arg(step)));
            QVERIFY(std::abs(now.angle - was.angle) < kTolerance);
        }
    }
    // And back to Impulse: the switch itself moves nothing beyond one step of motion (|v| dt + 1 cm).
    // (Not asserted, observed with a bare phys::World too: after a second of Verlet the upper boxes sway
    // sideways at about 0.2 m/s, and the impulse solver carries that drift on; see the report of issue 6.)
    std::vector<phys::BodyDef> atSwitch;
    for (int i = 0; i < document.bodyCount(); ++i) {
        atSwitch.push_back(*f.sim->bodyAt(document.keyAt(i)));
    }
    solver->setCurrentIndex(solver->findData(static_cast<int>(phys::SolverKind::Impulse)));
    QCOMPARE(f.sim->world()->settings().solver, phys::SolverKind::Impulse);
    for (int i = 0; i < document.bodyCount(); ++i) {
        QCOMPARE(f.sim->bodyAt(document.keyAt(i))->position, atSwitch[static_cast<std::size_t>(i)].position);
    }
    f.sim->stepForward();
    const double dt = f.sim->settings().timeStep;
    for (int i = 0; i < document.bodyCount(); ++i) {
        const phys::BodyDef now = *f.sim->bodyAt(document.keyAt(i));
        const phys::BodyDef& was = atSwitch[static_cast<std::size_t>(i)];
        QVERIFY(phys::distance(now.position, was.position) < phys::length(was.linearVelocity) * dt + 0.01);
    }
}

// The demo's own sentence, as a user follows it, each from Reset: as it opens, 10 s move the top box
// sideways by less than the linear slop (5 mm); with Warm starting unticked the top box ends 15 to 25 cm to the side ("about 20
// cm", measured 21 cm); with Substeps set to 1 it ends 0.4 to 0.6 m lower ("half a metre", measured 0.52 m)
// and leans, still on the stack: 0.2 to 0.5 m off the axis (measured 0.41 m; half a box would topple it).
void TestSimulation::verticalStackSaysWhatHappens() {
    Fixture f = openDemo(QStringLiteral(":/scenes/demos/vertical_stack.json"));
    QVERIFY(f.sim);
    const auto* description = f.window->findChild<QLabel*>(QStringLiteral("sceneDescriptionLabel"));
    QVERIFY(description);
    QVERIFY2(description->text().contains(QStringLiteral("about 20 cm in 10 s")) &&
                 description->text().contains(QStringLiteral("sinks half a metre into itself and leans")),
             qPrintable(description->text()));
    const BodyKey top = keyNamed(*f.window->document(), "box 10");
    QVERIFY(top != 0);
    const phys::Vec2 start = f.sim->bodyAt(top)->position;
    const auto tenSeconds = [&f] {
        for (int i = 0; i < 600; ++i) {
            f.sim->stepForward();
        }
    };
    auto* reset = f.window->findChild<QAction*>(QStringLiteral("actionSimReset"));
    QVERIFY(reset);

    tenSeconds();
    QVERIFY(std::abs(f.sim->bodyAt(top)->position.x - start.x) < 0.005);

    reset->trigger();
    auto* warm = f.ui->dock()->findChild<QCheckBox*>(QStringLiteral("simWarmStarting"));
    QVERIFY(warm && warm->isChecked());
    // On its box (the widget is as wide as the panel; its middle is empty space past the short label).
    const QPoint onBox(warm->height() / 2, warm->height() / 2);
    QTest::mouseClick(warm, Qt::LeftButton, Qt::NoModifier, onBox);
    QVERIFY(!f.sim->settings().warmStarting);
    tenSeconds();
    QVERIFY(!f.sim->world()->settings().warmStarting);
    const double sideways = std::abs(f.sim->bodyAt(top)->position.x - start.x);
    qInfo("warm starting off: the top box moved %.3f m sideways in 10 s", sideways);
    QVERIFY(sideways > 0.15 && sideways < 0.25);

    reset->trigger();
    QTest::mouseClick(warm, Qt::LeftButton, Qt::NoModifier, onBox);
    QVERIFY(f.sim->settings().warmStarting);
    auto* substeps = f.ui->dock()->findChild<QSpinBox*>(QStringLiteral("simSubsteps"));
    QVERIFY(substeps);
    substeps->setFocus();
    substeps->selectAll();
    QTest::keyClicks(substeps, QStringLiteral("1"));
    QTest::keyClick(substeps, Qt::Key_Return);
    QCOMPARE(f.sim->settings().substeps, std::optional<int>(1));
    tenSeconds();
    QCOMPARE(f.sim->world()->settings().substeps, std::optional<int>(1));
    QVERIFY(f.sim->world()->settings().warmStarting);
    const phys::Vec2 end = f.sim->bodyAt(top)->position;
    qInfo("one substep: the top box sank %.3f m, %.3f m off the axis", start.y - end.y, std::abs(end.x));
    QVERIFY(start.y - end.y > 0.4 && start.y - end.y < 0.6);
    QVERIFY(std::abs(end.x) > 0.2 && std::abs(end.x) < 0.5);
}

void TestSimulation::substepsBoxSaysWhatRuns() {
    // The demo's file says "substeps": "auto" (the default): the Substeps box shows what automatic substeps
    // run for the solver chosen (the impulse solver's soft step: 4, or 8 for an island with a large mass
    // ratio; the Verlet solver: 8). A count typed in is explicit; stepping below 1 is automatic again.
    Fixture f = openDemo(QStringLiteral(":/scenes/demos/vertical_stack.json"));
    QVERIFY(f.sim);
    auto* substeps = f.ui->dock()->findChild<QSpinBox*>(QStringLiteral("simSubsteps"));
    QVERIFY(substeps);
    QVERIFY(!f.sim->settings().substeps.has_value());
    QCOMPARE(substeps->text(), QStringLiteral("Auto (4-8)"));
    QVERIFY(substeps->toolTip().contains(QStringLiteral("17.1 times as heavy")));
    auto* solver = f.ui->dock()->findChild<QComboBox*>(QStringLiteral("simSolver"));
    QVERIFY(solver);
    solver->setCurrentIndex(solver->findData(static_cast<int>(phys::SolverKind::Verlet)));
    QCOMPARE(substeps->text(), QStringLiteral("Auto (8)"));
    solver->setCurrentIndex(solver->findData(static_cast<int>(phys::SolverKind::Impulse)));
    QCOMPARE(substeps->text(), QStringLiteral("Auto (4-8)"));

    substeps->setFocus();
    substeps->selectAll();
    QTest::keyClicks(substeps, QStringLiteral("3"));
    QTest::keyClick(substeps, Qt::Key_Return);
    QCOMPARE(f.sim->settings().substeps, std::optional<int>(3));
    QCOMPARE(f.sim->world()->settings().substeps, std::optional<int>(3));
    QCOMPARE(substeps->text(), QStringLiteral("3"));
    QTest::keyClick(substeps, Qt::Key_Down);
    QTest::keyClick(substeps, Qt::Key_Down);
    QCOMPARE(f.sim->settings().substeps, std::optional<int>(1));
    QTest::keyClick(substeps, Qt::Key_Down);
    QVERIFY(!f.sim->settings().substeps.has_value());
    QVERIFY(!f.sim->world()->settings().substeps.has_value());
    QCOMPARE(substeps->text(), QStringLiteral("Auto (4-8)"));
}

// Press on the ball, drag it while the simulation plays (one step per mouse move), release: it moved with the
// mouse and leaves with the drag velocity (the mouse's displacement over the last steps / their time).
void TestSimulation::grabDragMovesAndThrows() {
    Fixture f = openDemo(QStringLiteral(":/scenes/demos/grabbing.json"));
    QVERIFY(f.sim);
    SceneCanvas* canvas = f.window->canvas();
    const BodyKey ball = keyNamed(*f.window->document(), "ball");
    QVERIFY(ball != 0);
    // Let it settle a little, then play.
    for (int i = 0; i < 30; ++i) {
        f.sim->stepForward();
    }
    f.sim->play();
    const double dt = f.sim->settings().timeStep;
    const phys::Vec2 start = f.sim->bodyAt(ball)->position;
    QPoint pixel = canvas->worldToViewport(start).toPoint();
    QTest::mousePress(canvas->viewport(), Qt::LeftButton, Qt::NoModifier, pixel);
    QCOMPARE(f.sim->grabbedBody(), ball);
    std::vector<phys::Vec2> targets{canvas->viewportToWorld(pixel)};
    const int moves = 24;
    for (int i = 0; i < moves; ++i) {
        pixel += QPoint(-2, -6);
        QTest::mouseMove(canvas->viewport(), pixel);
        targets.push_back(canvas->viewportToWorld(pixel));
        f.sim->advance(dt);
    }
    const std::int64_t stepsWhileGrabbed = f.sim->currentStep();
    QTest::mouseRelease(canvas->viewport(), Qt::LeftButton, Qt::NoModifier, pixel);
    QVERIFY(!f.sim->isGrabbing());
    // Moved with the mouse (the spring lags, so within half the drag).
    const phys::Vec2 dragged = targets.back() - targets.front();
    const phys::Vec2 moved = f.sim->bodyAt(ball)->position - start;
    QVERIFY2(phys::dot(moved, dragged) > 0.5 * phys::lengthSquared(dragged),
             qPrintable(QStringLiteral("moved (%1, %2) for a drag of (%3, %4)")
                            .arg(moved.x)
                            .arg(moved.y)
                            .arg(dragged.x)
                            .arg(dragged.y)));
    // Released with the drag velocity: the target's displacement over the last 3 steps.
    QCOMPARE(f.sim->currentStep(), stepsWhileGrabbed);
    const int k = SimulationController::kDragVelocitySteps;
    const phys::Vec2 expected =
        (1.0 / (k * dt)) *
        (targets[targets.size() - 1] - targets[targets.size() - 1 - static_cast<std::size_t>(k)]);
    const phys::Vec2 v = f.sim->bodyAt(ball)->linearVelocity;
    QVERIFY2(
        phys::distance(v, expected) < 1e-9,
        qPrintable(
            QStringLiteral("v (%1, %2), drag (%3, %4)").arg(v.x).arg(v.y).arg(expected.x).arg(expected.y)));
    QVERIFY(phys::length(expected) > 1.0);
    // The next step carries that velocity on (ballistic for one step, up to gravity and contacts).
    f.sim->pause();
    f.sim->stepForward();
    const phys::Vec2 after = f.sim->bodyAt(ball)->linearVelocity;
    QVERIFY2(phys::distance(after, expected) < 9.81 * dt + 0.01 * phys::length(expected),
             qPrintable(QStringLiteral("after one step (%1, %2)").arg(after.x).arg(after.y)));
}

// Pause on a frame, click a contact point: the chosen pair's walkthrough (built from the bodies as the engine
// saw them for that manifold) has the engine's normal and depth.
void TestSimulation::pausedContactOpensMatchingWalkthrough() {
    Fixture f = openDemo(QStringLiteral(":/scenes/demos/vertical_stack.json"));
    QVERIFY(f.sim);
    for (int i = 0; i < 45; ++i) {
        f.sim->stepForward();
    }
    const SimFrame* frame = f.sim->currentFrame();
    QVERIFY(frame);
    // The deepest touching point of the frame.
    const SimContactPoint* target = nullptr;
    for (const SimContactPoint& p : frame->points) {
        if (p.depth > 0.0 && (!target || p.depth > target->depth)) {
            target = &p;
        }
    }
    QVERIFY(target);
    const SimContactPoint engine = *target;
    QSignalSpy chosen(f.sim, &SimulationController::contactChosen);
    SceneCanvas* canvas = f.window->canvas();
    QTest::mouseClick(canvas->viewport(), Qt::LeftButton, Qt::NoModifier,
                      canvas->worldToViewport(engine.point).toPoint());
    QCOMPARE(chosen.count(), 1);
    QVERIFY(!f.sim->isGrabbing());
    const auto& pick = f.sim->chosenContact();
    QVERIFY(pick);
    QCOMPARE(pick->keyA, f.sim->slotKeys()[static_cast<std::size_t>(pick->point.bodyA)]);
    const Walkthrough walk = Walkthrough::build(WalkthroughMode::Clipping, pick->bodyA, pick->bodyB,
                                                pick->point.shapeA, pick->point.shapeB);
    QVERIFY2(walk.isValid(), qPrintable(walk.problem()));
    const phys::Manifold& m = walk.trace().manifold;
    QVERIFY(m.pointCount > 0);
    // The walkthrough's manifold is the narrow phase run afresh on the pick's poses, exactly.
    const phys::Manifold fresh = freshManifold(*pick);
    QCOMPARE(m.pointCount, fresh.pointCount);
    QCOMPARE(m.normal, fresh.normal);
    for (int i = 0; i < m.pointCount; ++i) {
        QCOMPARE(m.points[i].point, fresh.points[i].point);
        QCOMPARE(m.points[i].depth, fresh.points[i].depth);
    }
    // The stack has been at rest for a while: with recycling on (the default) the engine kept this contact's
    // points from an earlier step, and the walkthrough's header says so.
    QVERIFY(f.sim->settings().recycleContacts);
    QVERIFY(pick->point.recycled);
    auto* walkDock = f.window->findChild<WalkthroughDock*>();
    QVERIFY(walkDock && walkDock->isShowingSimulation());
    QVERIFY2(walkDock->sourceText().contains(QStringLiteral("The engine recycled this contact")),
             qPrintable(walkDock->sourceText()));
    // Then the engine's point lies within the recycling tolerance of a fresh one (physics/src/contact.h
    // kKeptAnchorDistance, 0.05 m, Box2D v3's B2_CONTACT_RECYCLE_DISTANCE, not public: how far the pair may
    // have moved relative to itself since the points were taken); without recycling it is one of them to
    // 1e-9 (recycleBoxSetsTheWorld, and tst_sim_live to 1e-12).
    constexpr double kRecycleDistance = 0.05;
    bool near = false;
    for (int i = 0; i < m.pointCount; ++i) {
        if (std::abs(m.points[i].depth - pick->point.depth) < kRecycleDistance &&
            phys::distance(m.points[i].point, pick->point.point) < kRecycleDistance) {
            near = true;
        }
    }
    QVERIFY2(near, qPrintable(QStringLiteral("engine depth %1").arg(pick->point.depth)));
}

// The Simulation panel's "Recycle contacts (Box2D v3)" box: on by default, as the World's setting; a click
// turns the World's off, and then no contact of a stack at rest is recycled and a picked one is the fresh
// narrow phase's to 1e-9; a second click turns it back on and the resting contacts are recycled again. The
// Verlet solver, which never recycles, greys the box out.
void TestSimulation::recycleBoxSetsTheWorld() {
    Fixture f = openDemo(QStringLiteral(":/scenes/demos/vertical_stack.json"));
    QVERIFY(f.sim);
    auto* box = f.ui->dock()->findChild<QCheckBox*>(QStringLiteral("simRecycleContacts"));
    QVERIFY(box);
    QVERIFY(box->isChecked());
    QVERIFY(box->isEnabled());
    QVERIFY(!box->toolTip().isEmpty());
    f.sim->stepForward();
    QVERIFY(f.sim->world()->settings().recycleContacts);

    QTest::mouseClick(box, Qt::LeftButton);
    QVERIFY(!box->isChecked());
    QVERIFY(!f.sim->settings().recycleContacts);
    QVERIFY(!f.sim->world()->settings().recycleContacts);
    const auto recycledCount = [&f] {
        int n = 0;
        for (const SimContactPoint& p : f.sim->currentFrame()->points) {
            n += p.recycled ? 1 : 0;
        }
        return n;
    };
    for (int i = 0; i < 45; ++i) {
        f.sim->stepForward();
        QCOMPARE(recycledCount(), 0);
    }
    const SimContactPoint* target = nullptr;
    for (const SimContactPoint& p : f.sim->currentFrame()->points) {
        if (p.depth > 0.0 && (!target || p.depth > target->depth)) {
            target = &p;
        }
    }
    QVERIFY(target);
    const SimContactPoint engine = *target;
    SceneCanvas* canvas = f.window->canvas();
    QTest::mouseClick(canvas->viewport(), Qt::LeftButton, Qt::NoModifier,
                      canvas->worldToViewport(engine.point).toPoint());
    const auto& pick = f.sim->chosenContact();
    QVERIFY(pick);
    QVERIFY(!pick->point.recycled);
    auto* walkDock = f.window->findChild<WalkthroughDock*>();
    QVERIFY(walkDock && walkDock->isShowingSimulation());
    QVERIFY(!walkDock->sourceText().contains(QStringLiteral("recycled")));
    const phys::Manifold fresh = freshManifold(*pick);
    bool found = false;
    for (int i = 0; i < fresh.pointCount; ++i) {
        if (std::abs(fresh.points[i].depth - engine.depth) < 1e-9 &&
            phys::distance(fresh.points[i].point, engine.point) < 1e-9) {
            found = true;
        }
    }
    QVERIFY(found);

    QTest::mouseClick(box, Qt::LeftButton);
    QVERIFY(box->isChecked());
    QVERIFY(f.sim->world()->settings().recycleContacts);
    f.sim->stepForward(); // the solver takes its anchors
    f.sim->stepForward(); // the narrow phase keeps them
    QVERIFY(recycledCount() > 0);

    auto* solver = f.ui->dock()->findChild<QComboBox*>(QStringLiteral("simSolver"));
    QVERIFY(solver);
    solver->setCurrentIndex(solver->findData(static_cast<int>(phys::SolverKind::Verlet)));
    QVERIFY(!box->isEnabled());
    QVERIFY(f.sim->settings().recycleContacts); // kept for when the impulse solver comes back
}

// A frame that owes many steps takes at most kMaxStepsPerFrame and warns instead of catching up.
void TestSimulation::slowFramesAreCappedWithWarning() {
    Fixture f = openDemo(QStringLiteral(":/scenes/demos/pyramid.json"));
    QVERIFY(f.sim);
    f.sim->setTimeScale(2.0);
    f.sim->play();
    f.sim->advance(0.25); // 30 steps owed at 2x
    QVERIFY(f.sim->currentStep() <= SimulationController::kMaxStepsPerFrame);
    QVERIFY(f.sim->currentStep() >= 1);
    QVERIFY(!f.sim->warning().isEmpty());
    auto* label = f.window->findChild<QLabel*>(QStringLiteral("simWarningLabel"));
    QVERIFY(label);
    QCOMPARE(label->text(), f.sim->warning());
    // The debt is dropped: an ordinary frame afterwards takes one or two steps.
    const std::int64_t before = f.sim->currentStep();
    f.sim->advance(f.sim->settings().timeStep / 2.0);
    QVERIFY(f.sim->currentStep() - before <= 2);
}

// Back to Edit mode: the canvas shows the edited poses again, the document never changed.
void TestSimulation::editModeRestoresEditedScene() {
    Fixture f = openDemo(QStringLiteral(":/scenes/demos/restitution_row.json"));
    QVERIFY(f.sim);
    const Document& document = *f.window->document();
    const bool modified = document.isModified();
    for (int i = 0; i < 50; ++i) {
        f.sim->stepForward();
    }
    const BodyKey ball = keyNamed(document, "e = 1.00");
    QVERIFY(f.window->canvas()->bodyItem(ball)->pos().y() < document.body(ball).position.y - 0.1);
    f.ui->simulateAction()->trigger();
    QVERIFY(!f.sim->isSimulating());
    QCOMPARE(f.window->canvas()->bodyItem(ball)->pos().y(), document.body(ball).position.y);
    QCOMPARE(document.isModified(), modified);
    QVERIFY(!f.sim->world());
}

// Undoing and redoing a Duplicate of many bodies while simulating (Ctrl+Z and Ctrl+Shift+Z on the real
// window) restarts the run from the edited scene once per command, not once per body: a World rebuilt per
// body made such an edit quadratic in the scene's size (under ASan, an eighth of the monkey test's first
// 150 s).
void TestSimulation::undoOfManyBodiesRebuildsOnce() {
    Fixture f = openDemo(QStringLiteral(":/scenes/demos/pyramid.json"));
    QVERIFY(f.sim);
    Document& document = *f.window->document();
    const int bodies = document.bodyCount();
    QVERIFY(bodies > 20);
    // Duplicate every body in Edit mode, then simulate again.
    f.ui->simulateAction()->trigger();
    QVERIFY(!f.sim->isSimulating());
    SceneCanvas* canvas = f.window->canvas();
    canvas->setSelection(document.keys());
    canvas->setFocus();
    QTest::keyClick(canvas, Qt::Key_D, Qt::ControlModifier);
    QCOMPARE(document.bodyCount(), 2 * bodies);
    f.ui->simulateAction()->trigger();
    QVERIFY(f.sim->isSimulating());
    QCOMPARE(f.sim->world()->bodyCount(), 2 * bodies);
    f.sim->stepForward();

    const std::int64_t before = f.sim->structureRebuilds();
    QTest::keyClick(f.window.get(), Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(document.bodyCount(), bodies);
    QCOMPARE(f.sim->structureRebuilds(), before + 1);
    QCOMPARE(f.sim->world()->bodyCount(), bodies);
    QCOMPARE(f.sim->currentStep(), 0);
    QTest::keyClick(f.window.get(), Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(document.bodyCount(), 2 * bodies);
    QCOMPARE(f.sim->structureRebuilds(), before + 2);
    QCOMPARE(f.sim->world()->bodyCount(), 2 * bodies);
    // One body alone is no batch: it rebuilds at once, as before.
    QTest::keyClick(f.window.get(), Qt::Key_Z, Qt::ControlModifier);
    f.ui->simulateAction()->trigger();
    canvas->setSelection({document.keyAt(1)});
    canvas->setFocus();
    QTest::keyClick(canvas, Qt::Key_D, Qt::ControlModifier);
    f.ui->simulateAction()->trigger();
    const std::int64_t single = f.sim->structureRebuilds();
    QTest::keyClick(f.window.get(), Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(f.sim->structureRebuilds(), single + 1);
    QCOMPARE(f.sim->world()->bodyCount(), bodies);
}

void TestSimulation::demosRunTenSeconds_data() {
    QTest::addColumn<QString>("path");
    const QStringList demos = SimulationUi::demoFiles();
    QVERIFY(demos.size() >= 11);
    for (const QString& path : demos) {
        QTest::newRow(qPrintable(path)) << path;
    }
}

// Every demo opens with a one-line description, runs 10 simulated seconds with finite states, and its
// bodies stay inside the world.
void TestSimulation::demosRunTenSeconds() {
    QFETCH(QString, path);
    Fixture f = openDemo(path);
    QVERIFY(f.sim);
    QVERIFY(!f.ui->description().isEmpty());
    QVERIFY(f.ui->description().size() < 200);
    const int steps = static_cast<int>(std::ceil(10.0 / f.sim->settings().timeStep));
    for (int i = 0; i < steps; ++i) {
        f.sim->stepForward();
        QVERIFY2(allFinite(*f.sim->currentFrame()), qPrintable(QStringLiteral("step %1").arg(i + 1)));
    }
    QVERIFY(f.sim->currentTime() >= 10.0 - 1e-9);
    for (const SimBodyState& b : f.sim->currentFrame()->bodies) {
        QVERIFY(b.enabled);
        QVERIFY(std::abs(b.xf.p.x) < 100.0 && std::abs(b.xf.p.y) < 100.0);
    }
}

QTEST_MAIN(TestSimulation)
#include "tst_simulation.moc"
