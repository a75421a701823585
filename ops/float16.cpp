#include "ops/float16.h"

#include <bit>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#include <immintrin.h>
#define DMLC_X86 1
#endif

namespace dmlc::ops {
namespace {

constexpr uint16_t kHalfInf = 0x7C00;
constexpr uint16_t kHalfQuietBit = 0x0200;

// Rounds sign * significand * 2^(exponent - fraction_bits) to binary16, to nearest even, in one step.
// `significand` carries its implicit leading bit (so it is < 2^(fraction_bits + 1)); `exponent` is
// unbiased. Both float and double go through here, so neither rounds twice.
uint16_t RoundToHalf(uint16_t sign, int exponent, uint64_t significand, int fraction_bits) {
  if (exponent > 15) return sign | kHalfInf;
  // Normal halves keep 10 fraction bits; below 2^-14 the unit is fixed at 2^-24 (subnormals).
  int shift = fraction_bits - 10;
  if (exponent < -14) shift += -14 - exponent;
  if (shift >= 64) return sign;  // below half the smallest subnormal: rounds to zero
  uint64_t q = significand >> shift;
  const uint64_t rest = significand & ((uint64_t{1} << shift) - 1);
  const uint64_t halfway = uint64_t{1} << (shift - 1);
  // Up past halfway, or at it to even, as arithmetic: the reduction paths round one output per row of
  // sums whose low bits are noise, and a branch here mispredicted half the time (a visible share of a
  // FLOAT16 inner SUM in perf).
  q += static_cast<uint64_t>(rest > halfway) | (static_cast<uint64_t>(rest == halfway) & q & 1);
  // For normals q includes the implicit bit (1024), which adds one to the biased exponent (e + 14):
  // a carry out of the fraction then rolls into the exponent, up to infinity, as it should.
  const uint64_t magnitude = exponent >= -14 ? (uint64_t(exponent + 14) << 10) + q : q;
  return sign | static_cast<uint16_t>(magnitude);
}

// NaN payload: keep the top fraction bits and set the quiet bit, as F16C does.
uint16_t HalfNaN(uint16_t sign, uint64_t top_fraction_bits) {
  return sign | kHalfInf | kHalfQuietBit | static_cast<uint16_t>(top_fraction_bits & 0x3FF);
}

}  // namespace

namespace portable {

float HalfToFloat(uint16_t h) {
  const uint32_t sign = uint32_t(h & 0x8000) << 16;
  const uint32_t exponent = (h >> 10) & 0x1F;
  uint32_t fraction = h & 0x3FF;
  // NaN keeps its payload and comes out quiet, as F16C's conversion does.
  if (exponent == 0x1F && fraction != 0) return std::bit_cast<float>(sign | 0x7FC00000u | (fraction << 13));
  if (exponent == 0x1F) return std::bit_cast<float>(sign | 0x7F800000u);
  if (exponent != 0) return std::bit_cast<float>(sign | ((exponent + 112) << 23) | (fraction << 13));
  if (fraction == 0) return std::bit_cast<float>(sign);
  // Subnormal half: normalise, since every half subnormal is a normal float.
  int e = -14;
  while ((fraction & 0x400) == 0) {
    fraction <<= 1;
    --e;
  }
  return std::bit_cast<float>(sign | (uint32_t(e + 127) << 23) | ((fraction & 0x3FF) << 13));
}

uint16_t FloatToHalf(float f) {
  const uint32_t bits = std::bit_cast<uint32_t>(f);
  const uint16_t sign = static_cast<uint16_t>((bits >> 16) & 0x8000);
  const uint32_t exponent = (bits >> 23) & 0xFF;
  const uint32_t fraction = bits & 0x7FFFFF;
  if (exponent == 0xFF) return fraction ? HalfNaN(sign, fraction >> 13) : (sign | kHalfInf);
  if (exponent == 0) return sign;  // float subnormals are far below half's smallest subnormal
  return RoundToHalf(sign, int(exponent) - 127, fraction | 0x800000, 23);
}

}  // namespace portable

uint16_t DoubleToHalf(double d) {
  const uint64_t bits = std::bit_cast<uint64_t>(d);
  const uint16_t sign = static_cast<uint16_t>((bits >> 48) & 0x8000);
  const uint32_t exponent = (bits >> 52) & 0x7FF;
  const uint64_t fraction = bits & ((uint64_t{1} << 52) - 1);
  if (exponent == 0x7FF) return fraction ? HalfNaN(sign, fraction >> 42) : (sign | kHalfInf);
  if (exponent == 0) return sign;
  return RoundToHalf(sign, int(exponent) - 1023, fraction | (uint64_t{1} << 52), 52);
}

#ifdef DMLC_X86

bool HasF16C() {
  // F16C instructions are VEX-encoded, so they also need the OS to save AVX state; "avx" checks that.
  // F16C itself is read from CPUID: clang before 16 (the fuzz build's clang-15) rejects
  // __builtin_cpu_supports("f16c").
  static const bool has = [] {
    unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
    return __get_cpuid(1, &eax, &ebx, &ecx, &edx) != 0 && (ecx & bit_F16C) != 0 && __builtin_cpu_supports("avx");
  }();
  return has;
}

namespace f16c {

__attribute__((target("f16c"))) float HalfToFloat(uint16_t h) { return _cvtsh_ss(h); }

__attribute__((target("f16c"))) uint16_t FloatToHalf(float f) {
  return static_cast<uint16_t>(_cvtss_sh(f, _MM_FROUND_TO_NEAREST_INT));
}

}  // namespace f16c

namespace {

__attribute__((target("avx,f16c"))) void HalfToFloatF16C(const uint16_t* in, float* out, size_t count) {
  size_t i = 0;
  for (; i + 8 <= count; i += 8) {
    const __m128i h = _mm_loadu_si128(reinterpret_cast<const __m128i*>(in + i));
    _mm256_storeu_ps(out + i, _mm256_cvtph_ps(h));
  }
  for (; i < count; ++i) out[i] = _cvtsh_ss(in[i]);
}

__attribute__((target("avx,f16c"))) void FloatToHalfF16C(const float* in, uint16_t* out, size_t count) {
  size_t i = 0;
  for (; i + 8 <= count; i += 8) {
    const __m128i h = _mm256_cvtps_ph(_mm256_loadu_ps(in + i), _MM_FROUND_TO_NEAREST_INT);
    _mm_storeu_si128(reinterpret_cast<__m128i*>(out + i), h);
  }
  for (; i < count; ++i) out[i] = static_cast<uint16_t>(_cvtss_sh(in[i], _MM_FROUND_TO_NEAREST_INT));
}

}  // namespace

float HalfToFloat(uint16_t h) { return HasF16C() ? f16c::HalfToFloat(h) : portable::HalfToFloat(h); }
uint16_t FloatToHalf(float f) { return HasF16C() ? f16c::FloatToHalf(f) : portable::FloatToHalf(f); }

void HalfToFloat(const uint16_t* in, float* out, size_t count) {
  if (HasF16C()) return HalfToFloatF16C(in, out, count);
  for (size_t i = 0; i < count; ++i) out[i] = portable::HalfToFloat(in[i]);
}

void FloatToHalf(const float* in, uint16_t* out, size_t count) {
  if (HasF16C()) return FloatToHalfF16C(in, out, count);
  for (size_t i = 0; i < count; ++i) out[i] = portable::FloatToHalf(in[i]);
}

#else  // no F16C on this architecture: the portable path is the only one

bool HasF16C() { return false; }

namespace f16c {
float HalfToFloat(uint16_t h) { return portable::HalfToFloat(h); }
uint16_t FloatToHalf(float f) { return portable::FloatToHalf(f); }
}  // namespace f16c

float HalfToFloat(uint16_t h) { return portable::HalfToFloat(h); }
uint16_t FloatToHalf(float f) { return portable::FloatToHalf(f); }

void HalfToFloat(const uint16_t* in, float* out, size_t count) {
  for (size_t i = 0; i < count; ++i) out[i] = portable::HalfToFloat(in[i]);
}

void FloatToHalf(const float* in, uint16_t* out, size_t count) {
  for (size_t i = 0; i < count; ++i) out[i] = portable::FloatToHalf(in[i]);
}

#endif

}  // namespace dmlc::ops
