#pragma once
/// @file timeline.h
/// A simulation run with its past (issue 15): the World, the log of every input given to it from outside its
/// step (setting switches, poses and velocities set by hand, grab forces, bodies replaced by an edit), and
/// checkpoints (World snapshots) from which any earlier step is rebuilt exactly by replaying the log. Qt-free;
/// the GUI's SimulationController and `contactlab-cli compare` use it.
///
/// Why replay works: the World is deterministic (design.md section 1): the same state, the same inputs at the
/// same steps and the same step count give bit-identical states, and a snapshot restores the state exactly
/// (World::snapshot, warm starts and solver caches included).
///
/// Steps and inputs. The Timeline is at step s = world().stepCount(). An input is stamped with the step it is
/// given at: it applies to the state after s steps, before step s + 1. A state input (settings, pose,
/// velocity, replaced body) changes the World at once; a force (InputForce) is for the next step only, so it
/// is applied just before that step (World::applyForce lasts until step()):
/// @code
///   addInput(a):     if s < head: branch (drop the inputs after s, the forces at s, the checkpoints after s;
///                    head = s)
///                    log {s, a}; if a is not a force: apply a to the World now
///   stepForward():   apply the forces logged at s; World::step(); s += 1; head = max(head, s)
///                    if s is a multiple of K and no checkpoint is held at s: snapshot (before inputs at s)
///                    apply the state inputs logged at s (those of a future being replayed)
///   seek(t):         if t < s or (a checkpoint lies in (s, t]): restore the newest checkpoint at or before t
///                    (the oldest one is at or before any t seek accepts), apply its state inputs; then
///                    stepForward() up to t
/// @endcode
/// Checkpoints and memory. A checkpoint is taken every K steps (K starts at minCheckpointInterval); when the
/// checkpoints held take more than the budget, K doubles and the checkpoints off the new grid are dropped
/// (the oldest always stays: it is the start, or what forgetBefore() left). So the memory held stays within
/// the budget while a run of any length keeps checkpoints spread over all of it, and a seek replays at most
/// K - 1 steps. A caller that never seeks before some step calls forgetBefore() with it, and K then only grows
/// when the stretch it keeps does not fit.
/// @code
///   after a checkpoint at s:  while bytes(checkpoints) > budget and more than one is held:
///                               K = 2 K; drop every checkpoint whose step is not startStep() + a multiple
///                               of K (except the oldest)
/// @endcode

#include "physics/body_id.h"
#include "physics/defs.h"
#include "physics/math.h"
#include "physics/world.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <variant>
#include <vector>

namespace phys {

/// World::setSettings (a setting switched while running).
struct InputSettings {
    WorldSettings settings;
};
/// World::setTransform of a body slot (a grab while paused, an edited pose).
struct InputPose {
    int slot = -1;
    Vec2 position;
    double angle = 0.0;
};
/// World::setLinearVelocity and setAngularVelocity (a throw, an edited velocity).
struct InputVelocity {
    int slot = -1;
    Vec2 linear;
    double angular = 0.0;
};
/// World::applyForce for the next step (the mouse spring).
struct InputForce {
    int slot = -1;
    Vec2 force;      ///< N, world frame
    Vec2 worldPoint; ///< metres
};
/// A body replaced by a new definition (an edit while simulating): removed and created again in its slot.
struct InputReplaceBody {
    int slot = -1;
    BodyDef def;
};
using InputAction = std::variant<InputSettings, InputPose, InputVelocity, InputForce, InputReplaceBody>;

/// An input given at state `atStep` (after `atStep` steps, before the next one).
struct TimelineInput {
    std::int64_t atStep = 0;
    InputAction action;
};

/// Gives one input to a World (the slot's current handle: World::idOfSlot). A replaced body takes back its
/// slot (World reuses the last freed slot first).
void applyInput(World& world, const InputAction& action);

/// How a Timeline keeps its checkpoints (Timeline::Options). Outside the class so that it can be a default
/// argument of Timeline's constructors.
struct TimelineOptions {
    /// Bytes all checkpoints together may hold (step 0's included).
    std::size_t checkpointBudgetBytes = std::size_t{96} * 1024 * 1024;
    /// Fewest steps between two checkpoints (K's start; a snapshot costs about as much as a few steps).
    int minCheckpointInterval = 30;
    /// World::setThreadCount of the World (0 = every core); results do not depend on it.
    int threads = 0;
};

class Timeline {
public:
    using Options = TimelineOptions;

    /// A run of `bodies` (created in order: body i gets slot i; invalid ones leave no slot) under `settings`,
    /// at step 0.
    Timeline(const WorldSettings& settings, std::span<const BodyDef> bodies);
    Timeline(const WorldSettings& settings, std::span<const BodyDef> bodies, const Options& options);
    /// A run starting from a World as it is: its state is the start's checkpoint, and its step count is
    /// startStep() (step() is always the World's own count).
    explicit Timeline(World world, const Options& options = {});

    /// The World at step(). Change it only through addInput(), or replays will differ.
    const World& world() const { return m_world; }
    /// The step the World is at (World::stepCount()).
    std::int64_t step() const { return m_world.stepCount(); }
    /// The step the run starts at (usually 0).
    std::int64_t startStep() const { return m_startStep; }
    /// The earliest step seek() can reach: the oldest checkpoint's (startStep() until forgetBefore()).
    std::int64_t earliestStep() const { return m_checkpoints.front().step; }
    /// The furthest step of the current branch: seek() can go back to any step from earliestStep() and
    /// forward to here by replaying, or beyond by stepping on.
    std::int64_t headStep() const { return m_head; }
    /// Changes with every call that may change the World or the log (every non-const member), and differs
    /// between any two Timelines: a step computed elsewhere from the World at one revision (the GUI steps a
    /// copy ahead of the frame shown) is the next step exactly when the revision has not changed since.
    std::uint64_t revision() const { return m_revision; }

    /// Logs `action` at step() and applies it (a state input at once, a force before the next step). At a step
    /// before headStep() it branches first: the inputs after step(), the forces at step() and the checkpoints
    /// after step() are dropped, and headStep() becomes step().
    void addInput(const InputAction& action);
    /// Advances one step (see the file comment); returns the World's report of that step.
    const StepReport& stepForward();
    /// Drops the future when step() < headStep(), as an input given now would (see addInput); nothing else.
    void dropFuture();

    // Stepping elsewhere (the GUI steps a copy of the World on a worker thread, which it can cancel):
    //   copy = world(); give it forcesAt(step()); copy.step(); snapshot = checkpointDue() ? copy.snapshot() : {}
    //   old = adoptStep(std::move(copy), std::move(snapshot))     (free `old` wherever it is cheap)
    // gives the same state, log and checkpoints as stepForward().

    /// The forces logged at `step` (what stepForward() applies before the step from `step`).
    std::vector<InputForce> forcesAt(std::int64_t step) const;
    /// Whether the step after step() lands on a checkpoint not held yet (a World stepped elsewhere should be
    /// snapshot right after its step, before any input).
    bool checkpointDue() const;
    /// Takes `stepped`, a copy of world() given forcesAt(step()) and stepped once, as the next step; keeps
    /// `checkpoint` (its snapshot right after the step) when checkpointDue() said so, taking one itself if
    /// it is empty. Returns the World of the step before, for the caller to free. The thread count stays
    /// the Timeline's.
    /// @warning stepped.stepCount() == step() + 1
    World adoptStep(World&& stepped, WorldSnapshot checkpoint = {});

    /// Drops the checkpoints no seek to `step` or later needs (those before the newest one at or before
    /// `step`): a caller that never goes back further (the GUI keeps 60 s of frames) frees their memory, and
    /// K then stays as small as the budget allows for the stretch it keeps. The input log is kept.
    void forgetBefore(std::int64_t step);
    /// Puts the World at `target` (clamped to earliestStep()): from the newest checkpoint at or before it when that is
    /// closer than going on from here, replaying the logged inputs. Beyond headStep() it steps on.
    void seek(std::int64_t target);
    /// A copy of the World as seek(target) would leave it, without moving this Timeline (its World, head and
    /// log stay): from the newest checkpoint at or before `target` (or this World, when that is nearer),
    /// replaying the logged inputs. For looking into a past step without branching (Step into the Solver).
    World worldAt(std::int64_t target) const;

    /// The input log, ordered by step (and, within a step, by the order given).
    const std::vector<TimelineInput>& inputs() const { return m_inputs; }
    /// The settings in force for step `step` + 1 (the inputs logged at or before `step` applied).
    WorldSettings settingsAt(std::int64_t step) const;

    /// K: steps between two checkpoints.
    int checkpointInterval() const { return m_interval; }
    int checkpointCount() const { return static_cast<int>(m_checkpoints.size()); }
    /// Step of checkpoint `index` (ascending; index 0 is earliestStep()).
    std::int64_t checkpointStep(int index) const;
    /// Bytes all checkpoints hold (WorldSnapshot::memoryBytes summed).
    std::size_t checkpointBytes() const;
    std::size_t checkpointBudgetBytes() const { return m_options.checkpointBudgetBytes; }
    /// Everything held: the World, the checkpoints and the input log, bytes (estimates, see
    /// World::memoryBytes).
    std::size_t memoryBytes() const;

    /// Steps replayed by the last seek() that restored a checkpoint, and the checkpoint's step.
    std::int64_t lastReplaySteps() const { return m_lastReplaySteps; }
    std::int64_t lastReplayStart() const { return m_lastReplayStart; }

    void setThreadCount(int threads);

private:
    struct Checkpoint {
        std::int64_t step = 0;
        WorldSnapshot snapshot;
        std::size_t bytes = 0; ///< snapshot.memoryBytes(), kept (it walks the World's arrays)
    };

    void init();
    /// Index of the first input logged at `step` or later.
    std::size_t firstInputAt(std::int64_t step) const;
    void applyStateInputsAt(std::int64_t step);
    /// Keeps a checkpoint at step() when it is due (`taken`: a snapshot of the World now, or empty).
    void maybeCheckpoint(WorldSnapshot taken = {});
    /// After the World reached a new step: the head, a due checkpoint, the state inputs logged there.
    void afterStep(WorldSnapshot taken);
    void thinCheckpoints();
    void branch();

    Options m_options;
    World m_world;
    WorldSettings m_startSettings;
    std::vector<TimelineInput> m_inputs;
    std::vector<Checkpoint> m_checkpoints; ///< ascending steps; [0] is the start
    std::int64_t m_startStep = 0;
    std::int64_t m_head = 0;
    std::uint64_t m_revision = 0;
    void touch(); ///< a new revision()
    int m_interval = 30;
    std::int64_t m_lastReplaySteps = 0;
    std::int64_t m_lastReplayStart = 0;
};

} // namespace phys
