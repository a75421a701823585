// The integer REDUCE fast paths (reduce_int.h): the AVX2 and AVX-512 span kernels against the baseline
// ones (bit equal), and whole reductions on every integer type each function's table allows, in every layout the
// fast paths take — short rows, long rows split into blocks over threads, tall and wide columns in tiles
// and strips, columns under a kept outer dimension — byte for byte against the plain reference backend,
// for several thread counts. The data covers the types' whole range (wrap-around, INT_MIN's L1) and
// runs of ties (first occurrence), and inputs at an offset that is not T-aligned take the generic path.
#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <random>
#include <string>
#include <typeinfo>

#include "backends/cpu/cpu_backend.h"
#include "backends/cpu/reduce_int_kernels.h"
#include "ops/operators/reduce.h"
#include "tests/backends/kernel_sets.h"
#include "tests/backends/plain/run_plain.h"
#include "tests/backends/test_tensor.h"

namespace dmlc::backends::testing {
namespace {

using cpu::intk::IntKernels;
using cpu::kAccumulates;
using ops::DataType;
using ops::ReduceFunction;

// Raw values of T: the whole range (`narrow` false) or a few values around zero with the type's extremes,
// so ties and the extremes themselves are common.
template <class T>
std::vector<T> RandomRaw(size_t n, uint32_t seed, bool narrow) {
  std::mt19937_64 rng(seed);
  std::vector<T> x(n);
  for (auto& v : x) {
    const uint64_t bits = rng();
    if (!narrow) {
      v = static_cast<T>(bits);
    } else if (bits % 17 == 0) {
      v = bits % 2 ? std::numeric_limits<T>::max() : std::numeric_limits<T>::lowest();
    } else {
      v = static_cast<T>(static_cast<int>(bits % 5) - 2);
    }
  }
  return x;
}

template <class T>
void ExpectKernelSetsAgree() {
  using U = cpu::intk::Unsigned<T>;
  constexpr uint64_t kStride = 131;  // columns 0..130 of rows 131 apart: vectors plus a tail
  for (bool narrow : {false, true}) {
    const std::vector<T> x = RandomRaw<T>(kStride * 9, 3, narrow);
    for (uint64_t n : {uint64_t{1}, uint64_t{31}, uint64_t{32}, uint64_t{100}, uint64_t{kStride * 9}}) {
      const std::string where = std::string(typeid(T).name()) + " n " + std::to_string(n);
      const IntKernels<T>& base = *IntKernelSets<T>().front();
      for (const IntKernels<T>* k : IntKernelSets<T>()) {
        for (int op = 0; op < kAccumulates; ++op) {
          EXPECT_EQ(k->row[op](x.data(), n), base.row[op](x.data(), n)) << where;
        }
        for (int max = 0; max < 2; ++max) {
          const T m = k->row_extreme[max](x.data(), n);
          EXPECT_EQ(m, base.row_extreme[max](x.data(), n)) << where;
          EXPECT_EQ(m, max ? *std::max_element(x.begin(), x.begin() + n) : *std::min_element(x.begin(), x.begin() + n))
              << where;
          EXPECT_EQ(k->find(x.data(), n, m), static_cast<uint64_t>(std::find(x.begin(), x.end(), m) - x.begin()))
              << where;
        }
        EXPECT_EQ(k->find(x.data(), n, x[n - 1]), base.find(x.data(), n, x[n - 1])) << where;
      }
    }
    // Nine rows (two groups of four, then one) of 130 columns against a plain loop.
    for (int op = 0; op < kAccumulates; ++op) {
      std::vector<U> want(130, op == 3 ? U{1} : U{0});
      for (uint64_t r = 0; r < 9; ++r) {
        for (uint64_t c = 0; c < 130; ++c) {
          const U u = static_cast<U>(x[r * kStride + c]);
          const U term = op == 1 && x[r * kStride + c] < 0 ? static_cast<U>(0u - u) : op == 2 ? static_cast<U>(uint64_t{u} * u) : u;
          want[c] = op == 3 ? static_cast<U>(uint64_t{want[c]} * term) : static_cast<U>(want[c] + term);
        }
      }
      for (const IntKernels<T>* k : IntKernelSets<T>()) {
        std::vector<U> acc(130, op == 3 ? U{1} : U{0});
        k->column[op](x.data(), 9, kStride, 130, acc.data());
        EXPECT_EQ(acc, want) << k->name << " op " << op;
      }
    }
    for (const IntKernels<T>* k : IntKernelSets<T>()) {
      std::vector<T> lo(130, std::numeric_limits<T>::max()), hi(130, std::numeric_limits<T>::lowest());
      k->column_extreme[0](x.data(), 9, kStride, 130, lo.data());
      k->column_extreme[1](x.data(), 9, kStride, 130, hi.data());
      for (uint64_t c = 0; c < 130; ++c) {
        T want_lo = x[c], want_hi = x[c];
        for (uint64_t r = 1; r < 9; ++r) {
          want_lo = std::min(want_lo, x[r * kStride + c]);
          want_hi = std::max(want_hi, x[r * kStride + c]);
        }
        EXPECT_EQ(lo[c], want_lo) << k->name << " column " << c;
        EXPECT_EQ(hi[c], want_hi) << k->name << " column " << c;
      }
    }
  }
}

TEST(CpuReduceIntKernels, KernelSetsAgreeWithEachOtherAndPlainLoops) {
  ExpectKernelSetsAgree<int8_t>();
  ExpectKernelSetsAgree<int16_t>();
  ExpectKernelSetsAgree<int32_t>();
  ExpectKernelSetsAgree<int64_t>();
  ExpectKernelSetsAgree<uint8_t>();
  ExpectKernelSetsAgree<uint16_t>();
  ExpectKernelSetsAgree<uint32_t>();
  ExpectKernelSetsAgree<uint64_t>();
}

// The table's integer input types for a function at 5_1.
std::vector<DataType> IntegerTypes(ReduceFunction f) {
  std::vector<DataType> types;
  for (const auto& row : ops::ReduceSupportTable(f).levels.back().tensors) {
    if (row.tensor != "InputTensor") continue;
    for (DataType t : row.data_types.ToVector()) {
      if (ops::IsInteger(t)) types.push_back(t);
    }
  }
  return types;
}

Tensor RandomTensor(const ops::TensorDesc& desc, uint32_t seed, bool narrow) {
  const uint64_t n = ops::ElementCount(desc.Sizes).value();
  switch (desc.DataType) {
    case DataType::kInt8: return MakeRawTensor(desc, RandomRaw<int8_t>(n, seed, narrow));
    case DataType::kInt16: return MakeRawTensor(desc, RandomRaw<int16_t>(n, seed, narrow));
    case DataType::kInt32: return MakeRawTensor(desc, RandomRaw<int32_t>(n, seed, narrow));
    case DataType::kInt64: return MakeRawTensor(desc, RandomRaw<int64_t>(n, seed, narrow));
    case DataType::kUint8: return MakeRawTensor(desc, RandomRaw<uint8_t>(n, seed, narrow));
    case DataType::kUint16: return MakeRawTensor(desc, RandomRaw<uint16_t>(n, seed, narrow));
    case DataType::kUint32: return MakeRawTensor(desc, RandomRaw<uint32_t>(n, seed, narrow));
    default: return MakeRawTensor(desc, RandomRaw<uint64_t>(n, seed, narrow));
  }
}

struct Layout {
  const char* name;
  std::vector<uint32_t> sizes;
  std::vector<uint32_t> axes;
};

// Every function, integer type and layout: cpu (1, 2 and 5 threads) byte for byte equal to plain.
TEST(CpuReduceInt, EveryFunctionTypeAndLayoutMatchesThePlainBackend) {
  const Layout layouts[] = {
      {"short rows", {37, 70}, {1}},
      {"long rows in blocks", {2, 40000}, {1}},       // 3 blocks each, fewer outputs than workers need
      {"tall columns in tiles", {3000, 33}, {0}},
      {"wide columns in strips", {20, 2100}, {0}},    // three strips, the last one narrow
      {"columns under a kept axis", {3, 200, 45}, {1}},
      {"two reduced axes", {6, 7, 40}, {0, 1}},        // columns over a reduced set of two dimensions
  };
  for (ReduceFunction f : ops::kAllReduceFunctions) {
    for (DataType type : IntegerTypes(f)) {
      for (const Layout& layout : layouts) {
        for (bool narrow : {false, true}) {
          const std::string where = std::string(ops::ReduceFunctionName(f)) + " " +
                                    std::string(ops::DataTypeName(type)) + " " + layout.name +
                                    (narrow ? " narrow" : " full range");
          std::vector<uint32_t> out_sizes = layout.sizes;
          for (uint32_t a : layout.axes) out_sizes[a] = 1;
          const DataType out_type = ops::IsArgReduce(f) ? (narrow ? DataType::kInt64 : DataType::kUint32) : type;
          const Tensor in = RandomTensor(Desc(type, layout.sizes), 7, narrow);
          const ops::ReduceDesc desc{f, in.desc, Desc(out_type, out_sizes), layout.axes};
          Tensor want = MakeOutput(desc.OutputTensor);
          ASSERT_TRUE(RunOnPlain(desc, {&in}, {&want}).ok()) << where;
          for (int threads : {1, 2, 5}) {
            Tensor got = MakeOutput(desc.OutputTensor);
            ASSERT_TRUE(RunOnCpu(desc, {&in}, {&got}, threads).ok()) << where;
            EXPECT_EQ(got.bytes, want.bytes) << where << " threads " << threads;
          }
        }
      }
    }
  }
}

// An input whose elements are not T-aligned in memory (a strided view starting one byte in is not
// expressible; a copy at an odd address is) still gives the plain backend's bytes: such buffers take the
// generic kernels.
TEST(CpuReduceInt, MisalignedInputTakesTheGenericPathWithTheSameResult) {
  const ops::TensorDesc in_desc = Desc(DataType::kInt32, {16, 64});
  const Tensor in = RandomTensor(in_desc, 9, false);
  const ops::ReduceDesc desc{ReduceFunction::kSum, in_desc, Desc(DataType::kInt32, {16, 1}), {1}};
  Tensor want = MakeOutput(desc.OutputTensor);
  ASSERT_TRUE(RunOnPlain(desc, {&in}, {&want}).ok());
  std::vector<std::byte> storage(in.bytes.size() + 1);
  std::copy(in.bytes.begin(), in.bytes.end(), storage.begin() + 1);  // new[]'s alignment, plus one byte
  cpu::CpuBackend backend(2);
  auto op = backend.Prepare(desc);
  ASSERT_TRUE(op.ok()) << op.error().ToString();
  Tensor got = MakeOutput(desc.OutputTensor);
  const std::vector<ConstBuffer> inputs{ConstBuffer(storage.data() + 1, in.bytes.size())};
  const std::vector<MutableBuffer> outputs{MutableBuffer(got.bytes)};
  ASSERT_TRUE((*op)->Execute(inputs, outputs).ok());
  EXPECT_EQ(got.bytes, want.bytes);
}

}  // namespace
}  // namespace dmlc::backends::testing
