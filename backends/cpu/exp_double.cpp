// The scalar exp of exp_double.h. Compiled for the baseline ISA. Its steps need a correctly rounded
// fused multiply-add to give the same bits as the AVX2 lanes: glibc's std::fma is one, but mingw-w64's
// rounds twice, so on x86 with GCC or Clang the steps use the FMA instruction wherever the CPU has it
// (every CPU that runs the AVX2 kernels) and the library's std::fma only where it has not.
#include "backends/cpu/exp_double.h"

#include <cmath>

namespace dmlc::backends::cpu::simd {
namespace {

#if (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__i386__))
#define DMLC_X86_FMA 1
__attribute__((target("fma"))) double HardwareFma(double a, double b, double c) { return __builtin_fma(a, b, c); }
#endif

double LibraryFma(double a, double b, double c) { return std::fma(a, b, c); }

using FmaFn = double (*)(double, double, double);

// exp(t) with n's bits raised by `extra` (a multiple of 64: e changes, j does not) before the scaling.
template <FmaFn kFma>
double ExpSteps(double t, uint64_t extra) {
  const double s = kFma(t, kExpInvLn2x64, kExpShift);
  const double n = s - kExpShift;
  double r = kFma(-n, kExpLn2Hi, t);
  r = kFma(-n, kExpLn2Lo, r);
  const double r2 = r * r;
  const double p = kFma(kFma(kExpC5, r, kExpC4), r2, kFma(kExpC3, r, kExpC2));
  const double q = kFma(r2, p, r);
  const uint64_t bits = std::bit_cast<uint64_t>(s) + extra;
  const double scale = std::bit_cast<double>(kExpTail[bits & 63] + (bits << 46));
  return kFma(scale, q, scale);
}

template <FmaFn kFma>
double ExpWith(double t) {
  if (std::fabs(t) <= kExpFastLimit) return ExpSteps<kFma>(t, 0);
  if (t != t) return t;
  // exp(-746) rounds to 0 and exp(710) overflows: clamping keeps n small and maps -inf and +inf there.
  if (t > 0) return ExpSteps<kFma>(t < 710.0 ? t : 710.0, kExpHalveScale) * 2.0;
  return ExpSteps<kFma>(t > -746.0 ? t : -746.0, kExpRaiseScale) * 0x1p-64;
}

}  // namespace

double ExpDouble(double t) {
#ifdef DMLC_X86_FMA
  static const bool hardware = __builtin_cpu_supports("fma");
  if (hardware) return ExpWith<HardwareFma>(t);
#endif
  return ExpWith<LibraryFma>(t);
}

}  // namespace dmlc::backends::cpu::simd
