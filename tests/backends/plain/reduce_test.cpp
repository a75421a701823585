// REDUCE on the plain backend against hand-computed values: the spec's examples, all twelve functions,
// ties, NaN and infinities, several axes, strides and broadcast, integer wrap-around, exact 64-bit
// integers and FLOAT16 accumulation.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>

#include "backends/plain/kernels.h"
#include "tests/backends/directml_nan_rows.h"
#include "tests/backends/plain/run_plain.h"

namespace dmlc::backends::testing {
namespace {

using ops::DataType;
using ops::ReduceFunction;

constexpr double kNan = std::numeric_limits<double>::quiet_NaN();
constexpr double kInf = std::numeric_limits<double>::infinity();

// Reduces `input` over `axes` into an output of the input's sizes with those axes 1.
Tensor Reduce(ReduceFunction f, const Tensor& input, std::vector<uint32_t> axes, DataType out_type) {
  std::vector<uint32_t> sizes = input.desc.Sizes;
  for (uint32_t a : axes) sizes[a] = 1;
  Tensor out = MakeOutput(Desc(out_type, sizes));
  const Result<Timing> r = RunOnPlain(ops::ReduceDesc{f, input.desc, out.desc, axes}, {&input}, {&out});
  EXPECT_TRUE(r.ok()) << r.error().ToString();
  return out;
}

// One value: `f` over all of a 1-D FLOAT32 input (ARGMIN/ARGMAX: their UINT32 position).
double ReduceAll(ReduceFunction f, const std::vector<double>& x) {
  const Tensor input = MakeTensor(Desc(DataType::kFloat32, {static_cast<uint32_t>(x.size())}), x);
  return ReadValues(Reduce(f, input, {0}, ops::IsArgReduce(f) ? DataType::kUint32 : DataType::kFloat32))[0];
}

const std::vector<double> kSpecInput = {1, 2, 3, 3, 0, 4, 2, 4, 2};

TEST(PlainReduce, SpecExamples) {
  const Tensor input = MakeTensor(Desc(DataType::kFloat32, {3, 3}), kSpecInput);
  EXPECT_EQ(ReadValues(Reduce(ReduceFunction::kSum, input, {0}, DataType::kFloat32)), (std::vector<double>{6, 6, 9}));
  EXPECT_EQ(ReadValues(Reduce(ReduceFunction::kSum, input, {1}, DataType::kFloat32)), (std::vector<double>{6, 7, 8}));
  EXPECT_EQ(ReadValues(Reduce(ReduceFunction::kSum, input, {0, 1}, DataType::kFloat32)), (std::vector<double>{21}));
}

TEST(PlainReduce, EveryFunctionFloat32RoundsOnceFromDouble) {
  const Tensor input = MakeTensor(Desc(DataType::kFloat32, {4}), {1, -2, 3, 0.5});
  auto f32 = [](double d) { return static_cast<double>(static_cast<float>(d)); };
  auto one = [&](ReduceFunction f) {
    return ReadValues(Reduce(f, input, {0}, ops::IsArgReduce(f) ? DataType::kInt64 : DataType::kFloat32))[0];
  };
  EXPECT_EQ(one(ReduceFunction::kSum), 2.5);
  EXPECT_EQ(one(ReduceFunction::kAverage), 0.625);
  EXPECT_EQ(one(ReduceFunction::kL1), 6.5);
  EXPECT_EQ(one(ReduceFunction::kL2), f32(std::sqrt(14.25)));
  EXPECT_EQ(one(ReduceFunction::kSumSquare), 14.25);
  EXPECT_EQ(one(ReduceFunction::kMultiply), -3);
  EXPECT_EQ(one(ReduceFunction::kLogSum), f32(std::log(2.5)));
  const double exps = std::exp(1.0) + std::exp(-2.0) + std::exp(3.0) + std::exp(0.5);
  EXPECT_EQ(one(ReduceFunction::kLogSumExp), f32(std::log(exps)));
  EXPECT_EQ(one(ReduceFunction::kMax), 3);
  EXPECT_EQ(one(ReduceFunction::kMin), -2);
  EXPECT_EQ(one(ReduceFunction::kArgMax), 2);
  EXPECT_EQ(one(ReduceFunction::kArgMin), 1);
}

TEST(PlainReduce, TiesGoToTheFirstOccurrence) {
  EXPECT_EQ(ReduceAll(ReduceFunction::kArgMax, {2, 5, 5, 1, 1}), 1);
  EXPECT_EQ(ReduceAll(ReduceFunction::kArgMin, {2, 5, 5, 1, 1}), 3);
  EXPECT_EQ(ReduceAll(ReduceFunction::kArgMax, {-kInf, -kInf}), 0);
  // MAX of -0 and +0 is the first of them.
  EXPECT_TRUE(std::signbit(ReduceAll(ReduceFunction::kMax, {-0.0, 0.0})));
}

// The rows DirectML 1.15.4 was probed with and its answers: MIN/MAX skip NaN, ARGMIN/ARGMAX too unless it
// leads.
TEST(PlainReduce, NanIsAnsweredAsDirectMLDoes) {
  const Tensor input = MakeTensor(Desc(DataType::kFloat32, {6, 4}), kDirectmlNanRows);
  for (const DirectmlNanAnswer& a : kDirectmlNanAnswers) {
    const DataType out = ops::IsArgReduce(a.function) ? DataType::kUint32 : DataType::kFloat32;
    EXPECT_EQ(ReadValues(Reduce(a.function, input, {1}, out)), a.outputs) << ops::ReduceFunctionName(a.function);
  }
  EXPECT_TRUE(std::isnan(ReduceAll(ReduceFunction::kSum, {1, kNan})));
  EXPECT_TRUE(std::isnan(ReduceAll(ReduceFunction::kSum, {kInf, -kInf})));
}

TEST(PlainReduce, LogSumExpOfNanAndInfinities) {
  EXPECT_TRUE(std::isnan(ReduceAll(ReduceFunction::kLogSumExp, {kNan})));
  EXPECT_TRUE(std::isnan(ReduceAll(ReduceFunction::kLogSumExp, {-kInf, kNan})));
  EXPECT_EQ(ReduceAll(ReduceFunction::kLogSumExp, {-kInf, -kInf}), -kInf);
  EXPECT_EQ(ReduceAll(ReduceFunction::kLogSumExp, {kInf, 1}), kInf);
  EXPECT_EQ(ReduceAll(ReduceFunction::kLogSumExp, {-kInf, kInf}), kInf);  // the maximum, not inf - inf
  EXPECT_TRUE(std::isnan(ReduceAll(ReduceFunction::kLogSumExp, {kNan, kInf})));
  // exp(1000) overflows; the result does not.
  EXPECT_EQ(ReduceAll(ReduceFunction::kLogSumExp, {1000, 1000}), static_cast<float>(1000 + std::log(2.0)));
}

TEST(PlainReduce, SeveralAxesArgIsTheRowMajorPositionWithinThem) {
  // Input {2,3,2}; axes {2,0} (in any order) leave {1,3,1}. For column c the reduced elements are
  // x[a][c][b] at position 2a + b; the maximum sits at a = 1, b = c % 2.
  std::vector<double> x(12, 0);
  for (int c = 0; c < 3; ++c) x[1 * 6 + c * 2 + c % 2] = 9;
  const Tensor input = MakeTensor(Desc(DataType::kInt32, {2, 3, 2}), x);
  EXPECT_EQ(ReadValues(Reduce(ReduceFunction::kArgMax, input, {2, 0}, DataType::kUint32)),
            (std::vector<double>{2, 3, 2}));
  EXPECT_EQ(ReadValues(Reduce(ReduceFunction::kSum, input, {2, 0}, DataType::kInt32)), (std::vector<double>{9, 9, 9}));
}

TEST(PlainReduce, BroadcastInputAndStridedOutput) {
  const Tensor input = MakeTensor(Desc(DataType::kFloat32, {2, 3}, {0, 1}), {1, 2, 3, 1, 2, 3});
  Tensor out = MakeOutput(Desc(DataType::kFloat32, {1, 3}, {3, 2}, 4));
  const ops::ReduceDesc desc{ReduceFunction::kSum, input.desc, out.desc, {0}};
  ASSERT_TRUE(RunOnPlain(desc, {&input}, {&out}).ok());
  EXPECT_EQ(ReadValues(out), (std::vector<double>{2, 4, 6}));
  EXPECT_TRUE(GapsUntouched(out));
}

TEST(PlainReduce, IntegersWrapInTheOutputType) {
  auto all = [](ReduceFunction f, DataType type, const std::vector<double>& x) {
    const Tensor input = MakeTensor(Desc(type, {static_cast<uint32_t>(x.size())}), x);
    return ReadValues(Reduce(f, input, {0}, type))[0];
  };
  EXPECT_EQ(all(ReduceFunction::kSum, DataType::kInt32, {2147483647, 2}), -2147483647);  // 2^31 + 1 - 2^32
  EXPECT_EQ(all(ReduceFunction::kMultiply, DataType::kUint32, {65536, 65537, 3}), 196608);  // 3 * 2^16 mod 2^32
  EXPECT_EQ(all(ReduceFunction::kSumSquare, DataType::kInt32, {65536, 3}), 9);   // 2^32 + 9
  EXPECT_EQ(all(ReduceFunction::kL1, DataType::kInt32, {-2147483648.0}), -2147483648.0);  // |INT_MIN| wraps
  EXPECT_EQ(all(ReduceFunction::kL1, DataType::kInt64, {-3, 4}), 7);
  EXPECT_EQ(all(ReduceFunction::kMin, DataType::kInt8, {5, -128, 127}), -128);
  EXPECT_EQ(all(ReduceFunction::kMax, DataType::kUint16, {5, 65535, 7}), 65535);
}

TEST(PlainReduce, SixtyFourBitIntegersAreExact) {
  const int64_t big = int64_t{1} << 53;  // big + 1 is no double
  const Tensor signed_input = MakeRawTensor<int64_t>(Desc(DataType::kInt64, {3}), {big, big + 1, -big});
  auto signed_all = [&](ReduceFunction f) {
    return ReadRaw<int64_t>(Reduce(f, signed_input, {0}, DataType::kInt64))[0];
  };
  EXPECT_EQ(signed_all(ReduceFunction::kArgMax), 1);
  EXPECT_EQ(signed_all(ReduceFunction::kMax), big + 1);
  EXPECT_EQ(signed_all(ReduceFunction::kSum), big + 1);
  const Tensor unsigned_input = MakeRawTensor<uint64_t>(Desc(DataType::kUint64, {2}), {~uint64_t{0}, 2});
  auto unsigned_all = [&](ReduceFunction f) {
    return ReadRaw<uint64_t>(Reduce(f, unsigned_input, {0}, DataType::kUint64))[0];
  };
  EXPECT_EQ(unsigned_all(ReduceFunction::kSum), 1u);  // wraps
  EXPECT_EQ(unsigned_all(ReduceFunction::kMin), 2u);
}

TEST(PlainReduce, Float16AccumulatesInDouble) {
  // In FLOAT16 arithmetic 2048 + 1 rounds back to 2048 each time; in double the sum is 2050, which
  // FLOAT16 holds.
  const Tensor input = MakeTensor(Desc(DataType::kFloat16, {3}), {2048, 1, 1});
  EXPECT_EQ(ReadValues(Reduce(ReduceFunction::kSum, input, {0}, DataType::kFloat16)), (std::vector<double>{2050}));
  // 2050 / 3 = 683.33 rounds to the nearest FLOAT16, 683.5.
  EXPECT_EQ(ReadValues(Reduce(ReduceFunction::kAverage, input, {0}, DataType::kFloat16)), (std::vector<double>{683.5}));
}

TEST(PlainReduce, FloatOnlyFunctionOnIntegersIsAnError) {
  // Validation rejects this desc; the kernel names the rule rather than compute something.
  const Tensor input = MakeTensor(Desc(DataType::kInt32, {2}), {1, 2});
  Tensor out = MakeOutput(Desc(DataType::kInt32, {1}));
  std::vector<ConstBuffer> inputs = {input.bytes};
  std::vector<MutableBuffer> outputs = {out.bytes};
  const ops::ReduceDesc desc{ReduceFunction::kAverage, input.desc, out.desc, {0}};
  const Status s = plain::Compute(desc, inputs, outputs);
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().message, "AVERAGE is defined for floating-point types only");
}

}  // namespace
}  // namespace dmlc::backends::testing
