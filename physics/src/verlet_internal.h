#pragma once
/// @file verlet_internal.h
/// Private to the Verlet solver's three files (verlet_particles.cpp: the particle model; verlet_contacts.cpp:
/// the contacts; verlet_solver.cpp: the step): the per-body, per-shape and per-pair records and the small
/// helpers they share. The scheme is described in physics/verlet_solver.h.

#include "verlet_solver.h"

#include <cmath>
#include <span>
#include <utility>

namespace phys {

namespace verlet {

/// Body modes during one step.
enum Mode : int {
    kOff = 0,       ///< not simulated and not collided (disabled)
    kFixed = 1,     ///< static or asleep: particles on the pose, zero inverse mass
    kKinematic = 2, ///< moved by its velocity, zero inverse mass
    kDynamic = 3,   ///< integrated and relaxed
};

/// Lengths below this are treated as zero (metres).
inline constexpr double kTinyLength = 1.0e-12;
/// Rim particles of a circle.
inline constexpr int kRimParticles = 3;

/// Rotation from the sums of dot and cross products of a 2D Procrustes fit; `fallback` when both vanish.
inline Rot rotationFromSums(double sumDot, double sumCross, Rot fallback) {
    const double mag = std::hypot(sumDot, sumCross);
    if (!(mag > 1.0e-300) || !std::isfinite(mag)) {
        return fallback;
    }
    return {sumDot / mag, sumCross / mag};
}

/// Mass-weighted centres of a body's particles now and at the start of the substep (x and x_prev):
/// the translation part of the rigid fit (2D Kabsch) and of the body's velocity.
inline std::pair<Vec2, Vec2> massCentres(std::span<const VerletParticle> particles, VerletRange range,
                                         double invMass) {
    Vec2 now;
    Vec2 before;
    for (int k = range.first; k < range.first + range.count; ++k) {
        const VerletParticle& p = particles[static_cast<std::size_t>(k)];
        now += p.mass * p.position;
        before += p.mass * p.previous;
    }
    return {invMass * now, invMass * before};
}

} // namespace verlet

struct VerletSolver::BodyCache {
    VerletRange particles;
    VerletRange constraints;
    bool alive = false;
    bool dynamic = false;
    int mode = verlet::kOff;
    double mass = 0.0;       ///< particle system mass, kg
    double invMass = 0.0;    ///< 1/kg
    double invInertia = 0.0; ///< 1/(kg m^2), particle system about the centre of mass
    Vec2 localMean;          ///< sum m l / M (zero up to round-off for dynamic bodies)
    // What this solver last wrote to the BodySim: a difference means the pose or velocity was set from
    // outside (the app's mouse, World::setTransform, the World's time-of-impact sweep after the solver).
    bool hasState = false;
    Vec2 lastCenter;
    Vec2 lastOrigin;
    Rot lastQ;
    Vec2 lastV;
    double lastW = 0.0;
    // Start of the step (for restitution), and a kinematic body's pose through the substeps.
    Vec2 startCenter;
    Vec2 startV;
    double startW = 0.0;
    Vec2 kinCenter;
    Rot kinQ;
    /// Rests on a static or kinematic body through a chain of resting supports at the start of the step
    /// (VerletSolver::findSupports): the shock sweep may take it as immovable for the bodies it carries.
    bool grounded = false;
    /// Velocity of the centroid and spin over the substep before its contacts are solved (after predict),
    /// m/s and rad/s: the approach velocity for restitution (VerletSolver::applyRestitution).
    Vec2 preV;
    double preW = 0.0;
};

struct VerletSolver::ShapeCache {
    bool built = false;
    bool circle = false;
    int body = -1;
    int first = 0;     ///< polygon: first vertex particle (counter-clockwise, the polygon's vertex order)
    int count = 0;     ///< polygon: vertex count
    int center = -1;   ///< circle: centre particle
    int rim = -1;      ///< circle: first of kRimParticles rim particles
    double radius = 0; ///< circle radius, metres
};

struct VerletSolver::PairState {
    double lambdaN = 0.0;          ///< sum of normal corrections this step, kg m
    double pointN[2] = {0.0, 0.0}; ///< per contact feature (manifold point 0 or 1): sum of lambda_n, kg m
    double pointT[2] = {0.0, 0.0}; ///< per contact feature: sum of the (signed) tangential corrections, kg m
    double normalImpulse[kMaxManifoldPoints] = {};
    double tangentImpulse[kMaxManifoldPoints] = {};
    bool touched = false; ///< pushed apart in some substep of this step
    double approach =
        0.0;          ///< normal relative velocity before the first substep that pushed, m/s (< 0: closing)
    bool hit = false; ///< pushed apart in the current substep (cleared by applyRestitution)
    Vec2 pushMoment;  ///< sum of lambda_n x point over the current substep's pushes, kg m^2 (world)
    double pushSum = 0.0; ///< sum of lambda_n over them, kg m: pushMoment / pushSum is where they acted
    Vec2 normal;          ///< unit, A -> B, of the last push
    double restitutionImpulse = 0.0; ///< N s, summed over the substeps
    /// Pre-stabilisation of this substep (verlet_contacts.cpp solveRigid).
    int anchor = -1;      ///< index into m_anchors (polygon pairs, rigid response), -1 for none
    bool sliding = false; ///< the friction ended the step at its Coulomb limit
    Vec2 tangent;         ///< friction direction (leftPerp of the normal A -> B)
    int anchorBodyA = -1; ///< body slots of the anchored pair
    int anchorBodyB = -1;
    bool preSeen = false;
    bool deep = false;  ///< deeper than the pre-stabilisation slop at the start of the substep
    double slack = 0.0; ///< overlap the substep's projection leaves alone, metres
};

/// Where a contact acts on one body (VerletResponse::Article). The contact point is p = sum beta_k x_k over
/// up to four particles (sum beta_k = 1). A correction lambda along a direction d is applied in one of two
/// ways:
/// - `cluster.count == 0`: on those particles, x_k += w_k beta_k lambda d (PBD; the article's vertex and
///   edge);
/// - otherwise on the particles of `cluster` moved as one rigid piece at the world point `anchor`: a
///   translation lambda d / m plus a rotation lambda (rho x d) / I about the cluster's centroid,
///   rho = anchor - centroid, exactly as a rigid body takes an impulse.
struct VerletSolver::Side {
    int index[4] = {0, 0, 0, 0};
    double beta[4] = {0.0, 0.0, 0.0, 0.0};
    int count = 0;
    VerletRange cluster;
    Vec2 anchor;
};

/// Mass, centroids now and at the start of the substep, inertia about the centroid, and the rotation during
/// the substep of a range of particles.
struct VerletSolver::Frame {
    double mass = 0.0;
    Vec2 centroid;
    Vec2 centroidPrev;
    double inertia = 0.0;
    double rotation = 0.0;
    bool movable = false;
};

} // namespace phys
