// The AVX2+FMA+F16C REDUCE span kernels, over float or Half elements (Load8: FLOAT16 widened in registers):
// this set's vector steps, with the loops and kernels both vector sets share (reduce_simd_loops.inc,
// reduce_simd_kernels.inc) compiled here for AVX2. Every function carries target("avx2,fma,f16c") so the
// rest of the build stays baseline x86-64; Avx2ReduceKernels() hands them out only when the CPU reports
// all three features.
// Tails shorter than a row of lanes (RowLanes: 16, or 32 for squares) run the same per-lane scalar steps
// as the portable kernels.
#include <cmath>
#include <limits>

#include "backends/cpu/exp_float.h"
#include "backends/cpu/reduce_simd.h"
#include "ops/float16.h"

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>

#define DMLC_SIMD_TARGET __attribute__((target("avx2,fma,f16c")))

namespace dmlc::backends::cpu::simd {
namespace {

template <Accumulate kKind>
DMLC_SIMD_TARGET inline __m256d Apply(__m256d a, __m256d d) {
  if constexpr (kKind == Accumulate::kSum) return _mm256_add_pd(a, d);
  if constexpr (kKind == Accumulate::kAbs) return _mm256_add_pd(a, _mm256_andnot_pd(_mm256_set1_pd(-0.0), d));
  if constexpr (kKind == Accumulate::kSquare) return _mm256_fmadd_pd(d, d, a);  // d*d is exact: no double rounding
  if constexpr (kKind == Accumulate::kProduct) return _mm256_mul_pd(a, d);
}

// Eight elements from p as floats: FLOAT16 converted in registers (F16C), exactly.
DMLC_SIMD_TARGET inline __m256 Load8(const float* p) { return _mm256_loadu_ps(p); }
DMLC_SIMD_TARGET inline __m256 Load8(const Half* p) {
  return _mm256_cvtph_ps(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p)));
}

// The low and high four floats of v, widened.
DMLC_SIMD_TARGET inline __m256d Low(__m256 v) { return _mm256_cvtps_pd(_mm256_castps256_ps128(v)); }
DMLC_SIMD_TARGET inline __m256d High(__m256 v) { return _mm256_cvtps_pd(_mm256_extractf128_ps(v, 1)); }

// The column kernels' vectors (reduce_simd_kernels.inc): eight columns a step, every lane in; the columns
// left past the last whole vector go one by one through the portable kernels' scalar steps.
struct AllLanes {};
struct Wide8 {  // eight doubles: columns 0-3 in lo, 4-7 in hi
  __m256d lo, hi;
};
DMLC_SIMD_TARGET inline __m256 LoadFloats(const float* p, AllLanes) { return _mm256_loadu_ps(p); }
DMLC_SIMD_TARGET inline void StoreFloats(float* p, AllLanes, __m256 v) { _mm256_storeu_ps(p, v); }
template <class E>
DMLC_SIMD_TARGET inline __m256 LoadColumns(const E* p, AllLanes) {
  return Load8(p);
}
template <class E>
DMLC_SIMD_TARGET inline Wide8 LoadWide(const E* p, AllLanes) {
  const __m256 v = Load8(p);
  return {Low(v), High(v)};
}
DMLC_SIMD_TARGET inline Wide8 LoadSums(const double* p, AllLanes) {
  return {_mm256_loadu_pd(p), _mm256_loadu_pd(p + 4)};
}
DMLC_SIMD_TARGET inline void StoreSums(double* p, AllLanes, const Wide8& a) {
  _mm256_storeu_pd(p, a.lo);
  _mm256_storeu_pd(p + 4, a.hi);
}
// max_ps(v, b) is v when v > b, else b (for a NaN on either side too): ExtremeStep's rule.
template <bool kMax>
DMLC_SIMD_TARGET inline __m256 Better(__m256 v, __m256 b) {
  return kMax ? _mm256_max_ps(v, b) : _mm256_min_ps(v, b);
}
// Where v is taken: an ordered compare, false for a NaN on either side (ArgStep's rule).
template <bool kMax>
DMLC_SIMD_TARGET inline __m256 Takes(__m256 v, __m256 b) {
  return _mm256_cmp_ps(v, b, kMax ? _CMP_GT_OQ : _CMP_LT_OQ);
}
DMLC_SIMD_TARGET inline __m256 Select(__m256 take, __m256 v, __m256 b) { return _mm256_blendv_ps(b, v, take); }
// Positions ride in float registers as their bits.
DMLC_SIMD_TARGET inline __m256 LoadPositions(const uint32_t* p, AllLanes) {
  return _mm256_loadu_ps(reinterpret_cast<const float*>(p));
}
DMLC_SIMD_TARGET inline void StorePositions(uint32_t* p, AllLanes, __m256 v) {
  _mm256_storeu_ps(reinterpret_cast<float*>(p), v);
}
DMLC_SIMD_TARGET inline __m256 SelectPosition(__m256 take, uint32_t r, __m256 p) {
  return _mm256_blendv_ps(p, _mm256_castsi256_ps(_mm256_set1_epi32(static_cast<int>(r))), take);
}

// Columns [0, n): step(c, AllLanes{}) for each whole vector, prefetch(c) before it at every kEvery-th
// column (none for kEvery 0); then tail(c) for each column left.
template <uint64_t kEvery, class Prefetch, class Step, class Tail>
DMLC_SIMD_TARGET inline void ForColumns(uint64_t n, const Prefetch& prefetch, const Step& step, const Tail& tail) {
  uint64_t c = 0;
  for (; c + 8 <= n; c += 8) {
    if constexpr (kEvery != 0) {
      if (c % kEvery == 0) prefetch(c);
    }
    step(c, AllLanes{});
  }
  for (; c < n; ++c) tail(c);
}
// The column kernels of this set do not prefetch the next row group: they never have in a release build,
// as GCC 12 dropped the conditional prefetch they were written with, and with the AVX-512 set taking the
// columns wherever it can, no measurement has asked for one since.
template <class E>
inline constexpr uint64_t kGroupPrefetchColumns = 0;

// FLOAT16 column sums add element by element in this set (RunLength): no ColumnRuns.
inline constexpr bool kColumnRuns = false;
template <Accumulate kKind, class E>
void ColumnRuns(const E*, uint64_t, uint64_t, uint64_t, double*) {}

// Four vectors of four doubles: lanes 0-3, 4-7, 8-11, 12-15.
struct Lanes16 {
  __m256d v[4];
};

DMLC_SIMD_TARGET inline Lanes16 Splat16(double value) {
  const __m256d s = _mm256_set1_pd(value);
  return {{s, s, s, s}};
}

// Sixteen elements from x into `a` (element k into lane k).
template <Accumulate kKind, class E>
DMLC_SIMD_TARGET inline void Step16(Lanes16& a, const E* x) {
  const __m256 lo = Load8(x), hi = Load8(x + 8);
  a.v[0] = Apply<kKind>(a.v[0], Low(lo));
  a.v[1] = Apply<kKind>(a.v[1], High(lo));
  a.v[2] = Apply<kKind>(a.v[2], Low(hi));
  a.v[3] = Apply<kKind>(a.v[3], High(hi));
}

DMLC_SIMD_TARGET inline void Store16(double* lanes, const Lanes16& a) {
  for (int i = 0; i < 4; ++i) _mm256_storeu_pd(lanes + 4 * i, a.v[i]);
}

#include "backends/cpu/reduce_simd_loops.inc"

// Runs (RunLength) gather in their own lanes, from 0, and join the lanes at the end of each block of
// kLanes * kRun elements; the last, partial block goes through memory with the scalar tail. Lanes past
// the first sixteen (RowLanes) are further Lanes16, a group for each sixteen elements.
template <Accumulate kKind, class E>
DMLC_SIMD_TARGET double RowOf(const E* x, uint64_t n) {
  constexpr uint64_t kRunLength = RunLength<kKind, E>, kRowLanes = RowLanes<kKind>, kGroups = kRowLanes / kLanes;
  static_assert(kRunLength == 1 || kGroups == 1);
  Lanes16 a = Splat16(kKind == Accumulate::kProduct ? 1.0 : 0.0);
  uint64_t k = 0;
  if constexpr (kRunLength > 1) {
    for (; k + kLanes * kRunLength <= n; k += kLanes * kRunLength) {
      Lanes16 run = Splat16(0.0);
      for (uint64_t e = k; e < k + kLanes * kRunLength; e += kLanes) {
        PrefetchAhead(x + e);
        Step16<kKind>(run, x + e);
      }
      for (int i = 0; i < 4; ++i) a.v[i] = _mm256_add_pd(a.v[i], run.v[i]);
    }
  }
  Lanes16 run[kGroups];  // the last block's runs, or the lanes themselves
  for (Lanes16& r : run) r = kRunLength > 1 ? Splat16(0.0) : a;
  for (; k + kRowLanes <= n; k += kRowLanes) {
    for (uint64_t g = 0; g < kGroups; ++g) {
      PrefetchAhead(x + k + g * kLanes);  // kLanes floats: one cache line
      Step16<kKind>(run[g], x + k + g * kLanes);
    }
  }
  double lanes[kLanes], runs[kRowLanes];
  for (uint64_t g = 0; g < kGroups; ++g) Store16(runs + g * kLanes, run[g]);
  for (; k < n; ++k) StepScalar<kKind>(runs[k % kRowLanes], Widen(x[k]));
  if constexpr (kRunLength == 1) return CombineLanes(kKind, runs, kRowLanes);
  Store16(lanes, a);
  for (uint64_t j = 0; j < kLanes; ++j) lanes[j] += runs[j];
  return CombineLanes(kKind, lanes);
}

// RowExtremeOf's vector (reduce_simd_kernels.inc): eight floats, NaNs noted as compare masks.
struct RowVector {
  using Floats = __m256;
  using Nans = __m256;
  static constexpr uint64_t kWidth = 8;
  static constexpr size_t kAlign = 32;
  DMLC_SIMD_TARGET static Floats Splat(float v) { return _mm256_set1_ps(v); }
  template <class E>
  DMLC_SIMD_TARGET static Floats Load(const E* p) {
    return Load8(p);
  }
  DMLC_SIMD_TARGET static Nans NoNans() { return _mm256_setzero_ps(); }
  DMLC_SIMD_TARGET static Nans AddNans(Nans seen, Floats v) {
    return _mm256_or_ps(seen, _mm256_cmp_ps(v, v, _CMP_UNORD_Q));
  }
  DMLC_SIMD_TARGET static bool Any(Nans seen) { return _mm256_movemask_ps(seen) != 0; }
  DMLC_SIMD_TARGET static void Store(float* p, Floats v) { _mm256_store_ps(p, v); }
};

template <class E>
DMLC_SIMD_TARGET uint64_t Find(const E* x, uint64_t n, float v) {
  const bool want_nan = v != v;
  const __m256 target = _mm256_set1_ps(v);
  uint64_t k = 0;
  for (; k + 8 <= n; k += 8) {
    const __m256 e = Load8(x + k);
    const __m256 hit = want_nan ? _mm256_cmp_ps(e, e, _CMP_UNORD_Q) : _mm256_cmp_ps(e, target, _CMP_EQ_OQ);
    const int mask = _mm256_movemask_ps(hit);
    if (mask != 0) return k + static_cast<uint64_t>(__builtin_ctz(static_cast<unsigned>(mask)));
  }
  for (; k < n; ++k) {
    const float e = Widen(x[k]);
    if (want_nan ? e != e : e == v) return k;
  }
  return n;
}

// ColumnMax over kVectors adjacent vectors of columns: each row's elements in order, one running maximum
// per vector, kept in registers. max_ps(v, b) returns b unless v > b: column_extreme's rule for numbers.
template <int kVectors, class E>
DMLC_SIMD_TARGET __m256 ColumnMaxOf(const E* x, uint64_t rows, uint64_t stride, float* peaks) {
  __m256 b[kVectors];
  for (int v = 0; v < kVectors; ++v) b[v] = _mm256_loadu_ps(peaks + 8 * v);
  __m256 unordered = _mm256_setzero_ps();
  for (uint64_t r = 0; r < rows; ++r, x += stride) {
    for (int v = 0; v < kVectors; v += 2) {
      const __m256 x0 = Load8(x + 8 * v);
      const __m256 x1 = kVectors > 1 ? Load8(x + 8 * v + 8) : x0;
      unordered = _mm256_or_ps(unordered, _mm256_cmp_ps(x0, x1, _CMP_UNORD_Q));  // either is NaN
      b[v] = _mm256_max_ps(x0, b[v]);
      if (kVectors > 1) b[v + 1] = _mm256_max_ps(x1, b[v + 1]);
    }
  }
  for (int v = 0; v < kVectors; ++v) _mm256_storeu_ps(peaks + 8 * v, b[v]);
  return unordered;
}

template <class E>
DMLC_SIMD_TARGET bool ColumnMax(const E* x, uint64_t rows, uint64_t stride, uint64_t n, float* peaks) {
  constexpr uint64_t kChunk = 64;  // eight vectors: four loads in flight per row, one line each two
  __m256 unordered = _mm256_setzero_ps();
  uint64_t c = 0;
  for (; c + kChunk <= n; c += kChunk) {
    unordered = _mm256_or_ps(unordered, ColumnMaxOf<kChunk / 8>(x + c, rows, stride, peaks + c));
  }
  for (; c + 8 <= n; c += 8) unordered = _mm256_or_ps(unordered, ColumnMaxOf<1>(x + c, rows, stride, peaks + c));
  if (_mm256_movemask_ps(unordered) != 0) return false;
  for (; c < n; ++c) {
    const E* column = x + c;
    for (uint64_t r = 0; r < rows; ++r, column += stride) {
      const float v = Widen(*column);
      if (v != v) return false;
      if (v > peaks[c]) peaks[c] = v;
    }
  }
  return true;
}

// Eight lanes of ExpOfDifference (exp_float.h): the same constants and operations.
DMLC_SIMD_TARGET inline __m256 ExpLanes(__m256 x, __m256 m) {
  const __m256 th = _mm256_sub_ps(x, m);
  const __m256 bv = _mm256_sub_ps(th, x);
  const __m256 minus_m = _mm256_xor_ps(m, _mm256_set1_ps(-0.0f));
  const __m256 tl = _mm256_add_ps(_mm256_sub_ps(x, _mm256_sub_ps(th, bv)), _mm256_sub_ps(minus_m, bv));
  const __m256 shift = _mm256_set1_ps(kExpShift);
  const __m256 s = _mm256_fmadd_ps(th, _mm256_set1_ps(kExpInvLn2), shift);
  const __m256 n = _mm256_sub_ps(s, shift);
  const __m256 hi = _mm256_fnmadd_ps(n, _mm256_set1_ps(kExpLn2Hi), th);  // fma(-n, hi, th)
  const __m256 r = _mm256_add_ps(_mm256_fnmadd_ps(n, _mm256_set1_ps(kExpLn2Lo), hi), tl);
  __m256 p = _mm256_fmadd_ps(_mm256_set1_ps(kExpC6), r, _mm256_set1_ps(kExpC5));
  p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(kExpC4));
  p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(kExpC3));
  p = _mm256_fmadd_ps(p, r, _mm256_set1_ps(0.5f));
  const __m256 q = _mm256_fmadd_ps(_mm256_mul_ps(r, r), p, r);
  const __m256i biased = _mm256_add_epi32(_mm256_castps_si256(s), _mm256_set1_epi32(kExpBiasFromShift));
  const __m256 scale = _mm256_castsi256_ps(_mm256_slli_epi32(biased, 23));
  const __m256 below = _mm256_cmp_ps(th, _mm256_set1_ps(kExpOfDifferenceFloor), _CMP_LT_OQ);
  return _mm256_andnot_ps(below, _mm256_fmadd_ps(scale, q, scale));
}

template <class E>
DMLC_SIMD_TARGET double RowExp(const E* x, uint64_t n, float m, NextData next) {
  __m256d a0 = _mm256_setzero_pd(), a1 = a0, a2 = a0, a3 = a0;
  const __m256 max = _mm256_set1_ps(m);
  const uint64_t body = n - n % kLanes;
  for (uint64_t k = 0; k < body; k += kLanes) {
    PrefetchAt<E>(next, k);
    const __m256 lo = ExpLanes(Load8(x + k), max), hi = ExpLanes(Load8(x + k + 8), max);
    a0 = _mm256_add_pd(a0, Low(lo));
    a1 = _mm256_add_pd(a1, High(lo));
    a2 = _mm256_add_pd(a2, Low(hi));
    a3 = _mm256_add_pd(a3, High(hi));
  }
  double lanes[kLanes];
  Store16(lanes, {{a0, a1, a2, a3}});
  for (uint64_t k = body; k < n; ++k) lanes[k % kLanes] += ExpOfDifference(Widen(x[k]), m);
  return CombineLanes(Accumulate::kSum, lanes);
}

#include "backends/cpu/reduce_simd_kernels.inc"

}  // namespace

template <class E>
const ReduceKernelsOf<E>* Avx2ReduceKernels() {
  static const bool supported = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") && ops::HasF16C();
  static const ReduceKernelsOf<E> kernels = [] {
    ReduceKernelsOf<E> set{};
    set.name = "avx2";
    SetKernels(set);
    set.column_max = ColumnMax<E>;
    return set;
  }();
  return supported ? &kernels : nullptr;
}
template const ReduceKernelsOf<float>* Avx2ReduceKernels<float>();
template const ReduceKernelsOf<Half>* Avx2ReduceKernels<Half>();

}  // namespace dmlc::backends::cpu::simd

#else  // not x86-64 GCC/Clang: the portable kernels are the only ones

namespace dmlc::backends::cpu::simd {
template <class E>
const ReduceKernelsOf<E>* Avx2ReduceKernels() {
  return nullptr;
}
template const ReduceKernelsOf<float>* Avx2ReduceKernels<float>();
template const ReduceKernelsOf<Half>* Avx2ReduceKernels<Half>();
}  // namespace dmlc::backends::cpu::simd

#endif
