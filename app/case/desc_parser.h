// Reads "operator": {"type", "desc"} and tensor descs from a case file, with DirectML's field names.
// Structural checks only (known fields, JSON types, ranges of the C types, count fields matching their
// arrays): whether the desc is valid is ops::Validate's call, made by the runner, so cases that expect
// a rejection still load.
#pragma once

#include <span>
#include <string_view>

#include "app/case/json_node.h"
#include "ops/error.h"
#include "ops/execution_flags.h"
#include "ops/operator_desc.h"
#include "ops/tensor_desc.h"

namespace dmlc::app {

// {"type": "DML_OPERATOR_REDUCE" | "REDUCE" | "GATHER_ND" | ..., "desc": {...}}, in DxDispatch's
// spellings too: "Type" and "Desc" in capitals, or the desc's fields beside the type with no "desc";
// "executionFlags" is read by ParseExecutionFlags() and "dmlCompileType" checked. `extra_fields` are fields the
// caller reads from the same object (a DxDispatch dispatchable's "bindings").
// GATHER_ND reads as GATHER_ND1 without a BatchDimensionCount field (it is 0).
Result<ops::OperatorDesc> ParseOperator(const JsonNode& node, std::span<const std::string_view> extra_fields = {});

// The operator object's "executionFlags" (DML_EXECUTION_FLAGS as DxDispatch spells them: a name or an
// array of names, with or without "DML_EXECUTION_FLAG_"), OR'ed together; NONE when absent.
Result<ops::ExecutionFlags> ParseExecutionFlags(const JsonNode& node);
// The same names on a command line, separated by ',' or '|': "ALLOW_HALF_PRECISION_COMPUTATION,
// DISABLE_META_COMMANDS". The error lists the names.
Result<ops::ExecutionFlags> ParseExecutionFlagList(std::string_view text);

// The object holding an operator's desc fields: its "desc" or "Desc", else the operator object itself.
JsonNode DescNode(const JsonNode& node);

// {"DataType", "Sizes", "DimensionCount"?, "Strides"?, "TotalTensorSizeInBytes"?,
//  "GuaranteedBaseOffsetAlignment"?, "Flags"?}, with an optional "Type": "BUFFER" beside them, or
// {"Type"?, "Desc": {...}}. Flags: a name, an array of names, or the number. An absent or 0
// TotalTensorSizeInBytes is computed with ops::CalcBufferTensorSize (left 0 when the desc is too broken
// to compute it; validation then reports why).
Result<ops::TensorDesc> ParseTensorDesc(const JsonNode& node);

}  // namespace dmlc::app
