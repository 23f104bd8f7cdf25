/// @file wide_sse2.cpp
/// The wide passes two lanes at a time in SSE2 registers (every x86-64 processor has them; see
/// wide_solver.h).

#include "wide_solver.h"

#if defined(__SSE2__)
#include <emmintrin.h>

namespace phys::wide {
namespace {

struct Sse2Ops {
    using V = __m128d;
    static constexpr int kWidth = 2;
    static V load(const double* p) { return _mm_load_pd(p); }
    static void store(double* p, V v) { _mm_store_pd(p, v); }
    static V splat(double x) { return _mm_set1_pd(x); }
    static V maxOf(V a, V b) { return _mm_max_pd(a, b); }
    static V minOf(V a, V b) { return _mm_min_pd(a, b); }
    static V positiveSelect(V s, V a, V b) {
        const V mask = _mm_cmpgt_pd(s, _mm_setzero_pd());
        return _mm_or_pd(_mm_and_pd(mask, a), _mm_andnot_pd(mask, b));
    }
    template <class L> static void gatherBodies(const BodyState* states, const std::int32_t* index, L& out) {
        const BodyState& s0 = states[index[0]];
        const BodyState& s1 = states[index[1]];
        const V v0 = _mm_load_pd(&s0.v.x), v1 = _mm_load_pd(&s1.v.x);
        out.vx = _mm_unpacklo_pd(v0, v1);
        out.vy = _mm_unpackhi_pd(v0, v1);
        const V w0 = _mm_load_pd(&s0.w), w1 = _mm_load_pd(&s1.w);
        out.w = _mm_unpacklo_pd(w0, w1);
        out.invMass = _mm_unpackhi_pd(w0, w1);
        const V p0 = _mm_load_pd(&s0.dp.x), p1 = _mm_load_pd(&s1.dp.x);
        out.dpx = _mm_unpacklo_pd(p0, p1);
        out.dpy = _mm_unpackhi_pd(p0, p1);
        const V q0 = _mm_load_pd(&s0.dq.c), q1 = _mm_load_pd(&s1.dq.c);
        out.qc = _mm_unpacklo_pd(q0, q1);
        out.qs = _mm_unpackhi_pd(q0, q1);
        out.invInertia = _mm_loadh_pd(_mm_load_sd(&s0.invInertia), &s1.invInertia);
    }
    template <class L>
    static void scatterVelocities(BodyState* states, const std::int32_t* index, const L& in) {
        BodyState& s0 = states[index[0]];
        BodyState& s1 = states[index[1]];
        _mm_store_pd(&s0.v.x, _mm_unpacklo_pd(in.vx, in.vy));
        _mm_store_pd(&s1.v.x, _mm_unpackhi_pd(in.vx, in.vy));
        _mm_store_pd(&s0.w, _mm_unpacklo_pd(in.w, in.invMass));
        _mm_store_pd(&s1.w, _mm_unpackhi_pd(in.w, in.invMass));
    }
};

#include "wide_kernels.inc"

} // namespace

const Kernels& sse2Kernels() {
    static const Kernels kernels = makeKernels<Sse2Ops>();
    return kernels;
}

} // namespace phys::wide

#else

namespace phys::wide {
const Kernels& sse2Kernels() {
    return scalarKernels();
}
} // namespace phys::wide

#endif
