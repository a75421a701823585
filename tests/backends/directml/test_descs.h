// Descs the directml suites translate: tensors with DirectML's own size rule, and a GATHER_ND1 with or
// without a batch dimension (the spec's example 4 layout).
#pragma once

#include <cstdint>
#include <vector>

#include "ops/operator_desc.h"

namespace dmlc::backends::directml::testing {

// TotalTensorSizeInBytes is DMLCalcBufferTensorSize's unless `total` is given.
inline ops::TensorDesc Tensor(ops::DataType type, std::vector<uint32_t> sizes, std::vector<uint32_t> strides = {},
                              uint64_t total = 0) {
  ops::TensorDesc t;
  t.DataType = type;
  t.Sizes = std::move(sizes);
  t.Strides = std::move(strides);
  t.TotalTensorSizeInBytes = total != 0 ? total : ops::CalcBufferTensorSize(t).value();
  return t;
}

// Input {1,3,2,2}, indices {1,3,2,2} (UINT32), output {1,1,3,2}; counts 3 and 3.
inline ops::GatherNd1Desc Gather(uint32_t batch) {
  ops::GatherNd1Desc g;
  g.InputTensor = Tensor(ops::DataType::kFloat32, {1, 3, 2, 2});
  g.IndicesTensor = Tensor(ops::DataType::kUint32, {1, 3, 2, 2});
  g.OutputTensor = Tensor(ops::DataType::kFloat32, {1, 1, 3, 2});
  g.InputDimensionCount = 3;
  g.IndicesDimensionCount = 3;
  g.BatchDimensionCount = batch;
  return g;
}

}  // namespace dmlc::backends::directml::testing
