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
};

// Spec rules, plus: for integer outputs Value truncates toward zero and must fit the output type.
Status ValidateDiagonalMatrix(const DiagonalMatrixDesc& desc);
const SupportTable& DiagonalMatrixSupportTable();
std::vector<TensorUse> DiagonalMatrixTensorUses(const DiagonalMatrixDesc& desc);

}  // namespace dmlc::ops
