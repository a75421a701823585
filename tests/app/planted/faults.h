// The planted faults' prepare functions, one file each. Each receives a desc ops::ValidateAt() accepted
// and the cpu backend: where the fault applies it returns an operator that runs cpu's and gets its one
// thing wrong; elsewhere cpu's operator itself. What each gets wrong is the description in
// planted_backend.cpp's table.
#pragma once

#include <memory>

#include "backends/backend.h"
#include "ops/error.h"
#include "ops/operator_desc.h"

namespace dmlc::app::testing {

using PreparedResult = Result<std::unique_ptr<backends::PreparedOperator>>;

// Output elements from logical index kStrideFaultFrom on are written one element past their place.
inline constexpr uint64_t kStrideFaultFrom = 1024;
PreparedResult PrepareOutputStrideFault(const ops::OperatorDesc& desc, backends::Backend& cpu);
PreparedResult PrepareF16SubnormalFault(const ops::OperatorDesc& desc, backends::Backend& cpu);
PreparedResult PrepareGatherNegativeFault(const ops::OperatorDesc& desc, backends::Backend& cpu);
PreparedResult PrepareGatherUnclampedFault(const ops::OperatorDesc& desc, backends::Backend& cpu);
PreparedResult PrepareArgMaxLastTieFault(const ops::OperatorDesc& desc, backends::Backend& cpu);
PreparedResult PrepareReduceAxesFault(const ops::OperatorDesc& desc, backends::Backend& cpu);
PreparedResult PrepareJoinOverreadFault(const ops::OperatorDesc& desc, backends::Backend& cpu);

}  // namespace dmlc::app::testing
