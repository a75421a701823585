#include "ops/operators/gather_nd1.h"

#include <gtest/gtest.h>

#include "test_util.h"

namespace dmlc::ops {
namespace {

using testing::Accepted;
using testing::Mutation;
using testing::Tensor;
using D = DataType;

GatherNd1Desc Make(std::vector<uint32_t> input, std::vector<uint32_t> indices, std::vector<uint32_t> output,
                   uint32_t input_count, uint32_t indices_count, uint32_t batch) {
  GatherNd1Desc d;
  d.InputTensor = Tensor(D::kFloat32, std::move(input));
  d.IndicesTensor = Tensor(D::kUint32, std::move(indices));
  d.OutputTensor = Tensor(D::kFloat32, std::move(output));
  d.InputDimensionCount = input_count;
  d.IndicesDimensionCount = indices_count;
  d.BatchDimensionCount = batch;
  return d;
}

// Spec example 2: 2D remapping with one batch dimension.
GatherNd1Desc Example2() { return Make({1, 3, 2, 2}, {1, 3, 2, 2}, {1, 1, 3, 2}, 3, 3, 1); }

struct ShapeCase {
  const char* name;
  GatherNd1Desc desc;
  std::vector<uint32_t> output;
};

TEST(GatherNd1, OutputSizes) {
  const ShapeCase cases[] = {
      {"OutputTensor.Sizes example", Make({3, 4, 5, 6, 7}, {1, 1, 1, 2, 3}, {}, 5, 3, 0), {1, 1, 2, 6, 7}},
      {"example 1", Make({2, 2}, {2, 1}, {}, 2, 2, 0), {2, 2}},
      {"example 2 (batch)", Example2(), {1, 1, 3, 2}},
      // Batches {3,4} lead; then indices {5,6}; then input dims after batch and the 2 indexed ones: {12}.
      {"two batch dimensions", Make({1, 3, 4, 10, 11, 12}, {1, 3, 4, 5, 6, 2}, {}, 5, 5, 2), {1, 3, 4, 5, 6, 12}},
      {"full tuples gather scalars", Make({4, 5}, {7, 2}, {}, 2, 2, 0), {1, 7}},
      {"one dimension", Make({9}, {1}, {}, 1, 1, 0), {1}},
      {"leading ones ignored", Make({1, 1, 4, 6}, {1, 1, 5, 1}, {}, 2, 2, 0), {1, 1, 5, 6}},
  };
  for (const ShapeCase& c : cases) {
    SCOPED_TRACE(c.name);
    const Result<std::vector<uint32_t>> sizes = InferGatherNd1OutputSizes(c.desc);
    ASSERT_TRUE(sizes.ok()) << sizes.error().ToString();
    EXPECT_EQ(*sizes, c.output);
    GatherNd1Desc complete = c.desc;
    complete.OutputTensor = Tensor(D::kFloat32, c.output);
    EXPECT_TRUE(Accepted(ValidateGatherNd1(complete)));
  }
}

TEST(GatherNd1, InferRejectsImpossibleCounts) {
  EXPECT_FALSE(InferGatherNd1OutputSizes(Make({2, 2}, {2, 3}, {}, 2, 2, 0)).ok());  // tuple longer than input
  EXPECT_FALSE(InferGatherNd1OutputSizes(Make({2, 2}, {2, 1}, {}, 0, 2, 0)).ok());
  EXPECT_FALSE(InferGatherNd1OutputSizes(Make({2, 2}, {2, 1, 1}, {}, 2, 2, 0)).ok());
  EXPECT_FALSE(InferGatherNd1OutputSizes(GatherNd1Desc{}).ok());
}

TEST(GatherNd1, RejectsEachConstraint) {
  const std::string same_dims = "IndicesTensor, InputTensor and OutputTensor must have the same DimensionCount";
  const std::vector<Mutation<GatherNd1Desc>> cases = {
      {"tensor desc rule", [](GatherNd1Desc& d) { d.InputTensor.TotalTensorSizeInBytes = 4; },
       "InputTensor.TotalTensorSizeInBytes", "TotalTensorSizeInBytes must be at least the computed size"},
      {"indices dimension count",
       [](GatherNd1Desc& d) {
         d.IndicesTensor = Tensor(D::kUint32, {3, 2, 2});
       },
       "IndicesTensor.Sizes", same_dims.c_str()},
      {"output dimension count",
       [](GatherNd1Desc& d) {
         d.OutputTensor = Tensor(D::kFloat32, {1, 3, 2});
       },
       "OutputTensor.Sizes", same_dims.c_str()},
      {"output data type", [](GatherNd1Desc& d) { d.OutputTensor.DataType = D::kFloat16; }, "OutputTensor.DataType",
       "InputTensor and OutputTensor must have the same DataType"},
      {"float indices", [](GatherNd1Desc& d) { d.IndicesTensor.DataType = D::kFloat32; }, "IndicesTensor.DataType",
       "IndicesTensor must have an integer DataType"},
      {"InputDimensionCount 0", [](GatherNd1Desc& d) { d.InputDimensionCount = 0; }, "InputDimensionCount",
       "InputDimensionCount must be in [1, InputTensor.DimensionCount]"},
      {"InputDimensionCount too big", [](GatherNd1Desc& d) { d.InputDimensionCount = 5; }, "InputDimensionCount",
       "InputDimensionCount must be in [1, InputTensor.DimensionCount]"},
      {"IndicesDimensionCount 0", [](GatherNd1Desc& d) { d.IndicesDimensionCount = 0; }, "IndicesDimensionCount",
       "IndicesDimensionCount must be in [1, IndicesTensor.DimensionCount]"},
      {"IndicesDimensionCount too big", [](GatherNd1Desc& d) { d.IndicesDimensionCount = 5; }, "IndicesDimensionCount",
       "IndicesDimensionCount must be in [1, IndicesTensor.DimensionCount]"},
      {"BatchDimensionCount = DimensionCount", [](GatherNd1Desc& d) { d.BatchDimensionCount = 4; },
       "BatchDimensionCount", "BatchDimensionCount must be in [0, DimensionCount)"},
      {"no tuple dimension left",
       [](GatherNd1Desc& d) {
         d.IndicesDimensionCount = 1;
         d.BatchDimensionCount = 1;
       },
       "BatchDimensionCount", "BatchDimensionCount must be less than IndicesDimensionCount"},
      {"batch covers the input",
       [](GatherNd1Desc& d) {
         d.InputDimensionCount = 1;
         d.BatchDimensionCount = 1;
       },
       "BatchDimensionCount", "BatchDimensionCount must be less than InputDimensionCount"},
      {"tuple too long",
       [](GatherNd1Desc& d) {
         d.IndicesTensor = Tensor(D::kUint32, {1, 3, 2, 3});
       },
       "IndicesTensor.Sizes[3]", "the index tuple size must be in [1, InputDimensionCount - BatchDimensionCount]"},
      {"output rank too large",
       [](GatherNd1Desc& d) {
         d = Make({4, 5, 6}, {2, 2, 1}, {2, 2, 5}, 3, 3, 0);
       },
       "IndicesDimensionCount", "the gathered output must fit in DimensionCount dimensions"},
      {"input leading dimension",
       [](GatherNd1Desc& d) {
         d.InputTensor = Tensor(D::kFloat32, {2, 3, 2, 2});
       },
       "InputTensor.Sizes[0]", "dimensions before the meaningful ones must be 1"},
      {"indices leading dimension",
       [](GatherNd1Desc& d) {
         d.IndicesTensor = Tensor(D::kUint32, {2, 3, 2, 2});
       },
       "IndicesTensor.Sizes[0]", "dimensions before the meaningful ones must be 1"},
      {"batch sizes differ",
       [](GatherNd1Desc& d) {
         d.IndicesTensor = Tensor(D::kUint32, {1, 4, 2, 2});
       },
       "IndicesTensor.Sizes[1]", "batch dimensions of InputTensor and IndicesTensor must match"},
      {"output sizes",
       [](GatherNd1Desc& d) {
         d.OutputTensor = Tensor(D::kFloat32, {1, 1, 3, 3});
       },
       "OutputTensor.Sizes[3]", "OutputTensor.Sizes must equal the gathered sizes"},
  };
  testing::ExpectEachRejected(Example2(), cases, ValidateGatherNd1, "GATHER_ND1");
}

TEST(GatherNd1, ErrorMessages) {
  GatherNd1Desc d = Example2();
  d.OutputTensor = Tensor(D::kFloat32, {1, 1, 3, 3});
  EXPECT_EQ(ValidateGatherNd1(d).error().ToString(),
            "GATHER_ND1: OutputTensor.Sizes[3] is 3 but must be 2 (expected {1,1,3,2}) "
            "(OutputTensor.Sizes must equal the gathered sizes; spec)");
}

TEST(GatherNd1, AcceptsEveryIndexType) {
  for (D type : {D::kInt64, D::kInt32, D::kUint64, D::kUint32, D::kInt8}) {
    GatherNd1Desc d = Example2();
    d.IndicesTensor = Tensor(type, {1, 3, 2, 2});
    EXPECT_TRUE(Accepted(ValidateGatherNd1(d))) << DataTypeName(type);
  }
}

TEST(GatherNd1, TensorUsesAndTable) {
  const GatherNd1Desc d = Example2();
  const std::vector<TensorUse> uses = TensorUsesOf(d);
  ASSERT_EQ(uses.size(), 3u);
  EXPECT_EQ(uses[0].tensor, "InputTensor");
  EXPECT_EQ(uses[1].tensor, "IndicesTensor");
  EXPECT_EQ(uses[2].tensor, "OutputTensor");
  EXPECT_EQ(uses[1].desc, &d.IndicesTensor);
  EXPECT_EQ(GatherNd1SupportTable().name, "GATHER_ND1");
  EXPECT_EQ(GatherNd1SupportTable().levels.size(), 2u);
}

}  // namespace
}  // namespace dmlc::ops
