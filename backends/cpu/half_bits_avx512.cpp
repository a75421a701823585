// FLOAT16 row_extreme and find on bit patterns (half_bits_avx512.h says why and how).
#include "backends/cpu/half_bits_avx512.h"

#include <limits>

#include "backends/cpu/reduce_simd.h"
#include "ops/float16.h"

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>

#define DMLC_AVX512_BW __attribute__((target("avx512f,avx512bw,avx512vl,avx512dq,avx2")))

namespace dmlc::backends::cpu::simd {
namespace {

constexpr uint16_t kMagnitudeBits = 0x7fff;
constexpr uint16_t kInfinityBits = 0x7c00;
constexpr uint16_t kSignBit = 0x8000;

DMLC_AVX512_BW inline __m512i Splat(uint16_t bits) { return _mm512_set1_epi16(static_cast<short>(bits)); }

// Running S, U and V (the header's names) over 32 lanes.
struct BitExtremes {
  __m512i signed_max, unsigned_min, unsigned_max;
};

DMLC_AVX512_BW inline BitExtremes Start() {
  return {Splat(kSignBit), Splat(0xffff), _mm512_setzero_si512()};
}

// Takes the lanes of v under m; with kSkipNaN, not its NaN lanes either.
template <bool kSkipNaN>
DMLC_AVX512_BW inline void Take(BitExtremes& e, __m512i v, __mmask32 m) {
  if constexpr (kSkipNaN) {
    m &= _mm512_cmple_epu16_mask(_mm512_and_si512(v, Splat(kMagnitudeBits)), Splat(kInfinityBits));
  }
  e.signed_max = _mm512_mask_max_epi16(e.signed_max, m, e.signed_max, v);
  e.unsigned_min = _mm512_mask_min_epu16(e.unsigned_min, m, e.unsigned_min, v);
  e.unsigned_max = _mm512_mask_max_epu16(e.unsigned_max, m, e.unsigned_max, v);
}

DMLC_AVX512_BW inline void Merge(BitExtremes& a, const BitExtremes& b) {
  a.signed_max = _mm512_max_epi16(a.signed_max, b.signed_max);
  a.unsigned_min = _mm512_min_epu16(a.unsigned_min, b.unsigned_min);
  a.unsigned_max = _mm512_max_epu16(a.unsigned_max, b.unsigned_max);
}

// The zero-masking extract with every lane selected: the plain one starts from _mm256_undefined_si256(),
// which GCC 12 reports as maybe uninitialized.
template <int kHalf>
DMLC_AVX512_BW inline __m256i HalfOf(__m512i v) {
  return _mm512_maskz_extracti64x4_epi64(0xf, v, kHalf);
}

DMLC_AVX512_BW inline uint16_t UnsignedMin(__m512i v) {
  const __m256i a = _mm256_min_epu16(HalfOf<0>(v), HalfOf<1>(v));
  const __m128i b = _mm_min_epu16(_mm256_extracti128_si256(a, 0), _mm256_extracti128_si256(a, 1));
  return static_cast<uint16_t>(_mm_extract_epi16(_mm_minpos_epu16(b), 0));
}
DMLC_AVX512_BW inline uint16_t UnsignedMax(__m512i v) {
  return static_cast<uint16_t>(~UnsignedMin(_mm512_xor_si512(v, Splat(0xffff))));
}
// Flipping the sign bit turns int16 order into uint16 order.
DMLC_AVX512_BW inline uint16_t SignedMax(__m512i v) {
  return static_cast<uint16_t>(UnsignedMax(_mm512_xor_si512(v, Splat(kSignBit))) ^ kSignBit);
}

// S, U and V of x[0..n), n >= 1: two sets of lanes over 64 elements a step, then the tail under a mask.
template <bool kSkipNaN>
DMLC_AVX512_BW void Scan(const Half* x, uint64_t n, uint16_t* s, uint16_t* u, uint16_t* v) {
  BitExtremes e0 = Start(), e1 = Start();
  const auto load = [&](uint64_t k) DMLC_AVX512_BW { return _mm512_loadu_si512(x + k); };
  uint64_t k = 0;
  for (; k + 64 <= n; k += 64) {
    _mm_prefetch(reinterpret_cast<const char*>(x + k) + kRowPrefetchBytes, _MM_HINT_T0);
    _mm_prefetch(reinterpret_cast<const char*>(x + k + 32) + kRowPrefetchBytes, _MM_HINT_T0);
    Take<kSkipNaN>(e0, load(k), ~__mmask32{0});
    Take<kSkipNaN>(e1, load(k + 32), ~__mmask32{0});
  }
  for (; k < n; k += 32) {
    const __mmask32 m = n - k >= 32 ? ~__mmask32{0} : static_cast<__mmask32>((uint32_t{1} << (n - k)) - 1);
    Take<kSkipNaN>(e1, _mm512_maskz_loadu_epi16(m, x + k), m);
  }
  Merge(e0, e1);
  *s = SignedMax(e0.signed_max);
  *u = UnsignedMin(e0.unsigned_min);
  *v = UnsignedMax(e0.unsigned_max);
}

// The header's rule. Without any number (all NaN), the contract's infinity.
uint16_t ExtremeBits(bool max, uint16_t s, uint16_t u, uint16_t v) {
  if (u == 0xffff && v == 0) return max ? kInfinityBits | kSignBit : kInfinityBits;  // no lane taken
  if (max) return static_cast<int16_t>(s) >= 0 ? s : u;
  return v >= kSignBit ? v : u;
}

template <bool kGreater>
DMLC_AVX512_BW uint64_t FindKey(const Half* x, uint64_t n, uint16_t and_bits, uint16_t target) {
  const __m512i keep = Splat(and_bits), t = Splat(target);
  for (uint64_t k = 0; k < n; k += 32) {
    const __mmask32 m = n - k >= 32 ? ~__mmask32{0} : static_cast<__mmask32>((uint32_t{1} << (n - k)) - 1);
    const __m512i key = _mm512_and_si512(_mm512_maskz_loadu_epi16(m, x + k), keep);
    const __mmask32 hit = m & (kGreater ? _mm512_cmpgt_epu16_mask(key, t) : _mm512_cmpeq_epi16_mask(key, t));
    if (hit != 0) return k + static_cast<uint64_t>(__builtin_ctz(hit));
  }
  return n;
}

}  // namespace

DMLC_AVX512_BW float HalfBitsRowExtreme(bool max, const Half* x, uint64_t n, bool* nan) {
  *nan = false;
  if (n == 0) return max ? -std::numeric_limits<float>::infinity() : std::numeric_limits<float>::infinity();
  uint16_t s, u, v;
  Scan<false>(x, n, &s, &u, &v);
  if (static_cast<int16_t>(s) > static_cast<int16_t>(kInfinityBits) || v > (kInfinityBits | kSignBit)) {
    *nan = true;
    Scan<true>(x, n, &s, &u, &v);
  }
  return ops::HalfToFloat(ExtremeBits(max, s, u, v));
}

DMLC_AVX512_BW uint64_t HalfBitsFind(const Half* x, uint64_t n, float v) {
  if (v != v) return FindKey<true>(x, n, kMagnitudeBits, kInfinityBits);
  if (v == 0) return FindKey<false>(x, n, kMagnitudeBits, 0);
  const uint16_t bits = ops::FloatToHalf(v);
  if (ops::HalfToFloat(bits) != v) return n;
  return FindKey<false>(x, n, 0xffff, bits);
}

}  // namespace dmlc::backends::cpu::simd

#endif
