// What the float fast paths of REDUCE (reduce_fast.h) share between their row reducer (reduce_fast.cpp)
// and their column reducer (reduce_fast_columns.cpp): a function's float form, access to elements that
// gives the same arithmetic at any alignment, and the stores of the sum family and LOG_SUM_EXP.
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "backends/cpu/element.h"
#include "backends/cpu/reduce_functions.h"
#include "backends/cpu/reduce_simd.h"
#include "backends/cpu/reduce_skeleton.h"
#include "backends/thread_pool.h"

namespace dmlc::backends::cpu::fast {

using reduce::FloatKind;

// A function's family (reduce_skeleton.h) and, for the sum family, the transform before its store.
struct Function : ReduceClass {
  FloatKind kind = FloatKind::kSum;
};

inline Function FloatFunction(ops::ReduceFunction f) {
  const auto kind = [&] {
    switch (f) {
      case ops::ReduceFunction::kAverage: return FloatKind::kAverage;
      case ops::ReduceFunction::kL1: return FloatKind::kL1;
      case ops::ReduceFunction::kL2: return FloatKind::kL2;
      case ops::ReduceFunction::kLogSum: return FloatKind::kLogSum;
      case ops::ReduceFunction::kMultiply: return FloatKind::kMultiply;
      case ops::ReduceFunction::kSumSquare: return FloatKind::kSumSquare;
      default: return FloatKind::kSum;
    }
  };
  return {Classify(f), kind()};
}

inline double Fold(Accumulate a, double x, double y) { return a == Accumulate::kProduct ? x * y : x + y; }

// Whether the kernels can read elements of T at p where they lie (FLOAT16 widened as they load).
template <class T>
inline bool InPlace(const std::byte* p) {
  return reinterpret_cast<uintptr_t>(p) % alignof(T) == 0;
}

// n elements of T at a misaligned p, widened (or copied) into `scratch` as floats.
template <class T>
const float* Floats(const std::byte* p, uint64_t n, float* scratch) {
  for (uint64_t k = 0; k < n; ++k) scratch[k] = Load<T>(p + k * sizeof(T));
  return scratch;
}

// fn(kernels, elements) on n elements of T at p by the T kernels: in place when p is aligned for T, else
// on a copy of the bytes in `scratch` (n floats' room: aligned for either type), so that an input's
// address never changes its arithmetic (FLOAT16's exact runs included).
template <class T, class Fn>
decltype(auto) OnElements(const std::byte* p, uint64_t n, float* scratch, Fn&& fn) {
  if (!InPlace<T>(p)) {
    std::memcpy(scratch, p, n * sizeof(T));
    p = reinterpret_cast<const std::byte*>(scratch);
  }
  return fn(simd::ActiveReduceKernels<T>(), reinterpret_cast<const T*>(p));
}

// Stores `count` outputs of the sum family, sums[i] (of n elements each) at p + i * step.
template <class T>
void StoreSums(FloatKind kind, std::byte* p, uint64_t step, const double* sums, uint64_t count, uint64_t n) {
  const auto each = [&]<FloatKind kKind>() {
    for (uint64_t i = 0; i < count; ++i) reduce::FloatReduce<T, kKind>::Store(p + i * step, sums[i], n);
  };
  switch (kind) {
    case FloatKind::kSum: return each.template operator()<FloatKind::kSum>();
    case FloatKind::kAverage: return each.template operator()<FloatKind::kAverage>();
    case FloatKind::kL1: return each.template operator()<FloatKind::kL1>();
    case FloatKind::kL2: return each.template operator()<FloatKind::kL2>();
    case FloatKind::kLogSum: return each.template operator()<FloatKind::kLogSum>();
    case FloatKind::kSumSquare: return each.template operator()<FloatKind::kSumSquare>();
    case FloatKind::kMultiply: return each.template operator()<FloatKind::kMultiply>();
  }
}

template <class T>
void StoreLogSumExp(std::byte* p, float max, double sum) {
  // A NaN or infinite maximum is the result; the sum only matters for a finite one.
  reduce::LogSumExp<T>::Store(p, {max, std::isfinite(max) ? sum : 1.0}, 0);
}

// The columns layout of ReduceFast (reduce_fast_columns.cpp); precondition: ReduceFastApplies().
void ReduceColumns(const ReducePlan& plan, const Function& f, ops::DataType input_type, ops::DataType output_type,
                   const std::byte* in, std::byte* out, ThreadPool& pool);

}  // namespace dmlc::backends::cpu::fast
