/// @file impulse_solver.cpp
/// Sequential impulses with soft step or Baumgarte position correction, and the naive push-out response.
/// See impulse_solver.h for the scheme; the references are Catto, "Fast and Simple Physics using Sequential
/// Impulses" (GDC 2006), Box2D 2.4 b2ContactSolver, and Box2D v3 contact_solver.c / solver.c ("Solver2D",
/// 2024).

#include "impulse_solver.h"

#include "growth.h"
#include "physics/simd.h"
#include "physics/solver_trace.h"
#include "physics/world.h"
#include "solver_trace_rows.h"
#include "task_pool.h"
#include "wide_solver.h"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cassert>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <span>
#include <thread>
#include <vector>

namespace phys {
namespace {

/// Soft constraint coefficients for a damped spring of `hertz` and damping ratio `zeta` integrated implicitly
/// over a substep h (Catto, "Solver2D: soft step", 2024; Box2D v3 b2MakeSoft):
///   omega = 2 pi hertz, a1 = 2 zeta + h omega, a2 = h omega a1, a3 = 1 / (1 + a2)
///   biasRate = omega / a1 (1/s), massScale = a2 a3, impulseScale = a3
/// A rigid constraint is hertz = 0: biasRate 0, massScale 1, impulseScale 0.
using wide::BodyState;
using wide::kLanes;
using wide::Softness;
using wide::WideBlock;
using wide::WideBounce;
using wide::WideCold;

Softness makeSoft(double hertz, double zeta, double h) {
    if (hertz <= 0.0 || h <= 0.0) {
        return {};
    }
    const double omega = 2.0 * kPi * hertz;
    const double a1 = 2.0 * zeta + h * omega;
    const double a2 = h * omega * a1;
    const double a3 = 1.0 / (1.0 + a2);
    return {omega / a1, a2 * a3, a3};
}

/// Rot(angle) for the small turn of one substep, without a libm call (a sincos per body and substep was 5% of
/// a pyramid's step): the Taylor series of sin and cos to the a^13 and a^14 terms, whose first omitted terms
/// are below 1e-22 for |a| <= 0.25, so the result is cos and sin to round-off. Larger turns use std::cos and
/// std::sin.
Rot turnBy(double a) {
    if (!(std::abs(a) <= 0.25)) {
        return Rot(a);
    }
    const double a2 = a * a;
    if (std::abs(a) <= 0x1p-10) {
        // The turns of a resting pile (|a| <= 1/1024, about 0.06 degrees): the series to the a^5 and a^6
        // terms, whose first omitted terms are below 1e-21 of the result, so again cos and sin to round-off,
        // with half the work.
        return {1.0 + a2 * (-1.0 / 2.0 + a2 * (1.0 / 24.0 + a2 * (-1.0 / 720.0))),
                a * (1.0 + a2 * (-1.0 / 6.0 + a2 * (1.0 / 120.0)))};
    }
    const double sine =
        a *
        (1.0 + a2 * (-1.0 / 6.0 +
                     a2 * (1.0 / 120.0 +
                           a2 * (-1.0 / 5040.0 + a2 * (1.0 / 362880.0 + a2 * (-1.0 / 39916800.0 +
                                                                              a2 * (1.0 / 6227020800.0)))))));
    const double cosine =
        1.0 +
        a2 * (-1.0 / 2.0 +
              a2 * (1.0 / 24.0 +
                    a2 * (-1.0 / 720.0 + a2 * (1.0 / 40320.0 + a2 * (-1.0 / 3628800.0 +
                                                                     a2 * (1.0 / 479001600.0 +
                                                                           a2 * (-1.0 / 87178291200.0)))))));
    return {cosine, sine};
}

/// Rotation advanced by a small angle: q2 = normalize(q + dAngle * leftPerp(q)) (Box2D v3
/// b2IntegrateRotation).
Rot integrateRotation(Rot q, double deltaAngle) {
    const double c = q.c - deltaAngle * q.s;
    const double s = q.s + deltaAngle * q.c;
    const double mag = std::sqrt(c * c + s * s);
    if (!(mag > 0.0)) {
        return q;
    }
    return {c / mag, s / mag};
}

/// The lever arms of a pair's points, rA[k] and rB[k] (offsets from A's and B's centre of mass, world
/// frame), after Box2D v3's contact recycling (physics_world.c b2CollideTask, which keeps a touching pair's
/// manifold while the pair barely moves relative to itself):
///   the narrow phase recycled the manifold (TouchingSim::recycled): its points are the anchors, keep them
///   else fresh[k] = point[k] - centre, for both bodies
///   keep the anchors taken earlier if every point's feature key has one and anchorPoseHolds() (extent the
///   farthest kept anchor of a body that is not static)
///   else: r = fresh, and they are kept from now on, with both bodies' rotations and the points' depths
/// Only the lever arms are kept here; the normal and the depths stay this step's. Why: a box that turns moves
/// its clipped corners around its centre, so fresh lever arms follow every small lean of a stack, and at 30
/// Hz contacts (4 substeps) a dropped stack of 15 boxes (at 8 substeps one of 25) leans further and falls;
/// with the lever arms kept it stands, as in Box2D v3, which without its recycling falls too
/// (docs/simulation.md, "Fidelity"). The test is on the pair's relative pose, not on each body's, so a
/// whole stack leaning together keeps them. A pair whose points change feature takes fresh ones at once.
void keptLeverArms(TouchingSim& t, const BodySim& a, const BodySim& b, Vec2 (&rA)[kMaxManifoldPoints],
                   Vec2 (&rB)[kMaxManifoldPoints]) {
    const int n = t.pointCount;
    if (t.recycled) {
        // Every slot, not just n: a copy of fixed size is a few moves (a loop of n became a rep movs).
        for (int k = 0; k < kMaxManifoldPoints; ++k) {
            rA[k] = t.anchorA[k];
            rB[k] = t.anchorB(k);
        }
        return;
    }
    bool keep = t.anchorCount == n;
    // B's lever arm is A's plus the centres' difference (Box2D v3's anchorB), fresh or kept alike.
    const Vec2 offset = a.center - b.center;
    int from[kMaxManifoldPoints] = {};
    double extent = 0.0;
    for (int k = 0; k < n; ++k) {
        rA[k] = t.geometry[k].point - a.center;
        rB[k] = rA[k] + offset;
        if (!keep) {
            continue;
        }
        const std::uint32_t key = t.ids[k].key();
        int j = 0;
        while (j < n && t.anchorKeys[j] != key) {
            ++j;
        }
        keep = j < n;
        from[k] = j;
        if (keep) {
            extent = std::max({extent, a.type == BodyType::Static ? 0.0 : length(t.anchorA[j]),
                               b.type == BodyType::Static ? 0.0 : length(t.anchorB(j))});
        }
    }
    keep = keep && anchorPoseHolds(t, a, b, extent);
    if (keep) {
        for (int k = 0; k < n; ++k) {
            rA[k] = t.anchorA[from[k]];
            rB[k] = t.anchorB(from[k]);
        }
        return;
    }
    for (int k = 0; k < n; ++k) {
        t.anchorA[k] = rA[k];
        t.anchorKeys[k] = t.ids[k].key();
        t.anchorDepth[k] = t.geometry[k].depth;
    }
    t.anchorOffset = offset;
    t.anchorQA = a.xf.q;
    t.anchorQB = b.xf.q;
    t.anchorCount = static_cast<std::uint8_t>(n);
}

/// A body's solver state at the start of a step: its velocities and inverse masses, no motion yet.
BodyState initialState(const BodySim& body, Vec2 gravity) {
    BodyState s;
    s.v = body.linearVelocity;
    s.w = body.angularVelocity;
    s.invMass = body.invMass;
    s.invInertia = body.invInertia;
    if (body.type == BodyType::Dynamic) {
        s.accel = body.invMass * body.force + gravity;
        s.angularAccel = body.invInertia * body.torque;
    }
    return s;
}

/// How the constraints of a group are ordered into runs of blocks (issue 17; not a user setting). The default
/// is greedy-fresh: a graph colouring after Box2D v3's constraint graph (constraint_graph.c
/// b2AddContactToGraph), whose colours are split across the threads when one island holds every constraint,
/// with a step's new contacts swept first in contact order (docs/simulation.md, "Colouring, measured
/// again": colouring them too leaves a 10-box stack rocking). Levels reproduce the contact-order Gauss-Seidel
/// sweep to the bit, and are kept as the reference. The environment variable CONTACTLAB_SOLVER_ORDER, read
/// every step, picks another order for measurements:
///   levels        one more than the last level on either moving body, in contact order (the sweep before
///                 issue 17's colouring)
///   greedy        lowest colour free on both moving bodies, in contact order; bodies of infinite mass
///                 (static, kinematic, the dummy) take no colour
///   v3            v3's rule: a contact between two moving bodies takes the lowest free colour of the first
///                 kDynamicColours, a contact with one infinite-mass body the highest free of the colours
///                 [1, kColours) (v3: "static constraint colors build from the end to get higher
///                 priority than dyn-dyn constraints", so the ground contacts are solved last in a sweep)
///   greedy-alt,   as greedy / v3, but odd substeps sweep the colours in reverse (a symmetric sweep over a
///   v3-alt        step's substeps, which Box2D v3 does not do; a traced step does not follow it, and it
///                 stays on one thread)
///   greedy-fresh, as greedy / v3, but a contact none of whose points touched last step (nothing to warm
///   v3-fresh      start from) goes to the overflow, so a step's new contacts are swept in contact order
/// A constraint that finds no free colour goes to the overflow (v3 B2_OVERFLOW_INDEX), which is solved first
/// in each sweep, in levels among its own constraints so that its sweep stays the contact-order one.
/// Box2D v3 keeps a contact's colour from the step it starts touching until it stops; here the colours are
/// recomputed every step in contact order, which gives a persisting contact the same colour as long as the
/// contacts before it in the array do not change (a resting stack never changes them).
enum class Ordering { Levels, Greedy, V3 };
struct OrderingChoice {
    Ordering ordering = Ordering::Greedy;
    bool alternate = false;
    bool freshInOverflow = true;
    friend bool operator==(const OrderingChoice&, const OrderingChoice&) = default;
};

OrderingChoice orderingFromEnvironment() {
    const char* value = std::getenv("CONTACTLAB_SOLVER_ORDER");
    OrderingChoice choice; // greedy-fresh
    if (value == nullptr || *value == '\0') {
        return choice;
    }
    choice.ordering = Ordering::Levels;
    if (std::strncmp(value, "greedy", 6) == 0) {
        choice.ordering = Ordering::Greedy;
    } else if (std::strncmp(value, "v3", 2) == 0) {
        choice.ordering = Ordering::V3;
    }
    choice.alternate = std::strstr(value, "-alt") != nullptr;
    choice.freshInOverflow = std::strstr(value, "-fresh") != nullptr;
    return choice;
}

/// Box2D v3's colour counts (constants.h B2_GRAPH_COLOR_COUNT 24, constraint_graph.h B2_DYNAMIC_COLOR_COUNT =
/// 24 - 4 and the overflow at index 23): 23 colours with bit sets, the first 20 open to two moving bodies.
constexpr int kColours = 23;
constexpr int kDynamicColours = 20;

/// Largest contact stiffness as a fraction of the substep rate (see prepare()).
constexpr double kMaxHertzPerSubstepRate = kMaxContactHertzPerSubstepRate;

class ImpulseSolver final : public ContactSolver {
public:
    void step(SolverContext& context) override;
    std::unique_ptr<ContactSolver> clone() const override;
    std::size_t memoryBytes() const override;
    std::int64_t reusedSchedules() const override { return m_reusedSchedules; }

private:
    void prepare(SolverContext& context);
    /// Returns false when it leaves the states in awake order (one group), true when it has set them again
    /// in its own order.
    bool group(const SolverContext& context, int stateCount);
    void colour(int stateCount);
    int colourGreedily(int stateCount);
    /// Whether impulses change this state: false for the dummy and for bodies of infinite mass (static,
    /// kinematic), which the sweeps only read. Levels and islands are made of the states it is true for.
    bool respondsToImpulses(int state, int dummy) const {
        return state != dummy && m_moving[static_cast<std::size_t>(state)] != 0;
    }
    /// Sets state `to` from body slot `slot` at the start of a step.
    void setState(const SolverContext& ctx, int to, int slot) {
        const BodySim& body = ctx.bodies[static_cast<std::size_t>(slot)];
        m_states[static_cast<std::size_t>(to)] = initialState(body, ctx.settings->gravity);
        m_moving[static_cast<std::size_t>(to)] = body.invMass != 0.0 || body.invInertia != 0.0 ? 1 : 0;
        m_bodyOfState[static_cast<std::size_t>(to)] = slot;
        m_stateOf[static_cast<std::size_t>(slot)] = to;
    }
    /// Sets the states of the n awake bodies at the start of a step, in the schedule's order: awake body i
    /// at m_newIndex[i] when group() renumbered them (m_scheduleReordered), else at i. Each index writes its
    /// own state, so the threads share the work with the same result.
    void placeStates(const SolverContext& context, int n);
    void integrateVelocities(const SolverContext& context, double h, int begin, int end);
    void integratePositions(double h, int begin, int end);
    /// `bounces` may be null (no contact of the step has restitution: see m_bouncing).
    void fillBlocks(const SolverContext& context, int firstBlock, int endBlock, WideBlock* blocks,
                    WideCold* colds, WideBounce* bounces) const;
    /// kTraced: also records each bounce as a row of `out` (rows need the context for the bodies' handles).
    template <bool kTraced>
    void applyRestitution(WideBlock* blocks, const WideCold* colds, WideBounce* bounces, int count,
                          double threshold, const SolverContext* ctx = nullptr,
                          SolverTraceIteration* out = nullptr, const std::vector<double>* seeds = nullptr);
    /// The sweeps of step() for a traced step over all `blocks` (the whole layout): the same operations in
    /// the same order per body (see there).
    void traceSweeps(SolverContext& context, WideBlock* blocks, WideCold* colds, WideBounce* bounces,
                     std::vector<double>& seeds);
    void storeImpulses(SolverContext& context, const WideBlock* blocks, const WideCold* colds, int count);
    void finish(SolverContext& context);
    /// Writes states [begin, end) back to their bodies: centre = centre0 + dp, rotation = dq q0, velocities.
    void writeBack(const SolverContext& context, int begin, int end) const;
    void pushOut(SolverContext& context);
    /// One group's substeps on all of the pool's threads, colour by colour (see there).
    void solveGroupOnAllThreads(const SolverContext& context, int groupIndex, WideBlock* blocks,
                                WideCold* colds, WideBounce* bounces, const wide::Kernels& kernels);

    std::vector<BodyState> m_states; ///< one per simulated body, then the static dummy
    /// Per state, 1 when impulses change it (finite mass): what group() and colour() ask of every
    /// constraint's two bodies, one byte instead of a BodyState's cache line.
    std::vector<std::uint8_t> m_moving;
    std::vector<int> m_stateOf;     ///< body slot -> state index
    std::vector<int> m_bodyOfState; ///< state index -> body slot (not for the dummy)
    // The constraints of this step make m_blockCount blocks, colour after colour within each group. A group
    // fills its blocks just before its substeps, in the scratch of the thread that solves it, and stores its
    // impulses right after: the blocks of a whole scene never exist at once (22,000 boxes' took 19 MB), and
    // a group's blocks are still in cache when the substeps read them. The arrays only grow: refilling them
    // in place spares allocating and zeroing them every step.
    struct Scratch {
        std::vector<WideBlock> blocks;
        std::vector<WideCold> cold;     ///< same index as blocks
        std::vector<WideBounce> bounce; ///< same index as blocks, only in a step with restitution
        void reserve(int count, bool bouncing) {
            const auto n = static_cast<std::size_t>(count);
            fit(blocks, n);
            fit(cold, n);
            if (bouncing) {
                fit(bounce, n);
            }
        }
        /// At least `n` elements. Every block is filled before it is read, so the old ones are dropped first
        /// (the old and the new arrays never exist at once), and the room grows by a quarter (growth.h):
        /// resize() alone doubled it, and smash's 9,000 blocks sat in room for 18,000 (18 MB instead of 9).
        template <class T> static void fit(std::vector<T>& v, std::size_t n) {
            if (v.size() >= n) {
                return;
            }
            if (n > v.capacity()) {
                const std::size_t room = std::max(n, v.capacity() + v.capacity() / 4 + 16);
                v = {};
                v.reserve(room);
            }
            v.resize(n);
        }
    };
    std::vector<Scratch> m_scratch; ///< one per worker thread (TaskPool::workerIndex)
    int m_blockCount = 0;
    /// Some constraint of this step has restitution: only then is restitution's data laid out (and applied;
    /// with none, applyRestitution() would skip every lane anyway).
    bool m_bouncing = false;
    /// This step's substep counts (set by prepare()): coarse for the islands that do not need fine. With an
    /// explicit count, or a solver that does not choose per island (Baumgarte), the two are equal.
    int m_coarseSubsteps = 1;
    int m_fineSubsteps = 1;

    /// A contact that becomes a constraint this step, with its bodies' state indices and its colour.
    /// 20 bytes: the colour shares its word with the three flags (24 bytes as plain fields, 42 KB of
    /// pyramid100's room for 10,639 entries at its peak heap).
    struct Entry {
        int contact = 0;
        int a = 0;
        int b = 0;
        int group = 0; ///< its group (see group())
        /// Its level or colour: its run within its group (see colour()). Negative for a while in colour().
        /// 29 bits: a run index is below the constraint count, far below 2^28 in any world that fits memory.
        int colour : 29 = 0;
        bool fresh : 1 = false; ///< no point of it touched last step (see OrderingChoice::freshInOverflow)
        bool fine : 1 =
            false; ///< automatic substeps: its island needs the fine count (autoSubstepsNeedFine())
        bool single : 1 =
            false; ///< its manifold has one point (see colour(): laid out in blocks of their own)
    };
    static_assert(sizeof(Entry) == 20);
    /// What prepare() needs to make an entry of a contact.
    struct EntryRule {
        const SolverContext* ctx = nullptr;
        bool chooses = false;    ///< automatic substeps
        double ratioLimit = 0.0; ///< autoSubstepsRatioLimit()
    };
    /// Contact `ci`'s entry in awake numbering (colour and group 0), or false when it is no constraint.
    bool entryOf(const EntryRule& rule, int ci, Entry& e) const;
    /// prepare()'s test of whether this step's entries are last step's, on the worker threads: true when they
    /// all are (then the serial scan would keep every one). A resting pile gives the same entries step after
    /// step, and the scan over every contact was the largest serial part of its step on two threads.
    bool sameEntriesOnThreads(const EntryRule& rule, int n);
    /// Whether `e` (awake numbering) is last step's entry `old` (numbered as its schedule left it).
    bool isOldEntry(const Entry& old, const Entry& e, int n) const {
        const auto renumbered = [this, n](int state) {
            return state == n || !m_scheduleReordered ? state : m_newIndex[static_cast<std::size_t>(state)];
        };
        return old.contact == e.contact && old.a == renumbered(e.a) && old.b == renumbered(e.b) &&
               old.fresh == e.fresh && old.fine == e.fine && old.single == e.single;
    }
    /// The level of constraint `e` after those already placed (see colour()): one more than the last level on
    /// either of its moving bodies, which it then becomes. m_lastLevel holds the last levels.
    int nextLevel(const Entry& e, bool movesA, bool movesB) {
        const int level = std::max(movesA ? m_lastLevel[static_cast<std::size_t>(e.a)] : -1,
                                   movesB ? m_lastLevel[static_cast<std::size_t>(e.b)] : -1) +
                          1;
        if (movesA) {
            m_lastLevel[static_cast<std::size_t>(e.a)] = level;
        }
        if (movesB) {
            m_lastLevel[static_cast<std::size_t>(e.b)] = level;
        }
        return level;
    }
    /// Islands solved together through all substeps before the next group (see group()).
    struct Group {
        int stateBegin = 0; ///< its bodies' states, [stateBegin, stateEnd)
        int stateEnd = 0;
        int blockBegin = 0; ///< its constraints' blocks, [blockBegin, blockEnd)
        int blockEnd = 0;
        int runBegin = 0; ///< its runs of one colour (or level) in m_runStart, [runBegin, runEnd)
        int runEnd = 0;
        int substeps = 1;    ///< how many substeps its islands run (automatic substeps: 4 or 8, see group())
        double h = 0.0;      ///< its substep, seconds
        wide::BiasRule rule; ///< its bias rule (h and the contact softness at h)
    };
    std::vector<Group> m_groups; ///< the last one holds the bodies without constraints
    /// The group's substeps, h and bias rule for `substeps` (prepare()'s settings).
    void setSubsteps(const SolverContext& context, Group& group, int substeps) const;
    // Scratch of prepare() and colour(), kept to spare the allocations.
    std::vector<Entry> m_entries;            ///< in contact order
    std::vector<int> m_order;                ///< entries by level, contact order within a level
    std::vector<int> m_lastLevel;            ///< per state: the level of its last constraint so far
    std::vector<int> m_levelStart;           ///< counting sort of the levels
    std::vector<int> m_byLevel;              ///< entries by level, before the sort by group
    std::vector<int> m_parent;               ///< union-find of the islands, per state
    std::vector<int> m_islandOf;             ///< per island root: its island, or -1
    std::vector<int> m_islandSize;           ///< constraints per island
    std::vector<std::uint8_t> m_islandFine;  ///< per island: it needs the fine substep count
    std::vector<std::uint8_t> m_groupFine;   ///< per group: it runs the fine substep count
    std::vector<double> m_invMass;           ///< per state in awake order: its inverse mass (prepare())
    std::vector<int> m_groupStart;           ///< counting sort of the groups
    std::vector<int> m_blockStart;           ///< per block, its first entry in m_order; then m_order.size()
    std::vector<int> m_newIndex;             ///< awake order -> state index
    std::vector<std::uint32_t> m_colourMask; ///< per state: the colours its constraints took (colourings)
    OrderingChoice m_ordering;               ///< this step's (see orderingFromEnvironment())
    // What last step's schedule was made from, to take it again when this step's is the same (prepare()).
    bool m_scheduleValid = false;
    bool m_scheduleReordered = false; ///< group() renumbered the states (by m_newIndex)
    int m_scheduleStates = 0;
    OrderingChoice m_scheduleOrdering;
    int m_scheduleCoarse = 0;
    int m_scheduleFine = 0;
    std::vector<std::uint8_t> m_scheduleMoving; ///< m_moving in awake order
    std::int64_t m_reusedSchedules = 0;         ///< steps that took last step's schedule again
    bool m_reusedLast = false;                  ///< the last step took the schedule of the one before
    std::vector<int> m_chunkEntries; ///< scratch of sameEntriesOnThreads(): per chunk, entries then a match
    /// The first block of each run of one colour (or level); a run ends where the next one of its group
    /// starts, or at the group's blockEnd.
    std::vector<int> m_runStart;

    /// One stage of solveGroupOnAllThreads(): a pass over a range of states or over one run's blocks, cut
    /// into chunks that the threads claim.
    struct Stage {
        enum class Kind { IntegrateVelocities, WarmStart, Solve, IntegratePositions } kind;
        int begin = 0; ///< states, or blocks relative to the group's first
        int end = 0;
        int chunk = 1;      ///< indices per chunk
        bool first = false; ///< warm start: the first substep
        wide::Pass pass = wide::Pass::Biased;
        int flagBegin = 0; ///< the stage's first claim word in each participant's region of m_chunkClaims
        int segment = 1;   ///< chunks per participant's segment of claim words
        int chunks() const { return (end - begin + chunk - 1) / chunk; }
    };
    /// Per stage: the chunks finished, each participant adding its own count once, when it has tried every
    /// chunk of the stage (Box2D v3 b2ExecuteStage adds its completed blocks in one atomic add). On a line of
    /// its own. Copying a solver (clone()) copies no count: they are reset before every use.
    struct alignas(64) StageCount {
        std::atomic<int> done{0};
        StageCount() = default;
        StageCount(const StageCount&) {}
        StageCount& operator=(const StageCount&) { return *this; }
    };
    std::vector<Stage> m_stages;
    std::vector<StageCount> m_stageCounts;
    /// Claim words: per participant a region, on cache lines of its own, holding its segment (the chunks it
    /// starts with) of every stage, from the stage's flagBegin on. A chunk is claimed by writing this call's
    /// generation into its word: nothing is cleared between calls, and a word holding an older generation is
    /// unclaimed.
    std::vector<std::uint32_t> m_chunkClaims;
    std::uint32_t m_claimGeneration = 0;
    bool m_movingInfiniteMass = false; ///< a kinematic body touches a constraint this step (see group())
};

int ImpulseSolver::colourGreedily(int stateCount) {
    // Box2D v3's constraint graph (constraint_graph.c b2AddContactToGraph), per step in contact order: each
    // colour keeps the set of moving bodies its constraints touch (here one bit per colour and body), and a
    // constraint takes a colour in which neither of its moving bodies is yet. Bodies of infinite mass are only
    // read by the sweeps, so they take no colour (v3 keeps no bit for static bodies).
    //   two moving bodies:  the lowest colour free on both, among the first kDynamicColours
    //   one moving body:    v3: the highest free colour in [1, kColours); greedy: the lowest free colour
    //   none free:          the overflow, solved first, in levels among its own constraints
    // Returns the number of colours and overflow levels; e.colour is the run the constraint belongs to.
    const int dummy = stateCount - 1;
    const bool v3 = m_ordering.ordering == Ordering::V3;
    m_colourMask.assign(static_cast<std::size_t>(stateCount), 0u);
    m_lastLevel.assign(static_cast<std::size_t>(stateCount), -1);
    constexpr std::uint32_t kAll = (1u << kColours) - 1u;
    constexpr std::uint32_t kDynamic = (1u << kDynamicColours) - 1u;
    int overflowLevels = 0;
    for (Entry& e : m_entries) {
        const bool movesA = respondsToImpulses(e.a, dummy);
        const bool movesB = respondsToImpulses(e.b, dummy);
        const std::uint32_t used = (movesA ? m_colourMask[static_cast<std::size_t>(e.a)] : 0u) |
                                   (movesB ? m_colourMask[static_cast<std::size_t>(e.b)] : 0u);
        int colour = -1;
        if (m_ordering.freshInOverflow && e.fresh) {
            // to the overflow
        } else if (movesA && movesB) {
            const std::uint32_t free = ~used & (v3 ? kDynamic : kAll);
            colour = free != 0u ? std::countr_zero(free) : -1;
        } else if (v3) {
            const std::uint32_t free = ~used & kAll & ~1u;
            colour = free != 0u ? 31 - std::countl_zero(free) : -1;
        } else {
            const std::uint32_t free = ~used & kAll;
            colour = free != 0u ? std::countr_zero(free) : -1;
        }
        if (colour >= 0) {
            const std::uint32_t bit = 1u << colour;
            if (movesA) {
                m_colourMask[static_cast<std::size_t>(e.a)] |= bit;
            }
            if (movesB) {
                m_colourMask[static_cast<std::size_t>(e.b)] |= bit;
            }
            e.colour = -1 - colour; // for now: told from the overflow levels by its sign
            continue;
        }
        // Overflow: a level among the overflow constraints (the contact-order sweep of those).
        e.colour = nextLevel(e, movesA, movesB);
        overflowLevels = std::max(overflowLevels, e.colour + 1);
    }
    // Overflow levels first (v3 solves the overflow before the colours), then the colours in index order.
    for (Entry& e : m_entries) {
        if (e.colour < 0) {
            e.colour = overflowLevels - 1 - e.colour;
        }
    }
    return overflowLevels + kColours;
}

void ImpulseSolver::colour(int stateCount) {
    // The constraints go into levels, and the sweep visits them level by level, eight at a time in the lanes
    // of a wide block. A constraint's level is one more than the levels of the constraints before it (in
    // contact order) on each of its two bodies:
    //   level(c) = 1 + max(last level on A, last level on B)        (-1 when a body has none yet)
    // so two constraints of one level never share a body that the sweep changes, and every body still meets
    // its constraints in contact order. That makes the sweep the same, to the last bit, as the plain
    // Gauss-Seidel sweep in contact order: two constraints without a common body commute exactly, since each
    // reads and writes only its own two bodies' states. A body of infinite mass (static, kinematic, or the
    // dummy that stands for them) is only read, and written back unchanged, so it orders nothing.
    // Levels are the reference order (CONTACTLAB_SOLVER_ORDER=levels). The default is colourGreedily(): a
    // greedy graph colouring, as Box2D v3 does it, fills the lanes better and lets one island's colours run
    // on all threads, but reorders what each body sees; a 10-box stack coloured from its first step rocks
    // for ever, so a step's new contacts go to the overflow, swept in levels first (docs/simulation.md,
    // "Colouring, measured again").
    const int dummy = stateCount - 1;
    m_lastLevel.assign(static_cast<std::size_t>(stateCount), -1);
    auto moves = [this, dummy](int state) {
        return respondsToImpulses(state, dummy);
    };
    int levels = 0;
    if (m_ordering.ordering == Ordering::Levels) {
        for (Entry& e : m_entries) {
            e.colour = nextLevel(e, moves(e.a), moves(e.b));
            levels = std::max(levels, e.colour + 1);
        }
    } else {
        levels = colourGreedily(stateCount);
    }
    // Counting sort by level, stable: contact order within a level. Except in the reference order, a level's
    // two-point constraints come before its one-point ones, so that these fill blocks of their own (but the
    // one where they begin), which the kernels solve without the unused second point (wide_kernels.inc,
    // solveOnePointLanes). The constraints of a level share no moving body, so their order within it
    // changes no result.
    const bool split = m_ordering.ordering != Ordering::Levels;
    const auto bucket = [split](const Entry& e) {
        return split ? 2 * e.colour + (e.single ? 1 : 0) : e.colour;
    };
    const int buckets = split ? 2 * levels : levels;
    m_levelStart.assign(static_cast<std::size_t>(buckets) + 1, 0);
    for (const Entry& e : m_entries) {
        ++m_levelStart[static_cast<std::size_t>(bucket(e)) + 1];
    }
    for (int l = 0; l < buckets; ++l) {
        m_levelStart[static_cast<std::size_t>(l) + 1] += m_levelStart[static_cast<std::size_t>(l)];
    }
    resizeForSize(m_byLevel, m_entries.size());
    for (int k = 0; k < static_cast<int>(m_entries.size()); ++k) {
        const int at = bucket(m_entries[static_cast<std::size_t>(k)]);
        m_byLevel[static_cast<std::size_t>(m_levelStart[static_cast<std::size_t>(at)]++)] = k;
    }
    // Then by group, stable: each group's constraints level by level.
    const int groups = static_cast<int>(m_groups.size());
    m_groupStart.assign(static_cast<std::size_t>(groups) + 1, 0);
    for (const Entry& e : m_entries) {
        ++m_groupStart[static_cast<std::size_t>(e.group) + 1];
    }
    for (int g = 0; g < groups; ++g) {
        m_groupStart[static_cast<std::size_t>(g) + 1] += m_groupStart[static_cast<std::size_t>(g)];
    }
    resizeForSize(m_order, m_entries.size());
    for (const int k : m_byLevel) {
        const int g = m_entries[static_cast<std::size_t>(k)].group;
        m_order[static_cast<std::size_t>(m_groupStart[static_cast<std::size_t>(g)]++)] = k;
    }
}

bool ImpulseSolver::group(const SolverContext& ctx, int n) {
    // Cache blocking (as Box2D 2.4 solves island by island): bodies joined by constraints form islands that
    // cannot affect each other within a step, so an island can run through all its substeps before the next
    // one starts, with its constraints and bodies still in the processor's cache from the substep before.
    // Small islands are grouped until a group has kGroupConstraints constraints, so that the wide blocks of
    // its levels stay full. Each body still meets its constraints in contact order, and each operation sees
    // the same numbers as in one sweep over everything: the result is the same to the bit.
    //   islands  = union-find over the constraints whose two bodies both move
    //   groups   = consecutive islands (in order of their first constraint) of >= kGroupConstraints in all
    //   states   = reordered group by group (then the bodies without constraints), so a group's are together
    // A moving body of infinite mass (kinematic) is shared by every island it touches and moves during the
    // substeps; then everything is one group.
    // Automatic substeps (issue 17): an island runs the fine count when one of its constraints needs it
    // (Entry::fine), else the coarse one, and a group holds islands of one count only (so groups are made
    // of consecutive islands of the same count). Islands share no moving body, so each island's result
    // depends only on its own bodies and constraints: not on the grouping, the thread count or the other
    // islands. Bodies without constraints run the fine count (see below). In the one-group case (a kinematic
    // body touches something) the whole group runs fine if any constraint needs it.
    constexpr int kGroupConstraints = 256;
    auto moves = [this, n](int state) {
        return respondsToImpulses(state, n);
    };
    m_parent.resize(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
        m_parent[static_cast<std::size_t>(i)] = i;
    }
    auto find = [this](int x) {
        while (m_parent[static_cast<std::size_t>(x)] != x) {
            const int up = m_parent[static_cast<std::size_t>(m_parent[static_cast<std::size_t>(x)])];
            m_parent[static_cast<std::size_t>(x)] = up;
            x = up;
        }
        return x;
    };
    bool shared = false;
    m_movingInfiniteMass = false;
    for (const Entry& e : m_entries) {
        const bool movesA = moves(e.a);
        const bool movesB = moves(e.b);
        if ((!movesA && e.a != n) || (!movesB && e.b != n)) {
            shared = true;
            m_movingInfiniteMass = true;
            break;
        }
        if (movesA && movesB) {
            const int ra = find(e.a);
            const int rb = find(e.b);
            if (ra != rb) {
                m_parent[static_cast<std::size_t>(std::max(ra, rb))] = std::min(ra, rb);
            }
        }
    }
    m_groups.clear();
    if (shared || m_entries.empty()) {
        bool fine = false;
        for (Entry& e : m_entries) {
            e.group = 0;
            fine = fine || e.fine;
        }
        Group& all = m_groups.emplace_back();
        all.stateEnd = n;
        // Without constraints every body touches nothing: the fine count, as below.
        setSubsteps(ctx, all, fine || m_entries.empty() ? m_fineSubsteps : m_coarseSubsteps);
        return false;
    }
    // Islands in the order of their first constraint, their sizes and whether they need the fine count.
    m_islandOf.assign(static_cast<std::size_t>(n), -1);
    m_islandSize.clear();
    m_islandFine.clear();
    for (Entry& e : m_entries) {
        const int root = find(moves(e.a) ? e.a : e.b);
        int& island = m_islandOf[static_cast<std::size_t>(root)];
        if (island < 0) {
            island = static_cast<int>(m_islandSize.size());
            m_islandSize.push_back(0);
            m_islandFine.push_back(0);
        }
        ++m_islandSize[static_cast<std::size_t>(island)];
        m_islandFine[static_cast<std::size_t>(island)] |= e.fine ? 1 : 0;
        e.group = island; // for now
    }
    // Groups of consecutive islands of one substep count (an open group per count, closed once it holds
    // kGroupConstraints); m_islandSize becomes each island's group.
    int groups = 0;
    int open[2] = {-1, -1};
    int filled[2] = {0, 0};
    m_groupFine.clear();
    for (std::size_t i = 0; i < m_islandSize.size(); ++i) {
        const int fine = m_islandFine[i];
        if (open[fine] < 0) {
            open[fine] = groups++;
            m_groupFine.push_back(static_cast<std::uint8_t>(fine));
        }
        filled[fine] += m_islandSize[i];
        m_islandSize[i] = open[fine];
        if (filled[fine] >= kGroupConstraints) {
            open[fine] = -1;
            filled[fine] = 0;
        }
    }
    for (Entry& e : m_entries) {
        e.group = m_islandSize[static_cast<std::size_t>(e.group)];
    }
    // States group by group, in awake order within a group; the bodies without constraints last.
    m_groups.resize(static_cast<std::size_t>(groups) + 1);
    m_newIndex.resize(static_cast<std::size_t>(n));
    m_groupStart.assign(static_cast<std::size_t>(groups) + 2, 0);
    for (int i = 0; i < n; ++i) {
        const int island = moves(i) ? m_islandOf[static_cast<std::size_t>(find(i))] : -1;
        const int g = island < 0 ? groups : m_islandSize[static_cast<std::size_t>(island)];
        m_newIndex[static_cast<std::size_t>(i)] = g; // for now
        ++m_groupStart[static_cast<std::size_t>(g) + 1];
    }
    for (int g = 0; g <= groups; ++g) {
        m_groupStart[static_cast<std::size_t>(g) + 1] += m_groupStart[static_cast<std::size_t>(g)];
        Group& group = m_groups[static_cast<std::size_t>(g)];
        group = Group{};
        group.stateBegin = m_groupStart[static_cast<std::size_t>(g)];
        group.stateEnd = m_groupStart[static_cast<std::size_t>(g) + 1];
        // The bodies without constraints (the last group) run the fine count: they cost only their
        // integration, and a thrown body's path keeps closer to the parabola (its error goes as 1/substeps).
        const bool fine = g == groups || m_groupFine[static_cast<std::size_t>(g)] != 0;
        setSubsteps(ctx, group, fine ? m_fineSubsteps : m_coarseSubsteps);
    }
    for (int i = 0; i < n; ++i) {
        const int g = m_newIndex[static_cast<std::size_t>(i)];
        m_newIndex[static_cast<std::size_t>(i)] = m_groupStart[static_cast<std::size_t>(g)]++;
    }
    // The states are set in the new order by placeStates() (prepare() set only what the grouping reads).
    for (Entry& e : m_entries) {
        e.a = e.a == n ? n : m_newIndex[static_cast<std::size_t>(e.a)];
        e.b = e.b == n ? n : m_newIndex[static_cast<std::size_t>(e.b)];
    }
    return true;
}

/// Empties lane `lane` of a block, or only its point k: no body moves (both indices on the dummy), no mass,
/// no impulse. (An emptied point's A arm is zero, so its B arm is the lane's offset: zero in an empty lane.)
void clearPoint(WideBlock& block, int k, int lane) {
    wide::WidePoint& p = block.p[k];
    p.rAx[lane] = p.rAy[lane] = 0.0;
    p.baseSeparation[lane] = 0.0;
    p.normalMass[lane] = p.tangentMass[lane] = 0.0;
    p.normalImpulse[lane] = p.tangentImpulse[lane] = 0.0;
}

void clearLane(WideBlock& block, WideCold& cold, WideBounce* bounce, int lane, int dummy) {
    block.a[lane] = block.b[lane] = dummy;
    block.nx[lane] = 0.0;
    block.ny[lane] = 1.0;
    block.friction[lane] = 0.0;
    block.offsetX[lane] = block.offsetY[lane] = 0.0;
    cold.contact[lane] = -1;
    cold.pointCount[lane] = 0;
    for (int k = 0; k < kMaxManifoldPoints; ++k) {
        clearPoint(block, k, lane);
        cold.earlierNormal[k][lane] = 0.0;
        cold.earlierTangent[k][lane] = 0.0;
    }
    if (bounce != nullptr) {
        bounce->restitution[lane] = 0.0;
        for (int k = 0; k < kMaxManifoldPoints; ++k) {
            bounce->relativeVelocity[k][lane] = 0.0;
            bounce->maxNormalImpulse[k][lane] = 0.0;
        }
    }
}

void ImpulseSolver::setSubsteps(const SolverContext& ctx, Group& group, int substeps) const {
    // Soft step (Box2D v3 b2PrepareStagesTask / b2MakeSoft): the contact stiffness is capped at an eighth of
    // the substep rate, beyond which one iteration per substep no longer keeps a stiff contact stable
    // (measured: 60 Hz contacts with 4 substeps at 60 Hz blow up a pyramid under a 300:1 box and fold a card
    // house, with 8 substeps they hold), and contacts against infinite mass get twice the stiffness: they
    // carry the whole load, and a soft ground lets a heavy body sink (a 400:1 box on two small ones sinks 6
    // cm more at 60 Hz).
    const WorldSettings& settings = *ctx.settings;
    const double h = ctx.timeStep / substeps;
    const double hertz = std::min(settings.contactHertz, kMaxHertzPerSubstepRate / h);
    group.substeps = substeps;
    group.h = h;
    wide::BiasRule& rule = group.rule;
    rule.invH = 1.0 / h;
    rule.maxPush = settings.maxPushVelocity;
    rule.baumgarteRate = -settings.baumgarteFactor * rule.invH;
    rule.slop = settings.allowedPenetration;
    rule.contact = makeSoft(hertz, settings.contactDampingRatio, h);
    rule.againstStatic = makeSoft(2.0 * hertz, settings.contactDampingRatio, h);
}

bool ImpulseSolver::entryOf(const EntryRule& rule, int ci, Entry& e) const {
    const SolverContext& ctx = *rule.ctx;
    const ContactLink& link = ctx.contactLinks[static_cast<std::size_t>(ci)];
    if (link.bodyA == kNoPointsLink) {
        return false;
    }
    const int a = m_stateOf[static_cast<std::size_t>(link.bodyA)];
    const int b = m_stateOf[static_cast<std::size_t>(link.bodyB)];
    // Both frozen (both on the dummy), or one body twice (addPair never makes such a contact): nothing to
    // solve.
    if (a == b) {
        return false;
    }
    const bool fine = rule.chooses && m_invMass[static_cast<std::size_t>(a)] > 0.0 &&
                      m_invMass[static_cast<std::size_t>(b)] > 0.0 &&
                      autoSubstepsNeedFine(rule.ratioLimit, m_invMass[static_cast<std::size_t>(a)],
                                           m_invMass[static_cast<std::size_t>(b)]);
    e = Entry{ci, a, b, 0, 0, link.fresh != 0, fine, link.points == 1};
    return true;
}

bool ImpulseSolver::sameEntriesOnThreads(const EntryRule& rule, int n) {
    // Fixed chunks of contacts (not the pool's ranges, which may differ from run to run): each counts its
    // entries; then each compares its entries with last step's from its offset. Any difference, or another
    // count, and prepare() scans serially as before; the answer does not depend on the thread count.
    constexpr int kChunk = 4096;
    const int contacts = static_cast<int>(rule.ctx->contactLinks.size());
    const int chunks = (contacts + kChunk - 1) / kChunk;
    resizeForSize(m_chunkEntries, 2 * static_cast<std::size_t>(chunks) + 1);
    struct Pass {
        const EntryRule* rule;
        int n;
        int contacts;
        int chunks;
    } pass{&rule, n, contacts, chunks};
    rule.ctx->pool->forRanges(chunks, 1, [this, &pass](int begin, int end) {
        for (int c = begin; c < end; ++c) {
            int count = 0;
            Entry e;
            for (int ci = c * kChunk; ci < std::min(pass.contacts, (c + 1) * kChunk); ++ci) {
                count += entryOf(*pass.rule, ci, e) ? 1 : 0;
            }
            m_chunkEntries[static_cast<std::size_t>(c)] = count;
        }
    });
    // Offsets: chunk c's entries start at the sum of the counts before it.
    int total = 0;
    for (int c = 0; c < chunks; ++c) {
        const int count = m_chunkEntries[static_cast<std::size_t>(c)];
        m_chunkEntries[static_cast<std::size_t>(c)] = total;
        total += count;
    }
    if (total != static_cast<int>(m_entries.size())) {
        return false;
    }
    rule.ctx->pool->forRanges(chunks, 1, [this, &pass](int begin, int end) {
        for (int c = begin; c < end; ++c) {
            std::size_t k = static_cast<std::size_t>(m_chunkEntries[static_cast<std::size_t>(c)]);
            bool match = true;
            Entry e;
            for (int ci = c * kChunk; match && ci < std::min(pass.contacts, (c + 1) * kChunk); ++ci) {
                if (!entryOf(*pass.rule, ci, e)) {
                    continue;
                }
                const Entry& old = m_entries[k++];
                match = isOldEntry(old, e, pass.n);
            }
            m_chunkEntries[static_cast<std::size_t>(pass.chunks + c)] = match ? 1 : 0;
        }
    });
    for (int c = 0; c < chunks; ++c) {
        if (m_chunkEntries[static_cast<std::size_t>(chunks + c)] == 0) {
            return false;
        }
    }
    return true;
}

void ImpulseSolver::prepare(SolverContext& ctx) {
    // Pseudocode (Box2D 2.4 b2ContactSolver ctor + InitializeVelocityConstraints; v3 b2PrepareContactsTask):
    //   for each contact with points, not both bodies frozen:
    //     for each point: rA = p - cA, rB = p - cB
    //       kN = mA + mB + iA (rA x n)^2 + iB (rB x n)^2, normalMass = 1 / kN (0 if kN = 0); the same on t
    //       relativeVelocity = n . (vB + wB x rB - vA - wA x rA)       (before gravity: the approach speed)
    //       accumulated impulses from the previous step (warm start) or 0
    //   colour the constraints and lay them out in wide blocks, colour after colour
    // One thread decides the schedule (groups, levels, blocks), so this part is kept lean: the states are
    // set from the bodies once, in their final order (by group() when it reorders them), and what the
    // scheduling reads is kept compact (m_moving, ctx.contactLinks).
    const int n = static_cast<int>(ctx.awakeBodies.size());
    m_states.resize(static_cast<std::size_t>(n) + 1);
    m_moving.resize(static_cast<std::size_t>(n) + 1);
    m_stateOf.assign(ctx.bodies.size(), n);
    m_bodyOfState.resize(static_cast<std::size_t>(n));
    const WorldSettings& settings = *ctx.settings;
    // The substep counts: the user's, or automatic (defs.h WorldSettings::substeps): the soft step's
    // islands at 4, or 8 where a touching pair's mass ratio needs it; Baumgarte at 8.
    const bool chooses = !settings.substeps && settings.positionCorrection == PositionCorrection::SoftStep;
    m_coarseSubsteps = chooses ? kAutoCoarseSubsteps : uniformSubsteps(settings);
    m_fineSubsteps = chooses ? kAutoFineSubsteps : uniformSubsteps(settings);
    const double ratioLimit = chooses ? autoSubstepsRatioLimit(settings) : 0.0;
    if (chooses) {
        m_invMass.resize(static_cast<std::size_t>(n) + 1);
        m_invMass[static_cast<std::size_t>(n)] = 0.0; // the dummy: static
    }
    // Each index writes its own entries: on the threads (a body is a cache line away from the next).
    // Two captures (16 bytes), so that the std::function of forRanges() keeps it in place: [&] stored three
    // references and allocated on every step.
    struct Look {
        const SolverContext* ctx;
        bool chooses;
    } lookArgs{&ctx, chooses};
    const auto look = [this, &lookArgs](int begin, int end) {
        const SolverContext& c = *lookArgs.ctx;
        for (int i = begin; i < end; ++i) {
            const int slot = c.awakeBodies[static_cast<std::size_t>(i)];
            const BodySim& body = c.bodies[static_cast<std::size_t>(slot)];
            m_moving[static_cast<std::size_t>(i)] = body.invMass != 0.0 || body.invInertia != 0.0 ? 1 : 0;
            m_stateOf[static_cast<std::size_t>(slot)] = i;
            if (lookArgs.chooses) {
                m_invMass[static_cast<std::size_t>(i)] = body.invMass;
            }
        }
    };
    if (ctx.pool) {
        ctx.pool->forRanges(n, 2048, look);
    } else {
        look(0, n);
    }
    m_states[static_cast<std::size_t>(n)] = BodyState{};
    m_moving[static_cast<std::size_t>(n)] = 0;

    m_ordering = orderingFromEnvironment();
    // The schedule (groups, state order, colours, blocks) is a function of n, of which awake bodies move,
    // of the ordering, of the substep counts and of the entries (contact, bodies, fresh, fine) in order. A
    // resting pile gives the same ones step after step: then last step's schedule is taken again, the same
    // to the bit, without the union-find, the colouring and the sorts. m_entries still holds last step's
    // entries as the schedule left them (bodies renumbered by group(), colours and groups set), so each new
    // entry is compared with its old one through last step's renumbering, and only from the first
    // difference on are the entries written again (those before it taken back to awake numbers).
    const bool movingSame = m_scheduleMoving.size() == static_cast<std::size_t>(n) &&
                            std::equal(m_scheduleMoving.begin(), m_scheduleMoving.end(), m_moving.begin());
    if (!movingSame) {
        m_scheduleMoving.assign(m_moving.begin(), m_moving.begin() + n);
    }
    bool same = m_scheduleValid && movingSame && n == m_scheduleStates && m_ordering == m_scheduleOrdering &&
                m_coarseSubsteps == m_scheduleCoarse && m_fineSubsteps == m_scheduleFine;
    const std::size_t oldCount = same ? m_entries.size() : 0;
    std::size_t kept = 0; // entries equal to their old ones so far (still in the schedule's numbering)
    // From the first difference: the kept entries back in awake numbers, as the loop below writes them.
    const auto rewriteFrom = [this, n, &kept] {
        if (m_scheduleReordered) {
            m_parent.resize(static_cast<std::size_t>(n));
            for (int i = 0; i < n; ++i) {
                m_parent[static_cast<std::size_t>(m_newIndex[static_cast<std::size_t>(i)])] = i;
            }
        }
        m_entries.resize(kept);
        for (Entry& e : m_entries) {
            if (m_scheduleReordered) {
                e.a = e.a == n ? n : m_parent[static_cast<std::size_t>(e.a)];
                e.b = e.b == n ? n : m_parent[static_cast<std::size_t>(e.b)];
            }
            e.colour = 0;
            e.group = 0;
        }
    };
    if (!same) {
        m_entries.clear();
    }
    // The World writes a link per contact (updateContacts) and whether any contact with points bounces: a
    // superset of the constraints, which costs at most the bounce data (restitution 0 bounces nothing).
    assert(ctx.contactLinks.size() == ctx.contacts.size());
    m_bouncing = ctx.contactsBounce;
    const EntryRule rule{&ctx, chooses, ratioLimit};
    if (same && m_reusedLast && ctx.pool && ctx.pool->threads() > 1 && sameEntriesOnThreads(rule, n)) {
        kept = oldCount; // what the scan below would find, entry by entry
    } else {
        for (int ci = 0; ci < static_cast<int>(ctx.contactLinks.size()); ++ci) {
            Entry e;
            if (!entryOf(rule, ci, e)) {
                continue;
            }
            if (same) {
                if (kept < oldCount) {
                    const Entry& old = m_entries[kept];
                    if (isOldEntry(old, e, n)) {
                        ++kept;
                        continue;
                    }
                }
                rewriteFrom();
                same = false;
            }
            reserveForSize(m_entries, m_entries.size() + 1); // not push_back's doubling (growth.h)
            m_entries.push_back(e);
        }
    }
    if (same && kept != oldCount) { // fewer entries than last step
        rewriteFrom();
        same = false;
    }
    if (same) {
        // Last step's schedule: the states in its order, and each group's h and bias rule from this step's
        // settings (its substep count is part of what was compared).
        placeStates(ctx, n);
        for (Group& g : m_groups) {
            setSubsteps(ctx, g, g.substeps);
        }
        ++m_reusedSchedules;
        m_reusedLast = true;
        return;
    }
    m_reusedLast = false;
    m_scheduleReordered = group(ctx, n);
    placeStates(ctx, n);
    colour(n + 1);
    m_scheduleValid = true;
    m_scheduleStates = n;
    m_scheduleOrdering = m_ordering;
    m_scheduleCoarse = m_coarseSubsteps;
    m_scheduleFine = m_fineSubsteps;

    // Blocks: each level's constraints eight by eight, a new block where the level or the group changes or
    // the last is full. A level's one-point constraints come last in it (see colour()), so all its blocks but
    // one hold constraints of one kind; the block where they begin is solved as a two-point one (a block of
    // its own for them would leave up to a block of lanes unused per level and group: smash's peak heap
    // grew by 0.7 MB). The layout is decided first, in one pass; then every block is filled on its own, on
    // the worker threads (a block's lanes read their contacts and bodies and write only that block).
    m_blockStart.clear();
    m_runStart.clear();
    {
        int used = kLanes;
        int level = -1;
        int group = -1;
        for (int o = 0; o < static_cast<int>(m_order.size()); ++o) {
            const Entry& e = m_entries[static_cast<std::size_t>(m_order[static_cast<std::size_t>(o)])];
            if (used == kLanes || e.colour != level || e.group != group) {
                Group& g = m_groups[static_cast<std::size_t>(e.group)];
                const int block = static_cast<int>(m_blockStart.size());
                if (e.group != group) {
                    g.blockBegin = block;
                    g.runBegin = static_cast<int>(m_runStart.size());
                }
                if (e.group != group || e.colour != level) {
                    m_runStart.push_back(block);
                    g.runEnd = static_cast<int>(m_runStart.size());
                }
                g.blockEnd = block + 1;
                reserveForSize(m_blockStart, m_blockStart.size() + 2); // and the end marker below
                m_blockStart.push_back(o);
                used = 0;
                level = e.colour;
                group = e.group;
            }
            ++used;
        }
    }
    m_blockCount = static_cast<int>(m_blockStart.size());
    m_blockStart.push_back(static_cast<int>(m_order.size()));
}

void ImpulseSolver::fillBlocks(const SolverContext& ctx, int firstBlock, int endBlock, WideBlock* blocks,
                               WideCold* colds, WideBounce* bounces) const {
    // Block `firstBlock + i` of the layout goes to blocks[i] and colds[i]; its lanes read their contacts and
    // bodies and write only that block.
    const WorldSettings& settings = *ctx.settings;
    const int n = static_cast<int>(ctx.awakeBodies.size()); // the dummy state
    const std::size_t orderCount = m_order.size();
    for (int blockIndex = firstBlock; blockIndex < endBlock; ++blockIndex) {
        WideBlock& block = blocks[blockIndex - firstBlock];
        WideCold& cold = colds[blockIndex - firstBlock];
        WideBounce* bounce = bounces ? &bounces[blockIndex - firstBlock] : nullptr;
        const int first = m_blockStart[static_cast<std::size_t>(blockIndex)];
        const int lanes = m_blockStart[static_cast<std::size_t>(blockIndex) + 1] - first;
        for (int lane = 0; lane < lanes; ++lane) {
            const std::size_t o = static_cast<std::size_t>(first + lane);
            // The constraints are visited by level, so their contacts and bodies are read out of order:
            // ask for the ones a few entries ahead early (in a big scene most of this loop was waiting
            // for memory). Each address is known only once the one before it has arrived: the entry (in
            // contact order, read by level) is asked for 16 ahead, its pair 8 ahead, the pair's touching
            // record (four lines) 4 ahead, as the narrow phase does, and the bodies'
            // states 2 ahead.
            constexpr std::size_t kAhead = 8;
            if (o + 2 * kAhead < orderCount) {
                __builtin_prefetch(&m_entries[static_cast<std::size_t>(m_order[o + 2 * kAhead])]);
            }
            if (o + kAhead < orderCount) {
                const Entry& ahead = m_entries[static_cast<std::size_t>(m_order[o + kAhead])];
                const ContactSim& next = ctx.contacts[static_cast<std::size_t>(ahead.contact)];
                __builtin_prefetch(&next);
                __builtin_prefetch(reinterpret_cast<const char*>(&next) + sizeof(ContactSim) - 1);
            }
            if (o + kAhead / 2 < orderCount) {
                const ContactSim& next = ctx.contacts[static_cast<std::size_t>(
                    m_entries[static_cast<std::size_t>(m_order[o + kAhead / 2])].contact)];
                prefetchRecord(ctx.touching[static_cast<std::size_t>(next.touching)]);
            }
            if (o + 2 < orderCount) {
                // The two bodies' solver states (their masses, read for every lane; a state spans two
                // lines), and their records' centres (read only when the pair was not recycled).
                const Entry& soonEntry = m_entries[static_cast<std::size_t>(m_order[o + 2])];
                const BodyState& stateA = m_states[static_cast<std::size_t>(soonEntry.a)];
                const BodyState& stateB = m_states[static_cast<std::size_t>(soonEntry.b)];
                __builtin_prefetch(&stateA.invMass);
                __builtin_prefetch(&stateA.invInertia);
                __builtin_prefetch(&stateB.invMass);
                __builtin_prefetch(&stateB.invInertia);
                const ContactSim& soon = ctx.contacts[static_cast<std::size_t>(soonEntry.contact)];
                __builtin_prefetch(&ctx.bodies[static_cast<std::size_t>(soon.bodyA)].center);
                __builtin_prefetch(&ctx.bodies[static_cast<std::size_t>(soon.bodyB)].center);
            }
            const Entry& e = m_entries[static_cast<std::size_t>(m_order[o])];
            const ContactSim& contact = ctx.contacts[static_cast<std::size_t>(e.contact)];
            // Each contact is in one lane of one block: its record is written by this lane alone.
            TouchingSim& touching = ctx.touching[static_cast<std::size_t>(contact.touching)];
            const BodySim& bodyA = ctx.bodies[static_cast<std::size_t>(contact.bodyA)];
            const BodySim& bodyB = ctx.bodies[static_cast<std::size_t>(contact.bodyB)];
            Vec2 leverA[kMaxManifoldPoints];
            Vec2 leverB[kMaxManifoldPoints];
            keptLeverArms(touching, bodyA, bodyB, leverA, leverB);
            const BodyState& sa = m_states[static_cast<std::size_t>(e.a)];
            const BodyState& sb = m_states[static_cast<std::size_t>(e.b)];
            const double mA = sa.invMass;
            const double iA = sa.invInertia;
            const double mB = sb.invMass;
            const double iB = sb.invInertia;
            const Vec2 normal = touching.normal;
            const Vec2 tangent = rightPerp(normal);
            // The stored impulses are a substep's: from a step of another count (automatic substeps moved
            // the island between 4 and 8, or the setting changed) they are rescaled to this step's
            // substep, w_old / w_new (exact for 4 and 8: a power of two). The same count leaves them as
            // they are (a factor of 1 is exact).
            const int substeps = m_groups[static_cast<std::size_t>(e.group)].substeps;
            const double warmScale =
                touching.warmSubsteps != 0 ? double(touching.warmSubsteps) / double(substeps) : 1.0;
            touching.warmSubsteps = static_cast<std::uint8_t>(substeps);
            block.a[lane] = e.a;
            block.b[lane] = e.b;
            block.nx[lane] = normal.x;
            block.ny[lane] = normal.y;
            block.friction[lane] = touching.friction;
            // keptLeverArms() formed B's arms as A's plus this offset, kept or fresh (it stores a fresh one).
            block.offsetX[lane] = touching.anchorOffset.x;
            block.offsetY[lane] = touching.anchorOffset.y;
            cold.contact[lane] = e.contact;
            cold.pointCount[lane] = touching.pointCount;
            if (bounce != nullptr) {
                bounce->restitution[lane] = restitutionOf(contact, ctx.shapes);
            }
            for (int k = 0; k < kMaxManifoldPoints; ++k) {
                cold.earlierNormal[k][lane] = 0.0;
                cold.earlierTangent[k][lane] = 0.0;
                if (k >= touching.pointCount) {
                    clearPoint(block, k, lane);
                    if (bounce != nullptr) {
                        bounce->relativeVelocity[k][lane] = 0.0;
                        bounce->maxNormalImpulse[k][lane] = 0.0;
                    }
                    continue;
                }
                const TouchingPoint& mp = touching.geometry[k];
                wide::WidePoint& cp = block.p[k];
                const Vec2 rA = leverA[k];
                const Vec2 rB = leverB[k];
                cp.rAx[lane] = rA.x;
                cp.rAy[lane] = rA.y;
                cp.baseSeparation[lane] = -mp.depth - dot(rB - rA, normal);
                const double rnA = cross(rA, normal);
                const double rnB = cross(rB, normal);
                const double kNormal = mA + mB + iA * rnA * rnA + iB * rnB * rnB;
                cp.normalMass[lane] = kNormal > 0.0 ? 1.0 / kNormal : 0.0;
                const double rtA = cross(rA, tangent);
                const double rtB = cross(rB, tangent);
                const double kTangent = mA + mB + iA * rtA * rtA + iB * rtB * rtB;
                cp.tangentMass[lane] = kTangent > 0.0 ? 1.0 / kTangent : 0.0;
                const bool warm = settings.warmStarting;
                cp.normalImpulse[lane] = warm ? warmScale * touching.points[k].normalImpulse : 0.0;
                cp.tangentImpulse[lane] = warm ? warmScale * touching.points[k].tangentImpulse : 0.0;
                if (bounce != nullptr) {
                    bounce->maxNormalImpulse[k][lane] = 0.0;
                    const Vec2 dv = sb.v + cross(sb.w, rB) - sa.v - cross(sa.w, rA);
                    bounce->relativeVelocity[k][lane] = dot(normal, dv);
                }
            }
        }
        for (int lane = lanes; lane < kLanes; ++lane) {
            clearLane(block, cold, bounce, lane, n);
        }
    }
}

void ImpulseSolver::placeStates(const SolverContext& ctx, int n) {
    const auto place = [this, &ctx](int begin, int end) {
        for (int i = begin; i < end; ++i) {
            const int to = m_scheduleReordered ? m_newIndex[static_cast<std::size_t>(i)] : i;
            setState(ctx, to, ctx.awakeBodies[static_cast<std::size_t>(i)]);
        }
    };
    if (ctx.pool) {
        ctx.pool->forRanges(n, 2048, place);
    } else {
        place(0, n);
    }
}

void ImpulseSolver::integrateVelocities(const SolverContext& ctx, double h, int begin, int end) {
    // Semi-implicit (symplectic) Euler, velocity half: v += h (F / m + g), w += h T / I, then damping:
    // exponential v *= 1 / (1 + h c) (Box2D), or the source's clamped air drag v -= clamp(|v|, 1) c h.
    const WorldSettings& settings = *ctx.settings;
    const double linearDamping = settings.linearDamping;
    const double angularDamping = settings.angularDamping;
    const double linearFactor = 1.0 / (1.0 + h * linearDamping);
    const double angularFactor = 1.0 / (1.0 + h * angularDamping);
    for (int i = begin; i < end; ++i) {
        BodyState& s = m_states[static_cast<std::size_t>(i)];
        if (s.invMass == 0.0) { // not dynamic (a dynamic body's mass is never 0: World::createBody)
            continue;
        }
        Vec2 v = s.v + h * s.accel;
        double w = s.w + h * s.angularAccel;
        if (settings.clampedDrag) {
            // Source 000 "Air Drag": subtract the velocity clamped to length 1, times drag dt; never reverse
            // it.
            const double speed = length(v);
            const double cut = std::min(speed, 1.0) * linearDamping * h;
            v = speed > 0.0 ? v * (std::max(0.0, speed - cut) / speed) : v;
            const double spin = std::abs(w);
            const double cutW = std::min(spin, 1.0) * angularDamping * h;
            w = spin > 0.0 ? w * (std::max(0.0, spin - cutW) / spin) : w;
        } else {
            v = linearFactor * v;
            w = angularFactor * w;
        }
        s.v = v;
        s.w = w;
    }
}

void ImpulseSolver::integratePositions(double h, int begin, int end) {
    // Semi-implicit Euler, position half, on the motion since the step start: dp += h v, dq turned by exactly
    // h w (cos/sin to round-off, see turnBy(), rather than Box2D's normalised first-order update, so a free
    // spin keeps its angle to round-off).
    for (int i = begin; i < end; ++i) {
        BodyState& s = m_states[static_cast<std::size_t>(i)];
        s.dp += h * s.v;
        if (s.w != 0.0) {
            s.dq = mulRot(turnBy(h * s.w), s.dq);
        }
    }
}

template <bool kTraced>
void ImpulseSolver::applyRestitution(WideBlock* blocks, const WideCold* colds, WideBounce* bounces, int count,
                                     double threshold, const SolverContext* ctx, SolverTraceIteration* out,
                                     const std::vector<double>* seeds) {
    // Restitution after the solve (Box2D v3 b2ApplyRestitution): for points that approached faster than the
    // threshold and took an impulse, aim the normal velocity at -e * (approach velocity measured before
    // solving). Lane by lane: few contacts bounce, and the order is the colours' as in the sweeps.
    if (bounces == nullptr) {
        return; // no constraint of the step has restitution
    }
    for (int i = 0; i < count; ++i) {
        WideBlock& c = blocks[i];
        const WideCold& cold = colds[i];
        WideBounce& bounce = bounces[i];
        for (int lane = 0; lane < kLanes; ++lane) {
            if (bounce.restitution[lane] == 0.0) {
                continue;
            }
            BodyState& a = m_states[static_cast<std::size_t>(c.a[lane])];
            BodyState& b = m_states[static_cast<std::size_t>(c.b[lane])];
            const Vec2 normal{c.nx[lane], c.ny[lane]};
            const Vec2 offset{c.offsetX[lane], c.offsetY[lane]};
            for (int k = 0; k < cold.pointCount[lane]; ++k) {
                wide::WidePoint& cp = c.p[k];
                double& maxNormalImpulse = bounce.maxNormalImpulse[k][lane];
                if (bounce.relativeVelocity[k][lane] > -threshold || maxNormalImpulse == 0.0) {
                    continue;
                }
                const Vec2 rA{cp.rAx[lane], cp.rAy[lane]};
                const double rnA = cross(rA, normal);
                const double rnB = cross(rA + offset, normal);
                const double vn = dot(b.v - a.v, normal) + b.w * rnB - a.w * rnA;
                double impulse =
                    -cp.normalMass[lane] * (vn + bounce.restitution[lane] * bounce.relativeVelocity[k][lane]);
                const double before = cp.normalImpulse[lane];
                const double newImpulse = std::max(cp.normalImpulse[lane] + impulse, 0.0);
                [[maybe_unused]] const double unclamped = cp.normalImpulse[lane] + impulse;
                impulse = newImpulse - cp.normalImpulse[lane];
                cp.normalImpulse[lane] = newImpulse;
                maxNormalImpulse = std::max(maxNormalImpulse, impulse);
                const Vec2 P = impulse * normal;
                [[maybe_unused]] const TraceVelocity beforeA{a.v, a.w};
                [[maybe_unused]] const TraceVelocity beforeB{b.v, b.w};
                a.v -= a.invMass * P;
                a.w -= a.invInertia * impulse * rnA;
                b.v += b.invMass * P;
                b.w += b.invInertia * impulse * rnB;
                if constexpr (kTraced) {
                    const ContactSim& contact = ctx->contacts[static_cast<std::size_t>(cold.contact[lane])];
                    SolverTraceRow row;
                    row.contact = cold.contact[lane];
                    row.bodyA = ctx->world->idOfSlot(contact.bodyA);
                    row.bodyB = ctx->world->idOfSlot(contact.bodyB);
                    row.point = k;
                    row.kind = RowKind::Normal;
                    row.effectiveMass = cp.normalMass[lane];
                    row.biasSource = BiasSource::Restitution;
                    row.bias = bounce.restitution[lane] * bounce.relativeVelocity[k][lane];
                    row.relativeVelocity = vn;
                    row.warmStart = (*seeds)[static_cast<std::size_t>((i * kLanes + lane) * 4 + k)];
                    row.impulseBefore = before;
                    row.unclamped = unclamped;
                    row.lower = 0.0;
                    row.upper = std::numeric_limits<double>::infinity();
                    row.clamped = newImpulse;
                    row.delta = impulse;
                    row.deltaRoundOff = wide::subtractionRoundOff(newImpulse, before);
                    row.beforeA = beforeA;
                    row.beforeB = beforeB;
                    row.afterA = {a.v, a.w};
                    row.afterB = {b.v, b.w};
                    out->residual += std::abs(impulse);
                    out->rows.push_back(row);
                }
            }
        }
    }
}

void ImpulseSolver::storeImpulses(SolverContext& ctx, const WideBlock* blocks, const WideCold* colds,
                                  int count) {
    for (int i = 0; i < count; ++i) {
        const WideBlock& c = blocks[i];
        const WideCold& cold = colds[i];
        for (int lane = 0; lane < kLanes; ++lane) {
            if (cold.contact[lane] < 0) {
                continue;
            }
            const ContactSim& contact = ctx.contacts[static_cast<std::size_t>(cold.contact[lane])];
            TouchingSim& touching = ctx.touching[static_cast<std::size_t>(contact.touching)];
            for (int k = 0; k < cold.pointCount[lane]; ++k) {
                const wide::WidePoint& p = c.p[k];
                ContactPointSim& out = touching.points[k];
                out.normalImpulse = p.normalImpulse[lane];
                out.tangentImpulse = p.tangentImpulse[lane];
                out.stepNormalImpulse = cold.earlierNormal[k][lane] + p.normalImpulse[lane];
                out.stepTangentImpulse = cold.earlierTangent[k][lane] + p.tangentImpulse[lane];
            }
        }
    }
}

void ImpulseSolver::finish(SolverContext& ctx) {
    // Each state writes its own body, so the threads share it with the same result.
    const auto all = [&](int begin, int end) {
        writeBack(ctx, begin, end);
    };
    const int n = static_cast<int>(ctx.awakeBodies.size());
    if (ctx.pool) {
        ctx.pool->forRanges(n, 2048, all);
    } else {
        all(0, n);
    }
}

void ImpulseSolver::writeBack(const SolverContext& ctx, int begin, int end) const {
    for (int i = begin; i < end; ++i) {
        const auto slot = static_cast<std::size_t>(m_bodyOfState[static_cast<std::size_t>(i)]);
        BodySim& body = ctx.bodies[slot];
        const BodyState& s = m_states[static_cast<std::size_t>(i)];
        body.center = body.center0 + s.dp;
        body.xf.q = integrateRotation(mulRot(s.dq, body.xf.q), 0.0);
        body.linearVelocity = s.v;
        body.angularVelocity = s.w;
        if (!ctx.motion.empty()) { // the continuous sweep's test, on the lines just written
            ctx.motion[slot] = motionOf(body, ctx.timeStep);
        }
    }
}

void ImpulseSolver::pushOut(SolverContext& ctx) {
    // The source's naive response (000 "Response", the unchecked "impulse based resolution" box), kept as a
    // foil:
    //   integrate (semi-implicit Euler)
    //   for each contact with depth d > 0 on its deepest point:
    //     move A by -d mA / (mA + mB) n and B by +d mB / (mA + mB) n           (along the MTV, by inverse
    //     mass) vn = n . (vB - vA); if vn < 0: j = -(1 + e) vn / (mA + mB); vA -= j mA n; vB += j mB n
    // No rotation, no friction, no iterations: stacks jitter and never rest, which is the point of the
    // lesson.
    const double h = ctx.timeStep;
    const int n = static_cast<int>(ctx.awakeBodies.size());
    integrateVelocities(ctx, h, 0, n);
    integratePositions(h, 0, n);
    for (const ContactSim& contact : ctx.contacts) {
        if (contact.touching < 0) {
            continue;
        }
        const TouchingSim& touching = ctx.touching[static_cast<std::size_t>(contact.touching)];
        double depth = touching.geometry[0].depth;
        for (int k = 1; k < touching.pointCount; ++k) {
            depth = std::max(depth, touching.geometry[k].depth);
        }
        const int a = m_stateOf[static_cast<std::size_t>(contact.bodyA)];
        const int b = m_stateOf[static_cast<std::size_t>(contact.bodyB)];
        if (depth <= 0.0 || (a == n && b == n)) {
            continue;
        }
        BodyState& sa = m_states[static_cast<std::size_t>(a)];
        BodyState& sb = m_states[static_cast<std::size_t>(b)];
        const double mSum = sa.invMass + sb.invMass;
        if (mSum <= 0.0) {
            continue;
        }
        const Vec2 normal = touching.normal;
        sa.dp -= (depth * sa.invMass / mSum) * normal;
        sb.dp += (depth * sb.invMass / mSum) * normal;
        const double vn = dot(sb.v - sa.v, normal);
        if (vn < 0.0) {
            const double j = -(1.0 + restitutionOf(contact, ctx.shapes)) * vn / mSum;
            sa.v -= (j * sa.invMass) * normal;
            sb.v += (j * sb.invMass) * normal;
        }
    }
    for (TouchingSim& touching : ctx.touching) {
        touching.clearImpulses();
    }
}

void ImpulseSolver::traceSweeps(SolverContext& ctx, WideBlock* blocks, WideCold* colds, WideBounce* bounces,
                                std::vector<double>& seeds) {
    // One sweep over all blocks per stage, substep after substep, in the scalar kernels one block at a time,
    // the explanation of each lane read before its block is solved. The same result as step()'s group-by-group
    // run to the bit: the groups share no body that moves (so their interleaving does not matter), a block's
    // lanes share none either (so their rows can be read from the states before the block), integrating the
    // states of every group at once is integrating each group's range, and the scalar kernels give the bits of
    // the SSE2 and AVX2 ones (wide_solver.h; tests/physics/tst_solver_trace.cpp checks it on this machine).
    // With automatic substeps the groups may run different counts (4 and 8): the trace has the most
    // substeps, and a group of fewer takes part in every (most / its count)-th of them, starting at the same
    // moment of the step as its own substep does (its substep k is the trace's k most / count); each row
    // names its own count and substep (SolverTraceRow::substeps, substep).
    const WorldSettings& settings = *ctx.settings;
    SolverTrace& trace = *ctx.trace;
    const bool baumgarte = settings.positionCorrection == PositionCorrection::Baumgarte;
    int most = 1;
    for (const Group& g : m_groups) {
        if (g.stateEnd > g.stateBegin) { // the group of bodies without constraints may be empty
            most = std::max(most, g.substeps);
        }
    }
    const auto every = [most](const Group& g) {
        if (g.substeps > most) {
            return most; // an empty group (no body without constraints): it has nothing to run
        }
        assert(most % g.substeps == 0);
        return most / g.substeps;
    };
    const wide::Kernels& kernels = wide::scalarKernels();
    BodyState* states = m_states.data();
    trace.traced = true;
    trace.substepTime = ctx.timeStep / most;
    trace.substeps.assign(static_cast<std::size_t>(most), {});
    // Per block, lane and row: this substep's warm-start seed (rows as in explainSweep: N0, N1, T0, T1).
    seeds.assign(static_cast<std::size_t>(m_blockCount) * kLanes * 4, 0.0);
    auto emit = [&](SolverTraceIteration& out, const Group& g, int sub, int block, int lane,
                    SolverTraceRow(&rows)[4], const int(&order)[4]) {
        const WideCold& cold = colds[block];
        const ContactSim& contact = ctx.contacts[static_cast<std::size_t>(cold.contact[lane])];
        for (const int index : order) {
            const int point = index & 1;
            if (point >= cold.pointCount[lane]) {
                continue;
            }
            SolverTraceRow& row = rows[index];
            row.contact = cold.contact[lane];
            row.bodyA = ctx.world->idOfSlot(contact.bodyA);
            row.bodyB = ctx.world->idOfSlot(contact.bodyB);
            row.point = point;
            row.kind = index < 2 ? RowKind::Normal : RowKind::Friction;
            row.warmStart = seeds[static_cast<std::size_t>((block * kLanes + lane) * 4 + index)];
            row.substeps = g.substeps;
            row.substep = sub / every(g);
            out.rows.push_back(row);
            out.residual += std::abs(row.delta);
        }
    };
    auto sweep = [&](SolverTraceIteration& out, int sub, wide::Pass pass, wide::Kernels::Sweep kernel) {
        for (const Group& g : m_groups) {
            if (sub % every(g) != 0) {
                continue;
            }
            for (int i = g.blockBegin; i < g.blockEnd; ++i) {
                WideBlock& block = blocks[i];
                const WideCold& cold = colds[i];
                SolverTraceRow rows[kLanes][4];
                for (int lane = 0; lane < kLanes; ++lane) {
                    if (cold.contact[lane] >= 0) {
                        wide::explainSweep(block, states, lane, pass, g.rule, rows[lane]);
                    }
                }
                kernel(&block, bounces != nullptr ? bounces + i : nullptr, 1, states, g.rule);
                for (int lane = 0; lane < kLanes; ++lane) {
                    if (cold.contact[lane] >= 0) {
                        emit(out, g, sub, i, lane, rows[lane], {0, 1, 2, 3});
                    }
                }
            }
        }
    };
    const auto integrate = [&](int sub, bool positions) {
        for (const Group& g : m_groups) {
            if (sub % every(g) != 0) {
                continue;
            }
            if (positions) {
                integratePositions(g.h, g.stateBegin, g.stateEnd);
            } else {
                integrateVelocities(ctx, g.h, g.stateBegin, g.stateEnd);
            }
        }
    };
    for (int sub = 0; sub < most; ++sub) {
        SolverTraceSubstep& traced = trace.substeps[static_cast<std::size_t>(sub)];
        integrate(sub, false);
        SolverTraceStage& warm = traced.stages.emplace_back();
        warm.stage = SolverStage::WarmStart;
        SolverTraceIteration& warmRows = warm.iterations.emplace_back();
        for (const Group& g : m_groups) {
            if (sub % every(g) != 0) {
                continue;
            }
            for (int i = g.blockBegin; i < g.blockEnd; ++i) {
                WideBlock& block = blocks[i];
                WideCold& cold = colds[i];
                SolverTraceRow rows[kLanes][4];
                for (int lane = 0; lane < kLanes; ++lane) {
                    for (int k = 0; k < kMaxManifoldPoints; ++k) {
                        const std::size_t at = static_cast<std::size_t>((i * kLanes + lane) * 4);
                        seeds[at + static_cast<std::size_t>(k)] = block.p[k].normalImpulse[lane];
                        seeds[at + 2 + static_cast<std::size_t>(k)] = block.p[k].tangentImpulse[lane];
                    }
                    if (cold.contact[lane] >= 0) {
                        wide::explainWarmStart(block, states, lane, rows[lane]);
                    }
                }
                kernels.warmStart(&block, &cold, 1, states, sub == 0);
                for (int lane = 0; lane < kLanes; ++lane) {
                    if (cold.contact[lane] >= 0) {
                        // warmStartLanes() applies point 0 (normal and friction), then point 1.
                        emit(warmRows, g, sub, i, lane, rows[lane], {0, 2, 1, 3});
                    }
                }
            }
        }
        SolverTraceStage& solve = traced.stages.emplace_back();
        solve.stage = SolverStage::Solve;
        for (int it = 0; it < settings.iterations; ++it) {
            sweep(solve.iterations.emplace_back(), sub,
                  baumgarte ? wide::Pass::Baumgarte : wide::Pass::Biased,
                  baumgarte ? kernels.solveBaumgarte : kernels.solveBiased);
        }
        integrate(sub, true);
        if (!baumgarte) {
            SolverTraceStage& relax = traced.stages.emplace_back();
            relax.stage = SolverStage::Relax;
            for (int it = 0; it < settings.relaxIterations; ++it) {
                sweep(relax.iterations.emplace_back(), sub, wide::Pass::Relax, kernels.solveRelax);
            }
        }
    }
}

void ImpulseSolver::solveGroupOnAllThreads(const SolverContext& ctx, int groupIndex, WideBlock* blocks,
                                           WideCold* colds, WideBounce* bounces,
                                           const wide::Kernels& kernels) {
    // One island's colours across the threads (Box2D v3 solver.c b2SolverStage / b2ExecuteMainStage): the
    // step's passes become a list of stages (per substep: integrate velocities; warm start, colour by colour;
    // each iteration colour by colour; integrate positions; relax colour by colour), each stage cut into
    // chunks. Every thread walks the list, claims chunks of the current stage from a counter until none is
    // left, then waits until all of the stage's chunks are finished before it starts the next. A chunk of one
    // colour shares no moving body with another (a colour's constraints never do), and the integrations
    // touch each body alone, so what is computed does not depend on which thread does which chunk, nor on
    // how many threads there are: the result is the one-thread sweep's to the bit.
    // A thread waits only for chunks another thread has claimed and is running, so the list finishes even
    // when the pool gives the work fewer threads than it has (oneTBB may run both participants on one).
    // Bodies of infinite mass, and the dummy that stands for static ones, are read and written back
    // unchanged by every lane that points at them, from any thread: the stored values are the ones read.
    const WorldSettings& settings = *ctx.settings;
    const Group& g = m_groups[static_cast<std::size_t>(groupIndex)];
    const bool baumgarte = settings.positionCorrection == PositionCorrection::Baumgarte;
    const int substeps = g.substeps;
    const double h = g.h;
    // 64 constraints a chunk (8 blocks of 8 lanes; 16 of 4 before the AVX-512 path, issue 17).
    constexpr int kBlocksPerChunk = 8;
    constexpr int kStatesPerChunk = 256;
    m_stages.clear();
    const auto addRuns = [&](Stage::Kind kind, wide::Pass pass, bool first) {
        for (int r = g.runBegin; r < g.runEnd; ++r) {
            const int begin = m_runStart[static_cast<std::size_t>(r)] - g.blockBegin;
            const int end =
                (r + 1 < g.runEnd ? m_runStart[static_cast<std::size_t>(r) + 1] : g.blockEnd) - g.blockBegin;
            m_stages.push_back({kind, begin, end, kBlocksPerChunk, first, pass});
        }
    };
    for (int sub = 0; sub < substeps; ++sub) {
        m_stages.push_back({Stage::Kind::IntegrateVelocities, g.stateBegin, g.stateEnd, kStatesPerChunk,
                            false, wide::Pass::Biased});
        addRuns(Stage::Kind::WarmStart, wide::Pass::Biased, sub == 0);
        for (int it = 0; it < settings.iterations; ++it) {
            addRuns(Stage::Kind::Solve, baumgarte ? wide::Pass::Baumgarte : wide::Pass::Biased, false);
        }
        m_stages.push_back({Stage::Kind::IntegratePositions, g.stateBegin, g.stateEnd, kStatesPerChunk, false,
                            wide::Pass::Biased});
        if (!baumgarte) {
            for (int it = 0; it < settings.relaxIterations; ++it) {
                addRuns(Stage::Kind::Solve, wide::Pass::Relax, false);
            }
        }
    }
    if (m_stageCounts.size() < m_stages.size()) {
        m_stageCounts.resize(m_stages.size());
    }
    // Claim words: each participant has a region of its own, starting on a cache line, that holds its
    // segment of every stage, so that two threads claiming their own chunks never write the same line (a
    // line of its own per stage and participant took 0.4 MB on pyramid100's first step, whose new contacts
    // make hundreds of overflow levels).
    const int threads = ctx.pool->threads();
    constexpr int kWordsPerLine = 64 / static_cast<int>(sizeof(std::uint32_t));
    int words = 0;
    for (std::size_t i = 0; i < m_stages.size(); ++i) {
        m_stageCounts[i].done.store(0, std::memory_order_relaxed);
        Stage& stage = m_stages[i];
        stage.segment = std::max(1, (stage.chunks() + threads - 1) / threads);
        stage.flagBegin = words;
        words += stage.segment;
    }
    const int region = (words + kWordsPerLine - 1) / kWordsPerLine * kWordsPerLine;
    const auto claimCount = static_cast<std::size_t>(threads * region + kWordsPerLine);
    if (m_chunkClaims.size() < claimCount) {
        resizeForSize(m_chunkClaims, claimCount);
    }
    if (++m_claimGeneration == 0) { // wrapped: 0 would read as claimed in the words never written
        std::fill(m_chunkClaims.begin(), m_chunkClaims.end(), 0u);
        m_claimGeneration = 1;
    }
    const std::uint32_t generation = m_claimGeneration;
    const auto misalign = reinterpret_cast<std::uintptr_t>(m_chunkClaims.data()) % 64;
    std::uint32_t* const claimWords =
        m_chunkClaims.data() + (misalign == 0 ? 0 : (64 - misalign) / sizeof(std::uint32_t));
    // Every lane with a static body (and every unused lane) points at the dummy state, which the kernels
    // read and write back unchanged. Two chunks of one colour on two threads would both write it: the same
    // bits, but a data race. So each chunk of kBlocksPerChunk blocks gets a dummy of its own (all zero, like
    // the shared one), after the states [0, n]: a chunk's blocks run on one thread, one after another, and
    // every stage cuts a run into the same chunks.
    const int dummy = static_cast<int>(ctx.awakeBodies.size());
    m_states.resize(static_cast<std::size_t>(dummy) + 1);
    std::size_t dummies = 0;
    for (int r = g.runBegin; r < g.runEnd; ++r) {
        const int end = r + 1 < g.runEnd ? m_runStart[static_cast<std::size_t>(r) + 1] : g.blockEnd;
        dummies += static_cast<std::size_t>(
            (end - m_runStart[static_cast<std::size_t>(r)] + kBlocksPerChunk - 1) / kBlocksPerChunk);
    }
    m_states.reserve(m_states.size() + dummies); // exactly: push_back alone would double the array
    for (int r = g.runBegin; r < g.runEnd; ++r) {
        const int begin = m_runStart[static_cast<std::size_t>(r)] - g.blockBegin;
        const int end =
            (r + 1 < g.runEnd ? m_runStart[static_cast<std::size_t>(r) + 1] : g.blockEnd) - g.blockBegin;
        for (int first = begin; first < end; first += kBlocksPerChunk) {
            const auto own = static_cast<std::int32_t>(m_states.size());
            m_states.push_back(BodyState{});
            for (int b = first; b < std::min(end, first + kBlocksPerChunk); ++b) {
                for (int lane = 0; lane < kLanes; ++lane) {
                    if (blocks[b].a[lane] == dummy) {
                        blocks[b].a[lane] = own;
                    }
                    if (blocks[b].b[lane] == dummy) {
                        blocks[b].b[lane] = own;
                    }
                }
            }
        }
    }
    BodyState* states = m_states.data();
    const auto runChunk = [&](const Stage& stage, int chunk) {
        const int begin = stage.begin + chunk * stage.chunk;
        const int end = std::min(stage.end, begin + stage.chunk);
        switch (stage.kind) {
        case Stage::Kind::IntegrateVelocities:
            integrateVelocities(ctx, h, begin, end);
            break;
        case Stage::Kind::IntegratePositions:
            integratePositions(h, begin, end);
            break;
        case Stage::Kind::WarmStart:
            kernels.warmStart(blocks + begin, colds + begin, end - begin, states, stage.first);
            break;
        case Stage::Kind::Solve:
            (stage.pass == wide::Pass::Relax       ? kernels.solveRelax
             : stage.pass == wide::Pass::Baumgarte ? kernels.solveBaumgarte
                                                   : kernels.solveBiased)(
                blocks + begin, bounces != nullptr ? bounces + begin : nullptr, end - begin, states, g.rule);
            break;
        }
    };
    const int stageCount = static_cast<int>(m_stages.size());
    const auto participate = [&](int participant) {
        for (int s = 0; s < stageCount; ++s) {
            if (s > 0) {
                const int before = m_stages[static_cast<std::size_t>(s) - 1].chunks();
                const std::atomic<int>& done = m_stageCounts[static_cast<std::size_t>(s) - 1].done;
                for (int spins = 0; done.load(std::memory_order_acquire) != before; ++spins) {
                    if (spins < 64) {
#if defined(__x86_64__) || defined(__i386__)
                        __builtin_ia32_pause();
#endif
                    } else {
                        std::this_thread::yield(); // the machine may be shared: give the core away
                    }
                }
            }
            const Stage& stage = m_stages[static_cast<std::size_t>(s)];
            // Participant p starts at the first chunk of its segment (p n / P) and goes round: with two
            // threads each starts at its own half of every colour, so a body's state mostly stays in one
            // core's cache from stage to stage. A chunk is claimed by its own word, on lines that only the
            // participant starting there writes until the two meet, and the finished count is added once
            // per participant (Box2D v3 b2ExecuteMainStage claims its blocks by a sync index in each block
            // and adds its completed blocks once). One claim counter and one count per chunk, shared by both
            // threads, passed their cache line from core to core twice per chunk; without them two threads
            // ran pyramid100 about a tenth faster (docs/benchmark.md). Which thread solves a chunk never
            // changes what it computes.
            const int n = stage.chunks();
            const int start = std::min(n, participant * stage.segment);
            int finished = 0;
            for (int i = 0; i < n; ++i) {
                const int c = start + i < n ? start + i : start + i - n;
                std::atomic_ref<std::uint32_t> claim(
                    claimWords[(c / stage.segment) * region + stage.flagBegin + c % stage.segment]);
                if (claim.load(std::memory_order_relaxed) != generation &&
                    claim.exchange(generation, std::memory_order_relaxed) != generation) {
                    runChunk(stage, c);
                    ++finished;
                }
            }
            if (finished > 0) {
                m_stageCounts[static_cast<std::size_t>(s)].done.fetch_add(finished,
                                                                          std::memory_order_release);
            }
        }
    };
    ctx.pool->forRanges(threads, 1, [&](int begin, int end) {
        for (int t = begin; t < end; ++t) {
            participate(t);
        }
    });
}

void ImpulseSolver::step(SolverContext& ctx) {
    const WorldSettings& settings = *ctx.settings;
    if (ctx.trace != nullptr) {
        ctx.trace->clear();
    }
    prepare(ctx);
    if (settings.response == ResponseKind::PushOut) {
        pushOut(ctx);
        finish(ctx);
        return;
    }
    // Soft step (Box2D v3 b2SolverStage order), or Baumgarte with the same loop and no relax:
    //   for each substep: integrate velocities; warm start; solve(bias) x iterations; integrate positions;
    //                     relax (solve without bias) x relaxIterations
    //   restitution; store impulses
    const bool baumgarte = settings.positionCorrection == PositionCorrection::Baumgarte;
    const wide::Kernels& kernels = wide::kernelsFor(simdLevel());
    m_scratch.resize(static_cast<std::size_t>(ctx.pool ? ctx.pool->threads() : 1));
    // One group only (a single big island, as a tall pyramid is): its blocks are filled on every thread
    // before it is solved on one. A traced step lays out every block at once too, and sweeps them all.
    const bool traced = ctx.trace != nullptr;
    const bool oneGroup = traced || (m_groups.size() <= 2 && m_groups.front().blockEnd == m_blockCount);
    if (oneGroup) {
        Scratch& all = m_scratch.front();
        all.reserve(m_blockCount, m_bouncing);
        // Two captures only: a std::function (TaskPool::forRanges) keeps up to 16 bytes in place, and three
        // references made it allocate on every step.
        const auto fill = [this, &ctx](int begin, int end) {
            Scratch& scratch = m_scratch.front();
            fillBlocks(ctx, begin, end, scratch.blocks.data() + begin, scratch.cold.data() + begin,
                       m_bouncing ? scratch.bounce.data() + begin : nullptr);
        };
        if (ctx.pool) {
            ctx.pool->forRanges(m_blockCount, 64, fill);
        } else {
            fill(0, m_blockCount);
        }
    }
    // Groups share no body that the sweeps change (islands meet only at bodies of infinite mass, which are
    // read and never written), so they run on the worker threads in any order with the same result; the
    // restitution and the impulses they store are theirs alone too.
    auto solveGroup = [&](const Group& g) {
        BodyState* const states = m_states.data(); // solveGroupOnAllThreads() may have added dummies
        const int count = g.blockEnd - g.blockBegin;
        Scratch& scratch = oneGroup
                               ? m_scratch.front()
                               : m_scratch[static_cast<std::size_t>(ctx.pool ? ctx.pool->workerIndex() : 0)];
        if (!oneGroup) {
            scratch.reserve(count, m_bouncing);
            fillBlocks(ctx, g.blockBegin, g.blockEnd, scratch.blocks.data(), scratch.cold.data(),
                       m_bouncing ? scratch.bounce.data() : nullptr);
        }
        WideBlock* groupBlocks = scratch.blocks.data() + (oneGroup ? g.blockBegin : 0);
        WideCold* groupCold = scratch.cold.data() + (oneGroup ? g.blockBegin : 0);
        // The experiment's alternating sweep (CONTACTLAB_SOLVER_ORDER=...-alt): odd substeps visit the runs
        // of one colour last to first.
        WideBounce* groupBounce =
            m_bouncing ? scratch.bounce.data() + (oneGroup ? g.blockBegin : 0) : nullptr;
        const auto sweep = [&](wide::Kernels::Sweep kernel, bool reverse) {
            if (!reverse) {
                kernel(groupBlocks, groupBounce, count, states, g.rule);
                return;
            }
            for (int r = g.runEnd - 1; r >= g.runBegin; --r) {
                const int begin = m_runStart[static_cast<std::size_t>(r)];
                const int end = r + 1 < g.runEnd ? m_runStart[static_cast<std::size_t>(r) + 1] : g.blockEnd;
                const int at = begin - g.blockBegin;
                kernel(groupBlocks + at, groupBounce != nullptr ? groupBounce + at : nullptr, end - begin,
                       states, g.rule);
            }
        };
        const double h = g.h;
        for (int sub = 0; sub < g.substeps; ++sub) {
            const bool reverse =
                m_ordering.alternate && m_ordering.ordering != Ordering::Levels && sub % 2 == 1;
            integrateVelocities(ctx, h, g.stateBegin, g.stateEnd);
            kernels.warmStart(groupBlocks, groupCold, count, states, sub == 0);
            for (int it = 0; it < settings.iterations; ++it) {
                sweep(baumgarte ? kernels.solveBaumgarte : kernels.solveBiased, reverse);
            }
            integratePositions(h, g.stateBegin, g.stateEnd);
            if (!baumgarte) {
                for (int it = 0; it < settings.relaxIterations; ++it) {
                    sweep(kernels.solveRelax, reverse);
                }
            }
        }
        applyRestitution<false>(groupBlocks, groupCold, groupBounce, count, settings.restitutionThreshold);
        storeImpulses(ctx, groupBlocks, groupCold, count);
        // The groups' states cover every state once: each group writes its own bodies back while they are
        // in cache, on the thread that solved it.
        writeBack(ctx, g.stateBegin, g.stateEnd);
    };
    if (traced) {
        Scratch& all = m_scratch.front();
        std::vector<double> seeds;
        traceSweeps(ctx, all.blocks.data(), all.cold.data(), m_bouncing ? all.bounce.data() : nullptr, seeds);
        if (ctx.trace->substeps.empty()) {
            ctx.trace->substeps.emplace_back();
        }
        SolverTraceStage& stage = ctx.trace->substeps.back().stages.emplace_back();
        stage.stage = SolverStage::Restitution;
        SolverTraceIteration& bounces = stage.iterations.emplace_back();
        applyRestitution<true>(all.blocks.data(), all.cold.data(), m_bouncing ? all.bounce.data() : nullptr,
                               m_blockCount, settings.restitutionThreshold, &ctx, &bounces, &seeds);
        // After each group's last substep: its count and last substep. The blocks are laid out group by
        // group, so each contact's group is read once from its block.
        std::vector<int> substepsOf(ctx.contacts.size(), 0);
        for (const Group& g : m_groups) {
            for (int i = g.blockBegin; i < g.blockEnd; ++i) {
                for (const int contact : all.cold[static_cast<std::size_t>(i)].contact) {
                    if (contact >= 0) {
                        substepsOf[static_cast<std::size_t>(contact)] = g.substeps;
                    }
                }
            }
        }
        for (SolverTraceRow& row : bounces.rows) {
            row.substeps = substepsOf[static_cast<std::size_t>(row.contact)];
            row.substep = row.substeps - 1;
        }
        storeImpulses(ctx, all.blocks.data(), all.cold.data(), m_blockCount);
        finish(ctx);
        return;
    }
    const auto solveGroups = [&](int begin, int end) {
        for (int g = begin; g < end; ++g) {
            solveGroup(m_groups[static_cast<std::size_t>(g)]);
        }
    };
    // One island that holds every constraint (a tall pyramid): with a colouring, its colours are solved on
    // all threads (issue 17); levels are too many and too thin for that (a 100-row pyramid has 297).
    // A kinematic body among the constraints is written back (unchanged) by every lane that touches it, so
    // its island stays on one thread.
    // A small island stays on one thread: its colours make a chunk or two each, and a stage's wait for the
    // other thread cost more than the chunk (pyramid20, 75 blocks: 0.147 ms a step on two threads against
    // 0.058 on one). kAllThreadsBlocks gives every colour of a pyramid a few chunks a thread.
    constexpr int kAllThreadsBlocks = 128;
    if (ctx.pool && ctx.pool->threads() > 1 && oneGroup && m_ordering.ordering != Ordering::Levels &&
        !m_ordering.alternate && !m_movingInfiniteMass && m_blockCount >= kAllThreadsBlocks) {
        Scratch& all = m_scratch.front();
        const Group& g = m_groups.front();
        solveGroupOnAllThreads(ctx, 0, all.blocks.data() + g.blockBegin, all.cold.data() + g.blockBegin,
                               m_bouncing ? all.bounce.data() + g.blockBegin : nullptr, kernels);
        applyRestitution<false>(all.blocks.data() + g.blockBegin, all.cold.data() + g.blockBegin,
                                m_bouncing ? all.bounce.data() + g.blockBegin : nullptr,
                                g.blockEnd - g.blockBegin, settings.restitutionThreshold);
        // Storing the impulses (each lane its own record) and writing the states back (each its own body)
        // on every thread too: on one they were the island's last serial part. Two captures only, so the
        // std::function does not allocate (see fill above).
        struct Finish {
            SolverContext* ctx;
            WideBlock* blocks;
            WideCold* colds;
            int stateBegin;
        } finish{&ctx, all.blocks.data() + g.blockBegin, all.cold.data() + g.blockBegin, g.stateBegin};
        ctx.pool->forRanges(g.blockEnd - g.blockBegin, 64, [this, &finish](int begin, int end) {
            storeImpulses(*finish.ctx, finish.blocks + begin, finish.colds + begin, end - begin);
        });
        ctx.pool->forRanges(g.stateEnd - g.stateBegin, 1024, [this, &finish](int begin, int end) {
            writeBack(*finish.ctx, finish.stateBegin + begin, finish.stateBegin + end);
        }); // the other groups write theirs back themselves
        solveGroups(1, static_cast<int>(m_groups.size()));
        return;
    }
    if (ctx.pool) {
        ctx.pool->forRanges(static_cast<int>(m_groups.size()), 1, solveGroups);
    } else {
        solveGroups(0, static_cast<int>(m_groups.size()));
    }
    // (Until issue 11 a rigid position pass after the substeps helped a 100:1 ratio at one substep; with
    // eight substeps it is not needed, and in a packing that stays compressed (Solver2D's "Confined") it kept
    // discs jittering at 0.5 m/s instead of 0.19.) Each group has written its bodies back.
}

} // namespace

std::unique_ptr<ContactSolver> makeImpulseSolver() {
    return std::make_unique<ImpulseSolver>();
}

/// Its arrays are per-step scratch refilled by prepare(); copied anyway, so the clone is the same object.
namespace {
template <class T> std::size_t heapBytes(const std::vector<T>& v) {
    return v.capacity() * sizeof(T);
}
} // namespace

// Every array the solver keeps between steps (they only grow, see m_scratch).
std::size_t ImpulseSolver::memoryBytes() const {
    std::size_t scratchBytes = 0;
    for (const Scratch& scratch : m_scratch) {
        scratchBytes += heapBytes(scratch.blocks) + heapBytes(scratch.cold) + heapBytes(scratch.bounce);
    }
    return heapBytes(m_states) + heapBytes(m_moving) + heapBytes(m_stateOf) + heapBytes(m_bodyOfState) +
           heapBytes(m_scratch) + heapBytes(m_groups) + heapBytes(m_entries) + heapBytes(m_order) +
           heapBytes(m_lastLevel) + heapBytes(m_levelStart) + heapBytes(m_byLevel) + heapBytes(m_parent) +
           heapBytes(m_islandOf) + heapBytes(m_islandSize) + heapBytes(m_islandFine) +
           heapBytes(m_groupFine) + heapBytes(m_invMass) + heapBytes(m_groupStart) + heapBytes(m_blockStart) +
           heapBytes(m_newIndex) + heapBytes(m_colourMask) + heapBytes(m_runStart) +
           heapBytes(m_scheduleMoving) + heapBytes(m_chunkEntries) + scratchBytes;
}

std::unique_ptr<ContactSolver> ImpulseSolver::clone() const {
    // A copy makes its first schedule afresh: it then gives the same as the original's reused one (which
    // tst_threads compares step by step), and a restored snapshot trusts nothing it did not make.
    auto copy = std::make_unique<ImpulseSolver>(*this);
    copy->m_scheduleValid = false;
    copy->m_reusedLast = false;
    return copy;
}

} // namespace phys
