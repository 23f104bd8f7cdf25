/// @file verlet_solver.cpp
/// The Verlet solver's step: the particle model (verlet_particles.cpp) and the contacts (verlet_contacts.cpp)
/// put together. The scheme, its choices and its limits are described in verlet_solver.h.

#include "verlet_internal.h"

#include <algorithm>

namespace phys {

using namespace verlet;

namespace {

/// Fewest pre-stabilisation sweeps per substep (the solver's iterations when more).
constexpr int kPrestabiliseSweeps = 8;

} // namespace

VerletSolver::VerletSolver(VerletResponse response) : m_response(response) {}
VerletSolver::~VerletSolver() = default;

void VerletSolver::reset() {
    m_particles.clear();
    m_constraints.clear();
    m_bodies.clear();
    m_shapes.clear();
    m_pairs.clear();
    m_anchors.clear();
    m_lastH = 0.0;
}

void VerletSolver::step(SolverContext& ctx) {
    // One step (verlet_solver.h):
    //   layout if the body set changed; particles re-placed where the pose was set from outside
    //   for each substep:
    //     pre-stabilise (rigid response): iterations x sweep, x and x_prev moved together; one sweep to
    //     measure the overlap left (the pairs' slack)
    //     predict
    //     iterations x (relax constraints, sweep the contacts; the last sweep with shock propagation on
    //     the grounded bodies: findSupports)
    //     restitution at the points this substep pushed apart
    //   poses from the particles, impulses for the report
    const WorldSettings& settings = *ctx.settings;
    const int substeps = std::max(1, uniformSubsteps(settings)); // automatic: 8, as before issue 17
    const int iterations = std::max(1, settings.iterations);
    const double h = ctx.timeStep / substeps;
    const bool rigid = m_response == VerletResponse::Rigid;
    if (!layoutMatches(ctx)) {
        rebuildLayout(ctx);
    }
    ++m_stamp;
    beginStep(ctx, h);
    m_pairs.assign(ctx.contacts.size(), PairState{});
    orderPairs(ctx);
    if (rigid) {
        findSupports(ctx);
        prepareAnchors(ctx);
    }
    for (int sub = 0; sub < substeps; ++sub) {
        ++m_substepCount;
        if (rigid) {
            // The first sweep finds the deep pairs; with none (a resting or flying scene) the rest would
            // change nothing and is skipped.
            beginPrestabilise();
            // At least kPrestabiliseSweeps: each pair is pushed at most maxPushVelocity * h per substep
            // however many sweeps run, and a chain of overlapping bodies (each pushed into the next) needs
            // several sweeps to let every pair in it move, not only the two at its ends.
            const int sweeps = std::max(iterations, kPrestabiliseSweeps);
            for (int it = 0; it < sweeps && (it == 0 || m_anyDeep); ++it) {
                collidePairs(ctx, h, Pass::Prestabilise);
            }
            if (m_anyDeep) {
                collidePairs(ctx, h, Pass::Measure);
            }
        }
        predict(ctx, h);
        for (int it = 0; it < iterations; ++it) {
            relaxConstraints();
            const bool last = rigid && it + 1 == iterations;
            collidePairs(ctx, h, last ? Pass::Shock : Pass::Solve);
        }
        applyRestitution(ctx, h);
    }
    recoverPoses(ctx, h);
    storeImpulses(ctx);
    endAnchors(ctx);
    for (std::size_t i = 0; i < m_bodies.size(); ++i) {
        BodyCache& bc = m_bodies[i];
        if (bc.mode != kDynamic) {
            continue;
        }
        BodySim& b = ctx.bodies[i];
        // The World sets the origin from the centre after the step; what it will be is recorded now, so a
        // later change of any of these (by the app or by the World's time-of-impact sweep) is seen.
        syncOriginFromCenter(b);
        bc.hasState = true;
        bc.lastCenter = b.center;
        bc.lastOrigin = b.xf.p;
        bc.lastQ = b.xf.q;
        bc.lastV = b.linearVelocity;
        bc.lastW = b.angularVelocity;
    }
}

std::unique_ptr<ContactSolver> makeVerletSolver(VerletResponse response) {
    return std::make_unique<VerletSolver>(response);
}

/// Particles, constraints and the per-body caches are plain values: a member-wise copy keeps the particles'
/// previous positions, so the clone continues the same Verlet motion.
namespace {
template <class T> std::size_t heapBytes(const std::vector<T>& v) {
    return v.capacity() * sizeof(T);
}
} // namespace

std::size_t VerletSolver::memoryBytes() const {
    return heapBytes(m_particles) + heapBytes(m_constraints) + heapBytes(m_bodies) + heapBytes(m_shapes) +
           heapBytes(m_pairs) + heapBytes(m_order) + heapBytes(m_orderKey) + heapBytes(m_scratch) +
           heapBytes(m_anchors);
}

std::unique_ptr<ContactSolver> VerletSolver::clone() const {
    return std::make_unique<VerletSolver>(*this);
}

} // namespace phys
