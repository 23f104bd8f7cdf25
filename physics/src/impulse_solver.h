#pragma once
/// @file impulse_solver.h
/// The default solver: sequential impulses (Catto, "Fast and Simple Physics using Sequential Impulses", GDC
/// 2006; Box2D 2.4 b2ContactSolver) with two position-error treatments, and the naive push-out response as a
/// foil.
///
/// - PositionCorrection::SoftStep (default): Box2D v3's "soft step" (Catto, "Solver2D", 2024): the step is
/// cut
///   into `substeps`; each substep integrates velocities, warm starts, solves `iterations` times with soft
///   contact constraints (a damped spring of `contactHertz`, `contactDampingRatio`, push-out speed capped at
///   `maxPushVelocity`), integrates positions, then relaxes `relaxIterations` times without the bias so the
///   position correction leaves no velocity behind (resting stacks stay still, no energy is added).
///   Restitution is applied once after the substeps from the approach velocity measured before solving.
///   The defaults (defs.h) are Box2D v3's structure, with stiffer contacts where mass ratios need them:
///   automatic substeps (4 of one biased and one relax iteration per island, 8 for an island where a large
///   mass ratio touches: autoSubstepsRatioLimit()), contacts of 60 Hz capped at an eighth of the substep
///   rate (as v3 caps them: 30 Hz at 4), contacts with static bodies twice as stiff, push-out at most 1 m/s. tests/physics/tst_solver2d.cpp holds them
///   to Box2D v3's figures on Catto's Solver2D scenes.
/// - PositionCorrection::Baumgarte: the source's scheme (000, 001): one integration, `iterations` velocity
///   iterations with bias = factor / dt * max(0, depth - allowedPenetration) fed into the velocity,
///   restitution as a velocity target. The bias velocity stays in the body (visible as small hops: energy is
///   added).
/// - ResponseKind::PushOut: the source's naive response: after integration each touching pair is moved apart
///   along the normal, split by inverse mass, and the normal velocity is reflected with restitution at the
///   centres (no rotation, no friction). Bodies never come to rest and stacks jitter: that is the lesson.
///
/// Common to both impulse variants: accumulated impulses clamped to >= 0 (normal) and to |f| <= mu * normal
/// (friction), warm starting by FeatureId::key() (settings.warmStarting), friction sqrt(f1 f2), restitution
/// max(e1, e2) applied only when the approach speed exceeds `restitutionThreshold` (1 m/s), speculative
/// points (negative depth) allowing the approach velocity that closes the gap in one step.
///
/// How a sweep runs fast (impulse_solver.cpp, solve() and scheduleSweep()): the rows of a contact update each
/// other's relative velocity through precomputed couplings instead of through the bodies' velocities (the
/// same sweep in exact arithmetic; only the rounding differs), and the constraints are ordered so that
/// consecutive ones rarely share a body while every body still sees its constraints in contact order (which
/// is bit-identical to solving them in contact order).

#include "solver.h"

#include <memory>

namespace phys {

/// Creates the impulse solver (both position corrections and the push-out response; settings decide per
/// step).
std::unique_ptr<ContactSolver> makeImpulseSolver();

} // namespace phys
