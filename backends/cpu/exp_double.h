// exp() in double precision as one fixed operation sequence, shared by the portable REDUCE kernels
// (ExpDouble, scalar) and the AVX2 ones (four lanes at a time with the same constants and the same
// operations, reduce_simd_avx2.cpp), so both give the same bits for every input.
//
// Method, for |t| <= kExpFastLimit:
//   s = fma(t, 64/ln2, 1.5 * 2^52)        round-to-nearest leaves n = round(64 t / ln2) in s's low bits
//   n = s - 1.5 * 2^52
//   r = fma(-n, ln2/64 hi, t); r = fma(-n, ln2/64 lo, r)     |r| <= ln2/128; the two-part constant
//                                                             keeps r accurate far beyond the result
//   q = fma(r*r, fma(fma(c5, r, c4), r*r, fma(c3, r, c2)), r)     exp(r) - 1 by its Taylor series
//                                                             to r^5 (truncation below 4e-17 relative)
//   scale = 2^(j/64) * 2^e (j = n mod 64, e = floor(n / 64)): a table entry whose exponent field is
//           raised by an integer add, kExpTail[j] + (bits(s) << 46)
//   exp(t) = fma(scale, q, scale)         one rounding of a value within 1e-16 relative of exp(t)
// Error against the exactly rounded exp: about 1 ulp at most (tests assert <= 2 ulp against std::exp).
// Outside that range (NaN, overflow, results near or below the smallest normal double) the same steps
// run with the exponent split in two, 2^(e-1) then * 2, or 2^(e+64) then * 2^-64, so overflow gives
// +inf and small results round once into the subnormals, like std::exp; t is clamped to [-746, 710]
// first, so -inf gives 0 and +inf gives +inf; NaN gives NaN. Wherever the result is a normal double
// both variants give the same bits (the split only moves exact powers of two), so a vector kernel may
// send any lane through either.
// Thread-safe: pure functions and constants.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

namespace dmlc::backends::cpu::simd {

// 2^(j/64), j = 0..63, each rounded to nearest (computed to 200 bits with mpmath).
inline constexpr double kExpTable[64] = {
    0x1.0000000000000p+0, 0x1.02c9a3e778061p+0, 0x1.059b0d3158574p+0, 0x1.0874518759bc8p+0,
    0x1.0b5586cf9890fp+0, 0x1.0e3ec32d3d1a2p+0, 0x1.11301d0125b51p+0, 0x1.1429aaea92de0p+0,
    0x1.172b83c7d517bp+0, 0x1.1a35beb6fcb75p+0, 0x1.1d4873168b9aap+0, 0x1.2063b88628cd6p+0,
    0x1.2387a6e756238p+0, 0x1.26b4565e27cddp+0, 0x1.29e9df51fdee1p+0, 0x1.2d285a6e4030bp+0,
    0x1.306fe0a31b715p+0, 0x1.33c08b26416ffp+0, 0x1.371a7373aa9cbp+0, 0x1.3a7db34e59ff7p+0,
    0x1.3dea64c123422p+0, 0x1.4160a21f72e2ap+0, 0x1.44e086061892dp+0, 0x1.486a2b5c13cd0p+0,
    0x1.4bfdad5362a27p+0, 0x1.4f9b2769d2ca7p+0, 0x1.5342b569d4f82p+0, 0x1.56f4736b527dap+0,
    0x1.5ab07dd485429p+0, 0x1.5e76f15ad2148p+0, 0x1.6247eb03a5585p+0, 0x1.6623882552225p+0,
    0x1.6a09e667f3bcdp+0, 0x1.6dfb23c651a2fp+0, 0x1.71f75e8ec5f74p+0, 0x1.75feb564267c9p+0,
    0x1.7a11473eb0187p+0, 0x1.7e2f336cf4e62p+0, 0x1.82589994cce13p+0, 0x1.868d99b4492edp+0,
    0x1.8ace5422aa0dbp+0, 0x1.8f1ae99157736p+0, 0x1.93737b0cdc5e5p+0, 0x1.97d829fde4e50p+0,
    0x1.9c49182a3f090p+0, 0x1.a0c667b5de565p+0, 0x1.a5503b23e255dp+0, 0x1.a9e6b5579fdbfp+0,
    0x1.ae89f995ad3adp+0, 0x1.b33a2b84f15fbp+0, 0x1.b7f76f2fb5e47p+0, 0x1.bcc1e904bc1d2p+0,
    0x1.c199bdd85529cp+0, 0x1.c67f12e57d14bp+0, 0x1.cb720dcef9069p+0, 0x1.d072d4a07897cp+0,
    0x1.d5818dcfba487p+0, 0x1.da9e603db3285p+0, 0x1.dfc97337b9b5fp+0, 0x1.e502ee78b3ff6p+0,
    0x1.ea4afa2a490dap+0, 0x1.efa1bee615a27p+0, 0x1.f50765b6e4540p+0, 0x1.fa7c1819e90d8p+0};

// bits(2^(j/64)) - (j << 46): adding bits(s) << 46 (whose top bits are n's low 18 bits, from the
// rounding shift) then raises the exponent field by floor(n / 64), modulo 2^64, with no masking.
inline constexpr std::array<uint64_t, 64> kExpTail = [] {
  std::array<uint64_t, 64> tail{};
  for (uint64_t j = 0; j < 64; ++j) tail[j] = std::bit_cast<uint64_t>(kExpTable[j]) - (j << 46);
  return tail;
}();

inline constexpr double kExpShift = 0x1.8p52;               // 1.5 * 2^52
inline constexpr double kExpInvLn2x64 = 0x1.71547652b82fep6;  // 64 / ln2
inline constexpr double kExpLn2Hi = 0x1.62e42fefa39efp-7;     // ln2 / 64, rounded
inline constexpr double kExpLn2Lo = 0x1.abc9e3b39803fp-62;    // ln2 / 64 - kExpLn2Hi
// 1/k! for k = 2..5.
inline constexpr double kExpC2 = 0.5;
inline constexpr double kExpC3 = 0x1.5555555555555p-3;
inline constexpr double kExpC4 = 0x1.5555555555555p-5;
inline constexpr double kExpC5 = 0x1.1111111111111p-7;
// The main range: there e = floor(n / 64) lies in [-1022, 1021], so the scale and the result are
// normal doubles.
inline constexpr double kExpFastLimit = 708.0;
// Exponent adjustments (in units of n, so multiples of 64) for the split scalings.
inline constexpr uint64_t kExpHalveScale = uint64_t{0} - 64;  // 2^(e-1)
inline constexpr uint64_t kExpRaiseScale = 64 * 64;           // 2^(e+64)

// exp(t) by the sequence above; any t.
double ExpDouble(double t);

}  // namespace dmlc::backends::cpu::simd
