/// @file wide_avx2.cpp
/// The wide passes four lanes at a time in AVX2 registers of four doubles (see wide_solver.h). This file
/// alone is compiled for AVX2 (physics/CMakeLists.txt); its code runs only after simd.cpp has found AVX2 on
/// the processor.

#include "wide_solver.h"

#if defined(__AVX2__)
#include <immintrin.h>

namespace phys::wide {
namespace {

/// Four rows r0..r3 of four doubles into four columns (c_j = r0[j], r1[j], r2[j], r3[j]), or back.
inline void transpose(__m256d& r0, __m256d& r1, __m256d& r2, __m256d& r3) {
    const __m256d t0 = _mm256_unpacklo_pd(r0, r1); // r0[0] r1[0] r0[2] r1[2]
    const __m256d t1 = _mm256_unpackhi_pd(r0, r1); // r0[1] r1[1] r0[3] r1[3]
    const __m256d t2 = _mm256_unpacklo_pd(r2, r3);
    const __m256d t3 = _mm256_unpackhi_pd(r2, r3);
    r0 = _mm256_permute2f128_pd(t0, t2, 0x20);
    r1 = _mm256_permute2f128_pd(t1, t3, 0x20);
    r2 = _mm256_permute2f128_pd(t0, t2, 0x31);
    r3 = _mm256_permute2f128_pd(t1, t3, 0x31);
}

struct Avx2Ops {
    using V = __m256d;
    static constexpr int kWidth = 4;
    static V load(const double* p) { return _mm256_load_pd(p); }
    static void store(double* p, V v) { _mm256_store_pd(p, v); }
    static V splat(double x) { return _mm256_set1_pd(x); }
    static V maxOf(V a, V b) { return _mm256_max_pd(a, b); }
    static V minOf(V a, V b) { return _mm256_min_pd(a, b); }
    static V positiveSelect(V s, V a, V b) {
        return _mm256_blendv_pd(b, a, _mm256_cmp_pd(s, _mm256_setzero_pd(), _CMP_GT_OQ));
    }
    template <class L> static void gatherBodies(const BodyState* states, const std::int32_t* index, L& out) {
        const BodyState& s0 = states[index[0]];
        const BodyState& s1 = states[index[1]];
        const BodyState& s2 = states[index[2]];
        const BodyState& s3 = states[index[3]];
        out.vx = _mm256_load_pd(&s0.v.x);
        out.vy = _mm256_load_pd(&s1.v.x);
        out.w = _mm256_load_pd(&s2.v.x);
        out.invMass = _mm256_load_pd(&s3.v.x);
        transpose(out.vx, out.vy, out.w, out.invMass);
        out.dpx = _mm256_load_pd(&s0.dp.x);
        out.dpy = _mm256_load_pd(&s1.dp.x);
        out.qc = _mm256_load_pd(&s2.dp.x);
        out.qs = _mm256_load_pd(&s3.dp.x);
        transpose(out.dpx, out.dpy, out.qc, out.qs);
        out.invInertia = _mm256_set_pd(s3.invInertia, s2.invInertia, s1.invInertia, s0.invInertia);
    }
    template <class L>
    static void scatterVelocities(BodyState* states, const std::int32_t* index, const L& in) {
        __m256d r0 = in.vx, r1 = in.vy, r2 = in.w, r3 = in.invMass;
        transpose(r0, r1, r2, r3);
        _mm256_store_pd(&states[index[0]].v.x, r0);
        _mm256_store_pd(&states[index[1]].v.x, r1);
        _mm256_store_pd(&states[index[2]].v.x, r2);
        _mm256_store_pd(&states[index[3]].v.x, r3);
    }
};

#include "wide_kernels.inc"

} // namespace

const Kernels& avx2Kernels() {
    static const Kernels kernels = makeKernels<Avx2Ops>();
    return kernels;
}

} // namespace phys::wide

#else

namespace phys::wide {
const Kernels& avx2Kernels() {
    return sse2Kernels();
}
} // namespace phys::wide

#endif
