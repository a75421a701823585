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

Status Compute(const ops::GatherNd1Desc& desc, Inputs inputs, Outputs outputs);
Status Compute(const ops::DiagonalMatrixDesc& desc, Inputs inputs, Outputs outputs);
Status Compute(const ops::DiagonalMatrix1Desc& desc, Inputs inputs, Outputs outputs);
Status Compute(const ops::JoinDesc& desc, Inputs inputs, Outputs outputs);
Status Compute(const ops::ReduceDesc& desc, Inputs inputs, Outputs outputs);
Status Compute(const ops::OneHotDesc& desc, Inputs inputs, Outputs outputs);

}  // namespace dmlc::backends::plain
