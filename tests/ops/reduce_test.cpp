#include "ops/operators/reduce.h"

#include <gtest/gtest.h>

#include "test_util.h"

namespace dmlc::ops {
namespace {

using testing::Accepted;
using testing::Mutation;
using testing::Rejected;
using testing::Tensor;
using D = DataType;
using RF = ReduceFunction;

ReduceDesc Make(RF f, D input, D output, std::vector<uint32_t> input_sizes, std::vector<uint32_t> output_sizes,
                std::vector<uint32_t> axes) {
  ReduceDesc d;
  d.Function = f;
  d.InputTensor = Tensor(input, std::move(input_sizes));
  d.OutputTensor = Tensor(output, std::move(output_sizes));
  d.Axes = std::move(axes);
  return d;
}

// Spec example 1: SUM over the columns of a 3x3 tensor.
ReduceDesc Example1() { return Make(RF::kSum, D::kFloat32, D::kFloat32, {3, 3}, {1, 3}, {0}); }

TEST(Reduce, NamesAndParsing) {
  const char* names[] = {"ARGMAX",      "ARGMIN", "AVERAGE", "L1",       "L2",  "LOG_SUM",
                         "LOG_SUM_EXP", "MAX",    "MIN",     "MULTIPLY", "SUM", "SUM_SQUARE"};
  for (size_t i = 0; i < std::size(kAllReduceFunctions); ++i) {
    const RF f = kAllReduceFunctions[i];
    EXPECT_EQ(static_cast<size_t>(f), i);  // DML_REDUCE_FUNCTION's values
    EXPECT_EQ(ReduceFunctionName(f), names[i]);
    EXPECT_EQ(ParseReduceFunction(names[i]), f);
    EXPECT_EQ(ParseReduceFunction(std::string("DML_REDUCE_FUNCTION_") + names[i]), f);
  }
  EXPECT_EQ(ParseReduceFunction("sum"), std::nullopt);
  EXPECT_EQ(ParseReduceFunction("DML_REDUCE_FUNCTION_"), std::nullopt);
  EXPECT_EQ(ReduceFunctionName(static_cast<RF>(12)), "UNKNOWN");
  EXPECT_TRUE(IsArgReduce(RF::kArgMin));
  EXPECT_FALSE(IsArgReduce(RF::kMin));
}

TEST(Reduce, OutputSizesOfSpecExamples) {
  EXPECT_EQ(InferReduceOutputSizes(Example1()).value(), (std::vector<uint32_t>{1, 3}));
  const ReduceDesc rows = Make(RF::kSum, D::kFloat32, D::kFloat32, {3, 3}, {3, 1}, {1});
  EXPECT_EQ(InferReduceOutputSizes(rows).value(), (std::vector<uint32_t>{3, 1}));
  EXPECT_TRUE(Accepted(ValidateReduce(rows)));
  const ReduceDesc all = Make(RF::kSum, D::kFloat32, D::kFloat32, {3, 3}, {1, 1}, {0, 1});
  EXPECT_EQ(InferReduceOutputSizes(all).value(), (std::vector<uint32_t>{1, 1}));
  EXPECT_TRUE(Accepted(ValidateReduce(all)));
  const ReduceDesc unordered = Make(RF::kMax, D::kInt8, D::kInt8, {2, 3, 4, 5}, {2, 1, 4, 1}, {3, 1});
  EXPECT_EQ(InferReduceOutputSizes(unordered).value(), (std::vector<uint32_t>{2, 1, 4, 1}));
  EXPECT_TRUE(Rejected(InferReduceOutputSizes(Make(RF::kSum, D::kFloat32, D::kFloat32, {3}, {1}, {1})), "REDUCE",
                       "Axes[0]", "Axes must be in [0, InputTensor.DimensionCount - 1]"));
}

TEST(Reduce, RejectsEachConstraint) {
  const std::vector<Mutation<ReduceDesc>> cases = {
      {"unknown function", [](ReduceDesc& d) { d.Function = static_cast<RF>(12); }, "Function",
       "Function must be one of the 12 DML_REDUCE_FUNCTION values"},
      {"tensor desc rule", [](ReduceDesc& d) { d.InputTensor.Strides = {1}; }, "InputTensor.Strides",
       "Strides must have as many entries as Sizes"},
      {"output dimension count", [](ReduceDesc& d) { d.OutputTensor = Tensor(D::kFloat32, {3}); }, "OutputTensor.Sizes",
       "OutputTensor.DimensionCount must match InputTensor.DimensionCount"},
      {"axis out of range", [](ReduceDesc& d) { d.Axes = {2}; }, "Axes[0]",
       "Axes must be in [0, InputTensor.DimensionCount - 1]"},
      {"second axis out of range",
       [](ReduceDesc& d) {
         d.Axes = {0, 7};
       },
       "Axes[1]", "Axes must be in [0, InputTensor.DimensionCount - 1]"},
      {"reduced axis not 1",
       [](ReduceDesc& d) {
         d.OutputTensor = Tensor(D::kFloat32, {3, 3});
       },
       "OutputTensor.Sizes[0]", "OutputTensor.Sizes must equal InputTensor.Sizes with reduced axes 1"},
      {"kept axis changed",
       [](ReduceDesc& d) {
         d.OutputTensor = Tensor(D::kFloat32, {1, 2});
       },
       "OutputTensor.Sizes[1]", "OutputTensor.Sizes must equal InputTensor.Sizes with reduced axes 1"},
      {"output data type", [](ReduceDesc& d) { d.OutputTensor.DataType = D::kFloat16; }, "OutputTensor.DataType",
       "InputTensor and OutputTensor must have the same DataType"},
      {"argmax float output", [](ReduceDesc& d) { d.Function = RF::kArgMax; }, "OutputTensor.DataType",
       "ARGMIN and ARGMAX output INT32, INT64, UINT32 or UINT64"},
      {"argmin int16 output",
       [](ReduceDesc& d) {
         d.Function = RF::kArgMin;
         d.OutputTensor.DataType = D::kInt16;
       },
       "OutputTensor.DataType", "ARGMIN and ARGMAX output INT32, INT64, UINT32 or UINT64"},
      {"argmax index does not fit INT32",
       [](ReduceDesc& d) { d = Make(RF::kArgMax, D::kUint8, D::kInt32, {2147483650u}, {1}, {0}); },
       "OutputTensor.DataType", "the output type must hold every index within the reduced axes"},
  };
  testing::ExpectEachRejected(Example1(), cases, ValidateReduce, "REDUCE");
}

TEST(Reduce, ArgOutputsEveryIndexType) {
  for (RF f : {RF::kArgMax, RF::kArgMin}) {
    for (D out : {D::kInt32, D::kInt64, D::kUint32, D::kUint64}) {
      EXPECT_TRUE(Accepted(ValidateReduce(Make(f, D::kFloat16, out, {2, 3}, {2, 1}, {1}))));
    }
  }
  EXPECT_TRUE(Accepted(ValidateReduce(Make(RF::kArgMax, D::kUint8, D::kUint32, {2147483650u}, {1}, {0}))));
}

TEST(Reduce, OtherFunctionsKeepTheInputType) {
  for (RF f : kAllReduceFunctions) {
    if (IsArgReduce(f)) continue;
    EXPECT_TRUE(Accepted(ValidateReduce(Make(f, D::kInt16, D::kInt16, {2, 3}, {1, 1}, {1, 0}))));
    EXPECT_TRUE(Rejected(ValidateReduce(Make(f, D::kInt16, D::kInt32, {2, 3}, {1, 1}, {1, 0})), "REDUCE",
                         "OutputTensor.DataType", "InputTensor and OutputTensor must have the same DataType"));
  }
}

TEST(Reduce, ErrorMessages) {
  ReduceDesc d = Example1();
  d.Axes = {0, 4};
  EXPECT_EQ(ValidateReduce(d).error().ToString(),
            "REDUCE: Axes[1] is 4 but InputTensor has 2 dimensions (Axes must be in [0, InputTensor.DimensionCount - "
            "1]; spec)");
}

// The page states neither distinct axes nor AxisCount > 0; DirectML 1.15.4 takes both (docs/semantics.md,
// "Answers DirectML decides"), and so does validation: the output keeps every size, or reduces the axis once.
TEST(Reduce, NoAxesAndRepeatedAxesAreValid) {
  ReduceDesc d = Example1();
  d.Axes = {};
  d.OutputTensor = Tensor(D::kFloat32, {3, 3});
  EXPECT_TRUE(Accepted(ValidateReduce(d)));
  d.Axes = {1, 1};
  d.OutputTensor = Tensor(D::kFloat32, {3, 1});
  EXPECT_TRUE(Accepted(ValidateReduce(d)));
}

}  // namespace
}  // namespace dmlc::ops
