#pragma once
/// @file verlet_solver.h
/// The position-based solver: every body becomes particles joined by distance constraints, integrated by
/// position Verlet and relaxed iteratively (Jakobsen, "Advanced Character Physics", GDC 2001; source 002,
/// "Verlet rigid bodies": vertices as particles, edges as rigid poles, SAT over the edges, a collision edge
/// and a collision vertex moved apart with the t and lambda weighting).
///
/// One step (substeps of h = dt / settings.substeps):
/// @code
///   each body: particles kept from the last Verlet step, or (first step, after reset(), after a change of
///              the substep, or when the pose or velocity was set from outside: the app, or the World's
///              time-of-impact sweep after the solver) placed on the BodySim pose:
///              x = c + R l,  x_prev = (c - v h) + R Rot(-w h) l     (where the rigid motion was h ago)
///   for each substep:
///     pre-stabilise (rigid response): overlaps deeper than a slop (5 mm, or 0.25 m/s x h when smaller)
///       left from before the substep are pushed apart, at most settings.maxPushVelocity * h per substep,
///       moving x and x_prev alike (no velocity), in at least 8 sweeps while one exists; what they leave
///       stays for the next substeps (the pair's slack)
///     predict: dynamic: Verlet, the rigid part along the arc (see predict()); kinematic: pose += (v, w) h;
///              static and asleep: fixed (zero inverse mass)
///     repeat settings.iterations times:
///       relax every distance constraint (Gauss-Seidel, split by inverse mass)
///       for each candidate pair (the World's contact list), bottom up: the World's narrow phase (SAT,
///         then clipping or the chosen contact method: collide.h) on the shapes placed on the particles
///         (for a pair closing faster than the speculative margin, the start-of-step manifold followed),
///         each point deeper than the pair's slack pushed out (position constraint), then Coulomb friction
///         on the slip during the substep; the last sweep with shock propagation (a grounded supporting
///         body immovable for the normal push)
///     restitution: a velocity pass at the points the substep pushed apart, folded back into x_prev
///   each dynamic body: pose = best rigid fit of its particles (2D Kabsch), v and w from x and x_prev
/// @endcode
///
/// Two responses (VerletResponse). Article: the source's, only the touched particles move (the collision
/// vertex and the edge's end points, weights (1 - s, s) and (1 - t, t)) and the edges pass the push on. That
/// reaches the body with the mass of the touched particles only (a box corner is 1/12 of the box while a
/// rigid box resists at its corner with 0.4 of its mass), so each iteration removes a fraction of the
/// overlap: a stack of 5 boxes sinks 4 cm at 8 iterations and 10 boxes fall over, and bodies bend by about
/// 1%. Rigid (the default, what the World uses): the same detection and contact points, but each body's
/// particles move as the rigid body would under the correction at the contact point (Mueller et al.,
/// "Detailed Rigid Body Simulation with Extended Position Based Dynamics", 2020), a face contact's two points
/// solved as one block; pre-stabilisation and shock propagation apply to this response only.
///
/// What position Verlet cannot do, and what we chose (so students can compare with the impulse solver):
/// - Contacts are perfectly inelastic by construction (the overlap is projected away and the velocity is the
///   position change). Restitution is a velocity pass after each substep (Mueller et al. 2020, section 3.6):
///   for a pair the substep pushed apart, at the point where its pushes acted, whose approach speed before
///   the substep's contacts exceeded settings.restitutionThreshold, a rigid impulse sets the normal relative
///   velocity to -e times that approach, and x_prev is moved so that Verlet keeps the bounce. (Once per step
///   at the first point touched, with the lever arms of a body that had turned since, it gave spinning
///   bodies energy: issue 16's soak, scene 29.)
/// - Friction is positional (Mueller et al., "Position Based Dynamics", 2007; Macklin et al., "Unified
///   Particle Physics", 2014, section 6.1): the relative tangential displacement at the contact is removed,
///   the corrections accumulated per pair and clamped to mu times the normal corrections accumulated in the
///   step (Coulomb). Removing all of it is sticking, the cap is sliding. One coefficient (static = kinetic),
///   as in ShapeDef. The displacement is measured over the substep for circles and for a pair's first
///   substep in touch; a polygon pair that sticks keeps friction anchors (PhysX's), the two material points
///   that were together when it started, so what one step could not hold back is pulled back in the next
///   instead of adding up to a creep. A sliding pair drags its anchors along, at most 0.5 mm apart; a pair
///   that did not push in the last substep (it came apart) starts new anchors.
/// - The contacts are one Gauss-Seidel sweep per iteration with no warm start from the last step. Shock
///   propagation in the last sweep takes what is left of a supporting overlap out of the body above, so a
///   stack does not sink and a 1e6:1 stack holds; with the anchors a 10-row pyramid stands (drift
///   0.5 mm over 10 s at the defaults, 8 substeps x 1 iteration; tst_verlet_fidelity). Only a body that
///   rests on the ground through a chain of resting supports (findSupports) is taken as immovable: a body
///   in flight taken so pushed whatever it hit with its own speed (soak scene 25: +11.5 kJ in one step).
///   settings.substeps are Verlet substeps (each one predicts, sweeps and bounces), not extra sweeps of one
///   step: a collision is then met within h = dt / 8 instead of dt, and the figures above are measured so.
/// - Continuous collision: the World sweeps fast bodies by time of impact after the solver and puts them
///   back at the surface they would have passed; the particles are then re-placed on that pose. From there
///   the solver follows the World's speculative manifold from the start of the step (speculativeManifold)
///   for a pair that closes by more than the speculative margin in the step, so a body at 500 m/s stops at
///   a 0.1 m wall instead of being predicted 8 m past it.
///
/// Particle model per body (body frame, relative to the centre of mass):
/// - polygon: one particle per vertex (the article's model), the ring of edges, and the skip-one diagonals
///   (i, i + 2) for four and more vertices;
/// - circle: a particle at the centre carrying the radius (the only one that collides) and three rim
///   particles at 0, 120 and 240 degrees braced to it and to each other, so the spin is kept and seen;
/// - a dynamic body also has a hub particle braced to every other particle, carrying the rest of the mass:
///   each other particle weighs w, the hub M - n w, with w chosen so that the particles have exactly the
///   body's mass and centre of mass and (when w fits) its rotational inertia (a lone circle's centre is its
///   hub). Static, kinematic and sleeping bodies have their particles with zero inverse mass, no constraints.

#include "physics/verlet_model.h"
#include "solver.h"

#include <cstdint>
#include <memory>
#include <span>
#include <vector>

namespace phys {

// VerletResponse (defs.h) says how a contact correction reaches a body's particles
// (VerletSolver::solvePoint).

/// The Verlet (position-based) contact solver. See the file comment for the scheme.
class VerletSolver final : public ContactSolver {
public:
    explicit VerletSolver(VerletResponse response = VerletResponse::Rigid);
    ~VerletSolver() override;

    void step(SolverContext& context) override;
    /// Drops every cached particle: the next step rebuilds them from the bodies' poses and velocities.
    void reset() override;
    std::unique_ptr<ContactSolver> clone() const override;
    std::size_t memoryBytes() const override;

    /// Every particle (all bodies), as left by the last step. Empty before the first step and after reset().
    std::span<const VerletParticle> particles() const { return m_particles; }
    /// Every distance constraint (dynamic bodies only).
    std::span<const VerletConstraint> constraints() const { return m_constraints; }
    /// The particles of a body slot (count 0 if unknown).
    VerletRange bodyParticles(int bodySlot) const;
    /// The distance constraints of a body slot (count 0 if unknown or not dynamic).
    VerletRange bodyConstraints(int bodySlot) const;
    /// Largest relative length error |length - rest| / rest over the constraints of a body (or of all bodies
    /// with bodySlot = -1) at the particles' current positions: how far the model is from rigid.
    double maxRelativeStretch(int bodySlot = -1) const;

private:
    // Records shared by the solver's files (defined in src/verlet_internal.h).
    struct BodyCache;
    struct ShapeCache;
    struct PairState;
    struct Side;
    struct Frame;
    /// Static friction anchors of a polygon pair (verlet_contacts.cpp solveRigid): the material points of A
    /// and B, in their body frames (metres), that friction holds together while the pair sticks.
    struct Anchor {
        Vec2 localA;
        Vec2 localB;
        bool valid = false;
        std::uint64_t stamp = 0;   ///< the last step that used it
        std::uint64_t substep = 0; ///< the last substep (m_substepCount) that used it
    };
    struct AnchorEntry {
        std::uint64_t key = 0; ///< shape pair: lower slot << 32 | higher slot
        Anchor anchor;
    };
    /// What a sweep over the contacts does (verlet_contacts.cpp).
    enum class Pass {
        Prestabilise, ///< overlap left from before the substep: x and x_prev moved together, no velocity
        Solve,        ///< the substep's contact projection, with friction
        Measure,      ///< after pre-stabilising: what overlap is left becomes the pair's slack this substep
        Shock,        ///< the last Solve sweep, a supporting body taken as immovable (shock propagation)
    };

    // The particle model (verlet_particles.cpp).
    bool layoutMatches(const SolverContext& context) const;
    void rebuildLayout(const SolverContext& context);
    void buildBody(const SolverContext& context, int bodySlot, std::span<const int> shapeSlots);
    void beginStep(SolverContext& context, double h);
    void placeRigid(int bodySlot, Vec2 center, Rot q, Vec2 v, double w, double h);
    void predict(const SolverContext& context, double h);
    void relaxConstraints();
    void relaxRange(VerletRange range);
    Frame frameOf(VerletRange range) const;
    Transform bodyPose(const SolverContext& context, int bodySlot) const;
    void recoverPoses(SolverContext& context, double h);

    // The contacts (verlet_contacts.cpp).
    void orderPairs(const SolverContext& context);
    void beginPrestabilise();
    void collidePairs(const SolverContext& context, double h, Pass pass);
    bool speculativeManifold(const SolverContext& context, int contactIndex, const Transform& xfA,
                             const Transform& xfB, Manifold& out) const;
    void solveRigid(const SolverContext& context, int contactIndex, const Manifold& manifold, double h,
                    Pass pass, bool swept);
    void solveArticle(const SolverContext& context, int contactIndex, const Manifold& manifold, double h);
    void solvePoint(const SolverContext& context, int contactIndex, int feature, const Side& sideA,
                    const Side& sideB, Vec2 normal, double target, double radiusB, const Side& frictionA,
                    const Side& frictionB, double h);
    Side surfaceSide(int shapeSlot, Vec2 worldPoint) const;
    Side centreSide(int shapeSlot) const;
    Side rimSide(int shapeSlot, Vec2 worldPoint) const;
    Vec2 sidePoint(const Side& side) const;
    Vec2 sideMotion(const Side& side) const;
    double sideWeight(const Side& side, Vec2 direction) const;
    void sideMove(const Side& side, Vec2 direction, double lambda);
    void rigidShift(VerletRange range, const Frame& frame, Vec2 translation, double angle, bool withPrevious);
    void findSupports(const SolverContext& context);
    void recordHit(int contactIndex, Vec2 point, Vec2 normalAtoB, double lambda);
    Vec2 preVelocity(int bodySlot, const Frame& frame, Vec2 worldPoint) const;
    void applyRestitution(const SolverContext& context, double h);
    void storeImpulses(SolverContext& context);
    void prepareAnchors(const SolverContext& context);
    void endAnchors(const SolverContext& context);

    std::vector<VerletParticle> m_particles;
    std::vector<VerletConstraint> m_constraints;
    VerletResponse m_response;
    std::vector<BodyCache> m_bodies;  ///< per body slot
    std::vector<ShapeCache> m_shapes; ///< per shape slot
    std::vector<PairState> m_pairs;   ///< per contact of this step (index into SolverContext::contacts)
    std::vector<int> m_order;         ///< contact indices in solving order (bottom up)
    std::vector<double> m_orderKey;   ///< height of each contact along -gravity
    std::vector<int> m_scratch;       ///< shape slots of one body while building the layout
    /// Friction anchors of the polygon pairs in the contact list, sorted by key (binary search); the capacity
    /// is kept, so a steady state allocates nothing.
    std::vector<AnchorEntry> m_anchors;
    std::uint64_t m_stamp = 0;        ///< steps taken, for the anchors
    std::uint64_t m_substepCount = 0; ///< substeps taken, for the anchors
    bool m_anyDeep = false;           ///< the substep's pre-stabilisation found a pair deeper than its slop
    double m_lastH = 0.0; ///< substep of the last step, seconds (x - x_prev is a displacement per h)
};

/// Creates the Verlet solver (the World uses the default response).
std::unique_ptr<ContactSolver> makeVerletSolver(VerletResponse response = VerletResponse::Rigid);

} // namespace phys
