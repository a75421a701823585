// The REDUCE span kernels touch nothing past their buffers: every kernel of every set the CPU has (float,
// FLOAT16 and the eight integer types; portable, AVX2, AVX-512) runs over rows and column strips whose
// last element is the last byte before an inaccessible page, with its accumulators and outputs placed
// the same way, at lengths that reach every loop of the kernels and its tail. A load or store whose mask
// lets one lane too many through faults there (a crash, or a failed test where a structured-exception
// handler catches it); results could not show it, since the extra lane is masked out again before it
// counts. Prefetches past the end are allowed: they never fault. The results are checked too.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include "ops/float16.h"
#include "tests/backends/guarded_memory.h"
#include "tests/backends/kernel_sets.h"

namespace dmlc::backends::testing {
namespace {

using cpu::Half;
using cpu::simd::Accumulate;

constexpr Accumulate kKinds[] = {Accumulate::kSum, Accumulate::kAbs, Accumulate::kSquare, Accumulate::kProduct};
constexpr uint64_t kGap = 3;         // strided rows: this many elements between a row's end and the next
constexpr int kLast = 100;           // the last element of the data, found nowhere else
constexpr int kAbsent = 50;          // found nowhere
constexpr size_t kRoom = 256 << 10;  // bytes of each guarded buffer: the longest strip below, 21 x 1044 floats
constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

// Row lengths for the float and FLOAT16 kernels: up to five sixteen-lane vectors (their 64-element
// loops), around a FLOAT16 row's 256-element block of runs, and past the AVX-512 column runs' strips
// of 1024 columns.
std::vector<uint64_t> FloatLengths() {
  std::vector<uint64_t> n;
  for (uint64_t i = 1; i <= 80; ++i) n.push_back(i);
  for (uint64_t i = 248; i <= 304; ++i) n.push_back(i);
  for (uint64_t i = 1025; i <= 1041; ++i) n.push_back(i);
  return n;
}
// Rows of a column strip: groups of four and single rows, a FLOAT16 column run of sixteen and past it.
constexpr uint64_t kRowCounts[] = {1, 2, 3, 4, 5, 6, 16, 17, 21};

template <class E>
E Element(float v) {
  if constexpr (std::is_same_v<E, Half>) {
    return Half{ops::FloatToHalf(v)};
  } else if constexpr (std::is_floating_point_v<E>) {
    return v;
  } else {
    return static_cast<E>(static_cast<int>(v));  // -3 wraps for the unsigned types, as intended
  }
}

double Value(Half h) { return ops::HalfToFloat(h.bits); }
template <class E>
double Value(E e) {
  return static_cast<double>(e);
}

// `rows` rows of n elements `stride` apart: k % 7 - 3 at position k, and `last` last.
template <class E>
std::vector<E> Strip(uint64_t rows, uint64_t stride, uint64_t n, float last) {
  std::vector<E> x((rows - 1) * stride + n);
  for (uint64_t k = 0; k < x.size(); ++k) x[k] = Element<E>(static_cast<float>(k % 7) - 3);
  x.back() = Element<E>(last);
  return x;
}

std::string Where(const char* set, uint64_t rows, uint64_t stride, uint64_t n) {
  return std::string(set) + " rows " + std::to_string(rows) + " stride " + std::to_string(stride) + " n " +
         std::to_string(n);
}

template <class E>
void ExpectFloatRowKernels(const cpu::simd::ReduceKernelsOf<E>& k, GuardedMemory& data, uint64_t n, bool nan) {
  const std::vector<E> x = Strip<E>(1, n, n, nan ? kNaN : kLast);
  const E* row = data.EndingAtGuard(x);
  const std::string where = Where(k.name, 1, n, n) + (nan ? " NaN" : "");
  double sum = 0, squares = 0, highest = -std::numeric_limits<double>::infinity(), lowest = -highest;
  for (const E& e : x) {
    if (Value(e) != Value(e)) continue;
    sum += Value(e);
    squares += Value(e) * Value(e);
    highest = std::max(highest, Value(e));
    lowest = std::min(lowest, Value(e));
  }
  bool saw_nan = !nan;
  EXPECT_EQ(k.row_extreme(true, row, n, &saw_nan), highest) << where;
  EXPECT_EQ(saw_nan, nan) << where;
  EXPECT_EQ(k.row_extreme(false, row, n, &saw_nan), lowest) << where;
  EXPECT_EQ(k.find(row, n, nan ? kNaN : static_cast<float>(kLast)), n - 1) << where;
  EXPECT_EQ(k.find(row, n, kAbsent), n) << where;
  if (nan) return;  // the sums' and exps' values below assume numbers
  for (Accumulate kind : kKinds) k.row(kind, row, n);
  EXPECT_EQ(k.row(Accumulate::kSum, row, n), sum) << where;  // small integers: exact in any order
  EXPECT_EQ(k.row(Accumulate::kSquare, row, n), squares) << where;  // 32 lanes: every tail element once
  EXPECT_GT(k.row_exp(row, n, static_cast<float>(kLast), {}), 0.0) << where;
}

template <class E>
void ExpectFloatColumnKernels(const cpu::simd::ReduceKernelsOf<E>& k, GuardedMemory* memory, uint64_t rows,
                              uint64_t stride, uint64_t n, bool nan) {
  const std::vector<E> values = Strip<E>(rows, stride, n, nan ? kNaN : kLast);
  const E* x = memory[0].EndingAtGuard(values);
  const std::string where = Where(k.name, rows, stride, n) + (nan ? " NaN" : "");
  std::vector<double> want(n, 0.0);
  for (uint64_t r = 0; r < rows; ++r) {
    for (uint64_t c = 0; c < n; ++c) want[c] += Value(values[r * stride + c]);
  }
  float* best = memory[2].EndingAtGuard(std::vector<float>(n, 0.0f));
  uint32_t* pos = memory[3].EndingAtGuard(std::vector<uint32_t>(n, 0));
  k.column_extreme(true, x, rows, stride, n, best);
  k.column_extreme(false, x, rows, stride, n, best);
  k.column_arg(true, x, rows, stride, n, 0, best, pos);
  k.column_arg(false, x, rows, stride, n, 0, best, pos);
  float* peaks = memory[4].EndingAtGuard(std::vector<float>(n, 0.0f));
  EXPECT_EQ(k.column_max(x, rows, stride, n, peaks), !nan) << where;
  if (nan) return;
  EXPECT_EQ(peaks[n - 1], static_cast<float>(kLast)) << where;
  for (Accumulate kind : kKinds) {
    double* acc = memory[1].EndingAtGuard(std::vector<double>(n, kind == Accumulate::kProduct ? 1.0 : 0.0));
    k.column(kind, x, rows, stride, n, acc);
    if (kind == Accumulate::kSum) {
      EXPECT_EQ(std::vector<double>(acc, acc + n), want) << where;
    }
  }
  peaks = memory[4].EndingAtGuard(std::vector<float>(n, static_cast<float>(kLast)));
  double* acc = memory[1].EndingAtGuard(std::vector<double>(n, 0.0));
  k.column_exp(x, rows, stride, n, peaks, acc, {});
  EXPECT_GT(acc[n - 1], 0.0) << where;
}

template <class E>
void ExpectFloatKernelsStayInBounds() {
  GuardedMemory memory[5] = {GuardedMemory(kRoom), GuardedMemory(kRoom), GuardedMemory(kRoom),
                             GuardedMemory(kRoom), GuardedMemory(kRoom)};
  for (const auto* k : FloatKernelSets<E>()) {
    for (uint64_t n : FloatLengths()) {
      for (bool nan : {false, true}) {
        ExpectFloatRowKernels(*k, memory[0], n, nan);
        for (uint64_t rows : kRowCounts) {
          for (uint64_t stride : {n, n + kGap}) ExpectFloatColumnKernels(*k, memory, rows, stride, n, nan);
        }
      }
    }
  }
}

template <class T>
void ExpectIntKernelsStayInBounds() {
  using U = cpu::intk::Unsigned<T>;
  GuardedMemory data(kRoom), accumulators(kRoom), extremes(kRoom);
  constexpr uint64_t kMaxLength = 3 * 128 / sizeof(T);  // three of the row kernels' 128-byte steps
  for (const auto* k : IntKernelSets<T>()) {
    for (uint64_t n = 1; n <= kMaxLength; ++n) {
      const std::vector<T> values = Strip<T>(1, n, n, kLast);
      const T* row = data.EndingAtGuard(values);
      const std::string where = Where(k->name, 1, n, n);
      U sum = 0;
      for (T v : values) sum = static_cast<U>(sum + static_cast<U>(v));
      for (int op = 0; op < cpu::kAccumulates; ++op) k->row[op](row, n);
      EXPECT_EQ(k->row[0](row, n), sum) << where;
      EXPECT_EQ(k->row_extreme[0](row, n), *std::min_element(values.begin(), values.end())) << where;
      EXPECT_EQ(k->row_extreme[1](row, n), *std::max_element(values.begin(), values.end())) << where;
      EXPECT_EQ(k->find(row, n, static_cast<T>(kLast)), n - 1) << where;
      EXPECT_EQ(k->find(row, n, static_cast<T>(kAbsent)), n) << where;
      for (uint64_t rows : kRowCounts) {
        for (uint64_t stride : {n, n + kGap}) {
          const std::vector<T> strip = Strip<T>(rows, stride, n, kLast);
          const T* x = data.EndingAtGuard(strip);
          std::vector<U> want(n, 0);
          for (uint64_t r = 0; r < rows; ++r) {
            for (uint64_t c = 0; c < n; ++c) want[c] = static_cast<U>(want[c] + static_cast<U>(strip[r * stride + c]));
          }
          for (int op = 0; op < cpu::kAccumulates; ++op) {
            U* acc = accumulators.EndingAtGuard(std::vector<U>(n, op == 3 ? U{1} : U{0}));
            k->column[op](x, rows, stride, n, acc);
            if (op == 0) {
              EXPECT_EQ(std::vector<U>(acc, acc + n), want) << Where(k->name, rows, stride, n);
            }
          }
          T* extreme = extremes.EndingAtGuard(std::vector<T>(n, T{0}));
          k->column_extreme[0](x, rows, stride, n, extreme);
          k->column_extreme[1](x, rows, stride, n, extreme);
        }
      }
    }
  }
}

TEST(CpuReduceKernelBounds, FloatAndHalfKernelsStayInTheirBuffers) {
  ExpectFloatKernelsStayInBounds<float>();
  ExpectFloatKernelsStayInBounds<Half>();
}

TEST(CpuReduceKernelBounds, IntegerKernelsStayInTheirBuffers) {
  ExpectIntKernelsStayInBounds<int8_t>();
  ExpectIntKernelsStayInBounds<int16_t>();
  ExpectIntKernelsStayInBounds<int32_t>();
  ExpectIntKernelsStayInBounds<int64_t>();
  ExpectIntKernelsStayInBounds<uint8_t>();
  ExpectIntKernelsStayInBounds<uint16_t>();
  ExpectIntKernelsStayInBounds<uint32_t>();
  ExpectIntKernelsStayInBounds<uint64_t>();
}

}  // namespace
}  // namespace dmlc::backends::testing
