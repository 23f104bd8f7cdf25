/// @file wide_avx512.cpp
/// The wide passes eight lanes at a time in AVX-512 registers of eight doubles (see wide_solver.h): a whole
/// block per instruction, the lane count of Box2D v3's AVX2 build (eight floats) in doubles. This file alone
/// is compiled for AVX-512 F/DQ/VL (physics/CMakeLists.txt); its code runs only after simd.cpp has found
/// those and the ZMM state enabled by the operating system.
///
/// Only plain IEEE operations are used (add, subtract, multiply, VMAXPD/VMINPD, a compare and a blend), each
/// rounding exactly as its SSE2/AVX2 twin does, and no fused multiply-add (-ffp-contract=off): the same bits
/// as the scalar reference.

#include "wide_solver.h"

#if defined(__AVX512F__) && defined(__AVX512DQ__) && defined(__AVX512VL__)
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ < 13
// GCC 12's AVX-512 intrinsics start from a deliberately undefined register (`__m512d __Y = __Y;`) and its
// -Wuninitialized reports every use of one (GCC bug 105593, fixed in 12.3 and 13). The pragma covers the
// header included below, and this file only.
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <immintrin.h>

namespace phys::wide {
namespace {

/// Index vectors for VPERMT2PD: entries 0-7 pick from the first source, 8-15 from the second.
/// Eight rows r0..r7 of four doubles, loaded as z_j = (r_j | r_{j+4}) for j = 0..3, become four columns
/// c_k = (r0[k], ..., r7[k]). After the in-lane unpacks
///   t0 = unpacklo(z0, z1) = r0[0] r1[0] r0[2] r1[2] | r4[0] r5[0] r4[2] r5[2]
///   t1 = unpackhi(z0, z1) = r0[1] r1[1] r0[3] r1[3] | r4[1] r5[1] r4[3] r5[3]
///   t2 = unpacklo(z2, z3) = r2[0] r3[0] r2[2] r3[2] | r6[0] r7[0] r6[2] r7[2]
///   t3 = unpackhi(z2, z3) (the same with [1] and [3])
/// column 0 is pairs 0 and 2 of t0 and t2 interleaved (kEven), column 2 pairs 1 and 3 (kOdd); columns 1
/// and 3 the same of t1 and t3. (An 8x4 transpose in 12 instructions; Intel's optimization manual,
/// "Data gather / transposition" patterns with VPERMT2PD.)
inline void transposeIn(__m512d& c0, __m512d& c1, __m512d& c2, __m512d& c3) {
    const __m512i kEven = _mm512_setr_epi64(0, 1, 8, 9, 4, 5, 12, 13);
    const __m512i kOdd = _mm512_setr_epi64(2, 3, 10, 11, 6, 7, 14, 15);
    const __m512d t0 = _mm512_unpacklo_pd(c0, c1);
    const __m512d t1 = _mm512_unpackhi_pd(c0, c1);
    const __m512d t2 = _mm512_unpacklo_pd(c2, c3);
    const __m512d t3 = _mm512_unpackhi_pd(c2, c3);
    c0 = _mm512_permutex2var_pd(t0, kEven, t2);
    c1 = _mm512_permutex2var_pd(t1, kEven, t3);
    c2 = _mm512_permutex2var_pd(t0, kOdd, t2);
    c3 = _mm512_permutex2var_pd(t1, kOdd, t3);
}

/// The inverse: four columns c0..c3 into rows, u_j = (r_{2j} | r_{2j+2}) for the even rows and likewise for
/// the odd ones. With
///   t0 = unpacklo(c0, c1) = c0[0] c1[0] c0[2] c1[2] | c0[4] c1[4] c0[6] c1[6]   (pairs of rows 0, 2, 4, 6)
///   t1 = unpackhi(c0, c1)                                                        (rows 1, 3, 5, 7)
///   t2 = unpacklo(c2, c3), t3 = unpackhi(c2, c3)                                (the same of c2 and c3)
/// row 2m is pair m of t0 followed by pair m of t2, row 2m+1 pair m of t1 and of t3.
inline void transposeOut(__m512d c0, __m512d c1, __m512d c2, __m512d c3, __m512d& rows02, __m512d& rows46,
                         __m512d& rows13, __m512d& rows57) {
    const __m512i kLow = _mm512_setr_epi64(0, 1, 8, 9, 2, 3, 10, 11);
    const __m512i kHigh = _mm512_setr_epi64(4, 5, 12, 13, 6, 7, 14, 15);
    const __m512d t0 = _mm512_unpacklo_pd(c0, c1);
    const __m512d t1 = _mm512_unpackhi_pd(c0, c1);
    const __m512d t2 = _mm512_unpacklo_pd(c2, c3);
    const __m512d t3 = _mm512_unpackhi_pd(c2, c3);
    rows02 = _mm512_permutex2var_pd(t0, kLow, t2);
    rows46 = _mm512_permutex2var_pd(t0, kHigh, t2);
    rows13 = _mm512_permutex2var_pd(t1, kLow, t3);
    rows57 = _mm512_permutex2var_pd(t1, kHigh, t3);
}

/// Two 256-bit rows as one 512-bit register (low | high).
inline __m512d pairOf(const double* low, const double* high) {
    return _mm512_insertf64x4(_mm512_castpd256_pd512(_mm256_load_pd(low)), _mm256_load_pd(high), 1);
}

struct Avx512Ops {
    using V = __m512d;
    static constexpr int kWidth = 8;
    static V load(const double* p) { return _mm512_load_pd(p); }
    static void store(double* p, V v) { _mm512_store_pd(p, v); }
    static V splat(double x) { return _mm512_set1_pd(x); }
    // VMAXPD/VMINPD return the second operand on equal zeros and on NaN, as MAXPD/MINPD do.
    static V maxOf(V a, V b) { return _mm512_max_pd(a, b); }
    static V minOf(V a, V b) { return _mm512_min_pd(a, b); }
    static V positiveSelect(V s, V a, V b) {
        return _mm512_mask_blend_pd(_mm512_cmp_pd_mask(s, _mm512_setzero_pd(), _CMP_GT_OQ), b, a);
    }
    template <class L> static void gatherBodies(const BodyState* states, const std::int32_t* index, L& out) {
        const BodyState* s[kWidth];
        for (int j = 0; j < kWidth; ++j) {
            s[j] = &states[index[j]];
        }
        out.vx = pairOf(&s[0]->v.x, &s[4]->v.x);
        out.vy = pairOf(&s[1]->v.x, &s[5]->v.x);
        out.w = pairOf(&s[2]->v.x, &s[6]->v.x);
        out.invMass = pairOf(&s[3]->v.x, &s[7]->v.x);
        transposeIn(out.vx, out.vy, out.w, out.invMass);
        out.dpx = pairOf(&s[0]->dp.x, &s[4]->dp.x);
        out.dpy = pairOf(&s[1]->dp.x, &s[5]->dp.x);
        out.qc = pairOf(&s[2]->dp.x, &s[6]->dp.x);
        out.qs = pairOf(&s[3]->dp.x, &s[7]->dp.x);
        transposeIn(out.dpx, out.dpy, out.qc, out.qs);
        out.invInertia =
            _mm512_setr_pd(s[0]->invInertia, s[1]->invInertia, s[2]->invInertia, s[3]->invInertia,
                           s[4]->invInertia, s[5]->invInertia, s[6]->invInertia, s[7]->invInertia);
    }
    template <class L>
    static void scatterVelocities(BodyState* states, const std::int32_t* index, const L& in) {
        __m512d rows02, rows46, rows13, rows57;
        transposeOut(in.vx, in.vy, in.w, in.invMass, rows02, rows46, rows13, rows57);
        // In lane order, as the AVX2 path stores them.
        _mm256_store_pd(&states[index[0]].v.x, _mm512_castpd512_pd256(rows02));
        _mm256_store_pd(&states[index[1]].v.x, _mm512_castpd512_pd256(rows13));
        _mm256_store_pd(&states[index[2]].v.x, _mm512_extractf64x4_pd(rows02, 1));
        _mm256_store_pd(&states[index[3]].v.x, _mm512_extractf64x4_pd(rows13, 1));
        _mm256_store_pd(&states[index[4]].v.x, _mm512_castpd512_pd256(rows46));
        _mm256_store_pd(&states[index[5]].v.x, _mm512_castpd512_pd256(rows57));
        _mm256_store_pd(&states[index[6]].v.x, _mm512_extractf64x4_pd(rows46, 1));
        _mm256_store_pd(&states[index[7]].v.x, _mm512_extractf64x4_pd(rows57, 1));
    }
};

#include "wide_kernels.inc"

} // namespace

const Kernels& avx512Kernels() {
    static const Kernels kernels = makeKernels<Avx512Ops>();
    return kernels;
}

bool avx512Built() {
    return true;
}

} // namespace phys::wide

#else

namespace phys::wide {
const Kernels& avx512Kernels() {
    return avx2Kernels();
}

bool avx512Built() {
    return false;
}
} // namespace phys::wide

#endif
