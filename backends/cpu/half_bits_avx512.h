// row_extreme and find of the AVX-512 FLOAT16 REDUCE kernels (contract: reduce_simd.h), computed on the
// halves' bit patterns as 16-bit integers, 32 to an instruction, without widening them to float.
//
// Why: widened, the selections (MIN, MAX, ARGMIN, ARGMAX and LOG_SUM_EXP's maximum pass) spent one
// conversion and a NaN test per 16 elements, and inner FLOAT16 rows from memory fell well short of the
// copy.
//
// How a half's order shows in its bits: among halves whose sign bit is clear, the larger bits (signed or
// unsigned) are the larger value; among those whose sign bit is set, the smaller bits are the larger
// value (the smaller magnitude). So over a row, with S the largest bits read as int16, U the smallest
// and V the largest read as uint16:
//   maximum = S when some sign bit is clear (S >= 0), else U (the smallest negative magnitude);
//   minimum = V when some sign bit is set (V >= 0x8000), else U (the smallest positive);
//   a NaN (magnitude above 0x7c00) shows as S > 0x7c00 (a positive NaN) or V > 0xfc00 (a negative one).
// When a NaN is seen, a second pass leaves the NaN lanes out, so the result is still the extreme of the
// numbers, as the contract asks. Everything is an exact comparison: the float kernels' values, bit for
// bit, but for which zero of +0/-0 is returned, which the contract leaves open.
// Only for CPUs with AVX-512 F, BW, VL and DQ (Avx512ReduceKernels<Half>() hands them out only there).
// Thread-safe: no state.
#pragma once

#include <cstdint>

#include "backends/cpu/element.h"

namespace dmlc::backends::cpu::simd {

float HalfBitsRowExtreme(bool max, const Half* x, uint64_t n, bool* nan);

// Equality as floats: v = 0 finds +0 and -0, v NaN finds any NaN, a v no half equals finds nothing.
uint64_t HalfBitsFind(const Half* x, uint64_t n, float v);

}  // namespace dmlc::backends::cpu::simd
