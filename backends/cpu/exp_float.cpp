// The scalar exp of exp_float.h. Compiled for the baseline ISA. Its steps need a correctly rounded
// fused multiply-add to give the same bits as the AVX2 lanes: glibc's std::fma is one, but mingw-w64's
// rounds twice, so on x86 with GCC or Clang the steps use the FMA instruction wherever the CPU has it
// (every CPU that runs the AVX2 kernels) and the library's std::fma only where it has not.
#include "backends/cpu/exp_float.h"

#include <bit>
#include <cmath>
#include <cstdint>

namespace dmlc::backends::cpu::simd {
namespace {

#if (defined(__GNUC__) || defined(__clang__)) && (defined(__x86_64__) || defined(__i386__))
#define DMLC_X86_FMA 1
__attribute__((target("fma"))) float HardwareFma(float a, float b, float c) { return __builtin_fmaf(a, b, c); }
#endif

float LibraryFma(float a, float b, float c) { return std::fma(a, b, c); }

using FmaFn = float (*)(float, float, float);

template <FmaFn kFma>
float ExpSteps(float x, float m) {
  const float th = x - m;
  const float bv = th - x;
  const float tl = (x - (th - bv)) + (-m - bv);
  const float s = kFma(th, kExpInvLn2, kExpShift);
  const float n = s - kExpShift;
  const float r = kFma(-n, kExpLn2Lo, kFma(-n, kExpLn2Hi, th)) + tl;
  float p = kFma(kExpC6, r, kExpC5);
  p = kFma(p, r, kExpC4);
  p = kFma(p, r, kExpC3);
  p = kFma(p, r, 0.5f);
  const float q = kFma(r * r, p, r);
  const uint32_t biased = std::bit_cast<uint32_t>(s) + static_cast<uint32_t>(kExpBiasFromShift);
  const float scale = std::bit_cast<float>(biased << 23);
  return th < kExpOfDifferenceFloor ? 0.0f : kFma(scale, q, scale);
}

}  // namespace

float ExpOfDifference(float x, float m) {
#ifdef DMLC_X86_FMA
  static const bool hardware = __builtin_cpu_supports("fma");
  if (hardware) return ExpSteps<HardwareFma>(x, m);
#endif
  return ExpSteps<LibraryFma>(x, m);
}

}  // namespace dmlc::backends::cpu::simd
