#pragma once
/// @file world.h
/// The simulation world: bodies (static, kinematic, dynamic; compound), a fixed-step loop, contacts, sleep,
/// continuous collision, and a StepReport per step. Data-oriented: bodies, shapes and contacts live in
/// contiguous arrays addressed by stable handles (BodyId = slot index + generation); no virtual shapes.
///
/// One step (World::step), after Box2D's b2World::Step:
/// @code
///   broadphase:  move every awake shape's proxy (fat AABB; swept along v dt when continuous), collect the
///                candidate pairs in deterministic order
///   narrowphase: for each pair not filtered (same body, both non-dynamic, both asleep): manifold =
///   collide(...,
///                speculativeDistance); match its points to last step's by FeatureId::key() (warm start)
///   solve:       settings.solver: impulse (soft step | Baumgarte | push-out) or Verlet; advances
///   velocities/poses integrate:   origins from centres, AABBs, escape check (-> report.escaped, body
///   disabled), islands and sleep report:      counters, energy and momentum, timings, contact copies (as the
///   report flags ask)
/// @endcode
/// Units: SI; positions and velocities in the world frame unless the name says local.

#include "physics/body_id.h"
#include "physics/body_state.h"
#include "physics/contact_report.h"
#include "physics/defs.h"
#include "physics/mass.h"
#include "physics/paged_array.h"
#include "physics/result.h"
#include "physics/step_report.h"
#include "physics/verlet_model.h"

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace phys {

// The engine's own records and solvers (physics/src), named here only by pointer and reference.
struct BodySim;
struct ShapeSim;
struct ContactSim;
struct TouchingSim;
enum class Motion : std::uint8_t;
/// The World keeps its touching records in pages of 2^6 (64 records, 16 KB; contact.h TouchingStore).
inline constexpr int kTouchingPageBits = 6;
struct ContactLink;
class ContactSolver;
class VerletSolver;
struct WorldInternals;
class BroadPhase;
class DynamicTree;
class PolygonStore;
class TaskPool;
class WorldSnapshot;
struct SolverTrace;
struct ContactMap;

// kEscapeBound (a body whose centre leaves it is reported and frozen) is in defs.h, with the file limits.
/// Sleep: a body slower than these for kTimeToSleep seconds may sleep (its whole island must agree).
inline constexpr double kLinearSleepTolerance = 0.05;  ///< m/s
inline constexpr double kAngularSleepTolerance = 0.05; ///< rad/s
inline constexpr double kTimeToSleep = 0.5;            ///< s
/// Contact margin used by the narrow phase for speculative points (4 x the Box2D linear slop 0.005 m).
inline constexpr double kSpeculativeDistance = 0.02; ///< metres
/// Margin by which broadphase AABBs are enlarged (Box2D's aabbMargin).
inline constexpr double kAABBMargin = 0.1; ///< metres

class World {
public:
    /// @param settings checked with validate(); invalid fields are replaced by their defaults (use
    /// setSettings()
    ///        to get the error instead).
    explicit World(const WorldSettings& settings = {});
    ~World();
    /// Deep copy (end of world.cpp): stepping the copy gives bit-identical states to stepping the
    /// original, warm starts and solver caches included.
    World(const World&);
    World& operator=(const World&);
    World(World&&) noexcept;
    World& operator=(World&&) noexcept;

    // --- settings
    // -------------------------------------------------------------------------------------------

    /// Worker threads for the step (issue 17): the narrow phase, the solver's independent island groups and
    /// the time-of-impact sweeps run on up to this many threads. 0 means one per hardware thread (the
    /// default). The result of a step does not depend on it, to the last bit (physics_tst_threads); it is
    /// not part of WorldSettings because it is a property of the machine, not of the scene.
    void setThreadCount(int threads);
    /// The threads a step may use (at least 1).
    int threadCount() const;

    const WorldSettings& settings() const { return m_settings; }
    /// Changes settings live (solver, contact method, iterations...). Returns the error naming the field
    /// (path "settings.<field>") and changes nothing when invalid.
    std::optional<DefError> setSettings(const WorldSettings& settings);

    /// Which optional parts StepReport gets (ReportFlags, default kReportEnergy | kReportTimings).
    void setReportFlags(unsigned flags) { m_reportFlags = flags; }
    unsigned reportFlags() const { return m_reportFlags; }

    // --- bodies
    // ---------------------------------------------------------------------------------------------

    /// Creates a body from a definition, validated first (validate(def, "body")): on error nothing changes
    /// and the Error's message is "<path>: <message>" (e.g. "body.shapes[0].density: must be > 0"), index the
    /// offending shape or -1. Mass properties come from the shapes' densities (computeMass, combineMass).
    Result<BodyId> createBody(const BodyDef& def);
    /// Makes room for `bodies` more bodies with `shapes` shapes between them in one allocation per array
    /// (what a scene's loader knows), instead of growing the arrays by a quarter as bodies come: the room a
    /// growth leaves unused is up to a fifth of the bodies' memory. Changes no result.
    void reserve(int bodies, int shapes);
    /// reserve() for these bodies and their shapes.
    void reserve(std::span<const BodyDef> bodies);
    /// Removes a body and its shapes and contacts. Returns false for an invalid handle.
    bool removeBody(BodyId id);
    /// Removes every body.
    void clear();
    bool isValid(BodyId id) const;
    int bodyCount() const { return m_bodyCount; }
    /// Handles of all bodies, ascending slot index (creation order until bodies are removed).
    std::vector<BodyId> bodyIds() const;

    // --- accessors (an invalid handle asserts in debug and returns a default value)
    // ---------------------------

    const std::string& name(BodyId id) const;
    BodyType type(BodyId id) const;
    /// Body origin pose, world frame.
    Transform transform(BodyId id) const;
    Vec2 position(BodyId id) const;
    /// Radians, counter-clockwise, in (-pi, pi].
    double angle(BodyId id) const;
    /// Centre of mass, world frame.
    Vec2 worldCenter(BodyId id) const;
    /// Centre of mass, body frame.
    Vec2 localCenter(BodyId id) const;
    /// Velocity of the centre of mass, m/s, world frame.
    Vec2 linearVelocity(BodyId id) const;
    double angularVelocity(BodyId id) const;
    /// Velocity of a world point attached to the body, m/s.
    Vec2 velocityAtPoint(BodyId id, Vec2 worldPoint) const;
    /// Mass (kg), centre of mass (body frame) and inertia about it; zero for static and kinematic bodies.
    MassData massData(BodyId id) const;
    bool isBullet(BodyId id) const;
    bool isAwake(BodyId id) const;
    /// False once the body escaped the world bound (it is frozen and ignored).
    bool isEnabled(BodyId id) const;
    /// Number of shapes and each shape's definition (body frame), in BodyDef order.
    int shapeCount(BodyId id) const;
    ShapeDef shape(BodyId id, int shapeIndex) const;
    /// Tight world-frame AABB of one shape, or of the whole body.
    AABB shapeAABB(BodyId id, int shapeIndex) const;
    AABB bodyAABB(BodyId id) const;
    /// The body's current state as a definition (pose, velocities, shapes): what a scene file saves.
    BodyDef bodyDef(BodyId id) const;

    // --- mutators (each wakes the body)
    // ---------------------------------------------------------------------

    /// Moves the body origin by hand (mouse grab). Clears contact warm starts for it.
    void setTransform(BodyId id, Vec2 position, double angle);
    void setLinearVelocity(BodyId id, Vec2 velocity);
    void setAngularVelocity(BodyId id, double omega);
    /// Force in N at a world point (torque follows from the lever arm about the centre of mass), until
    /// step().
    void applyForce(BodyId id, Vec2 force, Vec2 worldPoint);
    void applyForceToCenter(BodyId id, Vec2 force);
    /// Torque in N m, until the next step.
    void applyTorque(BodyId id, double torque);
    /// Instant change of momentum: impulse in N s at a world point.
    void applyLinearImpulse(BodyId id, Vec2 impulse, Vec2 worldPoint);
    void applyAngularImpulse(BodyId id, double impulse);
    void setBullet(BodyId id, bool bullet);
    /// Wakes or puts to sleep a body (and, on the next step, its island).
    void setAwake(BodyId id, bool awake);

    // --- stepping
    // -------------------------------------------------------------------------------------------

    /// Advances the world by settings().timeStep and returns the report (owned by the World, valid until the
    /// next step; copy it to keep it).
    const StepReport& step();
    /// The same step, and when `trace` is not null the impulse solver's sweeps row by row into it
    /// (solver_trace.h; trace->traced stays false for the Verlet solver and the push-out response). The World
    /// ends bit-identical to an untraced step.
    const StepReport& step(SolverTrace* trace);
    /// A flag step() reads between its phases (after the broad phase and after the narrow phase): once it is
    /// true, step() returns at the next check and the World is left part way through the step, a state
    /// that must not be used again (drop the World; the GUI steps a copy so that it can). Null (the
    /// default) = never cancelled. Another thread may set the flag; a copy of the World does not inherit it.
    void setCancelFlag(const std::atomic<bool>* flag) { m_cancel = flag; }
    /// The report of the last step.
    const StepReport& lastReport() const { return m_report; }
    double time() const { return m_time; }
    std::int64_t stepCount() const { return m_stepCount; }

    // --- queries
    // --------------------------------------------------------------------------------------------

    /// The topmost (last created) body with a shape containing the world point, or kNullBody.
    BodyId bodyAt(Vec2 worldPoint) const;
    /// Current contacts (as of the last step), in deterministic order. Only pairs with pointCount > 0.
    std::vector<ContactReport> contacts() const;
    /// Energy and momentum now (the same quantities as StepReport with kReportEnergy).
    double kineticEnergy() const;
    double potentialEnergy() const;
    Vec2 linearMomentum() const;
    double angularMomentum() const;
    /// Body slots (BodyId::index ranges over 0 .. bodySlotCount() - 1; removed bodies leave dead slots until
    /// reused) and shape slots (every shape of every body, dead ones included): what an array per slot needs.
    int bodySlotCount() const;
    int shapeSlotCount() const;
    /// One body slot as a plain value (a default BodyState, alive = false, for a slot out of range).
    BodyState bodyState(int bodySlot) const;
    /// Every body slot, in slot order, into `out` (resized; its capacity is reused).
    void bodyStates(std::vector<BodyState>& out) const;
    /// Every contact the World keeps (touching or not), in its deterministic order, into `out` (resized):
    /// with the solver's carried-over impulses, unlike contacts(), which copies the step's totals of the
    /// contacts with points.
    void contactStates(std::vector<ContactState>& out) const;
    /// A copy of the Verlet solver's particles and constraints (verlet_model.h): empty until a step has run
    /// with settings().solver == Verlet, and after a switch back to the impulse solver.
    VerletModel verletModel() const;
    /// FNV-1a hash of every body's pose and velocities (bit patterns): equal hashes = bit-identical states.
    std::uint64_t stateHash() const;

    // --- memory and snapshots
    // -------------------------------------------------------------------------------

    /// Heap bytes this World holds, from the capacities of its own arrays (bodies, shapes, contacts with
    /// their warm starts, the contact map, both broadphase trees and their buffers, the solvers' cached and
    /// scratch arrays, the Verlet particles, the last report) plus sizeof(World). An estimate in the sense
    /// that allocator overhead and the worker threads' own stacks are not counted; what a snapshot costs is
    /// the same figure (a snapshot is a copy).
    std::size_t memoryBytes() const;
    /// The whole state of the World (bodies, contacts and warm starts, solver caches, time, step count and
    /// last report): restore() puts it back so that stepping on gives bit-identical states to stepping the
    /// World the snapshot was taken of. Not kept: the thread count and the cancel flag (machine, not state).
    WorldSnapshot snapshot() const;
    /// Puts the state of `snapshot` back (see snapshot()); keeps this World's thread count and cancel flag.
    /// @warning !snapshot.empty()
    void restore(const WorldSnapshot& snapshot);

    /// The handle of a body slot (BodyId::index; kNullBody for a dead slot): what a per-slot array such as
    /// bodyStates() maps back to.
    BodyId idOfSlot(int bodySlot) const;

private:
    /// Test-only access to the arrays and solvers below (physics/src/world_internals.h).
    friend struct WorldInternals;

    /// Raw simulation record (read-only).
    const BodySim& bodySim(BodyId id) const;
    /// Shape slot indices of a body slot.
    std::span<const int> bodyShapeSlots(int bodySlot) const;
    /// The Verlet solver (verletModel() copies its particles and constraints).
    const VerletSolver& verletSolver() const;

    struct BodyInfo {
        std::string name;
        /// Shape slot indices in BodyDef order when the body has several (a compound body). A body of one
        /// shape keeps its slot in `shape` instead: a vector of one int took a 32-byte heap block (160 KB
        /// for pyramid100's 5,051 boxes; issue 17's memory item).
        std::vector<int> shapes;
        std::uint32_t generation = 0;
        int shape = -1; ///< the one shape slot of a one-shape body, else -1 (in what was padding)

        /// The shape slot indices in BodyDef order.
        std::span<const int> shapeSlots() const {
            return shapes.empty() ? std::span<const int>(&shape, shape < 0 ? 0 : 1)
                                  : std::span<const int>(shapes);
        }
        void addShape(int slot) {
            if (shape < 0 && shapes.empty()) {
                shape = slot;
                return;
            }
            if (shape >= 0) {
                shapes.push_back(shape);
                shape = -1;
            }
            shapes.push_back(slot);
        }
        void clearShapes() {
            shapes.clear();
            shape = -1;
        }
    };

    int slotOf(BodyId id) const;
    void refreshShapes(int bodySlot, Vec2 displacement); ///< updateShapeBounds, then moveShapeProxies
    void updateShapeBounds(int bodySlot);
    void moveShapeProxies(int bodySlot, Vec2 displacement);
    /// The box a shape's proxy must cover: its bounds, swept over the next step when continuous is on.
    AABB proxyBox(const BodySim& b, const ShapeSim& shape) const;
    /// True when moveShapeProxies() would move no proxy of the body (see DynamicTree::stillFits).
    bool proxiesStillFit(int bodySlot, Vec2 displacement) const;
    void compactPolygons(); ///< drops the records of destroyed shapes once they are most of the store
    void createProxies(int bodySlot); ///< the broad phase's, and the fixed tree's for a non-dynamic body
    void destroyProxies(int bodySlot);
    void destroyContact(int contactIndex);
    /// Gives pair `contactIndex` a touching record holding `m` (points), with zero impulses.
    void addTouching(int contactIndex, const Manifold& m);
    /// Releases pair `contactIndex`'s touching record: the last record moves into its place.
    void releaseTouching(int contactIndex);
    void destroyContactsOf(int bodySlot);
    void addPair(int proxyA, int proxyB);
    void updateContacts();
    /// Box2D v3's contact recycling: whether the narrow phase may keep `t`'s manifold (see there), and keeping it.
    bool recyclable(const TouchingSim& t, const BodySim& a, const BodySim& b) const;
    static bool recycle(TouchingSim& t, const BodySim& a, const BodySim& b);
    struct ContactSummary;
    /// The narrow phase of one pair, on a worker thread: its new manifold, written in place into its touching
    /// record, or into `scratch` (the worker's, while it has room) when it gets points and has no record yet;
    /// its figures added to `summary`. Returns what the serial pass of updateContacts() must do: its
    /// ContactLink (bodyA is kGoneLink when the fat boxes parted, kLostLink or kNewLink when the record is to
    /// be released or made).
    ContactLink updateContact(int contactIndex, int worker, std::vector<Manifold>& scratch,
                              ContactSummary& summary);
    Manifold collidePair(const ContactSim& contact) const; ///< the pair's manifold at the current poses
    void prefetchContact(int contactIndex) const;          ///< starts loading what updateContact will read
    void prefetchPolygons(int contactIndex) const;         ///< the same for the shapes' polygon records
    static constexpr int kPrefetchAhead = 8;               ///< contacts between a prefetch and its use
    void finalizeBodies();
    void updateSleep();
    void fillReport(StepReport& report, unsigned flags) const;
    void wake(int bodySlot);
    ContactReport toReport(const ContactSim& contact) const;
    void computeExtents(BodySim& body, std::span<const int> shapes) const;
    void collectAwake();
    void solveContinuous();
    void sweepBody(int bodySlot, bool bullet);

    WorldSettings m_settings;
    unsigned m_reportFlags = kReportEnergy | kReportTimings;

    std::vector<BodySim> m_bodies;
    std::vector<BodyInfo> m_bodyInfo;
    std::vector<int> m_freeBodies;
    int m_bodyCount = 0;

    std::vector<ShapeSim> m_shapes;
    std::vector<int> m_freeShapes;
    std::unique_ptr<PolygonStore> m_polygons; ///< the polygon shapes' vertices and edge data, packed

    std::unique_ptr<BroadPhase> m_broadPhase;
    /// The static and kinematic shapes again, alone (Box2D v3 keeps a tree per body type for the same
    /// reason): a time-of-impact sweep of a non-bullet looks only for them, and in a crowd (a rain, a smash)
    /// walking the broad phase's tree past every dynamic neighbour cost more than the sweeps themselves.
    std::unique_ptr<DynamicTree> m_fixedTree;
    std::vector<ContactSim> m_contacts; ///< persistent contacts (pair exists while fat AABBs overlap)
    /// The manifolds and impulses of the pairs whose manifold has points (ContactSim::touching), in the order
    /// updateContacts() made them, in pages (paged_array.h: growing copies none, and the room is the most
    /// records held, rounded up to a page).
    PagedArray<TouchingSim, kTouchingPageBits> m_touching;
    /// Per worker thread, room for kNewManifolds manifolds of pairs that got points this step without a
    /// touching record yet (updateContacts() makes the records in contact order afterwards). Empty between
    /// steps.
    std::vector<std::vector<Manifold>> m_newManifolds;
    std::unique_ptr<ContactMap> m_contactMap; ///< shape pair key -> index into m_contacts
    std::vector<int> m_awake;                 ///< simulated body slots, ascending
    std::vector<int> m_chunkCounts;           ///< scratch of collectAwake(): awake bodies per chunk of slots
    std::vector<int> m_fastBodies;            ///< scratch of solveContinuous()
    /// Per body slot: this step's Motion (solver.h; SolverContext::motion), read by solveContinuous().
    std::vector<Motion> m_motion;
    std::vector<int> m_islandParent;      ///< union-find scratch for sleep islands
    std::vector<double> m_islandMinSleep; ///< scratch

    std::unique_ptr<ContactSolver> m_impulseSolver;
    std::unique_ptr<ContactSolver> m_verletSolver;
    std::unique_ptr<TaskPool> m_pool; ///< worker threads (task_pool.h)
    /// Per contact, written by updateContacts() and kept in step with m_contacts until the solver has run:
    /// its two body slots when its manifold has points, {kNoPoints, kNoPoints} when not (and, between
    /// updateContacts()'s parallel and serial passes, kGone, kLost or kNew: solver.h). The solver's scan for
    /// constraints reads these 12 bytes instead of the contact and its touching record (44,000 of them in
    /// manypyramids, on the one thread that schedules the sweeps).
    std::vector<ContactLink> m_contactLinks;
    /// The report's contact figures, summed by updateContacts() (fillReport() uses them).
    struct ContactSummary {
        int contacts = 0;
        int touching = 0;
        int points = 0;
        int newRecords = 0; ///< pairs that got points without a touching record (updateContacts())
        double maxPenetration = 0.0;
        bool bouncing = false; ///< some contact with points has restitution (for the solver)
        bool valid = false;
    };
    ContactSummary m_contactSummary;
    std::vector<std::uint8_t> m_proxyMoves; ///< scratch of finalizeBodies(): per awake body, 1 = move proxies

    StepReport m_report;
    double m_time = 0.0;
    std::int64_t m_stepCount = 0;
    const std::atomic<bool>* m_cancel = nullptr; ///< setCancelFlag(); not copied
};

/// A World's state at one moment, from World::snapshot() (see there). Move-only: it holds a copy of the World
/// (World's copy constructor is exact, warm starts and solver caches included), never stepped. An empty
/// snapshot (default constructed, or moved from) holds nothing.
class WorldSnapshot {
public:
    WorldSnapshot();
    ~WorldSnapshot();
    WorldSnapshot(WorldSnapshot&&) noexcept;
    WorldSnapshot& operator=(WorldSnapshot&&) noexcept;
    WorldSnapshot(const WorldSnapshot&) = delete;
    WorldSnapshot& operator=(const WorldSnapshot&) = delete;

    bool empty() const { return m_world == nullptr; }
    /// World::stepCount() and time() when it was taken (0 when empty).
    std::int64_t stepCount() const;
    double time() const;
    /// World::stateHash() when it was taken (0 when empty).
    std::uint64_t stateHash() const;
    /// Heap bytes the snapshot holds (0 when empty): the copy's World::memoryBytes().
    std::size_t memoryBytes() const;

private:
    friend class World;
    std::unique_ptr<const World> m_world;
};

} // namespace phys
