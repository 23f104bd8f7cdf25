#pragma once
/// @file solver_trace_rows.h
/// The rows of one wide-block lane explained for the solver trace (physics/solver_trace.h): the numbers the
/// scalar kernel (wide_kernels.inc solveLanes / warmStartLanes) computes inside one constraint, recomputed
/// from the same inputs in the same order of operations. The traced step still lets the kernel itself change
/// the World; these functions only read, so a change of the kernel's arithmetic that they miss shows up as a
/// trace whose deltas no longer sum to the stored impulse (tests/physics/tst_solver_trace.cpp), never as a
/// different simulation.

#include "physics/solver_trace.h"
#include "wide_solver.h"

namespace phys::wide {

/// The exact rounding error of fl(a - b) (Knuth's TwoSum; no fused multiply-add in this file's build).
double subtractionRoundOff(double a, double b);

/// Fills rows[0..3] = normal of point 0, normal of point 1, friction of point 0, friction of point 1 (the
/// kernel's order) for a sweep of `pass` over lane `lane`, from the states before the block is solved.
/// Only the numbers: contact, bodies, point, kind and warmStart are the caller's.
void explainSweep(const WideBlock& c, const BodyState* states, int lane, Pass pass, const BiasRule& rule,
                  SolverTraceRow rows[4]);

/// The same for the warm start of lane `lane`: rows[0..3] as above, delta = the seed applied, velocities
/// point by point as warmStartLanes() changes them.
void explainWarmStart(const WideBlock& c, const BodyState* states, int lane, SolverTraceRow rows[4]);

} // namespace phys::wide
