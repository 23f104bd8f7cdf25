/// @file tst_timeline.cpp
/// Issue 15 on the real MainWindow: the timeline scrubber under the canvas (a click jumps to a frame, a
/// click on a bookmark's flag jumps there, its tooltip names it, the keyboard moves the frame), the
/// walkthrough following the frame shown, the Graphs dock's export (CSV values against the recorded
/// frames, PNG and SVG pictures), its friction impulse against Coulomb's law on a sliding box, and its one
/// empty-state message. The controller's clock is external: nothing depends on timing.

#include "app_test_util.h"
#include "body_item.h"
#include "graph_dock.h"
#include "quantity_plot.h"
#include "timeline_bookmarks.h"
#include "timeline_scrubber.h"
#include "walkthrough_dock.h"

#include "physics/world.h"

#include <QDockWidget>
#include <QFile>
#include <QHelpEvent>
#include <QImage>
#include <QLabel>
#include <QSettings>
#include <QSpinBox>
#include <QTest>
#include <QToolTip>

#include <cmath>

using namespace cl;

namespace {

/// A ball of radius 0.5 one metre above the ground (its bottom at y = 1, the ground's top at y = 0).
const char* kBallDrop = R"({"format": "contactlab-scene", "version": 1, "bodies": [
  {"name": "ground", "type": "static", "position": [0, -0.5],
   "shapes": [{"type": "polygon", "vertices": [[-6, -0.5], [6, -0.5], [6, 0.5], [-6, 0.5]]}]},
  {"name": "ball", "type": "dynamic", "position": [0, 1.5], "shapes": [{"type": "circle", "radius": 0.5}]}
]}
)";

/// A 1 m box of 1 kg resting on the ground and sliding right at 4 m/s; friction 0.5 on both shapes, so the
/// contact's is sqrt(0.5 * 0.5) = 0.5 exactly (the engine's mixing rule, Box2D's geometric mean). Default
/// settings. Coulomb: it slides for v0 / (mu g) = 4 / (0.5 * 9.81) = 0.8155 s, about 49 steps at 60 Hz.
const char* kSlidingBox = R"({"format": "contactlab-scene", "version": 1, "bodies": [
  {"name": "ground", "type": "static", "position": [0, -0.5],
   "shapes": [{"type": "polygon", "vertices": [[-20, -0.5], [20, -0.5], [20, 0.5], [-20, 0.5]], "friction": 0.5}]},
  {"name": "box", "type": "dynamic", "position": [0, 0.5], "linearVelocity": [4, 0],
   "shapes": [{"type": "polygon", "vertices": [[-0.5, -0.5], [0.5, -0.5], [0.5, 0.5], [-0.5, 0.5]],
               "density": 1, "friction": 0.5}]}
]}
)";

struct Fixture {
    QTemporaryDir dir;
    std::unique_ptr<MainWindow> window;
    SimulationUi* ui = nullptr;
    SimulationController* sim = nullptr;
    BodyKey ball = 0;
};

/// Opens `json` in Simulate mode and takes `steps` steps; f.ball is the body named `body`.
bool openScene(Fixture& f, const char* json, const char* body, int steps) {
    cltest::isolateAppState(f.dir);
    const QString path = f.dir.filePath(QStringLiteral("scene.json"));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(json) < 0) {
        return false;
    }
    file.close();
    f.window = cltest::makeTestWindow(1200, 800);
    f.ui = f.window->findChild<SimulationUi*>();
    if (!f.ui || !f.window->openFile(path)) {
        return false;
    }
    f.window->canvas()->zoomToFit();
    cltest::startSimulating(*f.window, *f.ui);
    f.sim = f.ui->controller();
    f.ball = cltest::keyNamed(*f.window->document(), body);
    for (int i = 0; i < steps; ++i) {
        f.sim->stepForward();
    }
    return f.sim->headStep() == steps;
}

/// Opens the ball drop in Simulate mode and takes `steps` steps.
bool openBallDrop(Fixture& f, int steps) {
    return openScene(f, kBallDrop, "ball", steps);
}

/// The lines of a text file (a graph's CSV export), empty ones left out; `opened` says whether it was read.
QStringList fileLines(const QString& path, bool& opened) {
    QFile file(path);
    opened = file.open(QIODevice::ReadOnly | QIODevice::Text);
    return opened ? QString::fromUtf8(file.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts)
                  : QStringList{};
}

/// The centre of the scrubber's track at `step`.
QPoint pointOf(const TimelineScrubber& scrubber, std::int64_t step) {
    return QPoint(static_cast<int>(std::lround(scrubber.xOfStep(step))), scrubber.height() / 2);
}

} // namespace

class TestTimeline : public QObject {
    Q_OBJECT

private slots:
    void clickJumpsToFrame();
    void bookmarkOpensItsFrame();
    void walkthroughFollowsTheFrame();
    void graphExportMatchesFrames();
    void frictionImpulseIsCoulombWhileSliding();
    void graphEmptyStateIsSaidOnce();
    void droppedFramesLeaveTheTimeline();
};

void TestTimeline::clickJumpsToFrame() {
    Fixture f;
    QVERIFY(openBallDrop(f, 120));
    TimelineScrubber* scrubber = f.ui->scrubber();
    QVERIFY(scrubber != nullptr);
    QVERIFY(scrubber->isVisible());
    QVERIFY(f.ui->timelineDock()->isVisible());
    QCOMPARE(scrubber->first(), std::int64_t{0});
    QCOMPARE(scrubber->last(), std::int64_t{120});
    QCOMPARE(scrubber->current(), std::int64_t{120});
    // Under the canvas: the strip's top is below the canvas's bottom.
    const QPoint canvasBottom =
        f.window->canvas()->mapTo(f.window.get(), QPoint(0, f.window->canvas()->height()));
    QVERIFY(scrubber->mapTo(f.window.get(), QPoint(0, 0)).y() >= canvasBottom.y());

    // A step away from every flag, so the click lands on the track.
    std::int64_t target = 10;
    while (scrubber->markAtX(pointOf(*scrubber, target).x()) >= 0) {
        ++target;
    }
    QVERIFY(target < 100);
    QTest::mouseClick(scrubber, Qt::LeftButton, {}, pointOf(*scrubber, target));
    QCOMPARE(f.sim->currentStep(), target);
    QCOMPARE(scrubber->current(), target);
    const SimFrame* frame = f.sim->frame(target);
    QVERIFY(frame != nullptr);
    QCOMPARE(f.sim->stateHash(), frame->hash);
    // The canvas shows that frame: the ball's item is at its recorded pose.
    const int slot = f.sim->slotOf(f.ball);
    QCOMPARE(f.window->canvas()->bodyItem(f.ball)->pos().y(),
             frame->bodies[static_cast<std::size_t>(slot)].xf.p.y);
    // The history is kept (a jump is not a branch).
    QCOMPARE(f.sim->headStep(), std::int64_t{120});

    // Drag to the end.
    QTest::mousePress(scrubber, Qt::LeftButton, {}, pointOf(*scrubber, target));
    QMouseEvent move(QEvent::MouseMove, QPointF(scrubber->width() - 1, scrubber->height() / 2),
                     scrubber->mapToGlobal(QPointF(scrubber->width() - 1, scrubber->height() / 2)),
                     Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
    QApplication::sendEvent(scrubber, &move);
    QTest::mouseRelease(scrubber, Qt::LeftButton, {}, QPoint(scrubber->width() - 1, scrubber->height() / 2));
    QCOMPARE(f.sim->currentStep(), std::int64_t{120});

    // Keyboard: focusable, Home goes to the first frame, Page Down one second on.
    scrubber->setFocus();
    QVERIFY(scrubber->hasFocus());
    QTest::keyClick(scrubber, Qt::Key_Home);
    QCOMPARE(f.sim->currentStep(), std::int64_t{0});
    QTest::keyClick(scrubber, Qt::Key_PageDown);
    QCOMPARE(f.sim->currentStep(), std::int64_t{60});
}

void TestTimeline::bookmarkOpensItsFrame() {
    Fixture f;
    QVERIFY(openBallDrop(f, 120));
    TimelineScrubber* scrubber = f.ui->scrubber();
    // The first contact: the first recorded frame with a pushing contact point (the oracle: a scan of the
    // controller's frames).
    std::int64_t firstPush = -1;
    for (std::int64_t s = 0; s <= 120 && firstPush < 0; ++s) {
        for (const SimContactPoint& p : f.sim->frame(s)->points) {
            if (p.normalImpulse > 0.0) {
                firstPush = s;
            }
        }
    }
    QVERIFY(firstPush > 0);
    const std::vector<Bookmark>& marks = f.ui->bookmarks();
    QVERIFY(!marks.empty());
    QCOMPARE(marks.front().kind, BookmarkKind::FirstContact);
    QCOMPARE(marks.front().step, firstPush);
    QCOMPARE(scrubber->marks().size(), marks.size());
    const QString label = scrubber->marks().front().label;
    QVERIFY2(label.startsWith(QStringLiteral("First contact: ")) && label.contains(QStringLiteral("ball")) &&
                 label.contains(QStringLiteral("ground")),
             qPrintable(label));

    // Hovering the flag names it.
    const QPoint flag = pointOf(*scrubber, firstPush);
    QHelpEvent help(QEvent::ToolTip, flag, scrubber->mapToGlobal(flag));
    QApplication::sendEvent(scrubber, &help);
    QVERIFY(QToolTip::isVisible());
    QCOMPARE(QToolTip::text(), label);
    QToolTip::hideText();

    // A click on the flag (a couple of pixels off its line) shows its frame.
    QTest::mouseClick(scrubber, Qt::LeftButton, {}, flag + QPoint(2, 0));
    QCOMPARE(f.sim->currentStep(), firstPush);
    QCOMPARE(f.sim->stateHash(), f.sim->frame(firstPush)->hash);
    bool pushing = false;
    for (const SimContactPoint& p : f.sim->currentFrame()->points) {
        pushing = pushing || p.normalImpulse > 0.0;
    }
    QVERIFY(pushing);

    // ] and [ go from flag to flag.
    scrubber->setFocus();
    QTest::keyClick(scrubber, Qt::Key_Home);
    QTest::keyClick(scrubber, Qt::Key_BracketRight);
    QCOMPARE(f.sim->currentStep(), firstPush);
}

void TestTimeline::walkthroughFollowsTheFrame() {
    Fixture f;
    QVERIFY(openBallDrop(f, 90));
    auto* walkthrough = f.window->findChild<WalkthroughDock*>();
    QVERIFY(walkthrough != nullptr);
    const std::int64_t contactStep = f.ui->bookmarks().front().step;
    f.sim->seek(contactStep + 5);
    const SimContactPoint point = f.sim->currentFrame()->points.front();
    QVERIFY(f.sim->chooseContactAt(point.point, 0.05));
    QVERIFY(walkthrough->isShowingSimulation());
    QCOMPARE(walkthrough->simulationContact()->step, contactStep + 5);
    // Jumping to another frame where the pair touches (the scrubber's seek): the walkthrough shows that
    // frame's contact.
    f.sim->seek(contactStep + 30);
    QCOMPARE(f.sim->currentStep(), contactStep + 30);
    QCOMPARE(walkthrough->simulationContact()->step, contactStep + 30);
    QCOMPARE(walkthrough->simulationContact()->point.depth, f.sim->currentFrame()->points.front().depth);
}

void TestTimeline::graphExportMatchesFrames() {
    Fixture f;
    QVERIFY(openBallDrop(f, 80));
    GraphDock* graphs = f.ui->graphDock();
    QVERIFY(graphs != nullptr);
    f.window->canvas()->setSelection({f.ball});
    graphs->setQuantity(GraphDock::Quantity::VelocityY);
    graphs->refresh();
    QCOMPARE(graphs->plot()->series().size(), std::size_t{1});
    QCOMPARE(graphs->plot()->series().front().name, QStringLiteral("ball"));
    QCOMPARE(graphs->plot()->cursorTime(), f.sim->currentTime());

    const QString csvPath = f.dir.filePath(QStringLiteral("vy.csv"));
    QCOMPARE(graphs->exportTo(csvPath), QString());
    bool opened = false;
    const QStringList lines = fileLines(csvPath, opened);
    QVERIFY(opened);
    QCOMPARE(lines.front(), QStringLiteral("t_s,step,ball (m/s)"));
    QCOMPARE(lines.size(), 1 + 81);
    const int slot = f.sim->slotOf(f.ball);
    for (int row = 1; row < lines.size(); ++row) {
        const QStringList cells = lines[row].split(QLatin1Char(','));
        QCOMPARE(cells.size(), 3);
        const SimFrame* frame = f.sim->frame(cells[1].toLongLong());
        QVERIFY(frame != nullptr);
        QCOMPARE(cells[1].toLongLong(), std::int64_t{row - 1});
        QCOMPARE(cells[0].toDouble(), frame->time);
        QCOMPARE(cells[2].toDouble(), frame->bodies[static_cast<std::size_t>(slot)].linearVelocity.y);
    }

    // Kinetic energy: 1/2 m v^2 + 1/2 I w^2 with the mass of an independent World of the scene.
    graphs->setQuantity(GraphDock::Quantity::KineticEnergy);
    QCOMPARE(graphs->exportTo(csvPath), QString());
    const QStringList keLines = fileLines(csvPath, opened);
    QVERIFY(opened);
    auto oracle = cltest::independentWorld(*f.window->document());
    const phys::MassData md = oracle->massData(oracle->bodyIds()[static_cast<std::size_t>(slot)]);
    QCOMPARE(md.mass, 3.14159265358979323846 * 0.25);
    for (int row = 1; row < keLines.size(); ++row) {
        const QStringList cells = keLines[row].split(QLatin1Char(','));
        const SimBodyState& b = f.sim->frame(cells[1].toLongLong())->bodies[static_cast<std::size_t>(slot)];
        const double ke = 0.5 * md.mass * phys::dot(b.linearVelocity, b.linearVelocity) +
                          0.5 * md.inertia * b.angularVelocity * b.angularVelocity;
        QCOMPARE(cells[2].toDouble(), ke);
    }
    // With one dynamic body, its kinetic energy is the scene's (the frame's total, as the World sums it).
    QVERIFY(
        std::abs(keLines.back().split(QLatin1Char(','))[2].toDouble() - f.sim->frame(80)->kineticEnergy) <=
        1e-12 * std::max(1.0, f.sim->frame(80)->kineticEnergy));

    // Pictures: a PNG of twice the plot's pixels, an SVG with the quantity's title as text.
    const QString pngPath = f.dir.filePath(QStringLiteral("ke.png"));
    QCOMPARE(graphs->exportTo(pngPath), QString());
    const QImage png(pngPath);
    QVERIFY(!png.isNull());
    QCOMPARE(png.size(), graphs->plot()->size().expandedTo(QSize(640, 400)) * 2);
    const QString svgPath = f.dir.filePath(QStringLiteral("ke.svg"));
    QCOMPARE(graphs->exportTo(svgPath), QString());
    QFile svg(svgPath);
    QVERIFY(svg.open(QIODevice::ReadOnly));
    const QByteArray svgText = svg.readAll();
    QVERIFY(svgText.contains("<svg"));
    QVERIFY(svgText.contains("Kinetic energy (J)"));
    QVERIFY(svgText.contains(">ball<"));
}

void TestTimeline::frictionImpulseIsCoulombWhileSliding() {
    Fixture f;
    constexpr int kSteps = 80;
    QVERIFY(openScene(f, kSlidingBox, "box", kSteps));
    GraphDock* graphs = f.ui->graphDock();
    f.window->canvas()->setSelection({f.ball});
    graphs->setQuantity(GraphDock::Quantity::FrictionImpulse);
    graphs->refresh();
    QCOMPARE(graphs->plot()->series().size(), std::size_t{1});
    QCOMPARE(graphs->plot()->unit(), QStringLiteral("N s"));
    const PlotSeries& line = graphs->plot()->series().front();
    QCOMPARE(line.v.size(), std::size_t{kSteps + 1});

    const int slot = f.sim->slotOf(f.ball);
    auto oracle = cltest::independentWorld(*f.window->document());
    const double mass = oracle->massData(oracle->bodyIds()[static_cast<std::size_t>(slot)]).mass;
    QCOMPARE(mass, 1.0);
    const double mu = 0.5;
    const double g = 9.81;
    const double dt = f.sim->settings().timeStep;
    int sliding = 0;
    int resting = 0;
    std::int64_t stopped = -1;
    for (std::int64_t step = 1; step <= kSteps; ++step) {
        const SimFrame* frame = f.sim->frame(step);
        const SimFrame* before = f.sim->frame(step - 1);
        QVERIFY(frame && before);
        double normal = 0.0;
        double friction = 0.0;
        double pushX = 0.0; // the x component of the contact impulses on the box, N s
        for (const SimContactPoint& p : frame->points) {
            if (p.bodyA != slot && p.bodyB != slot) {
                continue;
            }
            normal += p.normalImpulse;
            friction += std::abs(p.tangentImpulse);
            const phys::Vec2 impulse =
                p.normalImpulse * p.normal + p.tangentImpulse * phys::rightPerp(p.normal);
            pushX += p.bodyB == slot ? impulse.x : -impulse.x;
        }
        QVERIFY2(normal > 0.0, qPrintable(QStringLiteral("step %1: the box does not touch").arg(step)));
        // The graph shows the recorded frame's impulses as they are.
        QCOMPARE(line.v[static_cast<std::size_t>(step)], friction);
        const double v0 = before->bodies[static_cast<std::size_t>(slot)].linearVelocity.x;
        const double v1 = frame->bodies[static_cast<std::size_t>(slot)].linearVelocity.x;
        // The recorded impulses are the step's whole (all substeps): friction is the box's only horizontal
        // force (the normals are vertical, there is no drag), so they take m (v1 - v0) of momentum.
        QVERIFY2(
            std::abs(pushX - mass * (v1 - v0)) <= 1e-9 * mass * g * dt,
            qPrintable(QStringLiteral("step %1: impulse x %2, m dv %3").arg(step).arg(pushX).arg(v1 - v0)));
        if (v1 > 0.05) {
            // Still sliding after the step, so kinetic friction acted all through it: Coulomb's law at every
            // point and substep, |t| = mu n, hence the sums too (to rounding of the sums).
            QVERIFY2(std::abs(friction - mu * normal) <= 1e-12 * mu * normal,
                     qPrintable(QStringLiteral("step %1: friction %2, mu N %3")
                                    .arg(step)
                                    .arg(friction)
                                    .arg(mu * normal)));
            // The normal impulse carries the weight over the step, m g dt, within the soft contact's give.
            QVERIFY2(
                std::abs(normal - mass * g * dt) <= 0.01 * mass * g * dt,
                qPrintable(
                    QStringLiteral("step %1: N %2, m g dt %3").arg(step).arg(normal).arg(mass * g * dt)));
            ++sliding;
        } else if (stopped >= 0) {
            // At rest: static friction, inside the cone.
            QVERIFY2(friction <= mu * normal,
                     qPrintable(QStringLiteral("step %1: friction %2 at rest, mu N %3")
                                    .arg(step)
                                    .arg(friction)
                                    .arg(mu * normal)));
            ++resting;
        }
        if (stopped < 0 && v1 <= 0.05) {
            stopped = step;
        }
    }
    // Coulomb's time to slow to 0.05 m/s, (v0 - 0.05) / (mu g), within a step.
    const double expectedStop = (4.0 - 0.05) / (mu * g) / dt;
    QVERIFY2(
        std::abs(static_cast<double>(stopped) - expectedStop) <= 1.0,
        qPrintable(
            QStringLiteral("below 0.05 m/s at step %1, Coulomb says %2").arg(stopped).arg(expectedStop)));
    QVERIFY(sliding >= 45);
    QVERIFY(resting >= 25);

    // The CSV carries the same values, 17 digits: the recorded doubles exactly.
    const QString csvPath = f.dir.filePath(QStringLiteral("friction.csv"));
    QCOMPARE(graphs->exportTo(csvPath), QString());
    bool opened = false;
    const QStringList lines = fileLines(csvPath, opened);
    QVERIFY(opened);
    QCOMPARE(lines.front(), QStringLiteral("t_s,step,box (N s)"));
    QCOMPARE(lines.size(), 1 + kSteps + 1);
    for (int row = 1; row < lines.size(); ++row) {
        const QStringList cells = lines[row].split(QLatin1Char(','));
        QCOMPARE(cells.size(), 3);
        QCOMPARE(cells[1].toLongLong(), std::int64_t{row - 1});
        const double value = line.v[static_cast<std::size_t>(row - 1)];
        if (std::isnan(value)) {
            QCOMPARE(cells[2], QString()); // step 0: no contact solved yet, a gap
        } else {
            QCOMPARE(cells[2].toDouble(), value);
        }
    }
}

void TestTimeline::graphEmptyStateIsSaidOnce() {
    Fixture f;
    QVERIFY(openBallDrop(f, 10));
    GraphDock* graphs = f.ui->graphDock();
    graphs->show();
    QCoreApplication::processEvents();
    auto* hint = graphs->findChild<QLabel*>(QStringLiteral("graphHint"));
    QVERIFY(hint != nullptr);
    // Nothing selected: the plot says so, and nothing else in the dock does.
    f.window->canvas()->setSelection({});
    graphs->setQuantity(GraphDock::Quantity::Speed);
    graphs->refresh();
    QVERIFY(!graphs->plot()->hasValues());
    QVERIFY(graphs->plot()->emptyText().contains(QStringLiteral("Select")));
    int saying = 0;
    for (const QLabel* label : graphs->findChildren<QLabel*>()) {
        saying += label->isVisible() && label->text().contains(QStringLiteral("Select")) ? 1 : 0;
    }
    QCOMPARE(saying, 0);
    QVERIFY(!hint->isVisible());
    // A selection: the line, and the hint counts the frames.
    f.window->canvas()->setSelection({f.ball});
    graphs->refresh();
    QVERIFY(graphs->plot()->hasValues());
    QVERIFY(hint->isVisible());
    QCOMPARE(hint->text(), QStringLiteral("11 frames, steps 0 to 10"));
    // Selected but without a value (the ball has not landed): the plot says why.
    graphs->setQuantity(GraphDock::Quantity::FrictionImpulse);
    QVERIFY(!graphs->plot()->hasValues());
    QVERIFY(graphs->plot()->emptyText().contains(QStringLiteral("touch nothing")));
}

void TestTimeline::droppedFramesLeaveTheTimeline() {
    Fixture f;
    QVERIFY(openBallDrop(f, 0));
    // The user's setting: History memory, 1 MB (the least it takes), in the Simulation dock.
    auto* memory = f.window->findChild<QSpinBox*>(QStringLiteral("simHistoryMemory"));
    QVERIFY(memory != nullptr);
    QCOMPARE(memory->value(), 768); // the documented default
    QCOMPARE(f.sim->historyBudgetBytes(), SimulationController::kHistoryBudgetBytes);
    memory->setFocus();
    memory->selectAll();
    QTest::keyClicks(memory, QStringLiteral("1"));
    QTest::keyClick(memory, Qt::Key_Enter);
    QCOMPARE(memory->value(), 1);
    QCOMPARE(f.sim->historyBudgetBytes(), std::size_t{1} << 20);
    QCOMPARE(QSettings().value(QStringLiteral("simulation/historyMegabytes")).toInt(), 1);
    // Within 1 MB the two-body run keeps fewer than its 60 s.
    QVERIFY2(f.sim->historySeconds() < SimulationController::kHistorySeconds,
             qPrintable(QString::number(f.sim->historySeconds())));
    const auto held =
        static_cast<std::int64_t>(std::llround(f.sim->historySeconds() / f.sim->settings().timeStep)) + 1;

    // The first contact is flagged while its frame is held...
    for (int i = 0; i < 90; ++i) {
        f.sim->stepForward();
    }
    QVERIFY(!f.ui->bookmarks().empty());
    const Bookmark firstContact = f.ui->bookmarks().front();
    QCOMPARE(firstContact.kind, BookmarkKind::FirstContact);
    TimelineScrubber* scrubber = f.ui->scrubber();
    QCOMPARE(scrubber->marks().front().step, firstContact.step);
    // ... and the run goes on until the ring has dropped it and a few frames more.
    const std::int64_t steps = firstContact.step + 20 + held;
    while (f.sim->headStep() < steps) {
        f.sim->stepForward();
    }
    const std::int64_t first = f.sim->firstStep();
    QCOMPARE(f.sim->headStep() - first + 1, held); // the ring is full, and holds no more
    QVERIFY(first > firstContact.step + 10);
    QVERIFY(f.sim->frame(first) != nullptr);
    QVERIFY(f.sim->frame(first - 1) == nullptr);
    QVERIFY(f.sim->frame(firstContact.step) == nullptr);

    // The strip starts at the oldest frame kept, and the bookmarks before it are gone.
    QCOMPARE(scrubber->first(), first);
    QCOMPARE(scrubber->last(), f.sim->headStep());
    for (const TimelineScrubber::Mark& mark : scrubber->marks()) {
        QVERIFY2(mark.step >= first, qPrintable(mark.label));
    }
    for (const Bookmark& b : f.ui->bookmarks()) {
        QVERIFY(b.step >= first);
        QVERIFY(b.kind != BookmarkKind::FirstContact);
    }

    // A click on the strip's left end shows exactly the oldest frame.
    QVERIFY(scrubber->markAtX(1.0) < 0);
    QTest::mouseClick(scrubber, Qt::LeftButton, {}, QPoint(1, scrubber->height() / 2));
    QCOMPARE(f.sim->currentStep(), first);
    QCOMPARE(scrubber->current(), first);
    QCOMPARE(f.sim->stateHash(), f.sim->frame(first)->hash);
    const int slot = f.sim->slotOf(f.ball);
    QCOMPARE(f.window->canvas()->bodyItem(f.ball)->pos().y(),
             f.sim->frame(first)->bodies[static_cast<std::size_t>(slot)].xf.p.y);

    // Asking for a dropped frame clamps to the oldest one: a seek, a step back, the Home key.
    f.sim->seek(first - 40);
    QCOMPARE(f.sim->currentStep(), first);
    f.sim->seek(0);
    QCOMPARE(f.sim->currentStep(), first);
    f.sim->stepBack();
    QCOMPARE(f.sim->currentStep(), first);
    QVERIFY(!f.sim->warning().isEmpty()); // "This is the oldest frame the history holds"
    f.sim->seek(f.sim->headStep());
    scrubber->setFocus();
    QTest::keyClick(scrubber, Qt::Key_Home);
    QCOMPARE(f.sim->currentStep(), first);
    QTest::keyClick(scrubber, Qt::Key_PageUp);
    QCOMPARE(f.sim->currentStep(), first);

    // Acting on the oldest frame rebuilds the World there from the checkpoints left (none before it was
    // needed): the branch starts from exactly that frame.
    const SimBodyState at = f.sim->frame(first)->bodies[static_cast<std::size_t>(slot)];
    QString error;
    QVERIFY2(f.sim->setBodyState(f.ball, at.xf.p, std::atan2(at.xf.q.s, at.xf.q.c),
                                 phys::Vec2{1.0, at.linearVelocity.y}, at.angularVelocity, &error),
             qPrintable(error));
    QCOMPARE(f.sim->headStep(), first);
    QCOMPARE(f.sim->firstStep(), first);
    QVERIFY2(!f.sim->warning().contains(QStringLiteral("differs")), qPrintable(f.sim->warning()));
    f.sim->stepForward();
    QCOMPARE(f.sim->headStep(), first + 1);
    QCOMPARE(scrubber->first(), first);
    QCOMPARE(scrubber->last(), first + 1);

    // A bigger budget keeps the frames there are and lets the ring grow again; a smaller one drops the
    // oldest at once, and the frame shown among them moves to the oldest one kept.
    QTest::keyClick(memory, Qt::Key_Up);
    QCOMPARE(f.sim->historyBudgetBytes(), std::size_t{2} << 20);
    QCOMPARE(f.sim->firstStep(), first);
    while (f.sim->headStep() - f.sim->firstStep() + 1 < held + 30) {
        f.sim->stepForward();
    }
    QCOMPARE(f.sim->firstStep(), first);
    f.sim->seek(first);
    QTest::keyClick(memory, Qt::Key_Down);
    QCOMPARE(f.sim->historyBudgetBytes(), std::size_t{1} << 20);
    QCOMPARE(f.sim->headStep() - f.sim->firstStep() + 1, held);
    QCOMPARE(f.sim->firstStep(), first + 30);
    QCOMPARE(f.sim->currentStep(), first + 30);
    QCOMPARE(f.sim->stateHash(), f.sim->frame(first + 30)->hash);
    QCOMPARE(scrubber->first(), first + 30);
    QCOMPARE(scrubber->current(), first + 30);
    // Stepping on from the oldest frame goes through the recorded ones, then makes new steps.
    for (int i = 0; i < 40; ++i) {
        f.sim->stepForward();
    }
    QCOMPARE(f.sim->currentStep(), first + 70);
    QCOMPARE(f.sim->stateHash(), f.sim->frame(first + 70)->hash);
}

QTEST_MAIN(TestTimeline)
#include "tst_timeline.moc"
