/// @file tst_sim_thread.cpp
/// Issue 16: the simulation steps on a worker thread (sim_worker.h), so the window answers while a heavy
/// scene steps; a long step shows its progress and can be cancelled; a heavy scene asks before it runs.
///
/// - Steps taken through the worker's post (the UI not waiting at all) give the same frames, bit for bit, as
///   a phys::World stepped directly from the same scene; with a grab (the mouse spring's force input) and a
///   throw, the run through the worker equals the run the UI waits for, frame by frame and in the replay of
///   a past frame.
/// - Playing, each frame's next step starts on the worker while the frame is drawn (issue 17: the draw and
///   the step on two cores); the frames are the ones a phys::World stepped directly gives, bit for bit, and
///   a settings change in between drops the step started before it (it is made again with the change), for
///   a World small enough to be waited for and for a bigger one.
/// - On the real MainWindow with issue 16's heavy file (2,000 circles at one point, 1,999,000 pairs), Step
///   (the Right key) first asks, naming the count ("Don't run" runs nothing); after "Run", the step runs on
///   the worker while the window keeps processing timer events; after a second the toolbar shows "Stepping
///   frame 1..." with Cancel; Esc, and then a real click on Cancel, stop it, and the frame, the World and the
///   history are what they were before, bit for bit.
/// Cost in Release: a few seconds (each heavy step is cancelled about a second after it starts; the worker
/// stops at the World's next phase boundary).

#include "app_test_util.h"
#include "sim_overlay.h"
#include "sim_worker.h"

#include "physics/world.h"

#include <QFile>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTest>
#include <QThread>
#include <QTimer>

#include <QToolButton>
#include <limits>
#include <random>

#include <algorithm>
#include <cstring>
#include <limits>
#include <random>

using namespace cl;

namespace {

/// Bit patterns of a body state (poses and velocities compared as bits, not as values).
bool sameBits(const SimBodyState& a, const SimBodyState& b) {
    return std::memcmp(&a.xf, &b.xf, sizeof a.xf) == 0 &&
           std::memcmp(&a.center, &b.center, sizeof a.center) == 0 &&
           std::memcmp(&a.linearVelocity, &b.linearVelocity, sizeof a.linearVelocity) == 0 &&
           std::memcmp(&a.angularVelocity, &b.angularVelocity, sizeof a.angularVelocity) == 0 &&
           a.alive == b.alive && a.awake == b.awake && a.enabled == b.enabled;
}

bool sameFrame(const SimFrame& a, const SimFrame& b) {
    if (a.step != b.step || a.hash != b.hash || a.bodies.size() != b.bodies.size() ||
        a.points.size() != b.points.size() || a.pairs != b.pairs) {
        return false;
    }
    for (std::size_t i = 0; i < a.bodies.size(); ++i) {
        if (!sameBits(a.bodies[i], b.bodies[i])) {
            return false;
        }
    }
    for (std::size_t i = 0; i < a.points.size(); ++i) {
        if (std::memcmp(&a.points[i].point, &b.points[i].point, sizeof(phys::Vec2)) != 0 ||
            std::memcmp(&a.points[i].normalImpulse, &b.points[i].normalImpulse, sizeof(double)) != 0) {
            return false;
        }
    }
    return true;
}

/// Takes one step through the worker's post: Step, then the stepFinished signal.
bool stepThroughWorker(SimulationController& sim) {
    QSignalSpy finished(&sim, &SimulationController::stepFinished);
    const std::int64_t before = sim.headStep();
    sim.stepForward();
    if (!sim.isStepping()) {
        return false; // it must not have been waited for
    }
    return finished.wait(60000) && sim.headStep() == before + 1 && !sim.isStepping();
}

/// Plays the grabbing demo for `steps` display frames of one step each with body "ball" grabbed and dragged,
/// then throws it; returns the hashes of every frame, and the hash found after acting on frame 20 (a
/// replay from the log).
struct GrabRun {
    std::vector<std::uint64_t> hashes;
    std::uint64_t replayHash = 0;
    QString warning;
};

} // namespace

class TestSimThread : public QObject {
    Q_OBJECT

private slots:
    void initTestCase() { cltest::isolateAppState(m_dir); }
    void workerFramesEqualDirectWorldBitForBit();
    void grabThroughWorkerEqualsWaitedRun();
    void stepsStartedAheadGiveTheDirectFrames_data();
    void stepsStartedAheadGiveTheDirectFrames();
    void heavySceneAsksThenStepsOffTheUiThreadAndCancels();
    void threadsSettingReachesTheWorldAndPersists();
    void aDenseFrameIsDrawnInPartAndSaysSo();

private:
    GrabRun grabRun(bool throughWorker);
    QTemporaryDir m_dir;
};

void TestSimThread::workerFramesEqualDirectWorldBitForBit() {
    cltest::SimulatingWindow f =
        cltest::openSimulating(QStringLiteral(":/scenes/demos/pyramid.json"), 1280, 800);
    QVERIFY(f.sim != nullptr);
    f.sim->setSyncShapeCount(-1); // no World is small enough to be waited for
    f.sim->setStepWait(0.0);      // and none is waited for at all: every step comes by the worker's post
    std::unique_ptr<phys::World> direct = cltest::independentWorld(*f.window->document());
    direct->setReportFlags(phys::kReportNone);
    SimFrame expected;
    for (int s = 1; s <= 240; ++s) {
        QVERIFY2(stepThroughWorker(*f.sim), qPrintable(QStringLiteral("step %1").arg(s)));
        direct->step();
        recordSimFrame(*direct, expected);
        const SimFrame* got = f.sim->frame(s);
        QVERIFY(got != nullptr);
        QVERIFY2(sameFrame(*got, expected), qPrintable(QStringLiteral("frame %1 differs").arg(s)));
        QCOMPARE(f.sim->world()->stateHash(), direct->stateHash());
    }
    // Stepping back and forward again inside the history shows the recorded frames: no worker step.
    f.sim->stepBack();
    QCOMPARE(f.sim->currentStep(), std::int64_t{239});
    f.sim->stepForward();
    QVERIFY(!f.sim->isStepping());
    QCOMPARE(f.sim->currentStep(), std::int64_t{240});
}

void TestSimThread::stepsStartedAheadGiveTheDirectFrames_data() {
    QTest::addColumn<int>("syncShapes");
    QTest::newRow("waited for (small World)") << 100000;
    QTest::newRow("on a copy (big World)") << -1;
}

void TestSimThread::stepsStartedAheadGiveTheDirectFrames() {
    QFETCH(int, syncShapes);
    cltest::SimulatingWindow f =
        cltest::openSimulating(QStringLiteral(":/scenes/demos/pyramid.json"), 1280, 800);
    QVERIFY(f.sim != nullptr);
    f.sim->setSyncShapeCount(syncShapes);
    f.sim->setStepWait(-1.0); // a big World's step waited for to the end: one step a frame
    std::unique_ptr<phys::World> direct = cltest::independentWorld(*f.window->document());
    direct->setReportFlags(phys::kReportNone);
    const double dt = f.sim->settings().timeStep;
    f.sim->setExternalClock(true);
    f.sim->play();
    SimFrame expected;
    constexpr int kFrames = 120;
    constexpr int kChangeAfter = 60;
    for (int s = 1; s <= kFrames; ++s) {
        f.sim->advance(dt);
        QCOMPARE(f.sim->headStep(), std::int64_t{s});
        direct->step();
        recordSimFrame(*direct, expected);
        const SimFrame* got = f.sim->frame(s);
        QVERIFY(got != nullptr);
        QVERIFY2(sameFrame(*got, expected), qPrintable(QStringLiteral("frame %1 differs").arg(s)));
        if (s == kChangeAfter) {
            // After this frame's step was started ahead: gravity sideways, in the run and in the direct World.
            phys::WorldSettings settings = f.sim->settings();
            settings.gravity = phys::Vec2{3.0, -9.81};
            QVERIFY(f.sim->setSettings(settings));
            QVERIFY(!direct->setSettings(settings)); // no error
        }
    }
    // Every frame's step but the first was started ahead; the one started before the change was dropped.
    QCOMPARE(f.sim->stepsTakenAhead(), std::int64_t{kFrames - 2});
    QCOMPARE(f.sim->stepsDroppedAhead(), std::int64_t{1});
    QVERIFY(f.sim->frame(kFrames)->hash != f.sim->frame(kChangeAfter)->hash);
}

GrabRun TestSimThread::grabRun(bool throughWorker) {
    GrabRun run;
    cltest::SimulatingWindow f =
        cltest::openSimulating(QStringLiteral(":/scenes/demos/grabbing.json"), 1280, 800);
    if (f.sim == nullptr) {
        return run;
    }
    if (throughWorker) {
        f.sim->setSyncShapeCount(-1);
        f.sim->setStepWait(0.0);
    }
    const BodyKey key = cltest::keyNamed(*f.window->document(), "ball");
    const std::optional<phys::BodyDef> ball = f.sim->bodyAt(key);
    if (!ball) {
        return run;
    }
    const double dt = f.sim->settings().timeStep;
    f.sim->play();
    phys::Vec2 target = ball->position;
    if (!f.sim->beginGrab(key, target)) {
        return run;
    }
    QSignalSpy finished(f.sim, &SimulationController::stepFinished);
    for (int frame = 0; frame < 60; ++frame) {
        target = target + phys::Vec2{0.05, 0.03};
        f.sim->moveGrab(target);
        f.sim->advance(dt);
        if (f.sim->isStepping() && !finished.wait(60000)) {
            return run;
        }
    }
    f.sim->endGrab(true); // throw
    for (int frame = 0; frame < 30; ++frame) {
        f.sim->advance(dt);
        if (f.sim->isStepping() && !finished.wait(60000)) {
            return run;
        }
    }
    f.sim->pause();
    for (std::int64_t s = 0; s <= f.sim->headStep(); ++s) {
        run.hashes.push_back(f.sim->frame(s)->hash);
    }
    // Act on a past frame: the World is rebuilt there by replay of the log (checked against the record).
    while (f.sim->currentStep() > 20) {
        f.sim->stepBack();
    }
    if (!f.sim->beginGrab(key, f.sim->bodyAt(key)->position)) {
        return run;
    }
    run.replayHash = f.sim->world()->stateHash();
    f.sim->endGrab(false);
    run.warning = f.sim->warning();
    return run;
}

void TestSimThread::grabThroughWorkerEqualsWaitedRun() {
    const GrabRun waited = grabRun(false);
    const GrabRun worker = grabRun(true);
    QCOMPARE(waited.hashes.size(), std::size_t{91}); // 60 grabbed steps, 30 after the throw, and step 0
    QCOMPARE(worker.hashes.size(), waited.hashes.size());
    for (std::size_t s = 0; s < waited.hashes.size(); ++s) {
        QVERIFY2(worker.hashes[s] == waited.hashes[s], qPrintable(QStringLiteral("frame %1 differs").arg(s)));
    }
    // The grab moved the ball (else this would compare two untouched runs).
    QVERIFY(waited.hashes[60] != waited.hashes[0]);
    QCOMPARE(worker.replayHash, waited.hashes[20]);
    QVERIFY2(!worker.warning.contains(QStringLiteral("Replay differs")), qPrintable(worker.warning));
}

void TestSimThread::heavySceneAsksThenStepsOffTheUiThreadAndCancels() {
    const QString file = m_dir.filePath(QStringLiteral("pile2000.json"));
    {
        QFile out(file);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(cltest::pileAtOnePoint(2000));
    }
    auto window = cltest::makeExactWindow(1280, 800);
    auto* ui = window->findChild<SimulationUi*>();
    QVERIFY(ui != nullptr);
    QVERIFY(window->openFile(file));
    window->canvas()->zoomToFit();
    cltest::startSimulating(*window, *ui);
    SimulationController* sim = ui->controller();
    QVERIFY(sim->isSimulating());
    const SimFrame before = *sim->frame(0);
    const std::uint64_t worldHash = sim->world()->stateHash();

    // Step asks first, naming the count; "Don't run" runs nothing.
    QString asked;
    auto answer = [&asked](const QString& button) {
        QTimer::singleShot(0, [&asked, button] {
            auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
            if (box == nullptr) {
                return;
            }
            asked = box->text();
            for (QAbstractButton* b : box->buttons()) {
                if (b->text() == button) {
                    QTest::mouseClick(b, Qt::LeftButton);
                }
            }
        });
    };
    answer(QStringLiteral("Don't run"));
    QApplication::setActiveWindow(window.get()); // back from the dialog
    QTest::keyClick(window.get(), Qt::Key_Right);
    QVERIFY2(asked.contains(QStringLiteral("1,999,000 contact pairs")), qPrintable(asked));
    QVERIFY(!sim->isStepping());
    QCOMPARE(sim->headStep(), std::int64_t{0});

    // "Run": the step runs on the worker and the window goes on processing events.
    int ticks = 0;
    QTimer probe;
    probe.setInterval(10);
    connect(&probe, &QTimer::timeout, [&ticks] { ++ticks; });
    probe.start();
    asked.clear();
    answer(QStringLiteral("Run"));
    QApplication::setActiveWindow(window.get()); // back from the dialog
    QTest::keyClick(window.get(), Qt::Key_Right);
    QVERIFY(!asked.isEmpty());
    QVERIFY(sim->isStepping());
    QCOMPARE(sim->steppingStep(), std::int64_t{1});
    const int ticksAtStart = ticks;
    QTRY_VERIFY_WITH_TIMEOUT(ui->isProgressShown(), 60000);
    QVERIFY2(ticks - ticksAtStart >= 10, qPrintable(QString::number(ticks - ticksAtStart)));
    QVERIFY2(ui->progressText().startsWith(QStringLiteral("Stepping frame 1\u2026")),
             qPrintable(ui->progressText()));
    QVERIFY(ui->cancelStepAction()->isEnabled());

    // Esc cancels: back at the frame before the step, bit for bit.
    QSignalSpy cancelled(sim, &SimulationController::stepCancelled);
    QApplication::setActiveWindow(window.get());
    QTest::keyClick(window.get(), Qt::Key_Escape);
    QCOMPARE(cancelled.count(), 1);
    QVERIFY(!sim->isStepping());
    QCOMPARE(sim->headStep(), std::int64_t{0});
    QCOMPARE(sim->currentStep(), std::int64_t{0});
    QVERIFY(sameFrame(*sim->currentFrame(), before));
    QCOMPARE(sim->world()->stateHash(), worldHash);
    QCOMPARE(sim->world()->stepCount(), std::int64_t{0});
    QTRY_VERIFY(!ui->isProgressShown());

    // Again, asked no more for this run, and cancelled with a real click on the toolbar's Cancel button.
    asked.clear();
    QApplication::setActiveWindow(window.get()); // back from the dialog
    QTest::keyClick(window.get(), Qt::Key_Right);
    QVERIFY(asked.isEmpty());
    QVERIFY(sim->isStepping());
    QTRY_VERIFY_WITH_TIMEOUT(ui->isProgressShown(), 60000);
    auto* cancel = window->findChild<QToolButton*>(QStringLiteral("simCancelStepButton"));
    QVERIFY(cancel != nullptr && cancel->isVisible());
    QTest::mouseClick(cancel, Qt::LeftButton);
    QCOMPARE(cancelled.count(), 2);
    QVERIFY(!sim->isStepping());
    QCOMPARE(sim->headStep(), std::int64_t{0});
    QVERIFY(sameFrame(*sim->currentFrame(), before));
    QCOMPARE(sim->world()->stateHash(), worldHash);
    QVERIFY2(sim->warning().contains(QStringLiteral("Step 1 cancelled")), qPrintable(sim->warning()));
}

// Issue 17: the Simulation panel's Threads box sets the World's thread count (typed, as a user would), the
// motion does not depend on it, and the choice is kept for the next window.
void TestSimThread::threadsSettingReachesTheWorldAndPersists() {
    const int cores = std::max(1, QThread::idealThreadCount());
    std::uint64_t hashes[2] = {0, 0};
    for (int run = 0; run < 2; ++run) {
        auto window = cltest::makeTestWindow(1280, 800);
        auto* ui = window->findChild<SimulationUi*>();
        QVERIFY(ui != nullptr);
        QVERIFY(
            window->openFile(QStringLiteral(CONTACTLAB_SOURCE_DIR "/resources/scenes/demos/pyramid.json")));
        auto* threads = window->findChild<QSpinBox*>(QStringLiteral("simThreads"));
        QVERIFY(threads != nullptr);
        QCOMPARE(threads->maximum(), cores);
        if (run == 1) {
            QCOMPARE(threads->value(), 1); // kept from the first window
        }
        // Type the count: 1 in the first window, every core in the second.
        const int wanted = run == 0 ? 1 : cores;
        threads->setFocus();
        QTest::keyClick(threads, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(threads, QString::number(wanted));
        QTest::keyClick(threads, Qt::Key_Return);
        QCOMPARE(threads->value(), wanted);
        cltest::startSimulating(*window, *ui);
        SimulationController* sim = ui->controller();
        QCOMPARE(sim->threadCount(), wanted);
        QCOMPARE(sim->world()->threadCount(), wanted);
        for (int k = 0; k < 120; ++k) {
            sim->stepForward();
        }
        QTRY_VERIFY(!sim->isStepping());
        QCOMPARE(sim->world()->threadCount(), wanted);
        hashes[run] = sim->world()->stateHash();
        if (run == 0) {
            // Kept for the next window; leave it at 1 there.
            window.reset();
        }
    }
    QCOMPARE(hashes[0], hashes[1]); // 1 thread and every core: the same motion
}

// Issue 16: a frame's drawing costs the UI thread no work per contact. A frame with more contact points than
// the view draws hands over only the deepest kMaxDrawnContactPoints (picked on the worker) and the first
// kMaxDrawnPairs pairs, with the whole counts for the legend's "only the ... deepest of ... points" row.
void TestSimThread::aDenseFrameIsDrawnInPartAndSaysSo() {
    // 150 discs of radius 0.5 m scattered over 2 x 2 m (seeded): most pairs overlap, each by its own depth, so
    // one step has more contact points and pairs than the view draws, and far fewer than the heavy-scene
    // warning's 200,000 pairs.
    QByteArray json = R"({"format": "contactlab-scene", "version": 1, "bodies": [
  {"name": "floor", "type": "static", "position": [0, -10],
   "shapes": [{"type": "polygon", "vertices": [[-20, -1], [20, -1], [20, 1], [-20, 1]]}]})";
    std::mt19937 rng(16);
    std::uniform_real_distribution<double> at(-1.0, 1.0);
    for (int i = 0; i < 150; ++i) {
        json += QStringLiteral(R"(,
  {"type": "dynamic", "position": [%1, %2], "shapes": [{"type": "circle", "radius": 0.5}]})")
                    .arg(at(rng), 0, 'g', 17)
                    .arg(at(rng), 0, 'g', 17)
                    .toUtf8();
    }
    json += "\n]}\n";
    const QString file = m_dir.filePath(QStringLiteral("dense150.json"));
    {
        QFile out(file);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(json);
    }
    auto window = cltest::makeTestWindow(1280, 800);
    auto* ui = window->findChild<SimulationUi*>();
    QVERIFY(ui != nullptr);
    QVERIFY(window->openFile(file));
    cltest::startSimulating(*window, *ui);
    SimulationController* sim = ui->controller();
    QApplication::setActiveWindow(window.get());
    QTest::keyClick(window.get(), Qt::Key_Right);
    QTRY_VERIFY_WITH_TIMEOUT(!sim->isStepping() && sim->currentStep() == 1, 60000);

    const SimFrame* frame = sim->currentFrame();
    QVERIFY(frame != nullptr);
    QVERIFY(frame->pairs.size() > kMaxDrawnPairs);
    QVERIFY(frame->points.size() > kMaxDrawnContactPoints);
    SimOverlayFrame drawn;
    sim->fillOverlayFrame(drawn);
    QCOMPARE(drawn.contacts.size(), kMaxDrawnContactPoints);
    QCOMPARE(drawn.totalContactPoints, frame->points.size());
    QCOMPARE(drawn.pairs.size(), kMaxDrawnPairs);
    QCOMPARE(drawn.totalPairs, frame->pairs.size());
    // The drawn points are the deepest: none left out is deeper than the shallowest drawn one.
    std::vector<bool> isDrawn(frame->points.size(), false);
    double shallowestDrawn = std::numeric_limits<double>::infinity();
    for (const std::uint32_t i : frame->drawnPoints) {
        isDrawn[i] = true;
        shallowestDrawn = std::min(shallowestDrawn, frame->points[i].depth);
    }
    double deepestLeft = -std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < frame->points.size(); ++i) {
        if (!isDrawn[i]) {
            deepestLeft = std::max(deepestLeft, frame->points[i].depth);
        }
    }
    QVERIFY2(deepestLeft <= shallowestDrawn,
             qPrintable(QString("%1 > %2").arg(deepestLeft).arg(shallowestDrawn)));
    // ... and they are what the overlay holds, in the engine's order.
    for (std::size_t k = 0; k < drawn.contacts.size(); ++k) {
        const SimContactPoint& p = frame->points[frame->drawnPoints[k]];
        QCOMPARE(drawn.contacts[k].point.x, p.point.x);
        QCOMPARE(drawn.contacts[k].depth, p.depth);
    }
}

QTEST_MAIN(TestSimThread)
#include "tst_sim_thread.moc"
