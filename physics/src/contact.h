#pragma once
/// @file contact.h
/// Contacts between two shapes: the solver's record (ContactSim, kept in a contiguous array and matched from
/// step to step for warm starting) and the plain copy a StepReport hands to the UI
/// (ContactReport, contact_report.h).

#include "body.h"
#include "physics/contact_report.h"
#include "physics/manifold.h"

#include <cstdint>

namespace phys {

/// Solver-side state of one manifold point, carried over between steps when the feature id matches.
struct ContactPointSim {
    /// Accumulated normal impulse of the last substep (what the next step warm starts from), N s (>= 0).
    double normalImpulse = 0.0;
    double tangentImpulse = 0.0; ///< the same for friction, N s, along tangent = rightPerp(normal)
    /// Normal and friction impulse applied over the whole step (all substeps), N s: what the report shows.
    double stepNormalImpulse = 0.0;
    double stepTangentImpulse = 0.0;
    bool persisted = false; ///< the same feature pair touched last step (warm started)
};

/// One touching (or speculatively close) shape pair. Shape A belongs to bodyA; the manifold normal points A
/// -> B.
struct ContactSim {
    int shapeA = -1; ///< shape slot index in the World
    int shapeB = -1;
    int bodyA = -1; ///< body slot index in the World
    int bodyB = -1;
    double friction = 0.0;    ///< mixed: sqrt(fA * fB)
    double restitution = 0.0; ///< mixed: max(eA, eB)
    Manifold manifold;        ///< world frame, computed at the start of the step
    ContactPointSim points[kMaxManifoldPoints];
};

/// What a solver's scan for constraints needs of a contact, 12 bytes instead of the contact's cache lines
/// (World::updateContacts writes one per contact, in step with the contacts; SolverContext::contactLinks).
struct ContactLink {
    std::int32_t bodyA = -1; ///< body slot, or kNoPointsLink / kGoneLink (solver.h)
    std::int32_t bodyB = -1;
    /// 1 when no point of the manifold touched last step (nothing to warm start from): new contacts, which
    /// an ordering may treat apart (impulse_solver.cpp, "-fresh").
    std::int32_t fresh = 0;
};

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

} // namespace phys
