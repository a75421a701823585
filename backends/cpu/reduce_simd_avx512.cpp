// The AVX-512 REDUCE span kernels, sixteen elements an instruction, over float or Half elements: the sum
// family (row, column), the extremes (row_extreme, find, column_extreme), column_arg and the exp kernels
// (row_exp, column_exp); column_max of the set is the AVX2 one, and the Half set's row_extreme and find
// work on bit patterns, 32 halves an instruction (half_bits_avx512.h). The sums widen every element to
// double, and at 256 bits the conversions bound them: FLOAT16, twice the elements a byte of FLOAT32, ran
// its SUM far below the copy bandwidth. These widen twice as many an instruction, which in L1 puts a
// FLOAT16 row sum ahead of AVX2's FLOAT32 one; FLOAT16 sums and L1 sums, along rows and columns, now add
// exact runs in float instead (HalfRun).
// Same contract and the same operations per lane and per column as reduce_simd_avx2.cpp (element k of
// a row into lane k % RowLanes, 32 for squares, each column's rows in order, NaN and ties by the same rules), so every
// set gives the same bits; FLOAT16 column sums, which add runs of rows here, the same numbers
// (RunLength). Tails are masked: lanes and columns outside the mask keep their bits.
// Every function carries the target attribute; Avx512ReduceKernels() hands the set out only when the CPU
// (and the OS, which libgcc's check covers) supports AVX-512 F, BW, VL and DQ besides the AVX2 set's
// features.
#include <algorithm>
#include <limits>

#include "backends/cpu/exp_float.h"
#include "backends/cpu/half_bits_avx512.h"
#include "backends/cpu/reduce_simd.h"

#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>

#define DMLC_SIMD_TARGET __attribute__((target("avx512f,avx512bw,avx512vl,avx512dq,avx2,fma,f16c")))

namespace dmlc::backends::cpu::simd {
namespace {

#include "backends/cpu/reduce_simd_loops.inc"

template <Accumulate kKind>
DMLC_SIMD_TARGET inline __m512d Apply(__m512d a, __m512d d) {
  if constexpr (kKind == Accumulate::kSum) return _mm512_add_pd(a, d);
  if constexpr (kKind == Accumulate::kAbs) return _mm512_add_pd(a, _mm512_abs_pd(d));
  if constexpr (kKind == Accumulate::kSquare) return _mm512_fmadd_pd(d, d, a);  // d*d is exact
  if constexpr (kKind == Accumulate::kProduct) return _mm512_mul_pd(a, d);
}

// The first `count` (<= 16) elements at p as floats, the rest 0: FLOAT16 converted in registers, exactly.
DMLC_SIMD_TARGET inline __m512 Load16(const float* p, __mmask16 m) { return _mm512_maskz_loadu_ps(m, p); }
DMLC_SIMD_TARGET inline __m512 Load16(const Half* p, __mmask16 m) {
  return _mm512_maskz_cvtph_ps(0xffff, _mm256_maskz_loadu_epi16(m, p));
}
DMLC_SIMD_TARGET inline __m512 Load16(const float* p) { return _mm512_loadu_ps(p); }
DMLC_SIMD_TARGET inline __m512 Load16(const Half* p) {
  return _mm512_maskz_cvtph_ps(0xffff, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p)));
}
// Sixteen elements under mask m (a column kernel's columns, a widened tail): the plain load when every
// lane is in.
template <class E>
DMLC_SIMD_TARGET inline __m512 LoadColumns(const E* p, __mmask16 m) {
  return m == 0xffff ? Load16(p) : Load16(p, m);
}

// Eight floats of v (the low ones for kHalf 0), widened. Zero-masking forms with every lane selected
// compile to the plain instructions; the plain intrinsics (and _mm512_castps512_ps256) start from
// _mm*_undefined_*(), which GCC 12 reports as maybe uninitialized.
template <int kHalf>
DMLC_SIMD_TARGET inline __m512d Widened(__m512 v) {
  return _mm512_maskz_cvtps_pd(0xff, _mm256_castpd_ps(_mm512_maskz_extractf64x4_pd(0xf, _mm512_castps_pd(v), kHalf)));
}
DMLC_SIMD_TARGET inline __m512d Low(__m512 v) { return Widened<0>(v); }
DMLC_SIMD_TARGET inline __m512d High(__m512 v) { return Widened<1>(v); }

// Sixteen elements from memory widened to double, lanes 0-7 in lo and 8-15 in hi. FLOAT16 loads and
// converts eight at a time: sixteen loaded at once took a shuffle (Widened<1>) to reach their upper
// eight, and the conversions' pipe, which the shuffle shares, bounds its widening kernels (two loads
// speed up FLOAT16 squares along rows and columns in L1, and SUM_SQUARE, L2 and MULTIPLY from memory).
// FLOAT32 gained as much in L1 but nothing from memory, so it keeps one load.
struct Wide16 {
  __m512d lo, hi;
};
DMLC_SIMD_TARGET inline __m512d WidenEight(const Half* p, __mmask8 m) {
  return _mm512_maskz_cvtps_pd(0xff, _mm256_maskz_cvtph_ps(0xff, _mm_maskz_loadu_epi16(m, p)));
}
DMLC_SIMD_TARGET inline Wide16 LoadWide(const Half* p, __mmask16 m = 0xffff) {
  return {WidenEight(p, static_cast<__mmask8>(m)), WidenEight(p + 8, static_cast<__mmask8>(m >> 8))};
}
DMLC_SIMD_TARGET inline Wide16 LoadWide(const float* p, __mmask16 m = 0xffff) {
  const __m512 v = LoadColumns(p, m);
  return {Low(v), High(v)};
}

// A column kernel's sixteen double accumulators at acc under mask m; lanes outside it are neither read
// (they load as 0) nor written.
DMLC_SIMD_TARGET inline Wide16 LoadAccumulators(const double* acc, __mmask16 m) {
  return {_mm512_maskz_loadu_pd(static_cast<__mmask8>(m), acc),
          _mm512_maskz_loadu_pd(static_cast<__mmask8>(m >> 8), acc + 8)};
}
DMLC_SIMD_TARGET inline void StoreAccumulators(double* acc, __mmask16 m, const Wide16& a) {
  _mm512_mask_storeu_pd(acc, static_cast<__mmask8>(m), a.lo);
  _mm512_mask_storeu_pd(acc + 8, static_cast<__mmask8>(m >> 8), a.hi);
}

// max_ps(v, b) (min_ps for the minimum): b unless v is better, so a NaN on either side gives b. The
// zero-masking form with every lane selected, for GCC 12's warning as above.
template <bool kMax>
DMLC_SIMD_TARGET inline __m512 Extreme16(__m512 v, __m512 b) {
  return kMax ? _mm512_maskz_max_ps(0xffff, v, b) : _mm512_maskz_min_ps(0xffff, v, b);
}

DMLC_SIMD_TARGET inline __mmask16 FirstLanes(uint64_t count) { return static_cast<__mmask16>((1u << count) - 1); }

// A group of kRows rows over n columns, 16 at a time, prefetching the next group's rows once a line (for
// FLOAT16, every other 16 columns: asking twice a line took load slots, and FLOAT16 outer SUM, L1,
// MULTIPLY, MAX and ARGMIN read measurably faster without it); `step(c, mask)` does the columns.
template <int kRows, class E, class Step>
DMLC_SIMD_TARGET inline void ColumnGroup(const E* x, uint64_t stride, uint64_t n, const Step& step) {
  uint64_t c = 0;
  for (; c + 16 <= n; c += 16) {
    if (c * sizeof(E) % 64 == 0) {
      for (int r = kRows; r < 2 * kRows; ++r) {
        _mm_prefetch(reinterpret_cast<const char*>(x + r * stride + c), _MM_HINT_T0);
      }
    }
    step(c, __mmask16{0xffff});
  }
  if (c < n) step(c, FirstLanes(n - c));
}

// The rows in groups (ForRowGroups), each group's columns 16 at a time (ColumnGroup):
// step.template operator()<kRows>(group's first row, its index, column, mask).
template <class E, class Step>
DMLC_SIMD_TARGET inline void ForColumnSteps(const E* x, uint64_t rows, uint64_t stride, uint64_t n, const Step& step) {
  ForRowGroups(rows, [&]<int kRows>(uint64_t r) DMLC_SIMD_TARGET {
    const E* g = x + r * stride;
    ColumnGroup<kRows>(g, stride, n, [&](uint64_t c, __mmask16 m) DMLC_SIMD_TARGET {
      step.template operator()<kRows>(g, r, c, m);
    });
  });
}

// CombineLanes in registers, lanes 0-7 in lo and 8-15 in hi: lanes i and i + 8, then i and i + 4, i + 2,
// i + 1, as the portable function folds them.
template <Accumulate kKind>
DMLC_SIMD_TARGET inline double Combine(__m512d lo, __m512d hi) {
  constexpr bool kMul = kKind == Accumulate::kProduct;
  const __m512d s = kMul ? _mm512_mul_pd(lo, hi) : _mm512_add_pd(lo, hi);
  const __m256d s0 = _mm512_maskz_extractf64x4_pd(0xf, s, 0), s1 = _mm512_maskz_extractf64x4_pd(0xf, s, 1);
  const __m256d q = kMul ? _mm256_mul_pd(s0, s1) : _mm256_add_pd(s0, s1);
  const __m128d q0 = _mm256_castpd256_pd128(q), q1 = _mm256_extractf128_pd(q, 1);
  const __m128d h = kMul ? _mm_mul_pd(q0, q1) : _mm_add_pd(q0, q1);
  const __m128d h1 = _mm_unpackhi_pd(h, h);
  return _mm_cvtsd_f64(kMul ? _mm_mul_sd(h, h1) : _mm_add_sd(h, h1));
}

// A run of halves summed exactly in float (RunLength): each element splits into `hi`, itself rounded to
// a multiple of 2^-4, and the rest `lo`, at most 2^-5 and a multiple of 2^-24. Sixteen of either sum
// exactly in 24 bits (below 2^20 in steps of 2^-4, at most 2^-1 in steps of 2^-24), and hi + lo is exact
// in double: two float adds an element and no conversion but the load's, where widening costs two
// conversions and two double adds (with the lanes also kept in registers, a FLOAT16 inner SUM from
// memory runs measurably faster). `hi` is one VRNDSCALEPS: adding and taking away 1.5 * 2^19 (whose
// float neighbours are 2^-4 apart) took two operations, and the rows ran measurably slower with it
// (FLOAT16 inner SUM, AVERAGE, L1 and LOG_SUM).
struct HalfRun {
  __m512 hi, lo;
};

DMLC_SIMD_TARGET inline HalfRun EmptyRun() { return {_mm512_setzero_ps(), _mm512_setzero_ps()}; }

// `lo` is written as an FMA by 1 (the same single rounding as a subtraction) so that it issues on the
// multiply pipes beside the two adds (with the former split's adds as FMAs too, FLOAT16 rows from memory
// read measurably faster).
template <Accumulate kKind>
DMLC_SIMD_TARGET inline void AddToRun(HalfRun& run, __m512 v) {
  if constexpr (kKind == Accumulate::kAbs) v = _mm512_abs_ps(v);
  const __m512 one = _mm512_set1_ps(1.0f);
  // Rounded to 4 fraction bits, to nearest even (the all-lanes mask spares GCC 12's uninitialised source).
  const __m512 hi = _mm512_maskz_roundscale_ps(0xffff, v, (4 << 4) | _MM_FROUND_TO_NEAREST_INT);
  run.hi = _mm512_add_ps(run.hi, hi);
  run.lo = _mm512_add_ps(run.lo, _mm512_fnmadd_ps(hi, one, v));  // v - hi
}

// One run from two that split its elements: each part's sum is a sum of at most kRun parts (AddToRun's
// bounds), so adding them is exact too. A row's run kept as two chains of adds, alternate sixteens in
// each, where one chain waited on each add's latency (and one prefetch a 64-byte line, where each
// sixteen halves had asked for theirs): it lifts FLOAT16 rows in L1 and from memory (inner SUM, AVERAGE,
// L1 and LOG_SUM, beyond the noise of unchanged kernels beside them).
DMLC_SIMD_TARGET inline HalfRun MergedRuns(const HalfRun& a, const HalfRun& b) {
  return {_mm512_add_ps(a.hi, b.hi), _mm512_add_ps(a.lo, b.lo)};
}

// The run's exact sums, eight lanes of it (kHalf 0: the low ones), in double. An infinite or NaN element
// leaves hi the run's sum (an infinity, or NaN: one of the run's NaNs, or the default one of inf - inf)
// and lo a NaN of its own, so those lanes take hi alone.
template <int kHalf>
DMLC_SIMD_TARGET inline __m512d RunSum(const HalfRun& run) {
  const auto numbers = static_cast<__mmask8>(~_mm512_fpclass_ps_mask(run.hi, 0x99) >> (8 * kHalf));  // not inf/NaN
  const __m512d hi = Widened<kHalf>(run.hi);
  return _mm512_mask_add_pd(hi, numbers, hi, Widened<kHalf>(run.lo));
}

// Lanes 0-7 live in a0, 8-15 in a1 (a[0] below); squares' lanes 16-31 in a[1].
template <Accumulate kKind, class E>
DMLC_SIMD_TARGET double RowOf(const E* x, uint64_t n) {
  __m512d a0 = _mm512_set1_pd(kKind == Accumulate::kProduct ? 1.0 : 0.0), a1 = a0;
  if constexpr (RunLength<kKind, E> > 1) {
    for (uint64_t k = 0; k < n; k += kLanes * kRun) {
      const uint64_t end = std::min(n, k + kLanes * kRun);
      // Two halves of the run, alternate sixteens, each a chain of its own (MergedRuns says why).
      HalfRun run = EmptyRun(), odd = EmptyRun();
      uint64_t e = k;
      for (; e + 2 * kLanes <= end; e += 2 * kLanes) {
        PrefetchAhead(x + e);
        AddToRun<kKind>(run, Load16(x + e));
        AddToRun<kKind>(odd, Load16(x + e + kLanes));
      }
      if (e + kLanes <= end) {
        AddToRun<kKind>(run, Load16(x + e));
        e += kLanes;
      }
      if (e < end) AddToRun<kKind>(run, Load16(x + e, FirstLanes(end - e)));  // lanes past n add +0
      run = MergedRuns(run, odd);
      a0 = _mm512_add_pd(a0, RunSum<0>(run));
      a1 = _mm512_add_pd(a1, RunSum<1>(run));
    }
    return Combine<kKind>(a0, a1);
  }
  // RowLanes past the first sixteen: a pair of accumulators for each further sixteen elements.
  constexpr uint64_t kRowLanes = RowLanes<kKind>, kGroups = kRowLanes / kLanes;
  static_assert(kGroups == 1 || (kGroups == 2 && kKind != Accumulate::kProduct));
  Wide16 a[kGroups];
  for (Wide16& g : a) g = {a0, a1};
  const uint64_t body = n - n % kRowLanes;
  for (uint64_t k = 0; k < body; k += kRowLanes) {
    for (uint64_t g = 0; g < kGroups; ++g) {
      PrefetchAhead(x + k + g * kLanes);
      const Wide16 v = LoadWide(x + k + g * kLanes);
      a[g] = {Apply<kKind>(a[g].lo, v.lo), Apply<kKind>(a[g].hi, v.hi)};
    }
  }
  for (uint64_t k = body, g = 0; k < n && g < kGroups; k += kLanes, ++g) {  // one more for n - body lanes
    const __mmask16 m = n - k >= kLanes ? __mmask16{0xffff} : FirstLanes(n - k);
    const Wide16 v = LoadWide(x + k, m);
    a[g].lo = _mm512_mask_mov_pd(a[g].lo, static_cast<__mmask8>(m), Apply<kKind>(a[g].lo, v.lo));
    a[g].hi = _mm512_mask_mov_pd(a[g].hi, static_cast<__mmask8>(m >> 8), Apply<kKind>(a[g].hi, v.hi));
  }
  if constexpr (kGroups == 2) {  // CombineLanes' first fold: lane i with lane i + 16
    return Combine<kKind>(_mm512_add_pd(a[0].lo, a[1].lo), _mm512_add_pd(a[0].hi, a[1].hi));
  }
  return Combine<kKind>(a[0].lo, a[0].hi);
}

// kRows rows from x, columns [c, c + 16) under mask m: each column's state loaded and stored once.
template <Accumulate kKind, int kRows, class E>
DMLC_SIMD_TARGET inline void ColumnStep(const E* x, uint64_t stride, uint64_t c, __mmask16 m, double* acc) {
  Wide16 a = LoadAccumulators(acc + c, m);
  for (int r = 0; r < kRows; ++r) {
    const Wide16 v = LoadWide(x + r * stride + c, m);
    a = {Apply<kKind>(a.lo, v.lo), Apply<kKind>(a.hi, v.hi)};
  }
  StoreAccumulators(acc + c, m, a);
}

// FLOAT16 column sums and L1 sums add exact runs of kRun rows as the rows do (RunLength), split as
// AddToRun splits, with no widening an element; a run's parts for its strip of columns wait in memory
// between its groups of kRowGroup rows, since a run's sixteen rows read at once, 2 KiB apart, evicted
// each other from L1. Parts held in memory read measurably faster, in L2 and from memory alike.
constexpr uint64_t kRunColumns = 1024;

// kRows rows of a run at columns [c, c + 16) under mask m: the run's parts from hi and lo (or none, for
// its first rows), then back there, or for its last rows into acc.
template <Accumulate kKind, int kRows, class E>
DMLC_SIMD_TARGET inline void ColumnRunStep(const E* x, uint64_t stride, uint64_t c, __mmask16 m, bool first, bool last,
                                      float* hi, float* lo, double* acc) {
  HalfRun run = first ? EmptyRun() : HalfRun{_mm512_maskz_loadu_ps(m, hi + c), _mm512_maskz_loadu_ps(m, lo + c)};
  for (int r = 0; r < kRows; ++r) {
    AddToRun<kKind>(run, LoadColumns(x + r * stride + c, m));
  }
  if (!last) {
    _mm512_mask_storeu_ps(hi + c, m, run.hi);
    _mm512_mask_storeu_ps(lo + c, m, run.lo);
    return;
  }
  const Wide16 a = LoadAccumulators(acc + c, m);
  StoreAccumulators(acc + c, m, {_mm512_add_pd(a.lo, RunSum<0>(run)), _mm512_add_pd(a.hi, RunSum<1>(run))});
}

// Runs of kRun rows from the first, each over strips of kRunColumns columns in groups of rows
// (ForColumnSteps, which also prefetches the next run's first rows).
template <Accumulate kKind, class E>
DMLC_SIMD_TARGET void ColumnRunsOf(const E* x, uint64_t rows, uint64_t stride, uint64_t n, double* acc) {
  float hi[kRunColumns], lo[kRunColumns];  // unaligned, as RowExtremeOf's lanes
  for (uint64_t r0 = 0; r0 < rows; r0 += kRun) {
    const uint64_t run_rows = std::min(kRun, rows - r0);
    for (uint64_t c0 = 0; c0 < n; c0 += kRunColumns) {
      ForColumnSteps(x + r0 * stride + c0, run_rows, stride, std::min(kRunColumns, n - c0),
                     [&]<int kRows>(const E* g, uint64_t r, uint64_t c, __mmask16 m) DMLC_SIMD_TARGET {
                       ColumnRunStep<kKind, kRows>(g, stride, c, m, r == 0, r + kRows == run_rows, hi, lo, acc + c0);
                     });
    }
  }
}

template <Accumulate kKind, class E>
DMLC_SIMD_TARGET void ColumnOf(const E* x, uint64_t rows, uint64_t stride, uint64_t n, double* acc) {
  if constexpr (RunLength<kKind, E> > 1) return ColumnRunsOf<kKind>(x, rows, stride, n, acc);
  ForColumnSteps(x, rows, stride, n, [&]<int kRows>(const E* g, uint64_t, uint64_t c, __mmask16 m) DMLC_SIMD_TARGET {
    ColumnStep<kKind, kRows>(g, stride, c, m, acc);
  });
}

// Extreme16(v, b) is b when v is NaN, so NaN never enters the running extreme; it is noted apart.
template <bool kMax, class E>
DMLC_SIMD_TARGET float RowExtremeOf(const E* x, uint64_t n, bool* nan) {
  const float init = kMax ? -std::numeric_limits<float>::infinity() : std::numeric_limits<float>::infinity();
  __m512 b0 = _mm512_set1_ps(init), b1 = b0, b2 = b0, b3 = b0;
  __mmask16 unordered = 0;
  const auto step = [&](__m512 b, __m512 v) DMLC_SIMD_TARGET {
    unordered |= _mm512_cmp_ps_mask(v, v, _CMP_UNORD_Q);
    return Extreme16<kMax>(v, b);
  };
  uint64_t k = 0;
  for (; k + 64 <= n; k += 64) {
    for (int line = 0; line < 64; line += 16) {
      PrefetchAhead(x + k + line);
    }
    b0 = step(b0, Load16(x + k));
    b1 = step(b1, Load16(x + k + 16));
    b2 = step(b2, Load16(x + k + 32));
    b3 = step(b3, Load16(x + k + 48));
  }
  for (; k + 16 <= n; k += 16) b0 = step(b0, Load16(x + k));
  const __m512 b = Extreme16<kMax>(Extreme16<kMax>(b0, b1), Extreme16<kMax>(b2, b3));
  float lanes[16];  // an unaligned store: mingw-w64's GCC does not reliably realign the stack to 64 bytes
  _mm512_storeu_ps(lanes, b);
  return FinishRowExtreme<kMax>(lanes, 16, x, k, n, unordered != 0, nan);
}

template <class E>
DMLC_SIMD_TARGET uint64_t Find(const E* x, uint64_t n, float v) {
  const bool want_nan = v != v;
  const __m512 target = _mm512_set1_ps(v);
  for (uint64_t k = 0; k < n; k += 16) {
    const __mmask16 in = k + 16 <= n ? __mmask16{0xffff} : FirstLanes(n - k);
    const __m512 e = Load16(x + k, in);
    const __mmask16 hit =
        in & (want_nan ? _mm512_cmp_ps_mask(e, e, _CMP_UNORD_Q) : _mm512_cmp_ps_mask(e, target, _CMP_EQ_OQ));
    if (hit != 0) return k + static_cast<uint64_t>(__builtin_ctz(hit));
  }
  return n;
}

// The per-column kernels below take kRows rows at columns [c, c + 16) under mask m (lanes outside it are
// neither read nor written) and run each column's rows in order, as the AVX2 kernels do.
template <bool kMax, int kRows, class E>
DMLC_SIMD_TARGET inline void ColumnExtremeStep(const E* x, uint64_t stride, uint64_t c, __mmask16 m, float* acc) {
  __m512 a = _mm512_maskz_loadu_ps(m, acc + c);
  for (int r = 0; r < kRows; ++r) {
    // Extreme16(v, a) is v when v is better, else a (for a NaN on either side too): ExtremeStep's rule.
    a = Extreme16<kMax>(LoadColumns(x + r * stride + c, m), a);
  }
  _mm512_mask_storeu_ps(acc + c, m, a);
}

template <bool kMax, int kRows, class E>
DMLC_SIMD_TARGET inline void ColumnArgStep(const E* x, uint64_t stride, uint64_t c, __mmask16 m, uint32_t r0,
                                      float* best, uint32_t* pos) {
  __m512 b = _mm512_maskz_loadu_ps(m, best + c);
  __m512i p = _mm512_maskz_loadu_epi32(m, pos + c);
  for (int r = 0; r < kRows; ++r) {
    const __m512 v = LoadColumns(x + r * stride + c, m);
    // Taken only when better: an ordered compare, false for a NaN on either side (ArgStep's rule).
    const __mmask16 take = _mm512_cmp_ps_mask(v, b, kMax ? _CMP_GT_OQ : _CMP_LT_OQ);
    b = _mm512_mask_mov_ps(b, take, v);
    p = _mm512_mask_mov_epi32(p, take, _mm512_set1_epi32(static_cast<int>(r0 + r)));
  }
  _mm512_mask_storeu_ps(best + c, m, b);
  _mm512_mask_storeu_epi32(pos + c, m, p);
}

template <bool kMax, int kRows, class E>
DMLC_SIMD_TARGET inline void ColumnExtremeRows(const E* x, uint64_t stride, uint64_t n, float* acc) {
  ColumnGroup<kRows>(x, stride, n, [&](uint64_t c, __mmask16 m) DMLC_SIMD_TARGET {
    ColumnExtremeStep<kMax, kRows>(x, stride, c, m, acc);
  });
}

template <bool kMax, int kRows, class E>
DMLC_SIMD_TARGET inline void ColumnArgRows(const E* x, uint64_t stride, uint64_t n, uint32_t r0, float* best,
                                      uint32_t* pos) {
  ColumnGroup<kRows>(x, stride, n, [&](uint64_t c, __mmask16 m) DMLC_SIMD_TARGET {
    ColumnArgStep<kMax, kRows>(x, stride, c, m, r0, best, pos);
  });
}

// Sixteen lanes of ExpOfDifference (exp_float.h): the AVX2 kernel's constants and operations, so the same
// bits; lanes below the floor are +0 as there.
DMLC_SIMD_TARGET inline __m512 ExpLanes(__m512 x, __m512 m) {
  const __m512 th = _mm512_sub_ps(x, m);
  const __m512 bv = _mm512_sub_ps(th, x);
  const __m512 minus_m =  // the sign flipped, as -m (0 - m would make +0 of -0)
      _mm512_castsi512_ps(_mm512_xor_si512(_mm512_castps_si512(m), _mm512_set1_epi32(INT32_MIN)));
  const __m512 tl = _mm512_add_ps(_mm512_sub_ps(x, _mm512_sub_ps(th, bv)), _mm512_sub_ps(minus_m, bv));
  const __m512 shift = _mm512_set1_ps(kExpShift);
  const __m512 s = _mm512_fmadd_ps(th, _mm512_set1_ps(kExpInvLn2), shift);
  const __m512 n = _mm512_sub_ps(s, shift);
  const __m512 hi = _mm512_fnmadd_ps(n, _mm512_set1_ps(kExpLn2Hi), th);  // fma(-n, hi, th)
  const __m512 r = _mm512_add_ps(_mm512_fnmadd_ps(n, _mm512_set1_ps(kExpLn2Lo), hi), tl);
  __m512 p = _mm512_fmadd_ps(_mm512_set1_ps(kExpC6), r, _mm512_set1_ps(kExpC5));
  p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(kExpC4));
  p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(kExpC3));
  p = _mm512_fmadd_ps(p, r, _mm512_set1_ps(0.5f));
  const __m512 q = _mm512_fmadd_ps(_mm512_mul_ps(r, r), p, r);
  const __m512i biased = _mm512_add_epi32(_mm512_castps_si512(s), _mm512_set1_epi32(kExpBiasFromShift));
  const __m512 scale = _mm512_castsi512_ps(_mm512_maskz_slli_epi32(0xffff, biased, 23));
  const __mmask16 below = _mm512_cmp_ps_mask(th, _mm512_set1_ps(kExpOfDifferenceFloor), _CMP_LT_OQ);
  return _mm512_maskz_mov_ps(static_cast<__mmask16>(~below), _mm512_fmadd_ps(scale, q, scale));
}

template <class E>
DMLC_SIMD_TARGET double RowExp(const E* x, uint64_t n, float m, NextData next) {
  __m512d a0 = _mm512_setzero_pd(), a1 = a0;
  const __m512 max = _mm512_set1_ps(m);
  const uint64_t body = n - n % kLanes;
  for (uint64_t k = 0; k < body; k += kLanes) {
    PrefetchAt<E>(next, k);
    const __m512 e = ExpLanes(Load16(x + k), max);
    a0 = _mm512_add_pd(a0, Low(e));
    a1 = _mm512_add_pd(a1, High(e));
  }
  if (body == n) return Combine<Accumulate::kSum>(a0, a1);
  double lanes[kLanes];
  _mm512_storeu_pd(lanes, a0);
  _mm512_storeu_pd(lanes + 8, a1);
  for (uint64_t k = body; k < n; ++k) lanes[k % kLanes] += ExpOfDifference(Widen(x[k]), m);
  return CombineLanes(Accumulate::kSum, lanes);
}

// kRows rows of ColumnExp at columns [c, c + 16) under mask m: each column's maximum and sums loaded once.
template <int kRows, class E>
DMLC_SIMD_TARGET inline void ColumnExpStep(const E* x, uint64_t stride, uint64_t c, __mmask16 mask, const float* m,
                                      double* acc) {
  const __m512 max = _mm512_maskz_loadu_ps(mask, m + c);
  Wide16 a = LoadAccumulators(acc + c, mask);
  for (int r = 0; r < kRows; ++r) {
    const __m512 e = ExpLanes(LoadColumns(x + r * stride + c, mask), max);
    a = {_mm512_add_pd(a.lo, Low(e)), _mm512_add_pd(a.hi, High(e))};
  }
  StoreAccumulators(acc + c, mask, a);
}

// Two rows at a time, as the AVX2 kernel; each row prefetches its next data a line per 16 columns.
template <int kRows, class E>
DMLC_SIMD_TARGET void ColumnExpRows(const E* x, uint64_t stride, uint64_t n, const float* m, double* acc,
                               NextData next) {
  uint64_t c = 0;
  for (; c + 16 <= n; c += 16) {
    for (int r = 0; r < kRows; ++r) PrefetchAt<E>(Advanced<E>(next, r * stride), c);
    ColumnExpStep<kRows>(x, stride, c, __mmask16{0xffff}, m, acc);
  }
  if (c < n) ColumnExpStep<kRows>(x, stride, c, FirstLanes(n - c), m, acc);
}

#include "backends/cpu/reduce_simd_kernels.inc"

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
    SetKernels(set);
    if constexpr (kIsHalf<E>) {
      set.row_extreme = HalfBitsRowExtreme;
      set.find = HalfBitsFind;
    }
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
