#pragma once
/// @file solver_trace.h
/// The impulse solver's inner loop, row by row, for "Step into the solver" (issue 15): what one World step did
/// in every substep, stage, iteration, contact and row (the normal and friction rows of each manifold point).
///
/// The trace principle of the narrow phase (sat.h, clip.h, distance.h): a pointer, null in normal running,
/// filled when set. World::step(SolverTrace*) fills it; a traced step leaves the World bit-identical to an
/// untraced one (tests/physics/tst_solver_trace.cpp), because the traced step runs the same scalar kernels
/// (wide_scalar.cpp, bit-identical to the SSE2 and AVX2 ones) one block at a time and only reads around them.
///
/// Layout: substeps -> stages (warm start, solve, relax; restitution after the last substep) -> iterations ->
/// rows, in the order the solver visits them (with automatic substeps, islands of 4 substeps take part in
/// every other of the 8: SolverTraceRow::substeps). A contact's rows are consecutive: for its point 0 and 1 the
/// normal rows, then the friction rows (the kernel's order, wide_kernels.inc solveLanes()). Units SI.
///
/// Exactness: a point's rows chain (each row starts from the accumulated impulse the one before left, the first
/// from the warm-start seed, the last ends on the impulse the step stores), and the seed plus every traced
/// `delta + deltaRoundOff` of its normal (friction) rows, summed exactly, equals the stored impulse to the bit.
/// Added in floating point, seed + sum of `delta` can miss it by an ulp or so: the kernel stores the clamped
/// impulse and applies the rounded difference, as Box2D does (tests/physics/tst_solver_trace.cpp).

#include "physics/body_id.h"
#include "physics/math.h"

#include <vector>

namespace phys {

/// The stages of one substep (Box2D v3 b2SolverStage order). Restitution runs once, after the last substep.
enum class SolverStage {
    WarmStart,   ///< apply the accumulated impulses of the last step (substep 0) or of the previous substep
    Solve,       ///< `iterations` sweeps with the position bias (soft step or Baumgarte)
    Relax,       ///< soft step: `relaxIterations` sweeps without bias, after the positions moved
    Restitution, ///< aim bouncing points at -e times their approach velocity
};

/// Where a row's velocity bias comes from.
enum class BiasSource {
    None,        ///< rigid row with no bias: relax sweeps, friction rows, warm start
    Speculative, ///< the point is apart (separation s > 0): bias = s / h lets the gap close in one substep
    SoftContact, ///< soft step: bias = max(biasRate s, -maxPush), mass and impulse scaled (soft constraint)
    Baumgarte,   ///< bias = -factor / h max(0, -s - allowedPenetration)
    Restitution, ///< target normal velocity = -e times the approach velocity before the solve
};

enum class RowKind { Normal, Friction };

/// A body's velocity at one moment of the sweep.
struct TraceVelocity {
    Vec2 v;         ///< m/s, centre of mass
    double w = 0.0; ///< rad/s
};

/// One row of one contact in one sweep.
struct SolverTraceRow {
    int contact = -1; ///< index into World::contactStates() of the step (the World's contact order)
    BodyId bodyA;     ///< kNullBody never: a static body is reported with its own handle
    BodyId bodyB;
    int point = 0; ///< manifold point, 0 or 1
    RowKind kind = RowKind::Normal;
    /// 1 / (J M^-1 J^T) of the row, kg (kg m^2 / m^2 for the mixed terms: an impulse per velocity, N s / (m/s))
    double effectiveMass = 0.0;
    BiasSource biasSource = BiasSource::None;
    /// Velocity bias, m/s: the row solves J v + bias = 0 (negative pushes apart); restitution: e vn0, so the
    /// target normal velocity is -e times the approach velocity vn0.
    double bias = 0.0;
    double massScale = 1.0; ///< soft constraint: the effective mass used is massScale * effectiveMass
    double impulseScale =
        0.0;                 ///< soft constraint: the accumulated impulse leaks impulseScale * acc per sweep
    double separation = 0.0; ///< the point's separation at this moment, metres (negative = overlap)
    double relativeVelocity = 0.0; ///< the row's relative velocity J v before the row, m/s
    double warmStart = 0.0;        ///< the substep's warm-start seed of this row, N s
    double impulseBefore = 0.0;    ///< accumulated impulse before the row, N s
    double unclamped = 0.0;        ///< accumulated impulse before clamping, N s
    double lower = 0.0;            ///< clamp bounds: [0, inf) normal, [-mu n, mu n] friction, N s
    double upper = 0.0;
    double clamped = 0.0; ///< accumulated impulse after the row, N s
    /// The impulse applied to the two bodies, N s: clamped - impulseBefore as the kernel rounds it.
    double delta = 0.0;
    /// (clamped - impulseBefore) - delta, exactly (Knuth's TwoSum): the rounding of that subtraction, nonzero
    /// only when the accumulated impulse changes by more than a factor of two (Sterbenz). The bodies receive
    /// `delta`; the accumulator moves by delta + deltaRoundOff.
    double deltaRoundOff = 0.0;
    TraceVelocity beforeA, beforeB, afterA, afterB; ///< the two bodies' velocities around the row
    /// The substeps the row's island ran this step, and which of them this row is in (0-based). With an
    /// explicit substep count every row has that count and `substep` is the trace's substep; with automatic
    /// substeps an island may run 4 while another runs 8 (SolverTrace::substeps then has 8, and the
    /// 4-substep island's substep k is the trace's substep 2k).
    int substeps = 0;
    int substep = 0;
};

struct SolverTraceIteration {
    std::vector<SolverTraceRow> rows;
    double residual = 0.0; ///< sum of |delta| over the rows, N s: the convergence plot's ordinate
};

struct SolverTraceStage {
    SolverStage stage = SolverStage::Solve;
    std::vector<SolverTraceIteration> iterations; ///< warm start and restitution: one
};

struct SolverTraceSubstep {
    std::vector<SolverTraceStage> stages;
};

/// What World::step(SolverTrace*) fills. `traced` is false when the step did not run the impulse solver's
/// sweeps (Verlet solver, push-out response): then the rest is empty.
struct SolverTrace {
    bool traced = false;
    /// h, seconds: the step over the largest substep count any island ran (the rows' own substep is the
    /// step over SolverTraceRow::substeps)
    double substepTime = 0.0;
    std::vector<SolverTraceSubstep> substeps;

    void clear() {
        traced = false;
        substepTime = 0.0;
        substeps.clear();
    }
};

/// The words the GUI shows for a bias source and a stage.
const char* biasSourceName(BiasSource source);
const char* stageName(SolverStage stage);

} // namespace phys
