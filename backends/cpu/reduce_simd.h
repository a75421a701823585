// Span kernels for the fast REDUCE paths (reduce_fast.h) over FLOAT32 and FLOAT16 elements, with two
// implementations of one contract: portable C++ (reduce_simd_portable.cpp) and AVX2+FMA+F16C
// (reduce_simd_avx2.cpp, compiled with a target attribute, never -march), whose kernels but column_max
// have AVX-512 versions (reduce_simd_avx512.cpp) for CPUs that have it; what the two vector sets do alike
// is written once (reduce_simd_loops.inc, reduce_simd_kernels.inc) and compiled in each. Each is one set
// of templates over the element type E, float or Half: a FLOAT16 element is widened to float as it is loaded (F16C in
// registers in the AVX2 set; exact either way), and everything after the load is the FLOAT32 kernel's.
// ActiveReduceKernels<E>() picks the widest set once at run time.
//
// Determinism: every kernel is a pure function of its arguments. Row sums put element k into lane
// k % RowLanes and every implementation applies the same operations to each lane in the same order, so
// they agree bit for bit (products of float-widened doubles are exact for squares, so FMA contraction
// changes nothing). FLOAT16 row sums and L1 sums add exact runs (RunLength): each lane adds the exact
// sum of each run of kRun of its elements as one double; any exact way of summing a run gives the same
// double, so every implementation picks its own (the AVX-512 one in float, see there; a run holding NaN
// gives one of its NaNs, which one depending on the way); FLOAT16 column
// sums agree in value (RunLength says when). The extreme, find and other column kernels are exact
// (comparisons only, or per-column sequential sums). The exp kernels
// run ExpOfDifference's operation sequence (exp_float.h) in every set, so they agree bit for bit too, for
// every input their contract allows.
// Pointers need no alignment beyond E's. Thread-safe: no state.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>

#include "backends/cpu/element.h"
#include "backends/cpu/reduce_plan.h"

namespace dmlc::backends::cpu::simd {

inline constexpr uint64_t kLanes = 16;

// What a sum-like reduction adds (or multiplies) per element (reduce_plan.h), as simd::Accumulate too.
using ::dmlc::backends::cpu::Accumulate;

// fn.template operator()<kKind>() for the run-time kind, and its result: each kernel set's way from
// Accumulate to its templates.
template <class Fn>
inline decltype(auto) DispatchAccumulate(Accumulate kind, const Fn& fn) {
  switch (kind) {
    case Accumulate::kSum: return fn.template operator()<Accumulate::kSum>();
    case Accumulate::kAbs: return fn.template operator()<Accumulate::kAbs>();
    case Accumulate::kSquare: return fn.template operator()<Accumulate::kSquare>();
    case Accumulate::kProduct: break;
  }
  return fn.template operator()<Accumulate::kProduct>();
}

// How many lanes a row sum spreads its elements over, element k into lane k % RowLanes: kLanes, but 32
// for squares. Each lane is a chain of dependent operations, and sixteen lanes are two AVX-512 vectors of
// doubles: a square's FMA waited on the one before it in its lane, which held FLOAT16 rows (half the
// bytes an element of FLOAT32's) below the memory's speed. Four chains lift FLOAT16 rows in L1 and from
// memory.
template <Accumulate kKind>
inline constexpr uint64_t RowLanes = kKind == Accumulate::kSquare ? 2 * kLanes : kLanes;

// How many of a lane's elements a row sum adds as one exact run: kRun for FLOAT16 sums and L1 sums, 1
// (every element on its own) otherwise. A run of kRun halves sums exactly in double (each is a multiple
// of 2^-24 below 2^16, so the sum needs at most 44 bits), so adding runs keeps the reference's double
// accumulation, rounding once a run instead of once an element; the AVX-512 kernel sums a run in float
// without widening each element. Columns: the AVX-512 set adds runs of kRun rows too, the others element
// by element. Both give the same numbers while a column's sums within a call are exact in double and
// start from +0 or a nonzero acc[c], as the callers' are (ColumnSumsStayExact in reduce_fast.cpp: tiles
// of 512 rows from +0, and up to 8192 halves sum below 2^29 in steps of 2^-24); a NaN sum may carry
// another of its NaNs (a run's first, where one by one an earlier inf - inf's), as NaN payloads out of
// sums already differ between the sets.
inline constexpr uint64_t kRun = 16;
template <Accumulate kKind, class E>
inline constexpr uint64_t RunLength = kIsHalf<E> && (kKind == Accumulate::kSum || kKind == Accumulate::kAbs) ? kRun : 1;

// One element of a sum-like reduction, in scalar code: the portable kernels and the AVX2 kernels' tails
// share it, so both sets apply the same operation to each lane.
template <Accumulate kKind>
inline void StepScalar(double& a, float x) {
  const double d = x;
  if constexpr (kKind == Accumulate::kSum) a += d;
  if constexpr (kKind == Accumulate::kAbs) a += std::fabs(d);
  if constexpr (kKind == Accumulate::kSquare) a += d * d;
  if constexpr (kKind == Accumulate::kProduct) a *= d;
}

// One element of column_extreme's rule (MinMax::Update): x replaces acc only when it is better, so a
// NaN x never replaces and a NaN acc stays. Shared like StepScalar.
inline void ExtremeStep(bool max, float& acc, float x) {
  if (max ? x > acc : x < acc) acc = x;
}

// One element of column_arg's rule (ArgMinMax::Update past the first position) at position r: x is
// taken only when it is better, so ties keep the earlier position and a NaN best stays.
inline void ArgStep(bool max, float& best, uint32_t& pos, float x, uint32_t r) {
  if (max ? x > best : x < best) {
    best = x;
    pos = r;
  }
}

// An element as the kernels compute with it: FLOAT16 widened to float (exact).
inline float Widen(float x) { return x; }
inline float Widen(Half h) { return ops::HalfToFloat(h.bits); }

// The end of a vector row_extreme: the extreme of its `count` lanes and of the tail x[k..n), and whether
// a NaN was seen (`nan` on entry: in the vector part).
template <bool kMax, class E>
inline float FinishRowExtreme(const float* lanes, int count, const E* x, uint64_t k, uint64_t n, bool nan,
                              bool* any_nan) {
  float best = kMax ? -std::numeric_limits<float>::infinity() : std::numeric_limits<float>::infinity();
  for (int i = 0; i < count; ++i) {
    if (kMax ? lanes[i] > best : lanes[i] < best) best = lanes[i];
  }
  for (; k < n; ++k) {
    const float v = Widen(x[k]);
    if (kMax ? v > best : v < best) best = v;
    nan = nan || v != v;
  }
  *any_nan = nan;
  return best;
}

// Memory the caller reads next, for the exp kernels to prefetch while they compute: LOG_SUM_EXP reads
// its data twice (the maximum, then the exps from cache), and without the hint the memory idles through
// the exps and the next maximum pass waits on it (prefetched through the exps, a row reduction from
// memory runs much faster; one burst of prefetches before the exps gains less). Prefetches never fault,
// so `next` may run past the end of a buffer.
struct NextData {
  const std::byte* bytes = nullptr;
  uint64_t size = 0;
};

// Per-element operations below are written for floats; `E` is the stored element (float or Half) and
// every x[k] is that element widened to float.
template <class E>
struct ReduceKernelsOf {
  const char* name;
  // CombineLanes(kind, lanes, RowLanes<kind>) of lanes that start at kind's identity (0, or 1 for
  // kProduct) and take lanes[k % RowLanes<kind>] (+ or *)= g(double(x[k])) for k < n; where RunLength is
  // kRun, each lane instead adds the exact sum of its elements in each block of kLanes * kRun (the last
  // block cut at n). The vector sets keep the lanes in registers.
  double (*row)(Accumulate kind, const E* x, uint64_t n);
  // The column kernels take rows r < rows, row r at x + r * stride, in that order. The vector sets take
  // them four at a time, and the AVX-512 set prefetches the four after them (so a caller's rows past the
  // last are prefetched, harmlessly).
  // Per row: acc[c] (+ or *)= g(double(x[c])) for c < n: steps of n independent sequential reductions;
  // where RunLength is kRun, a set may add each run of kRun rows from the first as its exact sum instead
  // (the same numbers under the conditions RunLength gives).
  void (*column)(Accumulate kind, const E* x, uint64_t rows, uint64_t stride, uint64_t n, double* acc);
  // The maximum (or minimum) of the non-NaN x[0..n); *nan is set when any x is NaN. Returns -inf
  // (+inf for the minimum) when no element is a number. Which zero it returns for +0/-0 is unspecified.
  float (*row_extreme)(bool max, const E* x, uint64_t n, bool* nan);
  // The first k with x[k] == v, or with x[k] NaN when v is NaN; n when there is none.
  uint64_t (*find)(const E* x, uint64_t n, float v);
  // Per row and column: acc[c] = x[c] when x[c] > acc[c] (< for the minimum): MinMax::Update, so NaN
  // elements are never taken.
  void (*column_extreme)(bool max, const E* x, uint64_t rows, uint64_t stride, uint64_t n, float* acc);
  // column_extreme(true, x, rows, stride, n, peaks) for LOG_SUM_EXP's maximum pass, but returns false
  // instead, leaving peaks unspecified, when any of those elements is NaN (LOG_SUM_EXP's maximum is then
  // NaN, which the caller finds another way). Its maxima stay in registers over all the rows and its NaN
  // test is a compare per two vectors: three operations a vector, where column_extreme takes a row at a
  // time.
  bool (*column_max)(const E* x, uint64_t rows, uint64_t stride, uint64_t n, float* peaks);
  // Per row r and column, ArgStep at position r0 + r: best[c], pos[c] (ArgMinMax::Update past position 0,
  // whose element the caller seeds best with).
  void (*column_arg)(bool max, const E* x, uint64_t rows, uint64_t stride, uint64_t n, uint32_t r0,
                     float* best, uint32_t* pos);
  // CombineLanes(kSum, lanes) of lanes from 0 that take lanes[k % kLanes] += ExpOfDifference(x[k], m)
  // for k < n; m finite and >= every x[k]. The vector sets also prefetch `next` a cache line per 16
  // elements (the portable set ignores it).
  double (*row_exp)(const E* x, uint64_t n, float m, NextData next);
  // For r < rows, in that order: acc[c] += ExpOfDifference(x[r * stride + c], m[c]). Columns whose m[c] is
  // not finite or below an element get unspecified values. Prefetches like row_exp: row r's next data
  // starts r * stride floats after `next.bytes`. Taking rows together, each column's maximum and sum
  // are loaded once per pair of rows, which is measurably faster in cache.
  void (*column_exp)(const E* x, uint64_t rows, uint64_t stride, uint64_t n, const float* m, double* acc,
                     NextData next);
};

using ReduceKernels = ReduceKernelsOf<float>;
using HalfReduceKernels = ReduceKernelsOf<Half>;

// How far ahead of their loads the row kernels (float, half-bit and integer) prefetch: they read memory
// once, front to back, and the hardware prefetcher alone leaves the stream short of loads in flight.
// 1 KiB ahead helped while the copy ran slowly, but falls short once it runs fast (a loop with no
// prefetch at all beat it): 4 KiB speeds up every inner row reduction from memory (FLOAT32, FLOAT16,
// INT32, INT8 and UINT16 SUM, MAX, ARGMIN and SUM_SQUARE), and 8 KiB reads level with 4.
constexpr int kRowPrefetchBytes = 4096;

// Defined for E = float and E = Half.
template <class E>
const ReduceKernelsOf<E>& PortableReduceKernels();
// nullptr where this build or CPU has no AVX2+FMA+F16C.
template <class E>
const ReduceKernelsOf<E>* Avx2ReduceKernels();
// The AVX2 set with AVX-512 kernels for all but column_max (reduce_simd_avx512.cpp); nullptr where this
// build or CPU has no AVX-512 F/BW/VL/DQ or no AVX2 set.
template <class E>
const ReduceKernelsOf<E>* Avx512ReduceKernels();
// AVX-512, else AVX2, else portable: the widest the CPU has, decided once.
template <class E>
const ReduceKernelsOf<E>& ActiveReduceKernels() {
  static const ReduceKernelsOf<E>& active = Avx512ReduceKernels<E>()  ? *Avx512ReduceKernels<E>()
                                            : Avx2ReduceKernels<E>() ? *Avx2ReduceKernels<E>()
                                                                     : PortableReduceKernels<E>();
  return active;
}

// Folds `count` lanes (a power of two) into lanes[0] in a fixed pairwise order: lane i with lane
// i + count / 2, then with i + count / 4, and so on (sum, or product for kProduct).
double CombineLanes(Accumulate kind, double* lanes, uint64_t count = kLanes);

}  // namespace dmlc::backends::cpu::simd
