// DML_DIAGONAL_MATRIX_OPERATOR_DESC (spec 001).
#pragma once

#include <vector>

#include "ops/error.h"
#include "ops/feature_level.h"
#include "ops/tensor_desc.h"

namespace dmlc::ops {

struct DiagonalMatrixDesc {
  TensorDesc OutputTensor;
  int32_t Offset = 0;
  float Value = 1.0f;
  bool operator==(const DiagonalMatrixDesc&) const = default;
};

// Spec rules: OutputTensor has 2 to 4 dimensions (no table at any level allows more; fewer than two
// leave no matrix). Plus: for integer outputs Value truncates toward zero and must fit the output type
// (NaN and infinities never do); floating-point outputs take any Value (FLOAT16 rounds to nearest even).
Status ValidateDiagonalMatrix(const DiagonalMatrixDesc& desc);
const SupportTable& DiagonalMatrixSupportTable();
std::vector<TensorUse> DiagonalMatrixTensorUses(const DiagonalMatrixDesc& desc);

}  // namespace dmlc::ops
