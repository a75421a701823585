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
// This file holds the set's vector primitives and its own kernels (the sums along rows and FLOAT16's runs
// along columns, find, row_exp); the kernels both vector sets share are compiled here from
// reduce_simd_loops.inc and reduce_simd_kernels.inc.
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

// The column kernels' vectors (reduce_simd_kernels.inc): sixteen columns a step under a mask, the last
// vector's cut to the columns left; lanes outside it are neither read (they load as 0) nor written.
DMLC_SIMD_TARGET inline __m512 LoadFloats(const float* p, __mmask16 m) { return _mm512_maskz_loadu_ps(m, p); }
DMLC_SIMD_TARGET inline void StoreFloats(float* p, __mmask16 m, __m512 v) { _mm512_mask_storeu_ps(p, m, v); }
DMLC_SIMD_TARGET inline Wide16 LoadSums(const double* acc, __mmask16 m) {
  return {_mm512_maskz_loadu_pd(static_cast<__mmask8>(m), acc),
          _mm512_maskz_loadu_pd(static_cast<__mmask8>(m >> 8), acc + 8)};
}
DMLC_SIMD_TARGET inline void StoreSums(double* acc, __mmask16 m, const Wide16& a) {
  _mm512_mask_storeu_pd(acc, static_cast<__mmask8>(m), a.lo);
  _mm512_mask_storeu_pd(acc + 8, static_cast<__mmask8>(m >> 8), a.hi);
}

// max_ps(v, b) (min_ps for the minimum): b unless v is better, so a NaN on either side gives b. The
// zero-masking form with every lane selected, for GCC 12's warning as above.
template <bool kMax>
DMLC_SIMD_TARGET inline __m512 Better(__m512 v, __m512 b) {
  return kMax ? _mm512_maskz_max_ps(0xffff, v, b) : _mm512_maskz_min_ps(0xffff, v, b);
}

// Where v is taken: an ordered compare, false for a NaN on either side (ArgStep's rule).
template <bool kMax>
DMLC_SIMD_TARGET inline __mmask16 Takes(__m512 v, __m512 b) {
  return _mm512_cmp_ps_mask(v, b, kMax ? _CMP_GT_OQ : _CMP_LT_OQ);
}
DMLC_SIMD_TARGET inline __m512 Select(__mmask16 take, __m512 v, __m512 b) { return _mm512_mask_mov_ps(b, take, v); }
DMLC_SIMD_TARGET inline __m512i LoadPositions(const uint32_t* p, __mmask16 m) { return _mm512_maskz_loadu_epi32(m, p); }
DMLC_SIMD_TARGET inline void StorePositions(uint32_t* p, __mmask16 m, __m512i v) { _mm512_mask_storeu_epi32(p, m, v); }
DMLC_SIMD_TARGET inline __m512i SelectPosition(__mmask16 take, uint32_t r, __m512i p) {
  return _mm512_mask_mov_epi32(p, take, _mm512_set1_epi32(static_cast<int>(r)));
}

DMLC_SIMD_TARGET inline __mmask16 FirstLanes(uint64_t count) { return static_cast<__mmask16>((1u << count) - 1); }

// Columns [0, n): step(c, mask) for each vector, the last one masked, prefetch(c) before it at every
// kEvery-th column (none for kEvery 0). No column is left to scalar code, so `tail` is never called.
template <uint64_t kEvery, class Prefetch, class Step, class Tail>
DMLC_SIMD_TARGET inline void ForColumns(uint64_t n, const Prefetch& prefetch, const Step& step, const Tail&) {
  uint64_t c = 0;
  for (; c + 16 <= n; c += 16) {
    if constexpr (kEvery != 0) {
      if (c % kEvery == 0) prefetch(c);
    }
    step(c, __mmask16{0xffff});
  }
  if (c < n) step(c, FirstLanes(n - c));
}
// The column kernels prefetch the next row group once a line: for FLOAT16, every other 16 columns
// (asking twice a line took load slots, and FLOAT16 outer SUM, L1, MULTIPLY, MAX and ARGMIN read
// measurably faster without it).
template <class E>
inline constexpr uint64_t kGroupPrefetchColumns = 64 / sizeof(E);

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

#include "backends/cpu/reduce_simd_loops.inc"

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
  const Wide16 a = LoadSums(acc + c, m);
  StoreSums(acc + c, m, {_mm512_add_pd(a.lo, RunSum<0>(run)), _mm512_add_pd(a.hi, RunSum<1>(run))});
}

// Runs of kRun rows from the first, each over strips of kRunColumns columns in groups of rows
// (ColumnGroup, which also prefetches the next run's first rows): the set's FLOAT16 column sums.
inline constexpr bool kColumnRuns = true;
template <Accumulate kKind, class E>
DMLC_SIMD_TARGET void ColumnRuns(const E* x, uint64_t rows, uint64_t stride, uint64_t n, double* acc) {
  float hi[kRunColumns], lo[kRunColumns];  // unaligned, as RowExtremeOf's lanes
  for (uint64_t r0 = 0; r0 < rows; r0 += kRun) {
    const uint64_t run_rows = std::min(kRun, rows - r0);
    for (uint64_t c0 = 0; c0 < n; c0 += kRunColumns) {
      ForRowGroups(run_rows, [&]<int kRows>(uint64_t r) DMLC_SIMD_TARGET {
        const E* g = x + (r0 + r) * stride + c0;
        const auto step = [&](uint64_t c, __mmask16 m) DMLC_SIMD_TARGET {
          ColumnRunStep<kKind, kRows>(g, stride, c, m, r == 0, r + kRows == run_rows, hi, lo, acc + c0);
        };
        ColumnGroup<kRows>(g, stride, std::min(kRunColumns, n - c0), step, [](uint64_t) {});
      });
    }
  }
}

// RowExtremeOf's vector (reduce_simd_kernels.inc): sixteen floats, NaNs noted as a mask.
struct RowVector {
  using Floats = __m512;
  using Nans = __mmask16;
  static constexpr uint64_t kWidth = 16;
  static constexpr size_t kAlign = alignof(float);  // mingw-w64's GCC does not reliably realign the stack to 64
  DMLC_SIMD_TARGET static Floats Splat(float v) { return _mm512_set1_ps(v); }
  template <class E>
  DMLC_SIMD_TARGET static Floats Load(const E* p) {
    return Load16(p);
  }
  DMLC_SIMD_TARGET static Nans NoNans() { return 0; }
  DMLC_SIMD_TARGET static Nans AddNans(Nans seen, Floats v) {
    return seen | _mm512_cmp_ps_mask(v, v, _CMP_UNORD_Q);
  }
  DMLC_SIMD_TARGET static bool Any(Nans seen) { return seen != 0; }
  DMLC_SIMD_TARGET static void Store(float* p, Floats v) { _mm512_storeu_ps(p, v); }
};

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
