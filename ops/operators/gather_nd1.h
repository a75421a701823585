// DML_GATHER_ND1_OPERATOR_DESC (spec 000). GATHER_ND is this desc with BatchDimensionCount = 0.
#pragma once

#include <vector>

#include "ops/error.h"
#include "ops/feature_level.h"
#include "ops/tensor_desc.h"

namespace dmlc::ops {

struct GatherNd1Desc {
  TensorDesc InputTensor;
  TensorDesc IndicesTensor;
  TensorDesc OutputTensor;
  uint32_t InputDimensionCount = 0;
  uint32_t IndicesDimensionCount = 0;
  uint32_t BatchDimensionCount = 0;
  bool operator==(const GatherNd1Desc&) const = default;
};

// Output sizes per the worked examples (spec README). With D = DimensionCount (all three tensors),
// B = BatchDimensionCount, k = IndicesTensor.Sizes[D-1] (the index tuple size):
//   gathered = IndicesTensor.Sizes[D - IndicesDimensionCount .. D-1)      (batch dims first, no tuple dim)
//            ++ InputTensor.Sizes[D - InputDimensionCount + B + k .. D)   (after batch and indexed dims)
//   OutputTensor.Sizes = {1, ..., 1} ++ gathered, right-aligned to D dimensions.
// The batch dimensions are the first B of each tensor's meaningful dimensions (the last
// InputDimensionCount / IndicesDimensionCount ones). Examples: input {3,4,5,6,7} (InputDimensionCount 5),
// indices {1,1,1,2,3} (IndicesDimensionCount 3) -> {1,1,2,6,7}; input {1,3,2,2}, indices {1,3,2,2},
// counts 3 and 3, B = 1 -> {1,1,3,2}.
// Error (naming the rule) when the counts make that impossible: InputDimensionCount or
// IndicesDimensionCount outside [1, D], B >= D, B >= IndicesDimensionCount, B >= InputDimensionCount,
// k outside [1, InputDimensionCount - B], or gathered longer than D.
Result<std::vector<uint32_t>> InferGatherNd1OutputSizes(const GatherNd1Desc& desc);
// Every constraint of spec 000, and OutputTensor.Sizes equal to the inferred sizes. Also: IndicesTensor
// has an integer DataType, dimensions before the meaningful ones are 1 (in InputTensor and
// IndicesTensor), and batch dimension sizes of InputTensor and IndicesTensor are equal.
Status ValidateGatherNd1(const GatherNd1Desc& desc);
const SupportTable& GatherNd1SupportTable();
std::vector<TensorUse> GatherNd1TensorUses(const GatherNd1Desc& desc);

}  // namespace dmlc::ops
