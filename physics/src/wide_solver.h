#pragma once
/// @file wide_solver.h
/// The impulse solver's contact rows in wide blocks: eight constraints side by side, one per lane, solved
/// together in AVX-512 registers of eight doubles, in two AVX2 halves, in four SSE2 quarters, or lane by lane
/// in scalar code (Catto, "SIMD Matters" (2024) and Box2D v3 contact_solver.c b2ContactConstraintWide with
/// B2_SIMD_WIDTH 8, in doubles here: eight doubles a lane set, as v3's AVX2 build has eight floats).
///
/// A block holds constraints of one graph colour only (impulse_solver.cpp colours them): no two of its
/// lanes share a body that moves, so solving the lanes at once is the same as solving them one after
/// another. Every path runs the same IEEE operations per lane in the same order, with no fused multiply-add
/// (the kernels' files are compiled with -ffp-contract=off) and with max/min defined as the SSE instructions
/// define them, so the four give the same bits: the choice of path never changes a simulation.
///
/// The block has eight lanes for every path (issue 17, option (a) of the AVX-512 brief: one layout, so the
/// narrower paths only split it and nothing else changes between them). Which constraints share a block
/// never changes a result either: a block's lanes are of one colour, and a colour's constraints commute.

#include "physics/defs.h"
#include "physics/manifold.h"
#include "physics/math.h"
#include "physics/simd.h"

#include <cstdint>

namespace phys::wide {

inline constexpr int kLanes = 8;
/// A lane array of doubles is one 64-byte line: one aligned AVX-512 load.
inline constexpr int kBlockAlign = 64;

/// Solver-side body state. The first 32 bytes are what a sweep writes (velocities; the inverse mass rides
/// along unchanged), the next 32 what it only reads (the motion since the step began), so a wide path loads
/// each as one 256-bit row and transposes four (AVX2) or eight (AVX-512) bodies into lanes.
struct alignas(32) BodyState {
    Vec2 v;               ///< m/s
    double w = 0.0;       ///< rad/s
    double invMass = 0.0; ///< 1/kg
    Vec2 dp;              ///< centre displacement since the start of the step, metres
    Rot dq;               ///< rotation since the start of the step
    double invInertia = 0.0;
    /// The step's velocity change per second from forces and gravity, h-free (dynamic bodies; 0 for the
    /// others): set once a step, so the substeps' velocity integration reads no body record. It fills what
    /// kept every state on a 32-byte boundary.
    Vec2 accel;
    double angularAccel = 0.0; ///< the same for the torque, rad/s^2
};
static_assert(sizeof(BodyState) == 96);

/// One contact point of eight constraints, one per lane.
struct alignas(kBlockAlign) WidePoint {
    // Anchor relative to A's centre at the start of the step, world frame, metres; relative to B's it is this
    // plus the block's offset (WideBlock::offsetX). They stay fixed during the step: the lever arms cross(r, n)
    // and cross(r, t) come from them, and only the separation sees the bodies' motion (Box2D v3
    // b2ContactConstraintPoint: anchors plus body deltas).
    double rAx[kLanes];
    double rAy[kLanes];
    double baseSeparation[kLanes]; ///< -depth - dot(rB - rA, n): separation = dot(d, n) + baseSeparation
    double normalMass[kLanes];     ///< 1 / K_nn, kg (0 in an unused point or lane: it never pushes)
    double tangentMass[kLanes];    ///< 1 / K_tt, kg
    double normalImpulse[kLanes];  ///< accumulated, N s
    double tangentImpulse[kLanes];
};

/// Eight constraints of one colour. A constraint with one point has a second point of zero mass, and an
/// unused lane has both; they solve to zero impulse and leave the (static) state they point at unchanged.
struct alignas(kBlockAlign) WideBlock {
    std::int32_t a[kLanes]; ///< state index of body A (the last state is the static dummy)
    std::int32_t b[kLanes];
    double nx[kLanes]; ///< normal, A to B
    double ny[kLanes];
    double friction[kLanes];
    /// A's centre of mass less B's when the lever arms were taken, world frame, metres: B's lever arm is A's
    /// plus this (TouchingSim::anchorB), so a block keeps one offset a lane instead of a second anchor a
    /// point. The fill formed B's arms the same way, so for a point in use the sum gives the same bits. An
    /// unused point's B arm is now the offset instead of zero; it only ever multiplies a zero mass or
    /// impulse, so at most the sign of a zero may differ.
    double offsetX[kLanes];
    double offsetY[kLanes];
    WidePoint p[kMaxManifoldPoints];
};
static_assert(sizeof(WideBlock) == 1280, "a block is 20 lines: 6 for the lanes, 7 for each point");

/// What is read once per constraint and step, not per iteration: kept apart from the hot blocks.
struct alignas(kBlockAlign) WideCold {
    std::int32_t contact[kLanes]; ///< index into the world's contacts, -1 for an unused lane
    std::int32_t pointCount[kLanes];
    /// Impulses of the substeps before the current one, N s: each substep applies its accumulated impulse
    /// (warm start plus iterations), so the step's impulse is their sum (Box2D v3's totalNormalImpulse).
    double earlierNormal[kMaxManifoldPoints][kLanes];
    double earlierTangent[kMaxManifoldPoints][kLanes];
};

/// What only restitution reads, after the substeps, and the largest normal increment the sweeps write for
/// it. Laid out only in a step where some contact has restitution (most scenes have none: the cold part is
/// then 320 bytes a block instead of 640, and the sweeps skip the increment).
struct alignas(kBlockAlign) WideBounce {
    double restitution[kLanes];
    /// Normal relative velocity before the solve (the approach speed for restitution), m/s
    double relativeVelocity[kMaxManifoldPoints][kLanes];
    /// Largest normal impulse increment of the step, N s (restitution applies only after one)
    double maxNormalImpulse[kMaxManifoldPoints][kLanes];
};

/// Soft constraint coefficients (see impulse_solver.cpp makeSoft).
struct Softness {
    double biasRate = 0.0;
    double massScale = 1.0;
    double impulseScale = 0.0;
};

/// The three kinds of sweep. They differ only in the velocity bias and the soft scales of the normal rows.
enum class Pass {
    Biased,    ///< soft step, biased iteration: soft contact pushing overlap out at most maxPush
    Relax,     ///< soft step, relax iteration: rigid, no push (only the speculative gap)
    Baumgarte, ///< rigid, pushing out a fraction of the overlap beyond the allowed penetration
};

/// What a point's bias depends on besides its separation.
struct BiasRule {
    double invH = 0.0;          ///< 1 / substep, 1/s
    double maxPush = 0.0;       ///< soft step: largest push-out speed, m/s
    double baumgarteRate = 0.0; ///< Baumgarte: -factor / h, 1/s
    double slop = 0.0;          ///< Baumgarte allowed penetration, metres
    Softness contact;           ///< between two dynamic bodies
    Softness againstStatic;     ///< against infinite mass
};

/// The wide passes of one instruction set. Each runs over `count` blocks in order.
struct Kernels {
    void (*warmStart)(WideBlock* blocks, WideCold* cold, int count, BodyState* states, bool firstSubstep);
    /// `bounces` (same index as `blocks`) is null in a step without restitution: nothing records the
    /// largest increments then.
    using Sweep = void (*)(WideBlock* blocks, WideBounce* bounces, int count, BodyState* states,
                           const BiasRule& rule);
    Sweep solveBiased;
    Sweep solveRelax;
    Sweep solveBaumgarte;
};

const Kernels& scalarKernels();
const Kernels& sse2Kernels();
/// Only call where the processor has AVX2 (see simd.h).
const Kernels& avx2Kernels();
/// Only call where the processor has AVX-512 F, DQ and VL with the ZMM state enabled (see simd.h).
const Kernels& avx512Kernels();
/// Whether this build has AVX-512 kernels (the compiler may lack the flags; then avx512Kernels() is AVX2's).
bool avx512Built();

/// The kernels for a level that this processor runs (an unsupported level falls back to the best below).
const Kernels& kernelsFor(SimdLevel level);

} // namespace phys::wide
