// One function per operator: computes the outputs of a validated desc from its inputs. `inputs` and
// `outputs` are in ops::Bindings() order and hold every logical element (plain_backend.cpp checks).
// Errors: only for a desc validation rejects.
#pragma once

#include <span>

#include "backends/backend.h"
#include "ops/operator_desc.h"

namespace dmlc::backends::plain {

using Inputs = std::span<const ConstBuffer>;
using Outputs = std::span<const MutableBuffer>;

// Compute(const ops::<Op>Desc&, inputs, outputs) for every operator, in backends/plain/<op>.cpp.
#define DMLC_DECLARE_PLAIN_COMPUTE(Op) Status Compute(const ops::Op##Desc& desc, Inputs inputs, Outputs outputs);
DMLC_FOR_EACH_OPERATOR(DMLC_DECLARE_PLAIN_COMPUTE)
#undef DMLC_DECLARE_PLAIN_COMPUTE


}  // namespace dmlc::backends::plain
