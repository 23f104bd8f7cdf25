#pragma once
/// @file simulation_history.h
/// The recorded past of a simulation run, as the view draws it: exact frames (every body's pose and
/// velocities as the engine left them after a step, bit for bit) in a ring buffer. Stepping back and forth
/// shows the recorded frames (exact by construction); acting on a past frame (a grab, a switch) rebuilds the
/// World at that frame with the run's phys::Timeline (physics/timeline.h: the input log, World snapshots and
/// replay; the engine is deterministic, design.md section 1), then branches from there.

#include "physics/body_id.h"
#include "physics/defs.h"
#include "physics/math.h"
#include "physics/timeline.h"

#include <cstddef>
#include <cstdint>
#include <utility>
#include <variant>
#include <vector>

namespace cl {

/// The exact state of one body slot after a step (world frame, SI).
struct SimBodyState {
    phys::Transform xf;           ///< body origin pose
    phys::Vec2 center;            ///< centre of mass, metres
    phys::Vec2 linearVelocity;    ///< of the centre of mass, m/s
    double angularVelocity = 0.0; ///< rad/s, counter-clockwise
    bool alive = false;           ///< the slot holds a body
    bool awake = true;            ///< false while asleep
    bool enabled = true;          ///< false once the body escaped the world bound
};

/// One manifold point of the engine, as the step computed it (world frame; the manifold comes from the poses
/// at the START of the step, the impulses from the solve).
struct SimContactPoint {
    int bodyA = -1; ///< body slot
    int bodyB = -1;
    int shapeA = 0; ///< shape index within the body (BodyDef::shapes order)
    int shapeB = 0;
    phys::Vec2 point;   ///< metres
    phys::Vec2 normal;  ///< unit, from A to B
    double depth = 0.0; ///< metres, negative = speculative gap
    /// N s over the whole step (every substep's, as phys::ContactPointReport has it; not the solver's
    /// warm-start seed, which is the last substep's alone)
    double normalImpulse = 0.0;
    double tangentImpulse = 0.0; ///< friction, N s over the step, along rightPerp(normal)
    bool persisted = false;      ///< the same features touched last step
    /// The narrow phase recycled this point's manifold this step (phys::ContactReport::recycled, Box2D v3's
    /// contact recycling): a point taken at an earlier step and carried by the bodies, not SAT and clipping
    /// of this step's poses.
    bool recycled = false;
};

/// Everything recorded about one step (or the initial state, step 0).
/// At most this many contact points and broadphase pairs of a frame are drawn (issue 16: a frame of 2 million
/// pairs took the UI thread seconds to copy and draw; a view of that many points shows nothing more).
inline constexpr std::size_t kMaxDrawnContactPoints = 5000;
inline constexpr std::size_t kMaxDrawnPairs = 5000;

struct SimFrame {
    std::int64_t step = 0;            ///< World::stepCount() after the step
    double time = 0.0;                ///< simulated seconds after the step
    double timeStep = 0.0;            ///< the step length that led here, seconds (0 for step 0)
    std::uint64_t hash = 0;           ///< World::stateHash() after the step
    std::vector<SimBodyState> bodies; ///< by body slot
    std::vector<SimContactPoint> points;
    std::vector<std::pair<int, int>> pairs; ///< broadphase pairs (fat AABBs overlap), body slots
    /// When there are more than kMaxDrawnContactPoints points: the indices (into `points`) of the deepest
    /// ones, which are all the view draws (chosen on the worker with the frame, so that a heavy frame costs
    /// the UI thread nothing proportional to its contacts). Empty: every point is drawn.
    std::vector<std::uint32_t> drawnPoints;
    double kineticEnergy = 0.0;   ///< J
    double potentialEnergy = 0.0; ///< J
    phys::Vec2 linearMomentum;    ///< N s
    double angularMomentum = 0.0; ///< N m s about the origin
    int awakeCount = 0;
    int sleepingCount = 0;
    double stepSeconds = 0.0; ///< wall-clock cost of the step, seconds

    /// Approximate heap bytes held by this frame.
    std::size_t bytes() const;
};

/// Ring buffer of the last `capacity()` frames, addressed by step number. Storage is recycled: once full, a
/// push reuses the oldest frame's vectors, so recording allocates nothing in steady state.
class SimHistory {
public:
    /// Drops every frame (capacity unchanged).
    void clear();
    /// Keeps at most `frames` frames (>= 2); the oldest go first when it shrinks.
    void setCapacity(int frames);
    int capacity() const { return m_capacity; }
    int size() const { return m_size; }
    bool isEmpty() const { return m_size == 0; }
    /// Step of the oldest and newest frame. @warning !isEmpty()
    std::int64_t firstStep() const;
    std::int64_t lastStep() const;
    /// The frame of `step`, or null when it is not held.
    const SimFrame* find(std::int64_t step) const;
    /// A frame to fill for step lastStep() + 1 (or any step when empty); the oldest frame is recycled when
    /// full. The caller sets every field.
    SimFrame& push();
    /// Drops the frames after `step`.
    void truncateAfter(std::int64_t step);
    /// Heap bytes of the held frames (approximate).
    std::size_t bytes() const;

private:
    SimFrame& slot(int index) { return m_frames[static_cast<std::size_t>((m_start + index) % m_capacity)]; }
    const SimFrame& slot(int index) const {
        return m_frames[static_cast<std::size_t>((m_start + index) % m_capacity)];
    }

    std::vector<SimFrame> m_frames; ///< ring storage (grows up to m_capacity)
    int m_capacity = 3601;
    int m_start = 0; ///< index of the oldest frame in m_frames
    int m_size = 0;
};

/// The inputs given to the World from outside its step, logged so a replay repeats them exactly: the
/// Timeline's (physics/timeline.h), under the names the GUI used before they moved there.
using SimInputSettings = phys::InputSettings;       ///< World::setSettings (a switch)
using SimInputPose = phys::InputPose;               ///< World::setTransform (a grab while paused)
using SimInputVelocity = phys::InputVelocity;       ///< a throw, an inspector edit
using SimInputForce = phys::InputForce;             ///< the mouse spring, for the next step
using SimInputReplaceBody = phys::InputReplaceBody; ///< a body replaced by an edit
using SimInputAction = phys::InputAction;
/// An input applied to the world at state `atStep` (after `atStep` steps, before the next one).
using SimInput = phys::TimelineInput;

} // namespace cl
