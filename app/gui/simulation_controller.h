#pragma once
/// @file simulation_controller.h
/// Simulate mode: runs the edited scene on the engine with a fixed step, keeps an exact history for stepping
/// back, takes live setting switches, grabs bodies with a mouse spring, and hands the view what to draw.
///
/// Time (Fiedler, "Fix Your Timestep!", 2004; Box2D testbed):
/// @code
///   every display frame (advance(realSeconds)):
///     accumulator += min(realSeconds, 0.25) * timeScale
///     while accumulator >= dt and fewer than kMaxStepsPerFrame steps and the frame's wall budget is left:
///       step once (a recorded frame when stepping forward inside the history, else the World)
///       accumulator -= dt
///     if steps were left undone: drop them (accumulator < dt) and show a "slower than real time" warning
///     alpha = accumulator / dt;  draw poses interpolated between the last two frames by alpha
/// @endcode
/// The World is always at the newest recorded step (the head); the cursor is the frame shown. Stepping back
/// moves the cursor only. Acting on a past frame (a grab, a switch, an edit) first rebuilds the World at the
/// cursor, checks the rebuilt stateHash against the recorded one, drops the old future and continues from
/// there. The World, the input log and the checkpoints are a phys::Timeline (physics/timeline.h, where the
/// replay and the checkpoint policy are described and tested): the rebuild restores the newest checkpoint
/// (a World snapshot) at or before the cursor and replays fewer than checkpointInterval() steps with the
/// logged inputs:
/// @code
///   act at cursor c < head:
///     timeline.seek(c)        (newest checkpoint <= c, replay the inputs, the state inputs logged at c)
///     timeline.dropFuture()   (inputs after c, the forces at c, checkpoints after c)
///     compare stateHash with frame c; drop the frames after c
/// @endcode
/// The checkpoints fit 1/kCheckpointBudgetDivisor of the history budget (as World::memoryBytes() counts
/// them): K starts at
/// kMinCheckpointSteps (a copy costs about as much as a few steps) and doubles when they would not.
///
/// Threads (sim_worker.h): every World step runs on a worker thread, on a copy of the World; the UI keeps
/// the World of the head frame and the recorded frames, which is all it draws. A step of a small world (at
/// most kSyncShapeCount shapes, so at most ~33,000 pairs: milliseconds) is waited for, so that it is done when
/// stepForward() returns, as before; a bigger world's step is waited for up to stepWait() seconds, and if it
/// is not done by then the UI goes back to its event loop and takes the result when the worker posts it
/// (isStepping() meanwhile):
/// @code
///   step requested:  if shapes <= kSyncShapeCount: job = {step world in place}; submit(job); wait for it
///                    else: job = {copy world, step the copy}; submit(job); wait up to stepWait()
///                    (either way job.inputs = the grab force of this step, logged at the head)
///                    done: take job.world and job.frame (the head moves on)   else: stepping = true
///   worker posts:    take job.world and job.frame; stepping = false
///   cancelStep():    abandon job; drop the inputs logged for it; the head stays the frame before the step
///   any action on the World while stepping (a grab, a switch, an edit, step back, reset): cancelStep() first
///   Step or Play while stepping: nothing more is queued (one step at a time); Pause lets the step finish
/// @endcode
///
/// Inspector edits while simulating (the live inspector, inspector_dock.h): pose and velocity fields show
/// and set the running body at the frame shown (setBodyState: pauses, acts on that frame, branches the run;
/// the edited scene is untouched and Reset brings it back); every other field edits the document (one undo
/// command) and the running body is replaced keeping its live pose and velocities (onBodyChanged).

#include "document.h"
#include "simulation_history.h"

#include "physics/collide.h"
#include "physics/timeline.h"
#include "physics/world.h"

#include <QElapsedTimer>
#include <QHash>
#include <QList>
#include <QObject>
#include <QString>

#include <memory>
#include <optional>
#include <vector>

class QTimer;

namespace cl {

struct SimOverlayFrame;
struct SimStepJob;
class SimWorker;

/// A contact point picked on a paused frame, with the two bodies as the engine saw them when it computed
/// that manifold (the poses at the start of the step).
struct SimContactPick {
    BodyKey keyA = 0;
    BodyKey keyB = 0;
    SimContactPoint point; ///< the engine's point (world frame)
    phys::BodyDef bodyA;   ///< shapes (body frame) and pose at the start of the step
    phys::BodyDef bodyB;
    std::int64_t step = 0; ///< the step that computed the manifold (its frame is the one shown)
    double time = 0.0;     ///< simulated seconds of the frame shown (after that step)
    /// The run's contact method in that step, and the speculative margin (metres) the World gave this pair
    /// (phys::kSpeculativeDistance: fixed, never widened by speed).
    phys::ContactMethod method = phys::ContactMethod::Clipping;
    double speculativeDistance = 0.0;
    /// The engine's points of this shape pair in that frame, in the engine's order (`point` is one of them):
    /// a recycled contact's (point.recycled) may differ from a fresh narrow phase on the poses above.
    std::vector<phys::Vec2> enginePoints;
};

/// The narrow phase run afresh on the pick's poses, shapes, method and margin (phys::collide, as the World's
/// narrow phase calls it): the engine's own manifold unless it recycled this contact.
phys::Manifold freshManifold(const SimContactPick& pick);

class SimulationController : public QObject {
    Q_OBJECT

public:
    /// Seconds of simulated time the history holds at least.
    static constexpr double kHistorySeconds = 60.0;
    /// Most steps taken in one display frame when catching up; beyond it the lag is dropped (with a warning).
    static constexpr int kMaxStepsPerFrame = 4;
    /// Wall-clock time one display frame may spend stepping, seconds.
    static constexpr double kFrameBudgetSeconds = 0.030;
    /// A World whose last step took longer is not stepped ahead of its frame (stepAhead): starting the copy
    /// waits for the worker to free the World before and to copy this one, which for a heavy World (issue
    /// 16's pile, seconds a step) would hold the UI as long as a step.
    static constexpr double kAheadMaxStepSeconds = 0.008;
    /// Largest real time one display frame may account for, seconds (a stalled event loop does not make the
    /// simulation jump).
    static constexpr double kMaxFrameSeconds = 0.25;
    /// History memory budget by default, bytes (setHistoryBudgetBytes; the Simulation dock's "History
    /// memory", kept in QSettings simulation/historyMegabytes): a scene too big for kHistorySeconds within
    /// it keeps fewer seconds (and says so in historySeconds()).
    static constexpr std::size_t kHistoryBudgetBytes = std::size_t{768} * 1024 * 1024;
    /// The budgets setHistoryBudgetBytes accepts, bytes.
    static constexpr std::size_t kMinHistoryBudgetBytes = std::size_t{1} * 1024 * 1024;
    static constexpr std::size_t kMaxHistoryBudgetBytes = std::size_t{64} * 1024 * 1024 * 1024;
    /// The part of the budget the World checkpoints may take (the frames get the rest).
    static constexpr std::size_t kCheckpointBudgetDivisor = 8;
    /// Fewest steps between two checkpoints.
    static constexpr int kMinCheckpointSteps = 30;
    /// Display timer interval, milliseconds.
    static constexpr int kTimerMilliseconds = 16;
    /// Time scale range.
    static constexpr double kMinTimeScale = 0.1;
    static constexpr double kMaxTimeScale = 2.0;
    /// Mouse spring: natural frequency (Hz) and damping ratio of the spring that pulls the grabbed point to
    /// the mouse (per unit mass, like Box2D's mouse joint), and the largest acceleration it may give (m/s^2).
    static constexpr double kGrabHertz = 5.0;
    static constexpr double kGrabDampingRatio = 0.7;
    static constexpr double kGrabMaxAcceleration = 1000.0;
    /// Steps over which the drag velocity is measured (the mouse target's displacement over this many steps).
    static constexpr int kDragVelocitySteps = 3;
    /// A run whose scene would make more contact pairs than this is warned about when it is built, before
    /// any step (issue 16: 2,000 circles at one point make about 2 million pairs and take seconds per step).
    static constexpr std::int64_t kHeavyPairCount = 200000;
    /// estimateContactPairs stops counting here (the warning then says "more than").
    static constexpr std::int64_t kPairCountCap = 100000000;
    /// A World of at most this many shapes is stepped while the UI waits (see the file comment).
    static constexpr int kSyncShapeCount = 256;
    /// How long the UI waits for a bigger World's step before it lets the step run on, seconds.
    static constexpr double kStepWaitSeconds = 0.030;

    /// The contact pairs the World's broad phase makes from its current poses, counted up to `cap`: pairs of
    /// shapes on two different enabled bodies, one of them dynamic, whose boxes overlap once fattened by
    /// phys::kAABBMargin each (what World::addPair keeps). It leaves out the sweep of fast bodies, so it is
    /// an estimate of the first step's pairs. O(n log n + pairs) with a dynamic AABB tree.
    static std::int64_t estimateContactPairs(const phys::World& world, std::int64_t cap = kPairCountCap);
    /// estimateContactPairs for the run's start, computed when the run was built (0 in Edit mode).
    std::int64_t estimatedPairs() const { return m_estimatedPairs; }

    explicit SimulationController(Document* document, QObject* parent = nullptr);
    ~SimulationController() override;

    Document* document() const { return m_document; }

    // --- mode and time
    // ---------------------------------------------------------------------------------------
    bool isSimulating() const { return m_simulating; }
    bool isPlaying() const { return m_playing; }
    double timeScale() const { return m_timeScale; }
    /// The settings the run uses now (live switches included).
    const phys::WorldSettings& settings() const { return m_settings; }
    /// The frame shown (a step number; 0 = the edited scene).
    std::int64_t currentStep() const { return m_cursor; }
    /// The newest simulated step.
    std::int64_t headStep() const;
    /// The oldest step still held by the history.
    std::int64_t firstStep() const;
    /// Simulated seconds held by the history at the current step length and scene size.
    double historySeconds() const;
    /// The memory the recorded frames and the World checkpoints may take together, bytes (clamped into
    /// [kMinHistoryBudgetBytes, kMaxHistoryBudgetBytes]; kHistoryBudgetBytes by default). A change applies
    /// to the frames at once (when it shrinks the history, the oldest frames go, and a frame shown among
    /// them moves to the oldest one kept) and to the checkpoints from the next run (Reset, Simulate).
    void setHistoryBudgetBytes(std::size_t bytes);
    std::size_t historyBudgetBytes() const { return m_historyBudget; }
    /// Simulated time of the frame shown, seconds.
    double currentTime() const;
    /// World::stateHash() of the frame shown (exact: recorded bit patterns).
    std::uint64_t stateHash() const;
    const SimFrame* currentFrame() const { return m_history.find(m_cursor); }
    const SimFrame* frame(std::int64_t step) const { return m_history.find(step); }
    /// Interpolation factor between the previous and the current frame used for drawing, in [0, 1].
    double interpolationAlpha() const { return m_alpha; }
    /// The current warning (a slow step, a history limit), empty when none.
    QString warning() const { return m_warning; }
    /// The engine, at the head step (or at the cursor after a branch). Null in Edit mode.
    const phys::World* world() const { return m_timeline ? &m_timeline->world() : nullptr; }
    /// The run's Timeline (the World, the input log, the checkpoints). Null in Edit mode.
    const phys::Timeline* timeline() const { return m_timeline.get(); }
    /// Worker threads of the World's step (phys::World::setThreadCount; 0 = every core, the default). The
    /// frames do not depend on it.
    void setThreadCount(int threads);
    int threadCount() const { return m_threads; }
    /// Steps between two World checkpoints (K in the file comment).
    int checkpointInterval() const {
        return m_timeline ? m_timeline->checkpointInterval() : kMinCheckpointSteps;
    }
    /// World snapshots held, and the steps they were taken at (ascending; the first is the run's start).
    int checkpointCount() const { return m_timeline ? m_timeline->checkpointCount() : 0; }
    std::int64_t checkpointStep(int index) const { return m_timeline->checkpointStep(index); }
    /// Steps replayed by the last rebuild at a past frame, and the step it started from (a checkpoint's, or
    /// 0).
    std::int64_t lastReplaySteps() const { return m_timeline ? m_timeline->lastReplaySteps() : 0; }
    std::int64_t lastReplayStart() const { return m_timeline ? m_timeline->lastReplayStart() : 0; }

    /// Clock source: false (default) = a QTimer drives advance() while playing; true = nothing does, the
    /// caller calls advance() (tests, the benchmark, screenshots).
    void setExternalClock(bool external);
    bool externalClock() const { return m_externalClock; }
    /// One display frame: `realSeconds` of wall time passed (see the file comment).
    void advance(double realSeconds);

    // --- worker thread
    // ---------------------------------------------------------------------------------------
    /// A step runs on the worker and the UI is not waiting for it.
    bool isStepping() const;
    /// The step number being computed (headStep() + 1), 0 when not stepping.
    std::int64_t steppingStep() const;
    /// Wall-clock seconds since the step being computed was requested (0 when not stepping).
    double steppingSeconds() const;
    /// The wait of a step of a World bigger than kSyncShapeCount shapes (kStepWaitSeconds by default).
    /// 0: such a step is not waited for at all, its result always comes through the event loop (tests).
    /// Negative: waited for to the end.
    void setStepWait(double seconds) { m_stepWait = seconds; }
    /// Steps started ahead of their frame (stepAhead) that were taken as theirs, and those dropped because
    /// something changed the run first.
    std::int64_t stepsTakenAhead() const { return m_aheadTaken; }
    /// How many times an edit of the scene's bodies (or another scene) rebuilt the World while simulating.
    std::int64_t structureRebuilds() const { return m_structureRebuilds; }
    std::int64_t stepsDroppedAhead() const { return m_aheadDropped; }
    double stepWait() const { return m_stepWait; }
    /// Changes which worlds are waited for to the end: those with at most `shapes` shapes (tests set -1 so
    /// that every step goes by the worker's post).
    void setSyncShapeCount(int shapes) { m_syncShapes = shapes; }

    // --- bodies
    // ------------------------------------------------------------------------------------------------
    /// Keys of the simulated bodies in World slot order.
    const std::vector<BodyKey>& slotKeys() const { return m_slotKeys; }
    int slotOf(BodyKey key) const { return m_slotOfKey.value(key, -1); }
    /// The body at the frame shown: its definition with pose and velocities as simulated. nullopt when the
    /// key is not simulated.
    std::optional<phys::BodyDef> bodyAt(BodyKey key) const;
    /// The recorded state (pose, velocities, awake) of a body at the frame shown; null when not simulated.
    const SimBodyState* bodyStateAt(BodyKey key) const;
    /// The pose drawn for a slot this display frame (interpolated).
    phys::Transform displayTransform(int slot) const;
    /// Every slot's displayTransform, in slot order (the frames looked up once, not once a slot).
    void displayTransforms(std::vector<phys::Transform>& out) const;
    /// Sets body `key`'s pose and velocities at the frame shown (the live inspector): pauses first, rebuilds
    /// the World at that frame if it is in the past (the later frames are dropped: the run branches there),
    /// and logs the change as an input so replays repeat it. Only what differs from the frame's state is
    /// applied (a velocity edit does not teleport the body, which would drop its warm starts). The edited
    /// scene (the document) is not touched. Refused, with the error naming the field ("body.linearVelocity:
    /// ..."), when the values are not valid for a body or the key is not simulated.
    bool setBodyState(BodyKey key, phys::Vec2 position, double angle, phys::Vec2 linearVelocity,
                      double angularVelocity, QString* error = nullptr);

    // --- contacts
    // ----------------------------------------------------------------------------------------------
    /// The contact point of the frame shown nearest to `worldPoint` within `radius` metres (touching points
    /// first), with the two bodies at the start of its step. nullopt when none.
    std::optional<SimContactPick> contactAt(phys::Vec2 worldPoint, double radius) const;
    /// Picks a contact (as contactAt) and emits contactChosen. Returns whether one was found.
    bool chooseContactAt(phys::Vec2 worldPoint, double radius);
    /// The last contact chosen.
    const std::optional<SimContactPick>& chosenContact() const { return m_chosen; }

    // --- grab
    // --------------------------------------------------------------------------------------------------
    /// Grabs dynamic body `key` at `worldPoint`. While playing a spring pulls that point to the mouse target;
    /// while paused the body follows the mouse rigidly. Returns false (and grabs nothing) for a static or
    /// unknown body.
    bool beginGrab(BodyKey key, phys::Vec2 worldPoint);
    /// The mouse target, world metres.
    void moveGrab(phys::Vec2 worldTarget);
    /// Lets go. `throwIt`: the body gets the drag velocity (the mouse target's velocity over the last
    /// kDragVelocitySteps steps, m/s) as its linear velocity.
    void endGrab(bool throwIt = true);
    bool isGrabbing() const { return m_grabSlot >= 0; }
    BodyKey grabbedBody() const {
        return isGrabbing() ? m_slotKeys[static_cast<std::size_t>(m_grabSlot)] : 0;
    }
    /// Where the grabbed point of the body is now (frame shown), world metres.
    phys::Vec2 grabAnchor() const;
    /// The mouse target's velocity measured over the last steps, m/s (zero when paused or not grabbing).
    phys::Vec2 dragVelocity() const;

    // --- drawing
    // -----------------------------------------------------------------------------------------------
    /// Fills `out` with what the overlay draws for the display frame (reuses its vectors).
    void fillOverlayFrame(SimOverlayFrame& out) const;

public slots:
    /// Enters Simulate mode (builds the World from the document: the edited scene, paused at step 0) or goes
    /// back to Edit mode (the World is dropped).
    void setSimulating(bool simulating);
    void play();
    void pause();
    void togglePlay();
    /// One step forward (a recorded frame inside the history, else a new step). Pauses first.
    void stepForward();
    /// Shows recorded frame `step` (clamped into [firstStep(), headStep()]): the timeline scrubber's jump.
    /// Pauses first; a step running on the worker is cancelled and a grab let go, as stepBack does. The World
    /// stays at the head until something acts on the frame shown (then materialize() branches there).
    void seek(std::int64_t step);
    /// One step back through the history. Pauses first. Returns nothing at the oldest frame (a warning says
    /// so).
    void stepBack();
    /// Back to the edited scene at step 0, paused (the live settings are kept).
    void reset();
    /// Clamped into [kMinTimeScale, kMaxTimeScale].
    void setTimeScale(double scale);
    /// Changes the run's settings live (solver, response, contact method, switches, gravity, step,
    /// iterations, substeps). Bodies stay where they are. Invalid settings change nothing: returns false with
    /// the error.
    bool setSettings(const phys::WorldSettings& settings, QString* error = nullptr);
    /// Drops the step running on the worker: the frame shown, the World and the input log are what they were
    /// before it was requested. Nothing when no step runs.
    void cancelStep();

signals:
    void simulatingChanged(bool simulating);
    void playingChanged(bool playing);
    /// The frame shown or its interpolation changed: redraw.
    void frameChanged();
    /// The run's settings changed (a switch, a branch that restored older settings).
    void settingsChanged();
    void warningChanged(const QString& warning);
    /// The World was rebuilt from the document (enter, reset, a structural edit).
    void worldRebuilt();
    /// A contact of a paused frame was chosen (chooseContactAt): open its walkthrough.
    void contactChosen(cl::BodyKey bodyA, cl::BodyKey bodyB);
    /// A step started to run without the UI waiting (true), or it finished or was cancelled (false).
    void steppingChanged(bool stepping);
    /// A step that ran without the UI waiting was taken: its frame is the head.
    void stepFinished(std::int64_t step);
    /// A step was cancelled (cancelStep) before its result was taken.
    void stepCancelled(std::int64_t step);

private:
    void rebuild();
    phys::World buildWorld() const;
    /// Rebuilds the World at the cursor when it is behind the head (replay), dropping the old future.
    void materialize();
    /// Logs `action` at the current step, applies it to the World and re-records the current frame.
    void input(const SimInputAction& action);
    /// One new World step (with the grab spring), recorded; the cursor follows.
    void stepWorld();
    /// Starts the next step on the worker, on a copy of the head World (see m_ahead).
    void stepAhead();
    /// Takes the step started ahead as this step when it still is the next one (or lets it run on as the
    /// pending step): true; else drops it: false, and the step is still to make.
    bool takeAhead();
    /// Drops the step started ahead (pause, stop: its World copy is not kept).
    void dropAhead();
    /// Stops `job` (its World is freed on the worker if it finished).
    void abandonJob(const std::shared_ptr<SimStepJob>& job);
    /// Takes a finished job: its World becomes the head, its frame is pushed, its checkpoint kept.
    void takeStep(SimStepJob& job);
    /// The worker posted `job` as finished.
    void onStepPosted(const std::shared_ptr<SimStepJob>& job);
    void rerecordHead();
    void advanceOne();
    void setWarning(const QString& warning);
    /// The warning for a run of more than kHeavyPairCount estimated pairs (empty for a lighter one).
    QString heavyWarning() const;
    void updateCapacity();
    void refreshSlotShapes();
    /// The settings the World used for step `step` (the base settings and the switches logged before it).
    phys::WorldSettings settingsForStep(std::int64_t step) const;
    void onBodyChanged(BodyKey key);
    /// @param newScene the document was replaced (sceneReset), not edited
    void onStructureChanged(bool newScene = false);
    void onDocumentSettingsChanged();
    void onTimer();

    Document* m_document = nullptr;
    QTimer* m_timer = nullptr;
    QElapsedTimer m_clock;
    bool m_externalClock = false;

    bool m_simulating = false;
    bool m_playing = false;
    double m_timeScale = 1.0;
    double m_accumulator = 0.0;
    double m_alpha = 1.0;
    QString m_warning;
    QString m_slowWarning;
    int m_goodFrames = 0;

    phys::WorldSettings m_settings; ///< live
    phys::SceneDef m_base;          ///< the run's start: the edited scene with the settings at reset
    /// The World (at the head step, or at the cursor after a branch), the input log and the checkpoints.
    std::unique_ptr<phys::Timeline> m_timeline;
    std::vector<BodyKey> m_slotKeys; ///< by World slot
    QHash<BodyKey, int> m_slotOfKey;
    std::vector<phys::BodyDef> m_slotDefs;     ///< by slot: the definition the body was created from (shapes)
    std::vector<phys::ShapeGeometry> m_shapes; ///< flattened shapes of every slot (for the overlay)
    std::vector<std::pair<int, int>> m_shapeRanges; ///< by slot: first shape, count
    std::vector<phys::BodyDef> m_docDefs;           ///< by slot: the document's definition last seen
    double m_impulseScale = 1.0;
    std::int64_t m_estimatedPairs = 0;
    SimHistory m_history;
    std::int64_t m_cursor = 0;

    // Grab.
    int m_grabSlot = -1;
    phys::Vec2 m_grabLocal; ///< grabbed point, body frame
    phys::Vec2 m_grabTarget;
    std::vector<std::pair<std::int64_t, phys::Vec2>> m_targetTrail; ///< (step, target) at each grabbed step

    std::optional<SimContactPick> m_chosen;

    // Worker (declared last: destroyed first, it joins its thread before the Worlds above go).
    double m_stepWait = kStepWaitSeconds;
    int m_syncShapes = kSyncShapeCount;
    std::shared_ptr<SimStepJob> m_pending; ///< the step running without the UI waiting
    /// While playing: the next step, started on a copy of the head World as soon as a frame's steps are
    /// taken, so that it runs while the frame is drawn (stepAhead). It is the next step only while the
    /// Timeline's revision is the one it was started at (any input, rebuild or seek changes it) and no
    /// grab adds its force; else it is dropped and the step is made as usual.
    std::shared_ptr<SimStepJob> m_ahead;
    std::uint64_t m_aheadRevision = 0;
    const phys::Timeline* m_aheadTimeline = nullptr;
    std::int64_t m_aheadTaken = 0;
    std::int64_t m_structureRebuilds = 0; ///< see structureRebuilds()
    bool m_structurePending = false;      ///< a body batch inserted or removed bodies while simulating
    std::int64_t m_aheadDropped = 0;
    int m_threads = 0; ///< setThreadCount
    std::size_t m_historyBudget = kHistoryBudgetBytes;
    QElapsedTimer m_pendingClock;
    std::unique_ptr<SimWorker> m_worker;
};

} // namespace cl
