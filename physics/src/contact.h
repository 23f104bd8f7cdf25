#pragma once
/// @file contact.h
/// Contacts between two shapes: the solver's records (ContactSim for every pair of overlapping fat boxes,
/// kept in a contiguous array and matched from step to step for warm starting; TouchingSim, the manifold and
/// impulses of the pairs whose manifold has points, in a side array) and the plain copy a StepReport hands
/// to the UI (ContactReport, contact_report.h).

#include "body.h"
#include "physics/contact_report.h"
#include "physics/manifold.h"
#include "physics/paged_array.h"
#include "physics/world.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>

namespace phys {

/// Solver-side state of one manifold point, carried over between steps when the feature id matches.
struct ContactPointSim {
    /// Accumulated normal impulse of the last substep (what the next step warm starts from), N s (>= 0).
    double normalImpulse = 0.0;
    double tangentImpulse = 0.0; ///< the same for friction, N s, along tangent = rightPerp(normal)
    /// Normal and friction impulse applied over the whole step (all substeps), N s: what the report shows.
    double stepNormalImpulse = 0.0;
    double stepTangentImpulse = 0.0;
};

/// Where a manifold point is, without its feature id (TouchingSim keeps the ids apart: a ManifoldPoint's id
/// leaves 4 bytes of padding after it).
struct TouchingPoint {
    Vec2 point;         ///< world frame, metres (ManifoldPoint::point)
    double depth = 0.0; ///< metres, positive = overlapping (ManifoldPoint::depth)
};

/// The manifold and point impulses of a pair whose manifold has points: World's side array of touching
/// contacts (issue 17's memory item). Most pairs of overlapping fat boxes have an empty manifold (in the
/// smash benchmark scene at step 111, 93,400 of 118,043), so they keep only the 20-byte ContactSim; this
/// 256-byte record exists while the manifold has points. Created by the narrow phase
/// (World::updateContacts, in contact order) when the manifold gets points, released when it loses them
/// (the last record moves into the hole and its pair's `touching` is fixed up), grown by a sixteenth
/// (growth.h, World::updateContacts). Its fields leave no padding between them: before, a Manifold (88
/// bytes, 12 of them padding) and two ContactPointSims with a bool (40 bytes each) made 200 bytes a pair.
/// The kept anchors (96 bytes) are taken by the impulse solver; the narrow phase's contact recycling reads
/// them. Aligned to a cache line, a record is exactly four lines (256 bytes, the friction last): at 264
/// bytes each record lay on five, and the narrow phase and the solver's fill both read all of a record's
/// lines, a pair at a time, out of order.
struct alignas(64) TouchingSim {
    Vec2 normal; ///< world frame, unit, from A to B (Manifold::normal)
    TouchingPoint geometry[kMaxManifoldPoints];
    ContactPointSim points[kMaxManifoldPoints];
    FeatureId ids[kMaxManifoldPoints];
    std::uint32_t anchorKeys[kMaxManifoldPoints] = {}; ///< FeatureId::key() of each kept anchor
    std::int32_t pair = -1;                            ///< index of its ContactSim in the World's pair array
    std::uint8_t pointCount = 0;                       ///< 1..kMaxManifoldPoints outside the narrow phase
    /// Bit k: point k's feature pair touched last step too (warm started; ContactPointState::persisted).
    std::uint8_t persisted = 0;
    std::uint8_t anchorCount : 4 = 0; ///< kept anchors (0: none, take the points' offsets)
    /// 1 when this step's narrow phase recycled the manifold (World::updateContact, Box2D v3's contact
    /// recycling): its points are the kept anchors carried by the bodies, in the anchors' order, so the
    /// solver keeps them without testing again.
    std::uint8_t recycled : 1 = 0;
    /// The substep count of the step that stored `points[k].normalImpulse` and `tangentImpulse` (0: none
    /// yet). They are a substep's impulses, so a step that runs another count (automatic substeps move an
    /// island between 4 and 8) warm starts from them times this count over its own.
    std::uint8_t warmSubsteps = 0;
    // Everything above (152 bytes) is what a fresh narrow phase reads and writes; the kept anchors below are
    // taken by the impulse solver, and read by the narrow phase's recycling (World::recyclable()).
    /// The impulse solver's lever arms (impulse_solver.cpp, keptLeverArms()): per kept point, its offset
    /// from A's centre of mass, world frame, metres, as it was when taken; its offset from B's is
    /// anchorA[k] + anchorOffset (anchorB()). Box2D v3 keeps a pair's anchors while the pair barely moves
    /// (contact recycling), and that keeps its stacks standing; it too takes anchorB as anchorA plus the
    /// centres' difference (its manifold functions).
    Vec2 anchorA[kMaxManifoldPoints];
    Vec2 anchorOffset; ///< A's centre of mass less B's when the anchors were taken, world frame, metres
    Rot anchorQA;      ///< A's rotation when the anchors were taken
    Rot anchorQB;      ///< B's
    /// Each kept anchor's depth when it was taken, metres (positive = overlapping): a recycled manifold's
    /// depths are these less how far the two carried points have since moved apart along the normal.
    double anchorDepth[kMaxManifoldPoints] = {};
    /// The pair's mixed friction, mixFriction() of its shapes', taken when the record is made: what the solver
    /// reads for every constraint, here in what was the record's padding rather than in each of the far more
    /// pairs without points (ContactSim).
    double friction = 0.0;

    bool isPersisted(int k) const { return (persisted >> k) & 1u; }
    /// Kept point k's offset from B's centre of mass when taken (world frame, metres).
    Vec2 anchorB(int k) const { return anchorA[k] + anchorOffset; }

    /// The manifold as the collision functions return it.
    Manifold manifold() const {
        Manifold m;
        m.normal = normal;
        m.pointCount = pointCount;
        for (int k = 0; k < pointCount; ++k) {
            m.points[k].point = geometry[k].point;
            m.points[k].depth = geometry[k].depth;
            m.points[k].id = ids[k];
        }
        return m;
    }

    /// Takes `m`'s normal and points; the impulses and `persisted` are the caller's.
    void setManifold(const Manifold& m) {
        normal = m.normal;
        pointCount = static_cast<std::uint8_t>(m.pointCount);
        for (int k = 0; k < kMaxManifoldPoints; ++k) {
            geometry[k] = {m.points[k].point, m.points[k].depth};
            ids[k] = m.points[k].id;
        }
    }

    /// Forgets the impulses (nothing to warm start from): after a teleport or a solver change.
    void clearImpulses() {
        for (ContactPointSim& p : points) {
            p = ContactPointSim{};
        }
        persisted = 0;
        forgetAnchors(); // the bodies may have jumped: lever arms from the new points
    }

    /// No kept anchors: the next step collides the pair afresh and takes new lever arms.
    void forgetAnchors() {
        anchorCount = 0;
        recycled = 0;
    }
};
static_assert(sizeof(TouchingSim) == 256, "TouchingSim is four cache lines");
static_assert(offsetof(TouchingSim, friction) + sizeof(double) == 256, "the friction fills the padding");

/// One pair of shapes whose fat boxes overlap (kept while they do, matched from step to step for warm
/// starting). Shape A belongs to bodyA; the manifold normal points A -> B. Its manifold and impulses, when
/// the manifold has points, are the TouchingSim `touching` names; without points (most pairs of a crowd) the
/// pair is these 20 bytes alone, and its manifold is empty with zero impulses. Its mixed friction and
/// restitution are its shapes' (frictionOf(), restitutionOf()); a record keeps the friction.
struct ContactSim {
    int shapeA = -1; ///< shape slot index in the World
    int shapeB = -1;
    int bodyA = -1; ///< body slot index in the World
    int bodyB = -1;
    /// Index of its TouchingSim in the World's side array, or -1 while the manifold has no points.
    std::int32_t touching = -1;
};
static_assert(sizeof(ContactSim) == 20);

/// Box2D v3's contact recycling tolerances (constants.h B2_CONTACT_RECYCLE_DISTANCE, 10 linear slops, and
/// B2_CONTACT_RECYCLE_COS_ANGLE, about 11 degrees): how far a pair may move relative to itself, and each body
/// turn, before its manifold and lever arms are taken afresh.
inline constexpr double kKeptAnchorDistance = 0.05;
inline constexpr double kKeptAnchorCos = 0.98;

/// Whether a pair still holds the pose its anchors were taken at (Box2D v3 physics_world.c b2CollideTask,
/// the recycling test):
///   neither body turned past kKeptAnchorCos since, and
///   |relative position change| + extent |sin(relative turn)| < kKeptAnchorDistance
/// with the relative position B's centre in A's frame, now and when taken, and `extent` how far from a
/// centre the points that matter lie (a static body's count as 0: it does not turn).
inline bool anchorPoseHolds(const TouchingSim& t, const BodySim& a, const BodySim& b, double extent) {
    const Rot qA = a.xf.q;
    const Rot qB = b.xf.q;
    const double cosA = qA.c * t.anchorQA.c + qA.s * t.anchorQA.s;
    const double cosB = qB.c * t.anchorQB.c + qB.s * t.anchorQB.s;
    const Vec2 relativeNow = invRotate(qA, b.center - a.center);
    const Vec2 relativeThen = invRotate(t.anchorQA, -t.anchorOffset);
    const Rot turn = invMulRot(invMulRot(qA, qB), invMulRot(t.anchorQA, t.anchorQB));
    // |now - then| + e |sin turn| < limit, as |now - then|^2 < (limit - e |sin turn|)^2 with the turn's share
    // first: no square root for a test that every pair of a resting pile takes twice a step (the narrow
    // phase's recyclable() and the solver's keptLeverArms()).
    const double room = kKeptAnchorDistance - extent * std::abs(turn.s);
    return std::min(cosA, cosB) > kKeptAnchorCos && room > 0.0 &&
           distanceSquared(relativeNow, relativeThen) < room * room;
}

/// Asks for every cache line of a touching record (four: it is aligned to a line). The narrow phase reads
/// all of it (the anchors for recycling), and so does the impulse solver's fill.
inline void prefetchRecord(const TouchingSim& t) {
    const auto* record = reinterpret_cast<const char*>(&t);
    for (std::size_t offset = 0; offset < sizeof(TouchingSim); offset += 64) {
        __builtin_prefetch(record + offset);
    }
}

/// The World's touching records (World::m_touching) and views of them, indexed by ContactSim::touching.
using TouchingStore = PagedArray<TouchingSim, kTouchingPageBits>;
using TouchingSpan = TouchingStore::Span;
using ConstTouchingSpan = TouchingStore::ConstSpan;

/// The manifold of `pair` (empty when it has no touching record).
inline Manifold manifoldOf(const ContactSim& pair, ConstTouchingSpan touching) {
    return pair.touching < 0 ? Manifold{} : touching[static_cast<std::size_t>(pair.touching)].manifold();
}

/// What a solver's scan for constraints needs of a contact, 12 bytes instead of the contact's cache lines
/// (World::updateContacts writes one per contact, in step with the contacts; SolverContext::contactLinks).
struct ContactLink {
    std::int32_t bodyA = -1; ///< body slot, or kNoPointsLink / kGoneLink (solver.h)
    std::int32_t bodyB = -1;
    /// 1 when no point of the manifold touched last step (nothing to warm start from): new contacts, which
    /// an ordering may treat apart (impulse_solver.cpp, "-fresh").
    std::int16_t fresh = 0;
    /// The manifold's point count (0 for a contact without points): the impulse solver lays a colour's
    /// one-point constraints out after its two-point ones, so that they fill blocks its kernels solve without
    /// the unused second point.
    std::int16_t points = 0;
};
static_assert(sizeof(ContactLink) == 12);

/// Mixing rule for friction (Box2D's b2MixFriction): the geometric mean, so a frictionless surface (0) makes
/// any contact frictionless and equal coefficients give themselves back.
inline double mixFriction(double frictionA, double frictionB) {
    return std::sqrt(frictionA * frictionB);
}
/// Mixing rule for restitution: the larger of the two (Box2D's b2MixRestitution), so a bouncy ball bounces on
/// any floor. (Source 001 uses the minimum; we follow Box2D so a ball's own restitution is what the student
/// sets.)
inline double mixRestitution(double restitutionA, double restitutionB) {
    return restitutionA > restitutionB ? restitutionA : restitutionB;
}

/// A pair's mixed friction and restitution, from its shapes (`shapes`: the World's shape slots).
inline double frictionOf(const ContactSim& c, std::span<const ShapeSim> shapes) {
    return mixFriction(shapes[static_cast<std::size_t>(c.shapeA)].friction,
                       shapes[static_cast<std::size_t>(c.shapeB)].friction);
}
inline double restitutionOf(const ContactSim& c, std::span<const ShapeSim> shapes) {
    return mixRestitution(shapes[static_cast<std::size_t>(c.shapeA)].restitution,
                          shapes[static_cast<std::size_t>(c.shapeB)].restitution);
}

} // namespace phys
