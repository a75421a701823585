// What a DirectML operator needs bound, worked out from the two GetBindingProperties() answers (the
// operator initializer's and the compiled operator's) and the translated tensors: the descriptors both
// binding tables take and each table's place among them, the temporary and persistent buffer sizes, and which inputs are
// bound at initialization (DML_TENSOR_FLAG_OWNED_BY_DML: DirectML copies them into its persistent
// resource) rather than at every execution. Pure arithmetic, unit-tested without a device.
#pragma once

#include <cstdint>
#include <vector>

#include "backends/directml/dml_types.h"
#include "backends/directml/translate.h"

namespace dmlc::backends::directml {

struct TableRange {
  uint32_t offset = 0;  // first descriptor in the operator's range of the heap
  uint32_t count = 0;   // RequiredDescriptorCount
};

struct BindingPlan {
  // One range of the shader-visible heap holds both tables, side by side: the initializer's descriptors
  // stay valid while the operator's are written (the initializer runs once at Prepare, the operator many
  // times).
  uint32_t descriptor_count = 0;  // at least 1: a binding table needs a place even when it holds nothing
  TableRange initializer;
  TableRange execution;
  // Bytes of the temporary buffer, shared by initialization and execution (never at once), rounded up
  // to DML_TEMPORARY_BUFFER_ALIGNMENT; 0 when neither needs one.
  uint64_t temporary_bytes = 0;
  // Whether each binding table is given the temporary buffer: only a dispatchable whose own
  // TemporaryResourceSize is nonzero. DirectML 1.15.4 removes the device when an initializer that asked
  // for none is given one (seen under Wine on REDUCE MAX over some axes of a rank-4 UINT8 tensor).
  bool initializer_binds_temporary = false;
  bool execution_binds_temporary = false;
  // Bytes of the persistent buffer, which the initializer fills and every execution reads, rounded up to
  // DML_PERSISTENT_BUFFER_ALIGNMENT; 0 when the operator has none.
  uint64_t persistent_bytes = 0;
  // Per input, in binding order: true when it carries DML_TENSOR_FLAG_OWNED_BY_DML, so it is bound to
  // the initializer (as one entry of its DML_BUFFER_ARRAY_BINDING) and left unbound (NONE) at execution.
  std::vector<bool> bound_at_initialization;
};

BindingPlan PlanBindings(const DmlOperatorDesc& op, const DML_BINDING_PROPERTIES& initializer,
                         const DML_BINDING_PROPERTIES& execution);

// The size of the D3D12 buffer bound for a tensor: TotalTensorSizeInBytes rounded up to 4 (DirectML
// binds raw views of 32-bit words), at least 4.
uint64_t BoundBufferBytes(uint64_t total_tensor_bytes);

}  // namespace dmlc::backends::directml
