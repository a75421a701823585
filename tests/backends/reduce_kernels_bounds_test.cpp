// The REDUCE span kernels read nothing past their data: every kernel of every set the CPU has (float,
// FLOAT16 and the eight integer types) runs over rows and column strips whose last element is the last
// byte before an inaccessible page, at every tail length up to three vectors (for the integer types,
// three of their row kernels' 128-byte steps). A vector load whose mask lets one lane too many through
// faults there and the suite dies; results could not show it, since the extra lane is masked out again
// before it counts. Prefetches past the end are allowed: they never fault.
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>

#include "ops/float16.h"
#include "tests/backends/guarded_memory.h"
#include "tests/backends/kernel_sets.h"

namespace dmlc::backends::testing {
namespace {

using cpu::Half;
using cpu::simd::Accumulate;

constexpr uint64_t kMaxColumns = 48;  // three sixteen-lane vectors
template <class T>
constexpr uint64_t kMaxIntColumns = 3 * 128 / sizeof(T);  // three steps of the integer row kernels
constexpr uint64_t kMaxRows = 6;      // a group of four rows, then single ones
constexpr uint64_t kGap = 3;          // strided rows: this many elements between a row's end and the next

template <class E>
E Element(uint64_t k) {
  const float v = static_cast<float>(k % 7) - 3;
  if constexpr (std::is_same_v<E, Half>) {
    return Half{ops::FloatToHalf(v)};
  } else {
    return static_cast<E>(v);
  }
}

template <class E>
std::vector<E> Elements(uint64_t count) {
  std::vector<E> x(count);
  for (uint64_t k = 0; k < count; ++k) x[k] = Element<E>(k);
  return x;
}

// `rows` rows of n elements, `stride` apart, the last one ending at the guard page.
template <class E>
const E* Rows(GuardedMemory& memory, uint64_t rows, uint64_t stride, uint64_t n) {
  const std::vector<E> x = Elements<E>((rows - 1) * stride + n);
  return reinterpret_cast<const E*>(memory.EndingAtGuard(x.data(), x.size() * sizeof(E)));
}

template <class E>
void RunFloatKernels(GuardedMemory& memory) {
  const auto sets = FloatKernelSets<E>();
  const cpu::simd::NextData none{};
  for (uint64_t n = 1; n <= kMaxColumns; ++n) {
    const E* row = Rows<E>(memory, 1, n, n);
    const double want = sets.front()->row(Accumulate::kSum, row, n);
    for (const auto* k : sets) {
      for (Accumulate kind : {Accumulate::kSum, Accumulate::kAbs, Accumulate::kSquare, Accumulate::kProduct}) {
        k->row(kind, row, n);
      }
      EXPECT_EQ(k->row(Accumulate::kSum, row, n), want) << k->name << " n " << n;
      bool nan = false;
      EXPECT_EQ(k->row_extreme(true, row, n, &nan), n >= 7 ? 3.0f : static_cast<float>(n) - 4) << k->name;
      k->row_extreme(false, row, n, &nan);
      EXPECT_EQ(k->find(row, n, 100.0f), n) << k->name;
      EXPECT_EQ(k->find(row, n, std::numeric_limits<float>::quiet_NaN()), n) << k->name;
      k->row_exp(row, n, 3.0f, none);
    }
    for (uint64_t rows = 1; rows <= kMaxRows; ++rows) {
      for (uint64_t stride : {n, n + kGap}) {
        const E* x = Rows<E>(memory, rows, stride, n);
        for (const auto* k : sets) {
          std::vector<double> acc(n, 1.0);
          std::vector<float> best(n, 0.0f), peaks(n, 3.0f);
          std::vector<uint32_t> pos(n, 0);
          for (Accumulate kind : {Accumulate::kSum, Accumulate::kAbs, Accumulate::kSquare, Accumulate::kProduct}) {
            k->column(kind, x, rows, stride, n, acc.data());
          }
          k->column_extreme(true, x, rows, stride, n, best.data());
          k->column_extreme(false, x, rows, stride, n, best.data());
          EXPECT_TRUE(k->column_max(x, rows, stride, n, best.data())) << k->name;
          k->column_arg(true, x, rows, stride, n, 0, best.data(), pos.data());
          k->column_arg(false, x, rows, stride, n, 0, best.data(), pos.data());
          k->column_exp(x, rows, stride, n, peaks.data(), acc.data(), none);
        }
      }
    }
  }
}

template <class T>
void RunIntKernels(GuardedMemory& memory) {
  using U = cpu::intk::Unsigned<T>;
  const auto sets = IntKernelSets<T>();
  for (uint64_t n = 1; n <= kMaxIntColumns<T>; ++n) {
    const T* row = Rows<T>(memory, 1, n, n);
    const U want = sets.front()->row[0](row, n);
    for (const auto* k : sets) {
      for (int op = 0; op < cpu::intk::kOps; ++op) k->row[op](row, n);
      EXPECT_EQ(k->row[0](row, n), want) << k->name << " n " << n;
      k->row_extreme[0](row, n);
      k->row_extreme[1](row, n);
      EXPECT_EQ(k->find(row, n, static_cast<T>(100)), n) << k->name;
    }
    for (uint64_t rows = 1; rows <= kMaxRows; ++rows) {
      for (uint64_t stride : {n, n + kGap}) {
        const T* x = Rows<T>(memory, rows, stride, n);
        for (const auto* k : sets) {
          std::vector<U> acc(n, 1);
          std::vector<T> extreme(n, 0);
          for (int op = 0; op < cpu::intk::kOps; ++op) k->column[op](x, rows, stride, n, acc.data());
          k->column_extreme[0](x, rows, stride, n, extreme.data());
          k->column_extreme[1](x, rows, stride, n, extreme.data());
        }
      }
    }
  }
}

GuardedMemory& Memory() {
  static GuardedMemory memory(kMaxRows * (kMaxIntColumns<uint8_t> + kGap) * sizeof(uint64_t));
  return memory;
}

TEST(CpuReduceKernelBounds, FloatAndHalfKernelsReadNothingPastTheirData) {
  RunFloatKernels<float>(Memory());
  RunFloatKernels<Half>(Memory());
}

TEST(CpuReduceKernelBounds, IntegerKernelsReadNothingPastTheirData) {
  RunIntKernels<int8_t>(Memory());
  RunIntKernels<int16_t>(Memory());
  RunIntKernels<int32_t>(Memory());
  RunIntKernels<int64_t>(Memory());
  RunIntKernels<uint8_t>(Memory());
  RunIntKernels<uint16_t>(Memory());
  RunIntKernels<uint32_t>(Memory());
  RunIntKernels<uint64_t>(Memory());
}

}  // namespace
}  // namespace dmlc::backends::testing
