// A desc prepared on the directml backend: created (CreateOperator), compiled (CompileOperator) and
// initialized (an IDMLOperatorInitializer dispatched once), with one range of the device's shared
// descriptor heap (d3d12::DescriptorArena) holding the initializer's and the operator's binding tables (sized from GetBindingProperties:
// binding_plan.h), the temporary and persistent buffers, and per tensor a device buffer with its upload
// and readback staging buffers. Execute() and ExecuteRepeated() upload every binding (outputs too, so
// stride gaps come back unchanged), submit a command list recorded once per execution count (the
// dispatches back to back, timestamps around each, UAV barriers between), and read the outputs back.
// Inputs flagged DML_TENSOR_FLAG_OWNED_BY_DML are bound to the initializer instead, which then runs in
// the same command list after their upload. Not thread-safe (the device's one queue).
#pragma once

#include <memory>
#include <span>
#include <vector>

#include "backends/backend.h"
#include "backends/d3d12/recorded_commands.h"
#include "backends/d3d12/staged_buffer.h"
#include "backends/directml/binding_plan.h"
#include "backends/directml/directml_backend.h"
#include "backends/directml/translate.h"

namespace dmlc::backends::directml {

class DirectmlOperator final : public PreparedOperator {
 public:
  // Assumes backend.Supports(desc). Errors name the DirectML call, its HRESULT and debug messages.
  // `flags` go to CompileOperator.
  static Result<std::unique_ptr<PreparedOperator>> Create(DirectmlBackend& backend, const ops::OperatorDesc& desc,
                                                         ops::ExecutionFlags flags);
  Result<Timing> Execute(std::span<const ConstBuffer> inputs, std::span<const MutableBuffer> outputs) override;
  Result<std::vector<Timing>> ExecuteRepeated(std::span<const ConstBuffer> inputs, std::span<const MutableBuffer> outputs,
                                              int iterations) override;

 private:
  DirectmlOperator(DirectmlBackend& backend, ops::OperatorDesc desc, ops::ExecutionFlags flags)
      : backend_(backend), desc_(std::move(desc)), flags_(flags) {}
  Status Init();
  Status CreateBuffers();
  Status CreateBindingTables();
  Status InitializeOnce();  // at Prepare, when no input is owned by DirectML
  Status Record(ID3D12GraphicsCommandList* list, d3d12::RecordedCommands& commands);
  bool InitializesInList() const;

  DirectmlBackend& backend_;
  ops::OperatorDesc desc_;
  ops::ExecutionFlags flags_;
  std::unique_ptr<const DmlOperatorDesc> dml_desc_;
  ComPtr<IDMLCompiledOperator> compiled_;
  ComPtr<IDMLOperatorInitializer> initializer_;
  BindingPlan plan_;
  d3d12::DescriptorRange descriptors_;  // both binding tables, in the device's shared heap
  ComPtr<IDMLBindingTable> initializer_table_;
  ComPtr<IDMLBindingTable> execution_table_;
  ComPtr<ID3D12Resource> temporary_;   // null when the plan needs none
  ComPtr<ID3D12Resource> persistent_;  // null when the plan needs none
  std::vector<d3d12::StagedBuffer> buffers_;  // in ops::Bindings() order; buffer_bytes = BoundBufferBytes()
  d3d12::Recordings recordings_;  // one execution, and the last ExecuteRepeated() count above one
};

}  // namespace dmlc::backends::directml
