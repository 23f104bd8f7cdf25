#pragma once
/// @file solver.h
/// The seam between the World and a contact solver (impulse, push-out, Verlet). The World does the broad and
/// narrow phase, then hands the solver the bodies and this step's contacts; the solver advances velocities
/// and poses by one time step; the World then finalises (origins, AABBs, sleep, escape checks, report).

#include "body.h"
#include "contact.h"
#include "physics/defs.h"

#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <numbers>
#include <span>

namespace phys {

class World;
struct SolverTrace;

/// Everything a solver may read or write during one step.
class TaskPool;

/// ContactLink::bodyA for a contact without points, and (inside World::updateContacts only) for
/// one that is about to be destroyed (kGoneLink), one whose manifold lost its points and whose touching
/// record is to be released (kLostLink), and one whose manifold got points and needs a touching record
/// (kNewLink: bodyB names the worker thread's scratch and fresh the manifold's place in it).
inline constexpr std::int32_t kNoPointsLink = -1;
inline constexpr std::int32_t kGoneLink = -2;
inline constexpr std::int32_t kLostLink = -3;
inline constexpr std::int32_t kNewLink = -4;

/// Whether a body's speed carries it no farther than the speculative margin in a step: (|v| + |w| e) dt <=
/// margin, with e its farthest extent, tested as |v|^2 dt^2 <= (margin - |w| e dt)^2 (no square root). Both
/// the time-of-impact sweep (slower bodies are not swept) and contact recycling (v3 recycles no fast body)
/// ask it.
inline bool speedWithinMargin(const BodySim& body, double dt) {
    const double room = kSpeculativeDistance - std::abs(body.angularVelocity) * body.maxExtent * dt;
    return room >= 0.0 && lengthSquared(body.linearVelocity) * (dt * dt) <= room * room;
}

/// What the time-of-impact sweep (World::solveContinuous) makes of a body's motion this step.
enum class Motion : std::uint8_t {
    Slow = 0,       ///< no sweep
    Fast = 1,       ///< swept against static and kinematic bodies
    FastBullet = 2, ///< swept against everybody
    Unknown = 0xff  ///< not classified yet (SolverContext::motion)
};

/// A body's Motion from its pose at the start of the step (center0, q0) and at its end. A dynamic body is
/// fast when it moved more than the speculative margin: the displacement, or the velocity times the step
/// if larger (Box2D v3), the rotation counted at the farthest point.
inline Motion motionOf(const BodySim& b, double dt) {
    if (b.type != BodyType::Dynamic || !isFinite(b.center) || !std::isfinite(b.xf.q.c) ||
        !std::isfinite(b.xf.q.s)) { // (a body with a non-finite pose: World::finalizeBodies reports it)
        return Motion::Slow;
    }
    const Rot turn = invMulRot(b.q0, b.xf.q);
    const double shift = length(b.center - b.center0);
    // The turn's angle only when it can decide: for a turn under a right angle (c >= 0), |angle| <= (pi / 2)
    // |s|, so a body slow by that bound is slow by the exact angle too (the same answer without the atan2,
    // which a resting pile paid for every body). The bound is held a billionth under the margin, far beyond
    // the round-off of a rotation's length.
    const bool slowByBound =
        turn.c >= 0.0 && shift + 0.5 * std::numbers::pi * std::abs(turn.s) * b.maxExtent <=
                             kSpeculativeDistance * (1.0 - 1e-9);
    const bool fast =
        !speedWithinMargin(b, dt) ||
        (!slowByBound && shift + std::abs(std::atan2(turn.s, turn.c)) * b.maxExtent > kSpeculativeDistance);
    if (!fast) {
        return Motion::Slow;
    }
    return b.bullet ? Motion::FastBullet : Motion::Fast;
}

struct SolverContext {
    const WorldSettings* settings = nullptr;
    const World* world = nullptr;           ///< read-only access to shapes and names if a solver needs them
    double timeStep = 0.0;                  ///< full step, seconds (settings->timeStep)
    std::span<BodySim> bodies;              ///< all body slots; only `isSimulated()` bodies may be changed
    std::span<const ShapeSim> shapes;       ///< all shape slots (check `alive`)
    const PolygonStore* polygons = nullptr; ///< the shapes' polygon records (viewOf(shape, *polygons))
    /// This step's contact pairs; manifolds from the poses at the start of the step, in `touching`.
    std::span<ContactSim> contacts;
    /// The manifolds and point impulses of the pairs with points (ContactSim::touching names each pair's).
    TouchingSpan touching;
    std::span<const int> awakeBodies; ///< slot indices of the simulated bodies, ascending (deterministic)
    /// Per body slot; empty when continuous collision is off. Each awake body's entry (awakeBodies) is
    /// Motion::Unknown on entry, the others' are stale. A solver may fill an awake body's entry with
    /// motionOf() once it has written the body's final pose and velocity (the impulse solver does in its
    /// write-back, while the body's lines are in cache); World::solveContinuous() classifies the awake
    /// bodies left Unknown.
    std::span<Motion> motion;
    /// Per contact (same index as `contacts`): its body slots when its manifold has points, else bodyA =
    /// kNoPointsLink; what a solver's scan for constraints needs (the impulse solver reads only these).
    std::span<const ContactLink> contactLinks;
    /// Whether any contact with points has restitution (false: no constraint bounces).
    bool contactsBounce = true;
    /// Threads for work on disjoint data (never null in a World step; see task_pool.h). A solver that uses
    /// it must give the same result for any thread count.
    TaskPool* pool = nullptr;
    /// Filled when not null (World::step(SolverTrace*)): the impulse solver's sweeps row by row. A traced
    /// step must leave every body and contact bit-identical to an untraced one.
    SolverTrace* trace = nullptr;
};

/// A contact solver. On return every simulated body must have its `center`, `xf.q`, `linearVelocity` and
/// `angularVelocity` advanced by one time step (the World recomputes `xf.p` from them), and every touching
/// record's `points[i].normalImpulse / tangentImpulse` must hold the impulses applied (for the report and
/// warm starting). Forces in BodySim are read, not cleared (the World clears them). Must not allocate in steady
/// state.
class ContactSolver {
public:
    virtual ~ContactSolver() = default;
    virtual void step(SolverContext& context) = 0;
    /// Drops cached state (after bodies are removed, teleported, or settings change).
    virtual void reset() {}
    /// A deep copy with the same cached state (for World copies).
    virtual std::unique_ptr<ContactSolver> clone() const = 0;
    /// Heap bytes the solver holds between steps (capacities of its cached and scratch arrays), for
    /// World::memoryBytes(). Not counting sizeof(*this).
    virtual std::size_t memoryBytes() const { return 0; }
    /// Steps that took the last step's constraint schedule again (the impulse solver, for tests).
    virtual std::int64_t reusedSchedules() const { return 0; }
};

} // namespace phys
