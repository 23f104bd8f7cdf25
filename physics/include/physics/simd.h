#pragma once
/// @file simd.h
/// Which instruction set the impulse solver's contact sweeps use (physics/src/wide_solver.h). Every level
/// gives the same bits, so this is a speed choice only: it is not part of a scene and never changes a
/// simulation. The benchmark and the tests set it to compare the paths.

namespace phys {

enum class SimdLevel {
    Scalar, ///< one lane at a time (the reference)
    Sse2,   ///< two lanes per instruction
    Avx2,   ///< four lanes per instruction
    Avx512, ///< eight lanes per instruction (AVX-512 F, DQ and VL)
};

/// The best level this processor runs.
SimdLevel bestSimdLevel();

/// The level in use, process-wide: the best one, unless the environment variable CONTACTLAB_SIMD
/// (scalar | sse2 | avx2 | avx512) or setSimdLevel() asked for a lower one.
SimdLevel simdLevel();

/// Sets the level in use; a level the processor cannot run is lowered to bestSimdLevel(). Returns the level
/// now in use.
SimdLevel setSimdLevel(SimdLevel level);

const char* toString(SimdLevel level);

} // namespace phys
