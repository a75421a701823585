// Invalid mutants: a valid desc with one rule broken, kept only when the operator model really
// rejects it, so a backend's "rejected" can be checked against the model's. Pure; thread-safe.
#pragma once

#include "app/fuzz/choices.h"
#include "ops/feature_level.h"
#include "ops/operator_desc.h"

namespace dmlc::app::fuzz {

// Breaks one rule of `desc` (valid at `level`): a wrong output size, too small or misaligned a
// TotalTensorSizeInBytes, 9 dimensions, a zero size, Strides of the wrong length, a mismatched or
// unsupported data type, a duplicate or out-of-range axis, an operator-specific count. Tries the
// drawn mutation, then the following ones, until ops::Validate or ops::SupportedAt rejects the result;
// returns false, leaving `desc` as it was, when none does.
bool MutateToInvalid(Choices& choices, ops::OperatorDesc& desc, ops::FeatureLevel level);

}  // namespace dmlc::app::fuzz
