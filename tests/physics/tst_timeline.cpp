/// @file tst_timeline.cpp
/// phys::Timeline (issue 15): the World, the input log, checkpoints and replay. The oracle is a straight run:
/// a plain World given the same inputs at the same steps through its own API, stepped from start to end.
/// Everything is compared with == (bit-identical states), at the default settings.

#include "world_test_util.h"

#include "physics/timeline.h"
#include "physics/world.h"

#include <QTest>

#include <map>
#include <vector>

using namespace testutil;

namespace {

/// A 8-row pyramid of boxes, a few balls above it and a box thrown at it: slots 0 (ground) .. 40.
std::vector<phys::BodyDef> sceneBodies() {
    std::vector<phys::BodyDef> bodies;
    bodies.push_back(bodyDef({0.0, -0.5}, boxShape(60.0, 1.0), phys::BodyType::Static));
    for (const phys::BodyDef& box : boxPyramid(8)) {
        bodies.push_back(box);
    }
    for (int i = 0; i < 4; ++i) {
        bodies.push_back(bodyDef({-1.5 + 1.0 * i, 10.0 + 0.5 * i}, circleShape(0.3, 0.4, 0.4)));
    }
    phys::BodyDef thrown = bodyDef({-12.0, 3.0}, boxShape(0.8, 0.8));
    thrown.linearVelocity = {9.0, 2.0};
    bodies.push_back(thrown);
    return bodies;
}

/// The inputs of a busy session: a throw, a settings switch, a grab (forces over many steps, some at a step
/// that also has a state input), a pose set by hand and a body replaced by an edit.
std::vector<phys::TimelineInput> sessionInputs() {
    std::vector<phys::TimelineInput> in;
    in.push_back({20, phys::InputVelocity{5, {3.0, 6.0}, 2.0}});
    phys::WorldSettings switched;
    switched.iterations = 3;
    switched.warmStarting = false;
    in.push_back({50, phys::InputSettings{switched}});
    for (std::int64_t s = 60; s < 75; ++s) {
        in.push_back({s, phys::InputForce{40, {0.0, 30.0}, {-3.0, 3.2}}});
    }
    in.push_back({70, phys::InputPose{38, {4.0, 8.0}, 0.7}});
    in.push_back({90, phys::InputVelocity{30, {-1.0, 4.0}, 1.0}}); // at a checkpoint's step (K = 30)
    phys::BodyDef bigBall = bodyDef({-4.0, 9.0}, circleShape(0.6, 0.5, 0.2));
    in.push_back({95, phys::InputReplaceBody{37, bigBall}});
    in.push_back({130, phys::InputSettings{phys::WorldSettings{}}});
    return in;
}

bool sameStates(const std::vector<StateSample>& a, const std::vector<StateSample>& b) {
    return a == b; // exact: StateSample's == compares every field bit for bit (no tolerance)
}

/// Records a failure without returning (QVERIFY returns, which a function with a value cannot).
void check(bool ok, const char* what) {
    if (!ok) {
        QTest::qFail(what, __FILE__, __LINE__);
    }
}

/// The oracle: a plain World, the inputs given through World's own API at their steps (the state inputs,
/// then the forces for the step), stepped `steps` times. Returns the states after 0 .. steps steps.
std::vector<std::vector<StateSample>> straightRun(const std::vector<phys::TimelineInput>& inputs, int steps) {
    phys::World world;
    for (const phys::BodyDef& def : sceneBodies()) {
        (void)world.createBody(def);
    }
    std::vector<std::vector<StateSample>> states;
    for (int s = 0; s <= steps; ++s) {
        for (const phys::TimelineInput& in : inputs) {
            if (in.atStep != s) {
                continue;
            }
            if (const auto* v = std::get_if<phys::InputVelocity>(&in.action)) {
                world.setLinearVelocity(world.idOfSlot(v->slot), v->linear);
                world.setAngularVelocity(world.idOfSlot(v->slot), v->angular);
            } else if (const auto* p = std::get_if<phys::InputPose>(&in.action)) {
                world.setTransform(world.idOfSlot(p->slot), p->position, p->angle);
            } else if (const auto* st = std::get_if<phys::InputSettings>(&in.action)) {
                check(!world.setSettings(st->settings), "settings refused");
            } else if (const auto* r = std::get_if<phys::InputReplaceBody>(&in.action)) {
                check(world.removeBody(world.idOfSlot(r->slot)), "remove refused");
                const auto id = world.createBody(r->def);
                check(id.ok() && int(id->index) == r->slot, "the replaced body changed slot");
            }
        }
        states.push_back(statesOf(world));
        if (s == steps) {
            break;
        }
        for (const phys::TimelineInput& in : inputs) {
            if (const auto* f = std::get_if<phys::InputForce>(&in.action); f && in.atStep == s) {
                world.applyForce(world.idOfSlot(f->slot), f->force, f->worldPoint);
            }
        }
        world.step();
    }
    return states;
}

/// Gives `timeline` the inputs logged at its current step.
void giveInputsAt(phys::Timeline& timeline, const std::vector<phys::TimelineInput>& inputs) {
    for (const phys::TimelineInput& in : inputs) {
        if (in.atStep == timeline.step()) {
            timeline.addInput(in.action);
        }
    }
}

/// A Timeline run live to `steps` with the inputs given as it goes.
void runLive(phys::Timeline& timeline, const std::vector<phys::TimelineInput>& inputs, int steps) {
    giveInputsAt(timeline, inputs);
    while (timeline.step() < steps) {
        timeline.stepForward();
        giveInputsAt(timeline, inputs);
    }
}

QString differs(std::int64_t step) {
    return QStringLiteral("state differs from the straight run at step %1").arg(step);
}

} // namespace

class TestTimeline : public QObject {
    Q_OBJECT

private slots:
    void liveRunEqualsStraight();
    void replayEqualsStraight();
    void seekBackThenForwardEqualsStraight();
    void worldAtEqualsStraightAndMovesNothing();
    void checkpointsStayWithinBudget();
    void branchDropsFutureAndFollowsNewInput();
    void forceAtBranchStepIsDropped();
    void settingsAt();
    void steppedElsewhereEqualsStepForward();
    void forgetBeforeKeepsIntervalSmall();
};

// The Timeline given the inputs live, step by step, is the straight run.
void TestTimeline::liveRunEqualsStraight() {
    const auto inputs = sessionInputs();
    const auto straight = straightRun(inputs, 200);
    const auto bodies = sceneBodies();
    phys::Timeline timeline(phys::WorldSettings{}, bodies);
    QVERIFY(sameStates(statesOf(timeline.world()), straight[0]));
    giveInputsAt(timeline, inputs);
    while (timeline.step() < 200) {
        timeline.stepForward();
        giveInputsAt(timeline, inputs);
        QVERIFY2(sameStates(statesOf(timeline.world()), straight[static_cast<std::size_t>(timeline.step())]),
                 qPrintable(differs(timeline.step())));
    }
    QCOMPARE(timeline.headStep(), std::int64_t{200});
    QCOMPARE(timeline.inputs().size(), inputs.size());
}

// Back to the start and forward again by seek: every step replays from a checkpoint to the straight state.
void TestTimeline::replayEqualsStraight() {
    const auto inputs = sessionInputs();
    const auto straight = straightRun(inputs, 200);
    const auto bodies = sceneBodies();
    phys::Timeline timeline(phys::WorldSettings{}, bodies);
    runLive(timeline, inputs, 200);
    QVERIFY(timeline.checkpointCount() > 3); // 0, 30, 60, ... : the seeks below start from several
    for (const std::int64_t t : {0, 1, 29, 30, 31, 59, 60, 65, 70, 94, 95, 96, 131, 199, 200, 150, 3, 200}) {
        timeline.seek(t);
        QCOMPARE(timeline.step(), t);
        QVERIFY2(sameStates(statesOf(timeline.world()), straight[static_cast<std::size_t>(t)]),
                 qPrintable(differs(t)));
        // Restoring replays fewer than K steps (the newest checkpoint at or before t).
        QVERIFY(timeline.lastReplaySteps() < timeline.checkpointInterval());
    }
    QCOMPARE(timeline.headStep(), std::int64_t{200}); // seeking drops nothing
    QCOMPARE(timeline.inputs().size(), inputs.size());
}

// Seek back, then step forward one step at a time (replaying the logged inputs): the straight states.
void TestTimeline::seekBackThenForwardEqualsStraight() {
    const auto inputs = sessionInputs();
    const auto straight = straightRun(inputs, 220);
    const auto bodies = sceneBodies();
    phys::Timeline timeline(phys::WorldSettings{}, bodies);
    runLive(timeline, inputs, 160);
    timeline.seek(57);
    QCOMPARE(timeline.lastReplayStart(), std::int64_t{30});
    QCOMPARE(timeline.lastReplaySteps(), std::int64_t{27});
    while (timeline.step() < 220) {
        timeline.stepForward();
        QVERIFY2(sameStates(statesOf(timeline.world()), straight[static_cast<std::size_t>(timeline.step())]),
                 qPrintable(differs(timeline.step())));
    }
    QCOMPARE(timeline.headStep(), std::int64_t{220});
}

// A budget of a few snapshots over 1,500 steps: after every step the checkpoints fit it, K has grown, the
// checkpoints still reach over the whole run (never more than K apart), and any step is rebuilt exactly.
// worldAt(t) is the straight run's state at t (replayed from a checkpoint, or stepped on from the World
// itself), and the Timeline stays where it was.
void TestTimeline::worldAtEqualsStraightAndMovesNothing() {
    const auto inputs = sessionInputs();
    const auto straight = straightRun(inputs, 200);
    const auto bodies = sceneBodies();
    phys::Timeline timeline(phys::WorldSettings{}, bodies);
    runLive(timeline, inputs, 200);
    timeline.seek(120);
    const std::uint64_t hash = timeline.world().stateHash();
    for (const std::int64_t t : {0, 1, 29, 30, 31, 95, 119, 120, 121, 150, 199, 200}) {
        const phys::World world = timeline.worldAt(t);
        QCOMPARE(world.stepCount(), t);
        QVERIFY2(sameStates(statesOf(world), straight[static_cast<std::size_t>(t)]), qPrintable(differs(t)));
    }
    QCOMPARE(timeline.step(), std::int64_t{120});
    QCOMPARE(timeline.world().stateHash(), hash);
    QCOMPARE(timeline.headStep(), std::int64_t{200});
    QCOMPARE(timeline.inputs().size(), inputs.size());
}

void TestTimeline::checkpointsStayWithinBudget() {
    const auto bodies = sceneBodies();
    phys::World probe;
    for (const phys::BodyDef& def : bodies) {
        (void)probe.createBody(def);
    }
    for (int i = 0; i < 100; ++i) {
        probe.step();
    }
    const std::size_t oneSnapshot = probe.snapshot().memoryBytes();
    phys::Timeline::Options options;
    options.checkpointBudgetBytes = 6 * oneSnapshot;
    options.minCheckpointInterval = 10;
    phys::Timeline timeline(phys::WorldSettings{}, bodies, options);
    const auto straight = straightRun({}, 1500);
    for (int s = 0; s < 1500; ++s) {
        timeline.stepForward();
        QVERIFY2(timeline.checkpointBytes() <= options.checkpointBudgetBytes,
                 qPrintable(QStringLiteral("step %1: %2 > %3 bytes")
                                .arg(timeline.step())
                                .arg(timeline.checkpointBytes())
                                .arg(options.checkpointBudgetBytes)));
    }
    const int k = timeline.checkpointInterval();
    QVERIFY2(k > options.minCheckpointInterval, qPrintable(QString::number(k)));
    QVERIFY(timeline.checkpointCount() >= 2);
    QCOMPARE(timeline.checkpointStep(0), std::int64_t{0});
    for (int i = 1; i < timeline.checkpointCount(); ++i) {
        QCOMPARE(timeline.checkpointStep(i) - timeline.checkpointStep(i - 1), std::int64_t{k});
    }
    QVERIFY(1500 - timeline.checkpointStep(timeline.checkpointCount() - 1) < k);
    for (const std::int64_t t : {1499, 700, 3, 1200}) {
        timeline.seek(t);
        QVERIFY(timeline.lastReplaySteps() < k);
        QVERIFY2(sameStates(statesOf(timeline.world()), straight[static_cast<std::size_t>(t)]),
                 qPrintable(differs(t)));
    }
    QVERIFY(timeline.memoryBytes() >= timeline.checkpointBytes() + timeline.world().memoryBytes());
}

// Run to 160, seek back to 80 and throw a body: the inputs after 80 and the checkpoints after it are gone,
// the head is 80, and stepping on gives the straight run of the inputs before 80 plus the throw.
void TestTimeline::branchDropsFutureAndFollowsNewInput() {
    const auto inputs = sessionInputs();
    const auto bodies = sceneBodies();
    phys::Timeline timeline(phys::WorldSettings{}, bodies);
    runLive(timeline, inputs, 160);
    timeline.seek(80);
    const phys::TimelineInput throwIt{80, phys::InputVelocity{12, {-4.0, 7.0}, -3.0}};
    timeline.addInput(throwIt.action);
    QCOMPARE(timeline.headStep(), std::int64_t{80});
    for (const phys::TimelineInput& in : timeline.inputs()) {
        QVERIFY(in.atStep <= 80);
    }
    for (int i = 0; i < timeline.checkpointCount(); ++i) {
        QVERIFY(timeline.checkpointStep(i) <= 80);
    }
    std::vector<phys::TimelineInput> expected;
    for (const phys::TimelineInput& in : inputs) {
        if (in.atStep < 80) {
            expected.push_back(in);
        }
    }
    expected.push_back(throwIt);
    QCOMPARE(timeline.inputs().size(), expected.size());
    const auto straight = straightRun(expected, 200);
    QVERIFY2(sameStates(statesOf(timeline.world()), straight[80]), qPrintable(differs(80)));
    while (timeline.step() < 200) {
        timeline.stepForward();
        QVERIFY2(sameStates(statesOf(timeline.world()), straight[static_cast<std::size_t>(timeline.step())]),
                 qPrintable(differs(timeline.step())));
    }
    // ...and so does a replay of the new branch.
    timeline.seek(100);
    QVERIFY2(sameStates(statesOf(timeline.world()), straight[100]), qPrintable(differs(100)));
    // The old future really is gone: its state at 160 differs from the new one.
    const auto old = straightRun(inputs, 160);
    timeline.seek(160);
    QVERIFY(!sameStates(statesOf(timeline.world()), old[160]));
}

// The grab forces logged at the branch step belonged to the old next step: a branch there drops them and
// keeps the state inputs logged at that step.
void TestTimeline::forceAtBranchStepIsDropped() {
    const auto inputs = sessionInputs(); // forces at 60 .. 74, a pose at 70
    const auto bodies = sceneBodies();
    phys::Timeline timeline(phys::WorldSettings{}, bodies);
    runLive(timeline, inputs, 100);
    timeline.seek(70);
    timeline.addInput(phys::InputVelocity{3, {1.0, 0.0}, 0.0});
    int forcesAt70 = 0;
    int posesAt70 = 0;
    for (const phys::TimelineInput& in : timeline.inputs()) {
        forcesAt70 += in.atStep == 70 && std::holds_alternative<phys::InputForce>(in.action) ? 1 : 0;
        posesAt70 += in.atStep == 70 && std::holds_alternative<phys::InputPose>(in.action) ? 1 : 0;
    }
    QCOMPARE(forcesAt70, 0);
    QCOMPARE(posesAt70, 1);
}

void TestTimeline::settingsAt() {
    const auto inputs = sessionInputs();
    const auto bodies = sceneBodies();
    phys::Timeline timeline(phys::WorldSettings{}, bodies);
    runLive(timeline, inputs, 140);
    QCOMPARE(timeline.settingsAt(49).iterations, phys::WorldSettings{}.iterations);
    QCOMPARE(timeline.settingsAt(50).iterations, 3);
    QCOMPARE(timeline.settingsAt(129).warmStarting, false);
    QCOMPARE(timeline.settingsAt(130).warmStarting, true);
    timeline.seek(60);
    QCOMPARE(timeline.world().settings().iterations, 3);
}

// The GUI's way (a copy stepped on a worker, then adopted): the same states, log and checkpoints as
// stepForward(), and a replay from those checkpoints is still the straight run.
void TestTimeline::steppedElsewhereEqualsStepForward() {
    const auto inputs = sessionInputs();
    const auto straight = straightRun(inputs, 200);
    const auto bodies = sceneBodies();
    phys::Timeline direct(phys::WorldSettings{}, bodies);
    phys::Timeline adopted(phys::WorldSettings{}, bodies);
    giveInputsAt(direct, inputs);
    giveInputsAt(adopted, inputs);
    int snapshots = 0;
    while (adopted.step() < 200) {
        direct.stepForward();
        phys::World copy = adopted.world();
        for (const phys::InputForce& f : adopted.forcesAt(adopted.step())) {
            copy.applyForce(copy.idOfSlot(f.slot), f.force, f.worldPoint);
        }
        copy.step();
        phys::WorldSnapshot snap;
        if (adopted.checkpointDue()) {
            snap = copy.snapshot();
            ++snapshots;
        }
        const phys::World before = adopted.adoptStep(std::move(copy), std::move(snap));
        QCOMPARE(before.stepCount(), adopted.step() - 1);
        giveInputsAt(direct, inputs);
        giveInputsAt(adopted, inputs);
        QVERIFY2(sameStates(statesOf(adopted.world()), straight[static_cast<std::size_t>(adopted.step())]),
                 qPrintable(differs(adopted.step())));
    }
    QCOMPARE(snapshots, 200 / 30);
    QCOMPARE(adopted.checkpointCount(), direct.checkpointCount());
    for (int i = 0; i < direct.checkpointCount(); ++i) {
        QCOMPARE(adopted.checkpointStep(i), direct.checkpointStep(i));
    }
    QCOMPARE(adopted.inputs().size(), direct.inputs().size());
    for (const std::int64_t t : {95, 61, 150}) {
        adopted.seek(t);
        QVERIFY2(sameStates(statesOf(adopted.world()), straight[static_cast<std::size_t>(t)]),
                 qPrintable(differs(t)));
    }
}

// A caller that keeps only the last 40 steps reachable (as the GUI keeps 60 s of frames): the budget of a few
// snapshots is never exceeded and K never has to grow; seeks within the kept stretch are still exact, and a
// seek before it stops at the earliest step held.
void TestTimeline::forgetBeforeKeepsIntervalSmall() {
    const auto bodies = sceneBodies();
    phys::Timeline::Options options;
    options.minCheckpointInterval = 10;
    phys::World probe;
    for (const phys::BodyDef& def : bodies) {
        (void)probe.createBody(def);
    }
    for (int i = 0; i < 100; ++i) {
        probe.step();
    }
    options.checkpointBudgetBytes = 8 * probe.snapshot().memoryBytes();
    phys::Timeline timeline(phys::WorldSettings{}, bodies, options);
    const auto straight = straightRun({}, 900);
    for (int s = 0; s < 900; ++s) {
        timeline.stepForward();
        timeline.forgetBefore(timeline.step() - 40);
        QVERIFY(timeline.checkpointBytes() <= options.checkpointBudgetBytes);
        QVERIFY(timeline.earliestStep() <= timeline.step() - 40 || timeline.earliestStep() == 0);
    }
    QCOMPARE(timeline.checkpointInterval(), 10);
    QVERIFY(timeline.checkpointCount() <= 6);
    QCOMPARE(timeline.earliestStep(), std::int64_t{860});
    timeline.seek(863);
    QVERIFY(sameStates(statesOf(timeline.world()), straight[863]));
    QCOMPARE(timeline.lastReplayStart(), std::int64_t{860});
    timeline.seek(100); // before the earliest step held: the earliest
    QCOMPARE(timeline.step(), std::int64_t{860});
    QVERIFY(sameStates(statesOf(timeline.world()), straight[860]));
}

QTEST_GUILESS_MAIN(TestTimeline)
#include "tst_timeline.moc"
