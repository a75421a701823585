#include "ops/operators/one_hot.h"

#include <gtest/gtest.h>

#include "test_util.h"

namespace dmlc::ops {
namespace {

using testing::Accepted;
using testing::Mutation;
using testing::Tensor;
using D = DataType;

OneHotDesc Make(D indices_type, std::vector<uint32_t> indices, std::vector<uint32_t> values,
                std::vector<uint32_t> output, uint32_t axis) {
  OneHotDesc d;
  d.IndicesTensor = Tensor(indices_type, std::move(indices));
  d.ValuesTensor = Tensor(D::kFloat32, std::move(values));
  d.OutputTensor = Tensor(D::kFloat32, std::move(output));
  d.Axis = axis;
  return d;
}

// Spec example 1.
OneHotDesc Example1() { return Make(D::kUint32, {1, 1, 3, 1}, {1, 1, 1, 2}, {1, 1, 3, 4}, 3); }

TEST(OneHot, SpecExamplesValidate) {
  EXPECT_TRUE(Accepted(ValidateOneHot(Example1())));
  EXPECT_TRUE(Accepted(ValidateOneHot(Make(D::kUint32, {1, 1, 1, 4}, {1, 1, 1, 2}, {1, 1, 3, 4}, 2))));
  EXPECT_TRUE(Accepted(ValidateOneHot(Make(D::kUint32, {1, 1, 3, 1}, {1, 1, 3, 1}, {1, 1, 3, 4}, 3))));
  EXPECT_TRUE(Accepted(ValidateOneHot(Make(D::kInt32, {1, 1, 3, 1}, {1, 1, 1, 2}, {1, 1, 3, 4}, 3))));
  // The spec's Axis-1 example: output {2,3,4,5} needs indices {2,1,4,5}.
  EXPECT_TRUE(Accepted(ValidateOneHot(Make(D::kUint32, {2, 1, 4, 5}, {1, 1, 1, 2}, {2, 3, 4, 5}, 1))));
}

TEST(OneHot, RejectsEachConstraint) {
  const std::string same_dims = "IndicesTensor, OutputTensor and ValuesTensor must have the same DimensionCount";
  const std::string indices_sizes = "IndicesTensor.Sizes must equal OutputTensor.Sizes except Axis, which is 1";
  const std::vector<Mutation<OneHotDesc>> cases = {
      {"tensor desc rule", [](OneHotDesc& d) { d.ValuesTensor.GuaranteedBaseOffsetAlignment = 8; },
       "ValuesTensor.GuaranteedBaseOffsetAlignment", "GuaranteedBaseOffsetAlignment must be 0 or a power of two >= 16"},
      {"indices dimension count",
       [](OneHotDesc& d) {
         d.IndicesTensor = Tensor(D::kUint32, {1, 3, 1});
       },
       "IndicesTensor.Sizes", same_dims.c_str()},
      {"values dimension count", [](OneHotDesc& d) { d.ValuesTensor = Tensor(D::kFloat32, {2}); }, "ValuesTensor.Sizes",
       same_dims.c_str()},
      {"values data type", [](OneHotDesc& d) { d.ValuesTensor.DataType = D::kFloat16; }, "OutputTensor.DataType",
       "OutputTensor and ValuesTensor must have the same DataType"},
      {"float indices", [](OneHotDesc& d) { d.IndicesTensor.DataType = D::kFloat32; }, "IndicesTensor.DataType",
       "IndicesTensor must have an integer DataType"},
      {"axis out of range", [](OneHotDesc& d) { d.Axis = 4; }, "Axis",
       "Axis must be less than IndicesTensor.DimensionCount"},
      {"indices axis size not 1",
       [](OneHotDesc& d) {
         d.IndicesTensor = Tensor(D::kUint32, {1, 1, 3, 4});
       },
       "IndicesTensor.Sizes[3]", indices_sizes.c_str()},
      {"indices other size differs",
       [](OneHotDesc& d) {
         d.IndicesTensor = Tensor(D::kUint32, {1, 1, 2, 1});
       },
       "IndicesTensor.Sizes[2]", indices_sizes.c_str()},
      {"one value",
       [](OneHotDesc& d) {
         d.ValuesTensor = Tensor(D::kFloat32, {1, 1, 1, 1});
       },
       "ValuesTensor.Sizes", "ValuesTensor must have at least 2 elements"},
  };
  testing::ExpectEachRejected(Example1(), cases, ValidateOneHot, "ONE_HOT");
}

TEST(OneHot, OnValuePosition) {
  EXPECT_EQ(OneHotOnValueIndex(Tensor(D::kFloat32, {1, 1, 1, 2})), 1u);
  EXPECT_EQ(OneHotOnValueIndex(Tensor(D::kFloat32, {1, 1, 3, 1})), 1u);  // example 3: {4, 2, 9} -> 2
  EXPECT_EQ(OneHotOnValueIndex(Tensor(D::kFloat32, {1})), 0u);
  EXPECT_EQ(OneHotOnValueOffset(Tensor(D::kFloat32, {1, 1, 3, 1})), 1u);
  EXPECT_EQ(OneHotOnValueOffset(Tensor(D::kFloat32, {2, 1})), 1u);
  TensorDesc strided = Tensor(D::kFloat32, {1, 1, 3, 1});
  strided.Strides = {3, 3, 5, 1};
  EXPECT_EQ(OneHotOnValueOffset(strided), 5u);
  TensorDesc column_major = Tensor(D::kFloat32, {2, 2});
  column_major.Strides = {1, 2};
  EXPECT_EQ(OneHotOnValueOffset(column_major), 2u);
  EXPECT_EQ(OneHotOnValueOffset(Tensor(D::kFloat32, {1, 1})), 0u);
}

TEST(OneHot, TensorUses) {
  const OneHotDesc d = Example1();
  const std::vector<TensorUse> uses = TensorUsesOf(d);
  ASSERT_EQ(uses.size(), 3u);
  EXPECT_EQ(uses[0].tensor, "IndicesTensor");
  EXPECT_EQ(uses[1].tensor, "ValuesTensor");
  EXPECT_EQ(uses[2].tensor, "OutputTensor");
  EXPECT_EQ(uses[1].desc, &d.ValuesTensor);
}

}  // namespace
}  // namespace dmlc::ops
