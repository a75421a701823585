// exp(x - m) for the terms of REDUCE LOG_SUM_EXP's fast paths (FLOAT32 and FLOAT16 inputs), computed in
// float as one fixed operation sequence, shared by the portable kernels (ExpOfDifference, scalar) and
// the AVX2 and AVX-512 ones (eight and sixteen lanes at a time, same constants and operations,
// reduce_simd_avx2.cpp and reduce_simd_avx512.cpp), so all give the same bits. The terms are summed in
// double by the callers.
//
// Why float: a double exp (table, polynomial, 4-lane gather) cost so much CPU time an element that it
// held LOG_SUM_EXP far below the copy bandwidth; this sequence costs well under half as much. Its error
// stays well inside the tolerance the reference judges against: each term is within 1 ulp of the
// correctly rounded float (relative error below kExpOfDifferenceMaxError) and the maximum's own term is
// exactly 1, so log(sum) is within that relative error, absolutely; LOG_SUM_EXP's default
// tolerance allows at least 6 eps = 7.2e-7.
//
// Method, for m finite and x <= m:
//   t = th + tl = x - m exactly (TwoSum in float): x - m alone would round, and a term's relative error
//                                                  is t's absolute error
//   s = fma(th, 1/ln2, 1.5 * 2^23);  n = s - 1.5 * 2^23          n = round(th / ln2), in s's low bits
//   r = fma(-n, ln2 lo, fma(-n, ln2 hi, th)) + tl                |r| <= ln2/2 (+ rounding)
//   q = fma(r*r, c2 + c3 r + c4 r^2 + c5 r^3 + c6 r^4, r)        exp(r) - 1; the coefficients are fitted
//                                                                to the relative error of exp on
//                                                                [-ln2/2, ln2/2] (weighted least squares,
//                                                                Lawson iterations) and rounded to float:
//                                                                truncation below 6.5e-9
//   scale = 2^n, built in the exponent field from s's low bits
//   exp(t) = fma(scale, q, scale)
// Terms with th < kExpOfDifferenceFloor are 0 (so is x = -inf): below 2^-125, they are below 1e-37 of a
// sum that holds the maximum's 1, and every other result is a normal float.
// Thread-safe: pure functions and constants.
#pragma once

namespace dmlc::backends::cpu::simd {

inline constexpr float kExpShift = 0x1.8p23f;        // 1.5 * 2^23
inline constexpr float kExpInvLn2 = 0x1.715476p0f;   // 1 / ln2
inline constexpr float kExpLn2Hi = 0x1.62e430p-1f;   // ln2 rounded to float
inline constexpr float kExpLn2Lo = -0x1.05c610p-29f; // ln2 - kExpLn2Hi
inline constexpr float kExpC3 = 0x1.5554a6p-3f;      // c2 = 1/2 exactly
inline constexpr float kExpC4 = 0x1.555594p-5f;
inline constexpr float kExpC5 = 0x1.122c06p-7f;
inline constexpr float kExpC6 = 0x1.6c8a74p-10f;
inline constexpr float kExpOfDifferenceFloor = -87.0f;
// Adding this to the bits of s leaves n + 127, the biased exponent of 2^n, in the bits that a shift by
// 23 moves into the exponent field (s's low 23 bits hold 2^22 + n).
inline constexpr int kExpBiasFromShift = 127 - (1 << 22);
// The largest relative error of a term against exp(x - m) computed exactly (tests measure 9.5e-8).
inline constexpr double kExpOfDifferenceMaxError = 1e-7;

// exp(x - m) by the sequence above, for m finite and x <= m (x may be -inf). Other arguments give
// unspecified values.
float ExpOfDifference(float x, float m);

}  // namespace dmlc::backends::cpu::simd
