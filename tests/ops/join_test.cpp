#include "ops/operators/join.h"

#include <gtest/gtest.h>

#include "test_util.h"

namespace dmlc::ops {
namespace {

using testing::Accepted;
using testing::Mutation;
using testing::Rejected;
using testing::Tensor;
using D = DataType;

JoinDesc Make(std::vector<std::vector<uint32_t>> inputs, std::vector<uint32_t> output, uint32_t axis) {
  JoinDesc d;
  for (auto& sizes : inputs) d.InputTensors.push_back(Tensor(D::kFloat32, std::move(sizes)));
  d.OutputTensor = Tensor(D::kFloat32, std::move(output));
  d.Axis = axis;
  return d;
}

// Spec example 1.
JoinDesc Example1() { return Make({{1, 1, 2, 3}, {1, 1, 2, 4}}, {1, 1, 2, 7}, 3); }

TEST(Join, OutputSizesOfSpecExamples) {
  EXPECT_EQ(InferJoinOutputSizes(Example1()).value(), (std::vector<uint32_t>{1, 1, 2, 7}));
  const std::vector<std::vector<uint32_t>> same = {{1, 1, 2, 2}, {1, 1, 2, 2}, {1, 1, 2, 2}};
  const std::pair<uint32_t, std::vector<uint32_t>> axes[] = {{1, {1, 3, 2, 2}}, {2, {1, 1, 6, 2}}, {3, {1, 1, 2, 6}}};
  for (const auto& [axis, output] : axes) {
    const JoinDesc d = Make(same, output, axis);
    EXPECT_EQ(InferJoinOutputSizes(d).value(), output) << axis;
    EXPECT_TRUE(Accepted(ValidateJoin(d))) << axis;
  }
  EXPECT_TRUE(Accepted(ValidateJoin(Make({{5}}, {5}, 0))));  // a single input is a copy
}

TEST(Join, InferErrors) {
  EXPECT_TRUE(Rejected(InferJoinOutputSizes(JoinDesc{}), "JOIN", "InputTensors", "InputCount must be greater than 0"));
  EXPECT_TRUE(Rejected(InferJoinOutputSizes(Make({{2, 2}}, {2, 2}, 2)), "JOIN", "Axis",
                       "Axis must be in [0, OutputTensor.DimensionCount - 1]"));
  EXPECT_TRUE(Rejected(InferJoinOutputSizes(Make({{0xFFFFFFFFu}, {1}}, {1}, 0)), "JOIN", "InputTensors",
                       "the joined size must fit in UINT"));
}

TEST(Join, RejectsEachConstraint) {
  const std::vector<Mutation<JoinDesc>> cases = {
      {"no inputs", [](JoinDesc& d) { d.InputTensors.clear(); }, "InputTensors", "InputCount must be greater than 0"},
      {"tensor desc rule", [](JoinDesc& d) { d.InputTensors[1].Sizes[3] = 0; }, "InputTensors[1].Sizes[3]",
       "sizes must be nonzero"},
      {"output tensor desc rule", [](JoinDesc& d) { d.OutputTensor.TotalTensorSizeInBytes += 2; },
       "OutputTensor.TotalTensorSizeInBytes", "TotalTensorSizeInBytes must be a multiple of 4"},
      {"axis out of range", [](JoinDesc& d) { d.Axis = 4; }, "Axis",
       "Axis must be in [0, OutputTensor.DimensionCount - 1]"},
      {"input dimension count",
       [](JoinDesc& d) {
         d.InputTensors[1] = Tensor(D::kFloat32, {1, 2, 4});
       },
       "InputTensors[1].Sizes", "InputTensors and OutputTensor must have the same DimensionCount"},
      {"input data type", [](JoinDesc& d) { d.InputTensors[0].DataType = D::kFloat16; }, "InputTensors[0].DataType",
       "InputTensors and OutputTensor must have the same DataType"},
      {"other dimension differs",
       [](JoinDesc& d) {
         d.InputTensors[1] = Tensor(D::kFloat32, {1, 1, 3, 4});
       },
       "InputTensors[1].Sizes[2]", "all dimensions but Axis must match"},
      {"axis size is not the sum",
       [](JoinDesc& d) {
         d.OutputTensor = Tensor(D::kFloat32, {1, 1, 2, 8});
       },
       "OutputTensor.Sizes[3]", "OutputTensor.Sizes[Axis] must be the sum of the inputs' Sizes[Axis]"},
  };
  testing::ExpectEachRejected(Example1(), cases, ValidateJoin, "JOIN");
}

TEST(Join, ErrorMessageNamesBothSizes) {
  const JoinDesc d = Make({{1, 1, 4, 3}, {1, 1, 3, 4}}, {1, 1, 4, 7}, 3);
  EXPECT_EQ(ValidateJoin(d).error().ToString(),
            "JOIN: InputTensors[1].Sizes[2] is 3 but OutputTensor.Sizes[2] is 4 (all dimensions but Axis must match; spec)");
}

TEST(Join, TensorUsesListInputsThenOutput) {
  const JoinDesc d = Make({{1, 2}, {1, 3}, {1, 4}}, {1, 9}, 1);
  const std::vector<TensorUse> uses = TensorUsesOf(d);
  ASSERT_EQ(uses.size(), 4u);
  EXPECT_EQ(uses[2].tensor, "InputTensors");
  EXPECT_EQ(uses[2].path, "InputTensors[2]");
  EXPECT_EQ(uses[2].desc, &d.InputTensors[2]);
  EXPECT_EQ(uses[3].path, "OutputTensor");
  EXPECT_EQ(d.InputCount(), 3u);
}

}  // namespace
}  // namespace dmlc::ops
