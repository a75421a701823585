// REDUCE on the cpu backend: the spec's three examples, all twelve functions, every data type the 5_1
// tables allow, rounding once from double (FLOAT32 and FLOAT16), integer wraparound, ARGMIN/ARGMAX ties
// and multi-axis positions, NaN handling, strided/broadcast inputs and strided outputs.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

#include "ops/float16.h"
#include "tests/backends/directml_nan_rows.h"
#include "tests/backends/test_tensor.h"

namespace dmlc::backends::testing {
namespace {

using ops::DataType;
using ops::ReduceFunction;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

Tensor RunReduce(ReduceFunction f, const Tensor& input, const ops::TensorDesc& out_desc, std::vector<uint32_t> axes,
                 int threads = 1) {
  ops::ReduceDesc desc{f, input.desc, out_desc, std::move(axes)};
  Tensor out = MakeOutput(out_desc);
  Result<Timing> r = RunOnCpu(desc, {&input}, {&out}, threads);
  EXPECT_TRUE(r.ok()) << (r.ok() ? "" : r.error().ToString());
  EXPECT_TRUE(GapsUntouched(out));
  return out;
}

std::vector<double> Reduce(ReduceFunction f, DataType type, std::vector<uint32_t> sizes,
                           const std::vector<double>& values, std::vector<uint32_t> out_sizes,
                           std::vector<uint32_t> axes, DataType out_type = DataType::kUnknown) {
  Tensor in = MakeTensor(Desc(type, std::move(sizes)), values);
  return ReadValues(RunReduce(f, in, Desc(out_type == DataType::kUnknown ? type : out_type, std::move(out_sizes)),
                              std::move(axes)));
}

const std::vector<double> kSpecInput = {1, 2, 3, 3, 0, 4, 2, 4, 2};

TEST(CpuReduce, SpecExample1SumColumns) {
  EXPECT_EQ(Reduce(ReduceFunction::kSum, DataType::kFloat32, {3, 3}, kSpecInput, {1, 3}, {0}),
            (std::vector<double>{6, 6, 9}));
}

TEST(CpuReduce, SpecExample2SumRows) {
  EXPECT_EQ(Reduce(ReduceFunction::kSum, DataType::kFloat32, {3, 3}, kSpecInput, {3, 1}, {1}),
            (std::vector<double>{6, 7, 8}));
}

TEST(CpuReduce, SpecExample3SumAll) {
  EXPECT_EQ(Reduce(ReduceFunction::kSum, DataType::kFloat32, {3, 3}, kSpecInput, {1, 1}, {0, 1}),
            (std::vector<double>{21}));
}

double F32(double d) { return static_cast<float>(d); }

TEST(CpuReduce, EveryFunctionFloat32) {
  const std::vector<double> x = {1, -2, 3, 4, 5, -6};
  struct Case {
    ReduceFunction f;
    std::vector<double> expected;
  };
  const Case cases[] = {
      {ReduceFunction::kSum, {2, 3}},
      {ReduceFunction::kAverage, {F32(2.0 / 3.0), 1}},
      {ReduceFunction::kL1, {6, 15}},
      {ReduceFunction::kL2, {F32(std::sqrt(14.0)), F32(std::sqrt(77.0))}},
      {ReduceFunction::kLogSum, {F32(std::log(2.0)), F32(std::log(3.0))}},
      {ReduceFunction::kLogSumExp,
       {F32(std::log(std::exp(1.0) + std::exp(-2.0) + std::exp(3.0))),
        F32(std::log(std::exp(4.0) + std::exp(5.0) + std::exp(-6.0)))}},
      {ReduceFunction::kMax, {3, 5}},
      {ReduceFunction::kMin, {-2, -6}},
      {ReduceFunction::kMultiply, {-6, -120}},
      {ReduceFunction::kSumSquare, {14, 77}},
  };
  for (const Case& c : cases) {
    EXPECT_EQ(Reduce(c.f, DataType::kFloat32, {2, 3}, x, {2, 1}, {1}), c.expected) << ops::ReduceFunctionName(c.f);
  }
  EXPECT_EQ(Reduce(ReduceFunction::kArgMax, DataType::kFloat32, {2, 3}, x, {2, 1}, {1}, DataType::kUint32),
            (std::vector<double>{2, 1}));
  EXPECT_EQ(Reduce(ReduceFunction::kArgMin, DataType::kFloat32, {2, 3}, x, {2, 1}, {1}, DataType::kInt64),
            (std::vector<double>{1, 2}));
}

TEST(CpuReduce, EveryAllowedDataType) {
  const std::vector<double> x = {1, 5, 3, 2, 0, 4};  // {2,3}, reduce axis 0
  for (DataType type : ops::kAllDataTypes) {
    if (type == DataType::kFloat64) continue;  // no REDUCE table accepts FLOAT64
    const bool wide = type == DataType::kFloat32 || type == DataType::kFloat16 || type == DataType::kInt64 ||
                      type == DataType::kInt32 || type == DataType::kUint64 || type == DataType::kUint32;
    const std::string name(ops::DataTypeName(type));
    EXPECT_EQ(Reduce(ReduceFunction::kMax, type, {2, 3}, x, {1, 3}, {0}), (std::vector<double>{2, 5, 4})) << name;
    EXPECT_EQ(Reduce(ReduceFunction::kMin, type, {2, 3}, x, {1, 3}, {0}), (std::vector<double>{1, 0, 3})) << name;
    for (DataType index : {DataType::kInt32, DataType::kInt64, DataType::kUint32, DataType::kUint64}) {
      EXPECT_EQ(Reduce(ReduceFunction::kArgMax, type, {2, 3}, x, {1, 3}, {0}, index), (std::vector<double>{1, 0, 1}))
          << name;
      EXPECT_EQ(Reduce(ReduceFunction::kArgMin, type, {2, 3}, x, {1, 3}, {0}, index), (std::vector<double>{0, 1, 0}))
          << name;
    }
    if (!wide) continue;
    EXPECT_EQ(Reduce(ReduceFunction::kSum, type, {2, 3}, x, {1, 3}, {0}), (std::vector<double>{3, 5, 7})) << name;
    EXPECT_EQ(Reduce(ReduceFunction::kMultiply, type, {2, 3}, x, {1, 3}, {0}), (std::vector<double>{2, 0, 12}))
        << name;
    EXPECT_EQ(Reduce(ReduceFunction::kL1, type, {2, 3}, x, {1, 3}, {0}), (std::vector<double>{3, 5, 7})) << name;
    EXPECT_EQ(Reduce(ReduceFunction::kSumSquare, type, {2, 3}, x, {1, 3}, {0}), (std::vector<double>{5, 25, 25}))
        << name;
  }
  for (DataType type : {DataType::kFloat32, DataType::kFloat16}) {
    EXPECT_EQ(Reduce(ReduceFunction::kAverage, type, {2, 3}, x, {1, 3}, {0}), (std::vector<double>{1.5, 2.5, 3.5}));
    EXPECT_EQ(Reduce(ReduceFunction::kL2, type, {1, 2}, {3, 4}, {1, 1}, {1}), (std::vector<double>{5}));
    EXPECT_EQ(Reduce(ReduceFunction::kLogSum, type, {1, 2}, {0.5, 0.5}, {1, 1}, {1}), (std::vector<double>{0}));
    EXPECT_EQ(Reduce(ReduceFunction::kLogSumExp, type, {1, 1}, {2}, {1, 1}, {1}), (std::vector<double>{2}));
  }
}

TEST(CpuReduce, Float32RoundsOnceFromDouble) {
  // Summed in float, each 2^-24 would round away; in double the total 1 + 2^-23 is a float.
  const double tiny = std::ldexp(1.0, -24);
  EXPECT_EQ(Reduce(ReduceFunction::kSum, DataType::kFloat32, {3}, {1, tiny, tiny}, {1}, {0}),
            (std::vector<double>{1 + 2 * tiny}));
}

TEST(CpuReduce, Float16RoundsOnceFromDouble) {
  // FLOAT16 spacing at 2048 is 2: 2048 + 1 + 1 summed in half would stay 2048.
  EXPECT_EQ(Reduce(ReduceFunction::kSum, DataType::kFloat16, {3}, {2048, 1, 1}, {1}, {0}), (std::vector<double>{2050}));
  // 1 + 2^-11 is halfway between 1 and 1 + 2^-10: ties to even gives 1; a bit more rounds up.
  const double half_ulp = std::ldexp(1.0, -11);
  EXPECT_EQ(Reduce(ReduceFunction::kSum, DataType::kFloat16, {2}, {1, half_ulp}, {1}, {0}), (std::vector<double>{1}));
  EXPECT_EQ(Reduce(ReduceFunction::kSum, DataType::kFloat16, {3}, {1, half_ulp, half_ulp / 2}, {1}, {0}),
            (std::vector<double>{1 + 2 * half_ulp}));
  // AVERAGE of 65504 (FLOAT16 max) twice: the double sum exceeds the half range, the average does not.
  EXPECT_EQ(Reduce(ReduceFunction::kAverage, DataType::kFloat16, {2}, {65504, 65504}, {1}, {0}),
            (std::vector<double>{65504}));
}

TEST(CpuReduce, IntegerWraparound) {
  Tensor in = MakeRawTensor(Desc(DataType::kInt32, {2}), std::vector<int32_t>{INT32_MAX, 1});
  EXPECT_EQ(ReadRaw<int32_t>(RunReduce(ReduceFunction::kSum, in, Desc(DataType::kInt32, {1}), {0})),
            (std::vector<int32_t>{INT32_MIN}));
  in = MakeRawTensor(Desc(DataType::kInt32, {1}), std::vector<int32_t>{INT32_MIN});
  EXPECT_EQ(ReadRaw<int32_t>(RunReduce(ReduceFunction::kL1, in, Desc(DataType::kInt32, {1}), {0})),
            (std::vector<int32_t>{INT32_MIN}));
  in = MakeRawTensor(Desc(DataType::kInt32, {2}), std::vector<int32_t>{65536, -3});
  EXPECT_EQ(ReadRaw<int32_t>(RunReduce(ReduceFunction::kSumSquare, in, Desc(DataType::kInt32, {1}), {0})),
            (std::vector<int32_t>{9}));
  in = MakeRawTensor(Desc(DataType::kUint32, {3}), std::vector<uint32_t>{65536, 65536, 7});
  EXPECT_EQ(ReadRaw<uint32_t>(RunReduce(ReduceFunction::kMultiply, in, Desc(DataType::kUint32, {1}), {0})),
            (std::vector<uint32_t>{0}));
  in = MakeRawTensor(Desc(DataType::kInt64, {2}), std::vector<int64_t>{INT64_MAX, 1});
  EXPECT_EQ(ReadRaw<int64_t>(RunReduce(ReduceFunction::kSum, in, Desc(DataType::kInt64, {1}), {0})),
            (std::vector<int64_t>{INT64_MIN}));
  in = MakeRawTensor(Desc(DataType::kUint64, {2}), std::vector<uint64_t>{UINT64_MAX, 2});
  EXPECT_EQ(ReadRaw<uint64_t>(RunReduce(ReduceFunction::kSum, in, Desc(DataType::kUint64, {1}), {0})),
            (std::vector<uint64_t>{1}));
  in = MakeRawTensor(Desc(DataType::kInt64, {2}), std::vector<int64_t>{INT64_MIN, -5});
  EXPECT_EQ(ReadRaw<int64_t>(RunReduce(ReduceFunction::kMin, in, Desc(DataType::kInt64, {1}), {0})),
            (std::vector<int64_t>{INT64_MIN}));
}

TEST(CpuReduce, ArgMinArgMaxTiesGoToTheFirst) {
  EXPECT_EQ(Reduce(ReduceFunction::kArgMax, DataType::kInt8, {4}, {3, 1, 3, 1}, {1}, {0}, DataType::kUint32),
            (std::vector<double>{0}));
  EXPECT_EQ(Reduce(ReduceFunction::kArgMin, DataType::kInt8, {4}, {3, 1, 3, 1}, {1}, {0}, DataType::kUint32),
            (std::vector<double>{1}));
  EXPECT_EQ(Reduce(ReduceFunction::kArgMax, DataType::kFloat32, {3}, {-kInf, -kInf, -kInf}, {1}, {0},
                   DataType::kInt32),
            (std::vector<double>{0}));
  EXPECT_EQ(Reduce(ReduceFunction::kArgMin, DataType::kUint8, {3}, {255, 255, 255}, {1}, {0}, DataType::kInt32),
            (std::vector<double>{0}));
}

TEST(CpuReduce, ArgMaxOverSeveralAxesIsTheRowMajorPosition) {
  // Input {2,3,2} [i][c][k], reduced over axes 0 and 2: position = i * 2 + k.
  const std::vector<double> x = {0, 1, 5, 0, 0, 0,   // i = 0: c0 {0,1}, c1 {5,0}, c2 {0,0}
                                 9, 2, 1, 3, 4, 8};  // i = 1: c0 {9,2}, c1 {1,3}, c2 {4,8}
  for (std::vector<uint32_t> axes : {std::vector<uint32_t>{0, 2}, std::vector<uint32_t>{2, 0}}) {
    EXPECT_EQ(Reduce(ReduceFunction::kArgMax, DataType::kInt16, {2, 3, 2}, x, {1, 3, 1}, axes, DataType::kUint64),
              (std::vector<double>{2, 0, 3}));
    EXPECT_EQ(Reduce(ReduceFunction::kArgMin, DataType::kInt16, {2, 3, 2}, x, {1, 3, 1}, axes, DataType::kUint64),
              (std::vector<double>{0, 1, 0}));
  }
}

// DirectML 1.15.4's answers (docs/semantics.md): MIN/MAX skip NaN (NaN alone: -inf for MAX, +inf for
// MIN); ARGMIN/ARGMAX skip it too, but a leading NaN wins; SUM propagates it.
TEST(CpuReduce, NaNIsSkippedByMinMaxAndArgUnlessItLeads) {
  const double inf = std::numeric_limits<double>::infinity();
  for (DataType type : {DataType::kFloat32, DataType::kFloat16}) {
    const std::vector<double> x = {1, kNaN, 5, kNaN};
    EXPECT_EQ(Reduce(ReduceFunction::kMax, type, {4}, x, {1}, {0}), (std::vector<double>{5}));
    EXPECT_EQ(Reduce(ReduceFunction::kMin, type, {4}, x, {1}, {0}), (std::vector<double>{1}));
    EXPECT_EQ(Reduce(ReduceFunction::kMax, type, {2}, {kNaN, 3}, {1}, {0}), (std::vector<double>{3}));
    EXPECT_EQ(Reduce(ReduceFunction::kMax, type, {2}, {kNaN, kNaN}, {1}, {0}), (std::vector<double>{-inf}));
    EXPECT_EQ(Reduce(ReduceFunction::kMin, type, {2}, {kNaN, kNaN}, {1}, {0}), (std::vector<double>{inf}));
    EXPECT_EQ(Reduce(ReduceFunction::kArgMax, type, {4}, x, {1}, {0}, DataType::kInt32), (std::vector<double>{2}));
    EXPECT_EQ(Reduce(ReduceFunction::kArgMin, type, {4}, x, {1}, {0}, DataType::kInt32), (std::vector<double>{0}));
    EXPECT_EQ(Reduce(ReduceFunction::kArgMin, type, {4}, {kNaN, 0.5, 0.25, kNaN}, {1}, {0}, DataType::kInt32),
              (std::vector<double>{0}));
    EXPECT_EQ(Reduce(ReduceFunction::kArgMax, type, {3}, {1, kNaN, 2}, {1}, {0}, DataType::kInt32),
              (std::vector<double>{2}));
    EXPECT_TRUE(std::isnan(Reduce(ReduceFunction::kSum, type, {4}, x, {1}, {0})[0]));
  }
}

// Rows DirectML 1.15.4 was probed with under Wine and its answers, through every path: rows and columns
// (the fast paths' row and column kernels) and padded rows (the generic kernels), on one thread and on
// three.
TEST(CpuReduce, NaNIsAnsweredAsDirectMLDoesOnRowsAndColumns) {
  const std::vector<double>& rows = kDirectmlNanRows;
  const std::vector<double> columns = DirectmlNanColumns();
  for (DataType type : {DataType::kFloat32, DataType::kFloat16}) {
    for (int threads : {1, 3}) {
      for (const DirectmlNanAnswer& a : kDirectmlNanAnswers) {
        const DataType out = ops::IsArgReduce(a.function) ? DataType::kUint32 : type;
        const std::string where = std::string(ops::DataTypeName(type)) + " threads " + std::to_string(threads);
        const Tensor by_rows = MakeTensor(Desc(type, {6, 4}), rows);
        EXPECT_EQ(ReadValues(RunReduce(a.function, by_rows, Desc(out, {6, 1}), {1}, threads)), a.outputs) << where << " rows";
        const Tensor by_columns = MakeTensor(Desc(type, {4, 6}), columns);
        EXPECT_EQ(ReadValues(RunReduce(a.function, by_columns, Desc(out, {1, 6}), {0}, threads)), a.outputs)
            << where << " columns";
        const Tensor padded = MakeTensor(Desc(type, {6, 4}, {8, 2}), rows);
        EXPECT_EQ(ReadValues(RunReduce(a.function, padded, Desc(out, {6, 1}), {1}, threads)), a.outputs) << where << " padded";
      }
    }
  }
}

TEST(CpuReduce, LogSumExpIsStable) {
  EXPECT_EQ(Reduce(ReduceFunction::kLogSumExp, DataType::kFloat32, {2}, {1000, 1000}, {1}, {0}),
            (std::vector<double>{F32(1000 + std::log(2.0))}));
  EXPECT_EQ(Reduce(ReduceFunction::kLogSumExp, DataType::kFloat32, {2}, {-kInf, -kInf}, {1}, {0}),
            (std::vector<double>{-kInf}));
  EXPECT_EQ(Reduce(ReduceFunction::kLogSumExp, DataType::kFloat32, {3}, {kInf, 1, kInf}, {1}, {0}),
            (std::vector<double>{kInf}));
  EXPECT_EQ(Reduce(ReduceFunction::kLogSumExp, DataType::kFloat16, {3}, {-20000, -20000, -kInf}, {1}, {0}),
            (std::vector<double>{ops::HalfToFloat(ops::DoubleToHalf(-20000 + std::log(2.0)))}));
}

// A NaN among terms that are all -inf still makes the result NaN, on the strided path as on the packed.
TEST(CpuReduce, LogSumExpOfMinusInfinitiesAndNaNIsNaN) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (DataType type : {DataType::kFloat32, DataType::kFloat16}) {
    for (const std::vector<uint32_t>& strides : {std::vector<uint32_t>{}, std::vector<uint32_t>{2}}) {
      Tensor in = MakeTensor(Desc(type, {2}, strides), {-kInf, nan});
      const std::vector<double> out = ReadValues(RunReduce(ReduceFunction::kLogSumExp, in, Desc(type, {1}, {}), {0}));
      ASSERT_EQ(out.size(), 1u);
      EXPECT_TRUE(std::isnan(out[0])) << ops::DataTypeName(type) << " strides " << strides.size() << ": " << out[0];
    }
  }
}

TEST(CpuReduce, BroadcastInputAndStridedOutput) {
  // Input {3,4} repeating one row (stride 0 on dim 0); output {1,4} with element stride 3.
  Tensor in = MakeTensor(Desc(DataType::kInt32, {3, 4}, {0, 1}), {1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4});
  EXPECT_EQ(ReadValues(RunReduce(ReduceFunction::kSum, in, Desc(DataType::kInt32, {1, 4}, {4, 3}), {0})),
            (std::vector<double>{3, 6, 9, 12}));
  // Padded rows (stride 6) reduced along the inner axis into a strided column.
  in = MakeTensor(Desc(DataType::kFloat16, {2, 3}, {6, 2}), {1, 2, 3, 4, 5, 6});
  EXPECT_EQ(ReadValues(RunReduce(ReduceFunction::kMax, in, Desc(DataType::kFloat16, {2, 1}, {2, 1}), {1})),
            (std::vector<double>{3, 6}));
}

// Both kernel strategies (inner axis: rows; outer axis: columns) over sizes large enough for threads,
// against plain loops. Integer-valued FLOAT32 data keeps the sums exact.
TEST(CpuReduce, InnerAndOuterAxesMatchPlainLoopsWithThreads) {
  const uint32_t rows = 200, cols = 700;
  std::vector<double> x(rows * cols);
  for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<double>((i * 7919) % 1000) - 500;
  Tensor in = MakeTensor(Desc(DataType::kFloat32, {rows, cols}), x);
  std::vector<double> row_sum(rows, 0), col_max(cols, -kInf);
  std::vector<double> col_arg(cols, 0);
  for (uint32_t r = 0; r < rows; ++r) {
    for (uint32_t c = 0; c < cols; ++c) {
      const double v = x[r * cols + c];
      row_sum[r] += v;
      if (v > col_max[c]) {
        col_max[c] = v;
        col_arg[c] = r;
      }
    }
  }
  EXPECT_EQ(ReadValues(RunReduce(ReduceFunction::kSum, in, Desc(DataType::kFloat32, {rows, 1}), {1}, 4)), row_sum);
  EXPECT_EQ(ReadValues(RunReduce(ReduceFunction::kMax, in, Desc(DataType::kFloat32, {1, cols}), {0}, 4)), col_max);
  EXPECT_EQ(ReadValues(RunReduce(ReduceFunction::kArgMax, in, Desc(DataType::kUint32, {1, cols}), {0}, 4)), col_arg);
}

}  // namespace
}  // namespace dmlc::backends::testing
