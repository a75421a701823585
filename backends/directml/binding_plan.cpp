#include "backends/directml/binding_plan.h"

#include <algorithm>

namespace dmlc::backends::directml {
namespace {

uint64_t RoundUp(uint64_t bytes, uint64_t alignment) { return (bytes + alignment - 1) / alignment * alignment; }

}  // namespace

BindingPlan PlanBindings(const DmlOperatorDesc& op, const DML_BINDING_PROPERTIES& initializer,
                         const DML_BINDING_PROPERTIES& execution) {
  BindingPlan plan;
  plan.initializer = {0, initializer.RequiredDescriptorCount};
  plan.execution = {initializer.RequiredDescriptorCount, execution.RequiredDescriptorCount};
  plan.descriptor_count = std::max(1u, initializer.RequiredDescriptorCount + execution.RequiredDescriptorCount);
  const uint64_t temporary = std::max(initializer.TemporaryResourceSize, execution.TemporaryResourceSize);
  plan.temporary_bytes = RoundUp(temporary, DML_TEMPORARY_BUFFER_ALIGNMENT);
  plan.initializer_binds_temporary = initializer.TemporaryResourceSize > 0;
  plan.execution_binds_temporary = execution.TemporaryResourceSize > 0;
  // The persistent resource is the compiled operator's; an initializer reports none of its own.
  plan.persistent_bytes = RoundUp(execution.PersistentResourceSize, DML_PERSISTENT_BUFFER_ALIGNMENT);
  for (uint32_t i = 0; i < op.input_count(); ++i) {
    plan.bound_at_initialization.push_back((op.buffer(i).Flags & DML_TENSOR_FLAG_OWNED_BY_DML) != 0);
  }
  return plan;
}

uint64_t BoundBufferBytes(uint64_t total_tensor_bytes) { return std::max<uint64_t>(4, RoundUp(total_tensor_bytes, 4)); }

}  // namespace dmlc::backends::directml
