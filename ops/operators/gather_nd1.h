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
};

// Output sizes per the worked example (spec README): the indices' meaningful dimensions without the
// tuple dimension, then the input dimensions after the batch and indexed ones, right-aligned with
// leading 1s to the input's DimensionCount. Error when the desc's counts make that impossible.
Result<std::vector<uint32_t>> InferGatherNd1OutputSizes(const GatherNd1Desc& desc);
// Every constraint of spec 000, and OutputTensor.Sizes equal to the inferred sizes.
Status ValidateGatherNd1(const GatherNd1Desc& desc);
const SupportTable& GatherNd1SupportTable();
std::vector<TensorUse> GatherNd1TensorUses(const GatherNd1Desc& desc);

}  // namespace dmlc::ops
