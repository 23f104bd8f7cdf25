#pragma once
/// @file step_report.h
/// What World::step() returns: a plain value the UI draws and tests check. It never exposes solver internals.
/// The World owns one StepReport and refills it every step, reusing its vectors, so producing it allocates
/// nothing in steady state; contact copies are made only when ReportFlags::Contacts asks for them.

#include "physics/body_id.h"
#include "physics/contact_report.h"
#include "physics/math.h"

#include <cstdint>
#include <vector>

namespace phys {

/// What the World fills in its StepReport besides the always-present counters. Combine with `|`.
enum ReportFlags : unsigned {
    kReportNone = 0,
    kReportContacts =
        1u << 0, ///< copy every contact (bodies, points, normal, depth, impulses, ids) into `contacts`
    kReportEnergy =
        1u << 1, ///< kinetic and potential energy, linear and angular momentum (one pass over bodies)
    kReportTimings = 1u << 2, ///< per-phase wall-clock timings (std::chrono::steady_clock)
    kReportAll = kReportContacts | kReportEnergy | kReportTimings,
};

/// Wall-clock time of each phase of one step, seconds (std::chrono::steady_clock).
struct StepTimings {
    double broadphase = 0.0;  ///< updating the AABB tree and finding candidate pairs
    double narrowphase = 0.0; ///< manifolds for the candidate pairs, warm-start matching
    double solve = 0.0;       ///< the contact solver (impulse or Verlet), including its integration substeps
    double integrate = 0.0;   ///< finalising poses, AABBs, sleep, escape checks
    double total = 0.0;
};

struct StepReport {
    std::int64_t stepIndex = 0; ///< 1 after the first step
    double time = 0.0;          ///< simulated time after this step, seconds

    int contactCount = 0;        ///< contacts with at least one manifold point (speculative points included)
    int touchingCount = 0;       ///< contacts with at least one point of positive depth
    int pointCount = 0;          ///< manifold points over all contacts
    double maxPenetration = 0.0; ///< largest point depth at the start of the step, metres (0 if none)
    int awakeBodyCount = 0;      ///< non-static bodies simulated this step
    int sleepingBodyCount = 0;

    /// Filled only with kReportEnergy (else zero). Energies in joules, momenta in N s and N m s.
    double kineticEnergy = 0.0;   ///< sum of m v^2 / 2 + I w^2 / 2 over dynamic bodies
    double potentialEnergy = 0.0; ///< sum of -m g . c (relative to the line through the origin normal to g;
                                  ///< with g = (0, -g) this is m g y of the centre of mass)
    Vec2 linearMomentum;          ///< sum of m v
    double angularMomentum = 0.0; ///< about the world origin: sum of I w + m cross(c, v)

    StepTimings timings; ///< filled only with kReportTimings

    /// Filled only with kReportContacts: every contact with pointCount > 0, in the World's deterministic
    /// order.
    std::vector<ContactReport> contacts;
    /// Bodies that left the world bound (|coordinate| > kEscapeBound) during this step; they are now disabled
    /// (frozen, no longer simulated or collided). Always filled (normally empty).
    std::vector<BodyId> escaped;
};

} // namespace phys
