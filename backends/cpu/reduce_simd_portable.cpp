// The portable REDUCE span kernels: plain loops with the lane order of reduce_simd.h, and the run-time
// choice between them and the AVX2 ones.
#include <cmath>
#include <limits>

#include "backends/cpu/exp_float.h"
#include "backends/cpu/reduce_simd.h"

namespace dmlc::backends::cpu::simd {
namespace {

template <Accumulate kKind>
void RowOf(const float* x, uint64_t n, double* lanes) {
  for (uint64_t k = 0; k < n; ++k) StepScalar<kKind>(lanes[k % kLanes], x[k]);
}

template <Accumulate kKind>
void ColumnOf(const float* x, uint64_t rows, uint64_t stride, uint64_t n, double* acc) {
  for (uint64_t r = 0; r < rows; ++r, x += stride) {
    for (uint64_t c = 0; c < n; ++c) StepScalar<kKind>(acc[c], x[c]);
  }
}

void Row(Accumulate kind, const float* x, uint64_t n, double* lanes) {
  switch (kind) {
    case Accumulate::kSum: return RowOf<Accumulate::kSum>(x, n, lanes);
    case Accumulate::kAbs: return RowOf<Accumulate::kAbs>(x, n, lanes);
    case Accumulate::kSquare: return RowOf<Accumulate::kSquare>(x, n, lanes);
    case Accumulate::kProduct: return RowOf<Accumulate::kProduct>(x, n, lanes);
  }
}

void Column(Accumulate kind, const float* x, uint64_t rows, uint64_t stride, uint64_t n, double* acc) {
  switch (kind) {
    case Accumulate::kSum: return ColumnOf<Accumulate::kSum>(x, rows, stride, n, acc);
    case Accumulate::kAbs: return ColumnOf<Accumulate::kAbs>(x, rows, stride, n, acc);
    case Accumulate::kSquare: return ColumnOf<Accumulate::kSquare>(x, rows, stride, n, acc);
    case Accumulate::kProduct: return ColumnOf<Accumulate::kProduct>(x, rows, stride, n, acc);
  }
}

float RowExtreme(bool max, const float* x, uint64_t n, bool* nan) {
  float best = max ? -std::numeric_limits<float>::infinity() : std::numeric_limits<float>::infinity();
  bool seen_nan = false;
  for (uint64_t k = 0; k < n; ++k) {
    if (max ? x[k] > best : x[k] < best) best = x[k];
    seen_nan = seen_nan || x[k] != x[k];
  }
  *nan = seen_nan;
  return best;
}

uint64_t Find(const float* x, uint64_t n, float v) {
  const bool want_nan = v != v;
  for (uint64_t k = 0; k < n; ++k) {
    if (want_nan ? x[k] != x[k] : x[k] == v) return k;
  }
  return n;
}

void ColumnExtreme(bool max, const float* x, uint64_t rows, uint64_t stride, uint64_t n, float* acc) {
  for (uint64_t r = 0; r < rows; ++r, x += stride) {
    for (uint64_t c = 0; c < n; ++c) ExtremeStep(max, acc[c], x[c]);
  }
}

bool ColumnMax(const float* x, uint64_t rows, uint64_t stride, uint64_t n, float* peaks) {
  for (uint64_t r = 0; r < rows; ++r, x += stride) {
    for (uint64_t c = 0; c < n; ++c) {
      if (x[c] != x[c]) return false;
      if (x[c] > peaks[c]) peaks[c] = x[c];
    }
  }
  return true;
}

void ColumnArg(bool max, const float* x, uint64_t rows, uint64_t stride, uint64_t n, uint32_t r0, float* best,
               uint32_t* pos) {
  for (uint64_t r = 0; r < rows; ++r, x += stride) {
    for (uint64_t c = 0; c < n; ++c) ArgStep(max, best[c], pos[c], x[c], r0 + static_cast<uint32_t>(r));
  }
}

void RowExp(const float* x, uint64_t n, float m, double* lanes, NextData) {
  for (uint64_t k = 0; k < n; ++k) lanes[k % kLanes] += ExpOfDifference(x[k], m);
}

void ColumnExp(const float* x, uint64_t rows, uint64_t stride, uint64_t n, const float* m, double* acc, NextData) {
  for (uint64_t r = 0; r < rows; ++r, x += stride) {
    for (uint64_t c = 0; c < n; ++c) acc[c] += ExpOfDifference(x[c], m[c]);
  }
}

}  // namespace

double CombineLanes(Accumulate kind, double* lanes) {
  for (uint64_t width = kLanes / 2; width > 0; width /= 2) {
    for (uint64_t i = 0; i < width; ++i) {
      lanes[i] = kind == Accumulate::kProduct ? lanes[i] * lanes[i + width] : lanes[i] + lanes[i + width];
    }
  }
  return lanes[0];
}

const ReduceKernels& PortableReduceKernels() {
  static const ReduceKernels kernels{"portable", Row,       Column,    RowExtreme, Find, ColumnExtreme,
                                     ColumnMax,  ColumnArg, RowExp,     ColumnExp};
  return kernels;
}

const ReduceKernels& ActiveReduceKernels() {
  static const ReduceKernels& active = Avx2ReduceKernels() ? *Avx2ReduceKernels() : PortableReduceKernels();
  return active;
}

}  // namespace dmlc::backends::cpu::simd
