// The AVX-512 REDUCE span kernels: the sum family (row and column), sixteen elements an instruction,
// over float or Half elements; every other kernel of the set is the AVX2 one. These two widen every
// element to double, and at 256 bits the conversions bound them: FLOAT16, twice the elements a byte of
// FLOAT32, ran its SUM at a third of the copy bandwidth. In L1, one core: FLOAT16 row sum 0.123 ns an
// element with AVX2, 0.076 with these (FLOAT32 0.084 with AVX2).
// Same contract and the same operations per lane and per column as reduce_simd_avx2.cpp (element k of
// a row into lane k % kLanes, each column's rows in order), so every set gives the same bits. Tails
// are masked: lanes and columns outside the mask keep their bits.
// Every function carries the target attribute; Avx512ReduceKernels() hands the set out only when the CPU
// (and the OS, which libgcc's check covers) supports AVX-512 F, BW, VL and DQ besides the AVX2 set's
// features.
#include "backends/cpu/reduce_simd.h"

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>

#define DMLC_AVX512 __attribute__((target("avx512f,avx512bw,avx512vl,avx512dq,avx2,fma,f16c")))

namespace dmlc::backends::cpu::simd {
namespace {

template <Accumulate kKind>
DMLC_AVX512 inline __m512d Apply(__m512d a, __m512d d) {
  if constexpr (kKind == Accumulate::kSum) return _mm512_add_pd(a, d);
  if constexpr (kKind == Accumulate::kAbs) return _mm512_add_pd(a, _mm512_abs_pd(d));
  if constexpr (kKind == Accumulate::kSquare) return _mm512_fmadd_pd(d, d, a);  // d*d is exact
  if constexpr (kKind == Accumulate::kProduct) return _mm512_mul_pd(a, d);
}

// The first `count` (<= 16) elements at p as floats, the rest 0: FLOAT16 converted in registers, exactly.
DMLC_AVX512 inline __m512 Load16(const float* p, __mmask16 m) { return _mm512_maskz_loadu_ps(m, p); }
DMLC_AVX512 inline __m512 Load16(const Half* p, __mmask16 m) {
  return _mm512_maskz_cvtph_ps(0xffff, _mm256_maskz_loadu_epi16(m, p));
}
DMLC_AVX512 inline __m512 Load16(const float* p) { return _mm512_loadu_ps(p); }
DMLC_AVX512 inline __m512 Load16(const Half* p) {
  return _mm512_maskz_cvtph_ps(0xffff, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)));
}

// Eight floats of v (the low ones for kHalf 0), widened. Zero-masking forms with every lane selected
// compile to the plain instructions; the plain intrinsics (and _mm512_castps512_ps256) start from
// _mm*_undefined_*(), which GCC 12 reports as maybe uninitialized.
template <int kHalf>
DMLC_AVX512 inline __m512d Widened(__m512 v) {
  return _mm512_maskz_cvtps_pd(0xff, _mm256_castpd_ps(_mm512_maskz_extractf64x4_pd(0xf, _mm512_castps_pd(v), kHalf)));
}
DMLC_AVX512 inline __m512d Low(__m512 v) { return Widened<0>(v); }
DMLC_AVX512 inline __m512d High(__m512 v) { return Widened<1>(v); }

DMLC_AVX512 inline __mmask16 FirstLanes(uint64_t count) { return static_cast<__mmask16>((1u << count) - 1); }

// The AVX2 kernels' prefetch distances (reduce_simd_avx2.cpp says how they were measured).
constexpr int kRowPrefetchBytes = 1024;
constexpr int kRowGroup = 4;

// Lanes 0-7 live in a0, 8-15 in a1.
template <Accumulate kKind, class E>
DMLC_AVX512 void RowOf(const E* x, uint64_t n, double* lanes) {
  static_assert(kLanes == 16);
  __m512d a0 = _mm512_loadu_pd(lanes), a1 = _mm512_loadu_pd(lanes + 8);
  const uint64_t body = n - n % kLanes;
  for (uint64_t k = 0; k < body; k += kLanes) {
    _mm_prefetch(reinterpret_cast<const char*>(x + k) + kRowPrefetchBytes, _MM_HINT_T0);
    const __m512 v = Load16(x + k);
    a0 = Apply<kKind>(a0, Low(v));
    a1 = Apply<kKind>(a1, High(v));
  }
  if (body < n) {  // one more element for each of the first n - body lanes
    const __mmask16 m = FirstLanes(n - body);
    const __m512 v = Load16(x + body, m);
    a0 = _mm512_mask_mov_pd(a0, static_cast<__mmask8>(m), Apply<kKind>(a0, Low(v)));
    a1 = _mm512_mask_mov_pd(a1, static_cast<__mmask8>(m >> 8), Apply<kKind>(a1, High(v)));
  }
  _mm512_storeu_pd(lanes, a0);
  _mm512_storeu_pd(lanes + 8, a1);
}

// kRows rows from x, columns [c, c + 16) under mask m: each column's state loaded and stored once.
template <Accumulate kKind, int kRows, class E>
DMLC_AVX512 inline void ColumnStep(const E* x, uint64_t stride, uint64_t c, __mmask16 m, double* acc) {
  const auto lo_mask = static_cast<__mmask8>(m), hi_mask = static_cast<__mmask8>(m >> 8);
  __m512d lo = _mm512_maskz_loadu_pd(lo_mask, acc + c), hi = _mm512_maskz_loadu_pd(hi_mask, acc + c + 8);
  for (int r = 0; r < kRows; ++r) {
    const __m512 v = m == 0xffff ? Load16(x + r * stride + c) : Load16(x + r * stride + c, m);
    lo = Apply<kKind>(lo, Low(v));
    hi = Apply<kKind>(hi, High(v));
  }
  _mm512_mask_storeu_pd(acc + c, lo_mask, lo);
  _mm512_mask_storeu_pd(acc + c + 8, hi_mask, hi);
}

// A group of kRows rows; the next group's rows are prefetched, a line per row per 16 columns.
template <Accumulate kKind, int kRows, class E>
DMLC_AVX512 void ColumnRowsOf(const E* x, uint64_t stride, uint64_t n, double* acc) {
  uint64_t c = 0;
  for (; c + 16 <= n; c += 16) {
    for (int r = kRows; r < 2 * kRows; ++r) {
      _mm_prefetch(reinterpret_cast<const char*>(x + r * stride + c), _MM_HINT_T0);
    }
    ColumnStep<kKind, kRows>(x, stride, c, 0xffff, acc);
  }
  if (c < n) ColumnStep<kKind, kRows>(x, stride, c, FirstLanes(n - c), acc);
}

template <Accumulate kKind, class E>
DMLC_AVX512 void ColumnOf(const E* x, uint64_t rows, uint64_t stride, uint64_t n, double* acc) {
  uint64_t r = 0;
  for (; r + kRowGroup <= rows; r += kRowGroup) ColumnRowsOf<kKind, kRowGroup>(x + r * stride, stride, n, acc);
  for (; r < rows; ++r) ColumnRowsOf<kKind, 1>(x + r * stride, stride, n, acc);
}

template <class E>
DMLC_AVX512 void Row(Accumulate kind, const E* x, uint64_t n, double* lanes) {
  switch (kind) {
    case Accumulate::kSum: return RowOf<Accumulate::kSum>(x, n, lanes);
    case Accumulate::kAbs: return RowOf<Accumulate::kAbs>(x, n, lanes);
    case Accumulate::kSquare: return RowOf<Accumulate::kSquare>(x, n, lanes);
    case Accumulate::kProduct: return RowOf<Accumulate::kProduct>(x, n, lanes);
  }
}

template <class E>
DMLC_AVX512 void Column(Accumulate kind, const E* x, uint64_t rows, uint64_t stride, uint64_t n, double* acc) {
  switch (kind) {
    case Accumulate::kSum: return ColumnOf<Accumulate::kSum>(x, rows, stride, n, acc);
    case Accumulate::kAbs: return ColumnOf<Accumulate::kAbs>(x, rows, stride, n, acc);
    case Accumulate::kSquare: return ColumnOf<Accumulate::kSquare>(x, rows, stride, n, acc);
    case Accumulate::kProduct: return ColumnOf<Accumulate::kProduct>(x, rows, stride, n, acc);
  }
}

bool Avx512Supported() {
  return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
         __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq");
}

}  // namespace

template <class E>
const ReduceKernelsOf<E>* Avx512ReduceKernels() {
  static const ReduceKernelsOf<E>* const kernels = []() -> const ReduceKernelsOf<E>* {
    const ReduceKernelsOf<E>* avx2 = Avx2ReduceKernels<E>();
    if (avx2 == nullptr || !Avx512Supported()) return nullptr;
    static ReduceKernelsOf<E> set = *avx2;
    set.name = "avx512";
    set.row = Row<E>;
    set.column = Column<E>;
    return &set;
  }();
  return kernels;
}
template const ReduceKernelsOf<float>* Avx512ReduceKernels<float>();
template const ReduceKernelsOf<Half>* Avx512ReduceKernels<Half>();

}  // namespace dmlc::backends::cpu::simd

#else  // not x86-64 GCC/Clang

namespace dmlc::backends::cpu::simd {
template <class E>
const ReduceKernelsOf<E>* Avx512ReduceKernels() {
  return nullptr;
}
template const ReduceKernelsOf<float>* Avx512ReduceKernels<float>();
template const ReduceKernelsOf<Half>* Avx512ReduceKernels<Half>();
}  // namespace dmlc::backends::cpu::simd

#endif
