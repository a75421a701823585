// The scalar exp of exp_double.h. Compiled for the baseline ISA: std::fma is the correctly rounded
// fused operation (glibc picks the FMA instruction where the CPU has one), so these steps give the
// same bits as the AVX2 lanes that run them.
#include "backends/cpu/exp_double.h"

#include <cmath>

namespace dmlc::backends::cpu::simd {
namespace {

// exp(t) with n's bits raised by `extra` (a multiple of 64: e changes, j does not) before the scaling.
double ExpSteps(double t, uint64_t extra) {
  const double s = std::fma(t, kExpInvLn2x64, kExpShift);
  const double n = s - kExpShift;
  double r = std::fma(-n, kExpLn2Hi, t);
  r = std::fma(-n, kExpLn2Lo, r);
  const double r2 = r * r;
  const double p = std::fma(std::fma(kExpC5, r, kExpC4), r2, std::fma(kExpC3, r, kExpC2));
  const double q = std::fma(r2, p, r);
  const uint64_t bits = std::bit_cast<uint64_t>(s) + extra;
  const double scale = std::bit_cast<double>(kExpTail[bits & 63] + (bits << 46));
  return std::fma(scale, q, scale);
}

}  // namespace

double ExpDouble(double t) {
  if (std::fabs(t) <= kExpFastLimit) return ExpSteps(t, 0);
  if (t != t) return t;
  // exp(-746) rounds to 0 and exp(710) overflows: clamping keeps n small and maps -inf and +inf there.
  if (t > 0) return ExpSteps(t < 710.0 ? t : 710.0, kExpHalveScale) * 2.0;
  return ExpSteps(t > -746.0 ? t : -746.0, kExpRaiseScale) * 0x1p-64;
}

}  // namespace dmlc::backends::cpu::simd
