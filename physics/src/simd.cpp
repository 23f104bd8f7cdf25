/// @file simd.cpp
/// Run-time choice of the contact sweeps' instruction set (see simd.h and wide_solver.h).

#include "physics/simd.h"

#include "wide_solver.h"

#include <atomic>
#include <cstdlib>
#include <cstring>

namespace phys {
namespace {

SimdLevel detect() {
#if (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__i386__))
    if (__builtin_cpu_supports("avx2")) {
        return SimdLevel::Avx2;
    }
#endif
#if defined(__SSE2__)
    return SimdLevel::Sse2;
#else
    return SimdLevel::Scalar;
#endif
}

SimdLevel initialLevel() {
    const SimdLevel best = detect();
    const char* asked = std::getenv("CONTACTLAB_SIMD");
    if (asked == nullptr) {
        return best;
    }
    SimdLevel level = best;
    if (std::strcmp(asked, "scalar") == 0) {
        level = SimdLevel::Scalar;
    } else if (std::strcmp(asked, "sse2") == 0) {
        level = SimdLevel::Sse2;
    }
    return level < best ? level : best;
}

std::atomic<SimdLevel>& current() {
    static std::atomic<SimdLevel> level{initialLevel()};
    return level;
}

} // namespace

SimdLevel bestSimdLevel() {
    static const SimdLevel best = detect();
    return best;
}

SimdLevel simdLevel() {
    return current().load(std::memory_order_relaxed);
}

SimdLevel setSimdLevel(SimdLevel level) {
    const SimdLevel allowed = level < bestSimdLevel() ? level : bestSimdLevel();
    current().store(allowed, std::memory_order_relaxed);
    return allowed;
}

const char* toString(SimdLevel level) {
    switch (level) {
    case SimdLevel::Scalar:
        return "scalar";
    case SimdLevel::Sse2:
        return "sse2";
    case SimdLevel::Avx2:
        return "avx2";
    }
    return "scalar";
}

namespace wide {

const Kernels& kernelsFor(SimdLevel level) {
    const SimdLevel allowed = level < bestSimdLevel() ? level : bestSimdLevel();
    switch (allowed) {
    case SimdLevel::Avx2:
        return avx2Kernels();
    case SimdLevel::Sse2:
        return sse2Kernels();
    case SimdLevel::Scalar:
        break;
    }
    return scalarKernels();
}

} // namespace wide
} // namespace phys
