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
///              the substep, or when the pose or velocity was set from outside) placed on the BodySim pose:
///              x = c + R l,  x_prev = (c - v h) + R Rot(-w h) l     (where the rigid motion was h ago)
///   for each substep:
///     predict: dynamic: Verlet, the rigid part along the arc (see predict()); kinematic: pose += (v, w) h;
///              static and asleep: fixed (zero inverse mass)
///     repeat settings.iterations times:
///       relax every distance constraint (Gauss-Seidel, split by inverse mass)
///       for each candidate pair (the World's contact list), bottom up: SAT on the particle polygons,
///         the incident edge clipped to the collision edge, each overlapping point pushed out (position
///         constraint), then Coulomb friction on the slip during the substep
///   each dynamic body: pose = best rigid fit of its particles (2D Kabsch), v and w from x and x_prev;
///   restitution as a velocity post pass folded back into x_prev
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
/// solved as one block.
///
/// What position Verlet cannot do, and what we chose (so students can compare with the impulse solver):
/// - Contacts are perfectly inelastic by construction (the overlap is projected away and the velocity is the
///   position change). Restitution is a post pass: for a pair whose approach speed at the start of the step
///   exceeded settings.restitutionThreshold, a rigid impulse sets the normal relative velocity to -e times
///   the approach velocity, and each particle's x_prev is moved by -(dv + dw x r) h so Verlet keeps the
///   bounce. Once per pair, at the first contact point found in the step.
/// - Friction is positional (Mueller et al., "Position Based Dynamics", 2007; Macklin et al., "Unified
///   Particle Physics", 2014, section 6.1): the relative tangential displacement of the contact point during
///   the substep is removed, the corrections accumulated per contact point and clamped to mu times the normal
///   corrections accumulated in the step (Coulomb). Removing all of it is sticking, the cap is sliding. One
///   coefficient (static = kinetic), as in ShapeDef.
/// - The contacts are one Gauss-Seidel sweep per iteration with no warm start from the last step. What a
/// sweep
///   cannot settle stays as a small overlap (10 stacked boxes at 8 iterations: the top sinks 14 mm) and,
///   under boxes resting across two others, as a slow sideways creep: the sweep ends with the upper pairs,
///   whose pushes the ground friction no longer sees in that step (a 4-row pyramid at 8 iterations spreads by
///   about 6 mm/s; at 16 iterations it stands). More iterations or substeps help.
/// - No continuous collision: a body moving more than its thickness per substep can pass through another.
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

#include "physics/solver.h"

#include <memory>
#include <span>
#include <vector>

namespace phys {

// VerletResponse (defs.h) says how a contact correction reaches a body's particles
// (VerletSolver::solvePoint).

/// One particle of the Verlet model.
struct VerletParticle {
    Vec2 position;        ///< x, world frame, metres
    Vec2 previous;        ///< x_prev: position at the start of the current substep, world frame, metres
    Vec2 localPoint;      ///< rest position, body frame, relative to the centre of mass, metres
    double mass = 0.0;    ///< kg (each non-hub particle of a dynamic body has the same mass)
    double invMass = 0.0; ///< 1/kg during this step: 0 while the body is static, kinematic or asleep
    double radius = 0.0;  ///< metres: the radius of a circle's centre particle, else 0
    int body = -1;        ///< body slot index in the World
};

/// A rigid distance constraint ("pole") between two particles of the same body.
struct VerletConstraint {
    int a = 0;               ///< particle index
    int b = 0;               ///< particle index
    double restLength = 0.0; ///< metres, from the body's shapes
};

/// A contiguous range of particles or constraints.
struct VerletRange {
    int first = 0;
    int count = 0;
};

/// The Verlet (position-based) contact solver. See the file comment for the scheme.
class VerletSolver final : public ContactSolver {
public:
    explicit VerletSolver(VerletResponse response = VerletResponse::Rigid);
    ~VerletSolver() override;

    void step(SolverContext& context) override;
    /// Drops every cached particle: the next step rebuilds them from the bodies' poses and velocities.
    void reset() override;
    std::unique_ptr<ContactSolver> clone() const override;

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
    struct BodyCache;
    struct ShapeCache;
    struct PairState;
    struct Side;

    bool layoutMatches(const SolverContext& context) const;
    void rebuildLayout(const SolverContext& context);
    void buildBody(const SolverContext& context, int bodySlot, std::span<const int> shapeSlots);
    void beginStep(SolverContext& context, double h);
    void placeRigid(int bodySlot, Vec2 center, Rot q, Vec2 v, double w, double h);
    void predict(const SolverContext& context, double h);
    void relaxConstraints();
    void relaxRange(VerletRange range);
    void orderPairs(const SolverContext& context);
    void collidePairs(const SolverContext& context, double h);
    void collidePolygons(const SolverContext& context, int contactIndex, double h);
    void collideCirclePolygon(const SolverContext& context, int contactIndex, int circleShape,
                              int polygonShape, bool circleIsA, double h);
    void collideCircles(const SolverContext& context, int contactIndex, double h);
    void solvePoint(const SolverContext& context, int contactIndex, int feature, const Side& below,
                    const Side& above, Vec2 normal, double target, double aboveRadius,
                    const Side& frictionBelow, const Side& frictionAbove, bool belowIsA, double h);
    Side centreSide(int shapeSlot) const;
    Side rimSide(int shapeSlot, Vec2 worldPoint) const;
    struct Frame {
        double mass = 0.0;
        Vec2 centroid;
        Vec2 centroidPrev;
        double inertia = 0.0;
        double rotation = 0.0;
        bool movable = false;
    };
    Frame frameOf(VerletRange range) const;
    Vec2 sidePoint(const Side& side) const;
    Vec2 sideMotion(const Side& side) const;
    double sideWeight(const Side& side, Vec2 direction) const;
    void sideMove(const Side& side, Vec2 direction, double lambda);
    void rigidShift(VerletRange range, const Frame& frame, Vec2 translation, double angle);
    void solvePatch(const SolverContext& context, int contactIndex, const Side* below, const Side* above,
                    int count, Vec2 normal, bool belowIsA, double h);
    void recordApproach(const SolverContext& context, int contactIndex, Vec2 point, Vec2 normalAtoB);
    void recoverPoses(SolverContext& context, double h);
    void applyRestitution(SolverContext& context, double h);
    void storeImpulses(SolverContext& context);

    std::vector<VerletParticle> m_particles;
    std::vector<VerletConstraint> m_constraints;
    VerletResponse m_response;
    std::vector<BodyCache> m_bodies;  ///< per body slot
    std::vector<ShapeCache> m_shapes; ///< per shape slot
    std::vector<PairState> m_pairs;   ///< per contact of this step (index into SolverContext::contacts)
    std::vector<int> m_order;         ///< contact indices in solving order (bottom up)
    std::vector<double> m_orderKey;   ///< height of each contact along -gravity
    std::vector<int> m_scratch;       ///< shape slots of one body while building the layout
    double m_lastH = 0.0; ///< substep of the last step, seconds (x - x_prev is a displacement per h)
};

/// Creates the Verlet solver (the World uses the default response).
std::unique_ptr<ContactSolver> makeVerletSolver(VerletResponse response = VerletResponse::Rigid);

} // namespace phys
