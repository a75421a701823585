// The portable REDUCE span kernels: plain loops with the lane order of reduce_simd.h, over float or
// Half elements (widened as they are read).
#include <algorithm>
#include <cmath>
#include <limits>

#include "backends/cpu/exp_float.h"
#include "backends/cpu/reduce_simd.h"

namespace dmlc::backends::cpu::simd {
namespace {

// A run's exact sum in double (RunLength) is the plain sequential one: no step rounds.
template <Accumulate kKind, class E>
double RowOf(const E* x, uint64_t n) {
  constexpr uint64_t kRowLanes = RowLanes<kKind>;
  double lanes[kRowLanes];
  std::fill(lanes, lanes + kRowLanes, kKind == Accumulate::kProduct ? 1.0 : 0.0);
  constexpr uint64_t kBlock = kRowLanes * RunLength<kKind, E>;
  for (uint64_t b = 0; b < n; b += kBlock) {
    double runs[kRowLanes] = {};
    for (uint64_t k = b; k < std::min(n, b + kBlock); ++k) {
      StepScalar<kKind>(RunLength<kKind, E> == 1 ? lanes[k % kRowLanes] : runs[k % kRowLanes], Widen(x[k]));
    }
    if constexpr (RunLength<kKind, E> > 1) {
      for (uint64_t j = 0; j < kRowLanes; ++j) lanes[j] += runs[j];
    }
  }
  return CombineLanes(kKind, lanes, kRowLanes);
}

template <Accumulate kKind, class E>
void ColumnOf(const E* x, uint64_t rows, uint64_t stride, uint64_t n, double* acc) {
  for (uint64_t r = 0; r < rows; ++r, x += stride) {
    for (uint64_t c = 0; c < n; ++c) StepScalar<kKind>(acc[c], Widen(x[c]));
  }
}

template <class E>
double Row(Accumulate kind, const E* x, uint64_t n) {
  return DispatchAccumulate(kind, [&]<Accumulate kKind>() { return RowOf<kKind>(x, n); });
}

template <class E>
void Column(Accumulate kind, const E* x, uint64_t rows, uint64_t stride, uint64_t n, double* acc) {
  DispatchAccumulate(kind, [&]<Accumulate kKind>() { ColumnOf<kKind>(x, rows, stride, n, acc); });
}

template <class E>
float RowExtreme(bool max, const E* x, uint64_t n, bool* nan) {
  float best = max ? -std::numeric_limits<float>::infinity() : std::numeric_limits<float>::infinity();
  bool seen_nan = false;
  for (uint64_t k = 0; k < n; ++k) {
    const float v = Widen(x[k]);
    if (max ? v > best : v < best) best = v;
    seen_nan = seen_nan || v != v;
  }
  *nan = seen_nan;
  return best;
}

template <class E>
uint64_t Find(const E* x, uint64_t n, float v) {
  const bool want_nan = v != v;
  for (uint64_t k = 0; k < n; ++k) {
    const float e = Widen(x[k]);
    if (want_nan ? e != e : e == v) return k;
  }
  return n;
}

template <class E>
void ColumnExtreme(bool max, const E* x, uint64_t rows, uint64_t stride, uint64_t n, float* acc) {
  for (uint64_t r = 0; r < rows; ++r, x += stride) {
    for (uint64_t c = 0; c < n; ++c) ExtremeStep(max, acc[c], Widen(x[c]));
  }
}

template <class E>
bool ColumnMax(const E* x, uint64_t rows, uint64_t stride, uint64_t n, float* peaks) {
  for (uint64_t r = 0; r < rows; ++r, x += stride) {
    for (uint64_t c = 0; c < n; ++c) {
      const float v = Widen(x[c]);
      if (v != v) return false;
      if (v > peaks[c]) peaks[c] = v;
    }
  }
  return true;
}

template <class E>
void ColumnArg(bool max, const E* x, uint64_t rows, uint64_t stride, uint64_t n, uint32_t r0, float* best,
               uint32_t* pos) {
  for (uint64_t r = 0; r < rows; ++r, x += stride) {
    for (uint64_t c = 0; c < n; ++c) ArgStep(max, best[c], pos[c], Widen(x[c]), r0 + static_cast<uint32_t>(r));
  }
}

template <class E>
double RowExp(const E* x, uint64_t n, float m, NextData) {
  double lanes[kLanes] = {};
  for (uint64_t k = 0; k < n; ++k) lanes[k % kLanes] += ExpOfDifference(Widen(x[k]), m);
  return CombineLanes(Accumulate::kSum, lanes);
}

template <class E>
void ColumnExp(const E* x, uint64_t rows, uint64_t stride, uint64_t n, const float* m, double* acc, NextData) {
  for (uint64_t r = 0; r < rows; ++r, x += stride) {
    for (uint64_t c = 0; c < n; ++c) acc[c] += ExpOfDifference(Widen(x[c]), m[c]);
  }
}

}  // namespace

double CombineLanes(Accumulate kind, double* lanes, uint64_t count) {
  for (uint64_t width = count / 2; width > 0; width /= 2) {
    for (uint64_t i = 0; i < width; ++i) {
      lanes[i] = kind == Accumulate::kProduct ? lanes[i] * lanes[i + width] : lanes[i] + lanes[i + width];
    }
  }
  return lanes[0];
}

template <class E>
const ReduceKernelsOf<E>& PortableReduceKernels() {
  static const ReduceKernelsOf<E> kernels{"portable",   Row<E>,       Column<E>,    RowExtreme<E>, Find<E>,
                                          ColumnExtreme<E>, ColumnMax<E>, ColumnArg<E>, RowExp<E>,     ColumnExp<E>};
  return kernels;
}
template const ReduceKernelsOf<float>& PortableReduceKernels<float>();
template const ReduceKernelsOf<Half>& PortableReduceKernels<Half>();

}  // namespace dmlc::backends::cpu::simd
