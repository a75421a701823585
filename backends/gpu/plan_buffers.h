// The buffers a dispatch plan names and the ordering it needs, as every GPU backend creates and records
// them: the desc's bindings, then the plan's scratch buffers (dispatch_plan.h numbers them), and which
// dispatches read what an earlier dispatch of the same execution wrote. Pure, thread-safe.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "backends/gpu/dispatch_plan.h"
#include "ops/error.h"
#include "ops/operator_desc.h"

namespace dmlc::backends::gpu {

struct PlanBuffers {
  // Bytes of each buffer, by the plan's buffer index: TotalTensorSizeInBytes per binding (ops::Bindings
  // order), then each scratch buffer's scratch_bytes.
  std::vector<uint64_t> bytes;
  size_t binding_count = 0;
  // Per dispatch: it reads a buffer an earlier dispatch wrote, so a barrier goes before it. JOIN's
  // dispatches write disjoint parts of one output and need none.
  std::vector<bool> barrier_before;
};

// Errors (a plan bug, not an input error): a scratch buffer numbered out of order, or a dispatch naming
// a buffer that no binding or scratch buffer provides.
Result<PlanBuffers> LayoutPlanBuffers(const ops::OperatorDesc& desc, std::span<const Dispatch> plan);

}  // namespace dmlc::backends::gpu
