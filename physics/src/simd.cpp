/// @file simd.cpp
/// Run-time choice of the contact sweeps' instruction set (see simd.h and wide_solver.h).

#include "physics/simd.h"

#include "wide_solver.h"

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#if (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__i386__))
#include <cpuid.h>
#define CONTACTLAB_X86_CPUID 1
#endif

namespace phys {
namespace {

#if defined(CONTACTLAB_X86_CPUID)
/// AVX-512 F, DQ and VL in the processor, and the operating system saving their registers (Intel SDM vol. 1,
/// 15.2 "Detection of AVX-512 foundation instructions": CPUID.1:ECX.OSXSAVE, then XGETBV(0) with the SSE,
/// AVX, opmask, ZMM_Hi256 and Hi16_ZMM state bits 1, 2, 5, 6, 7 all set, then CPUID.(7,0):EBX bits 16
/// (F), 17 (DQ) and 31 (VL)). Without the operating system's part the first ZMM instruction would fault.
bool hasAvx512() {
    unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
    if (__get_cpuid(1, &eax, &ebx, &ecx, &edx) == 0 || (ecx & (1u << 27)) == 0) {
        return false;
    }
    std::uint32_t xcr0Low = 0, xcr0High = 0;
    // XGETBV as an instruction, not _xgetbv(): that intrinsic needs -mxsave, which this file is built
    // without.
    __asm__ volatile("xgetbv" : "=a"(xcr0Low), "=d"(xcr0High) : "c"(0));
    constexpr std::uint32_t kZmmState = (1u << 1) | (1u << 2) | (1u << 5) | (1u << 6) | (1u << 7);
    if ((xcr0Low & kZmmState) != kZmmState) {
        return false;
    }
    if (__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx) == 0) {
        return false;
    }
    constexpr unsigned kFDqVl = (1u << 16) | (1u << 17) | (1u << 31);
    return (ebx & kFDqVl) == kFDqVl;
}
#endif

SimdLevel detect() {
#if defined(CONTACTLAB_X86_CPUID)
    if (wide::avx512Built() && hasAvx512()) {
        return SimdLevel::Avx512;
    }
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
    } else if (std::strcmp(asked, "avx2") == 0) {
        level = SimdLevel::Avx2;
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
    case SimdLevel::Avx512:
        return "avx512";
    }
    return "scalar";
}

namespace wide {

const Kernels& kernelsFor(SimdLevel level) {
    const SimdLevel allowed = level < bestSimdLevel() ? level : bestSimdLevel();
    switch (allowed) {
    case SimdLevel::Avx512:
        return avx512Kernels();
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
