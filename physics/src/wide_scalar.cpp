/// @file wide_scalar.cpp
/// The wide passes one lane at a time: the reference every vector path must match to the bit, and the path
/// on processors without SSE2 or AVX2 (see wide_solver.h).

#include "wide_solver.h"

namespace phys::wide {
namespace {

struct ScalarOps {
    using V = double;
    static constexpr int kWidth = 1;
    static V load(const double* p) { return *p; }
    static void store(double* p, V v) { *p = v; }
    static V splat(double x) { return x; }
    // As MAXSD/MINSD define them (the second operand on ties of zeros and on NaN), so that every path agrees.
    static V maxOf(V a, V b) { return a > b ? a : b; }
    static V minOf(V a, V b) { return a < b ? a : b; }
    static V positiveSelect(V s, V a, V b) { return s > 0.0 ? a : b; }
    template <class L> static void gatherBodies(const BodyState* states, const std::int32_t* index, L& out) {
        const BodyState& s = states[*index];
        out.vx = s.v.x;
        out.vy = s.v.y;
        out.w = s.w;
        out.invMass = s.invMass;
        out.dpx = s.dp.x;
        out.dpy = s.dp.y;
        out.qc = s.dq.c;
        out.qs = s.dq.s;
        out.invInertia = s.invInertia;
    }
    template <class L>
    static void scatterVelocities(BodyState* states, const std::int32_t* index, const L& in) {
        BodyState& s = states[*index];
        s.v.x = in.vx;
        s.v.y = in.vy;
        s.w = in.w;
    }
};

#include "wide_kernels.inc"

} // namespace

const Kernels& scalarKernels() {
    static const Kernels kernels = makeKernels<ScalarOps>();
    return kernels;
}

} // namespace phys::wide
