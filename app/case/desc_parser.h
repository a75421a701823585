// Reads "operator": {"type", "desc"} and tensor descs from a case file, with DirectML's field names.
// Structural checks only (known fields, JSON types, ranges of the C types, count fields matching their
// arrays): whether the desc is valid is ops::Validate's call, made by the runner, so cases that expect
// a rejection still load.
#pragma once

#include "app/case/json_node.h"
#include "ops/error.h"
#include "ops/operator_desc.h"
#include "ops/tensor_desc.h"

namespace dmlc::app {

// {"type": "DML_OPERATOR_REDUCE" | "REDUCE" | "GATHER_ND" | ..., "desc": {...}}.
// GATHER_ND reads as GATHER_ND1 without a BatchDimensionCount field (it is 0).
Result<ops::OperatorDesc> ParseOperator(const JsonNode& node);

// {"DataType", "Sizes", "DimensionCount"?, "Strides"?, "TotalTensorSizeInBytes"?,
//  "GuaranteedBaseOffsetAlignment"?, "Flags"?}, or {"Type": "DML_TENSOR_TYPE_BUFFER", "Desc": {...}}.
// An absent TotalTensorSizeInBytes is computed with ops::CalcBufferTensorSize (left 0 when the desc is
// too broken to compute it; validation then reports why).
Result<ops::TensorDesc> ParseTensorDesc(const JsonNode& node);

}  // namespace dmlc::app
