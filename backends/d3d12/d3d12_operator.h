// A desc prepared on the d3d12 backend: its dispatch plan (from the backend's plan cache), the
// pipelines, an upload buffer of the dispatches' parameter blocks (root_layout.h), one device buffer per tensor binding with its upload and readback staging buffers, a
// device-local buffer for each scratch buffer the plan names (gpu::LayoutPlanBuffers), and a
// range of the device's shared descriptor heap holding each dispatch's table, all created once. Execute() and
// ExecuteRepeated() check the buffers (gpu::CheckBuffers), upload every binding, submit a command list
// recorded once per execution count (batch_recording.h: the executions back to back, a timestamp pair
// around each, a UAV barrier between them) and read the outputs back. Not thread-safe (the device's one
// queue).
#pragma once

#include <memory>
#include <vector>

#include "backends/backend.h"
#include "backends/d3d12/batch_recording.h"
#include "backends/d3d12/d3d12_backend.h"
#include "backends/d3d12/recorded_commands.h"
#include "backends/d3d12/root_layout.h"
#include "backends/d3d12/staged_buffer.h"
#include "backends/gpu/dispatch_plan.h"

namespace dmlc::backends::d3d12 {

class D3D12Operator final : public PreparedOperator {
 public:
  // Assumes backend.Supports(desc); `plan` is gpu::PlanDispatches(desc). Compiles the plan's kernels
  // that are not compiled yet: the compiler's message is the error.
  static Result<std::unique_ptr<PreparedOperator>> Create(D3D12Backend& backend, const ops::OperatorDesc& desc,
                                                          const std::vector<gpu::Dispatch>& plan);
  Result<Timing> Execute(std::span<const ConstBuffer> inputs, std::span<const MutableBuffer> outputs) override;
  // cpu_ms is the batch's submit-and-wait time over `iterations`. At most gpu::kMaxIterations per call.
  Result<std::vector<Timing>> ExecuteRepeated(std::span<const ConstBuffer> inputs, std::span<const MutableBuffer> outputs,
                                              int iterations) override;

 private:
  D3D12Operator(D3D12Backend& backend, ops::OperatorDesc desc, std::vector<gpu::Dispatch> plan)
      : backend_(backend), desc_(std::move(desc)), plan_(std::move(plan)) {}
  Status Init();
  Status CreateParams();
  Status CreateDescriptors();
  // Fills `list` with commands.intervals() executions (RecordBatch() through the list).
  Status Record(ID3D12GraphicsCommandList* list, RecordedCommands& commands);

  D3D12Backend& backend_;
  ops::OperatorDesc desc_;
  std::vector<gpu::Dispatch> plan_;
  std::vector<const Pipeline*> pipelines_;  // per dispatch; owned by the backend
  ComPtr<ID3D12Resource> params_;  // dispatch i's parameter block at i * kParamBlockStride
  DescriptorLayout layout_;
  DescriptorRange descriptors_;  // every dispatch's table, in the device's shared heap
  std::vector<StagedBuffer> buffers_;  // in ops::Bindings() order; buffer_bytes = RawBufferBytes()
  std::vector<ComPtr<ID3D12Resource>> scratch_;  // the plan's scratch buffers, after the bindings
  std::vector<BatchBuffer> batch_;     // buffers_ then scratch_, by plan buffer index, as RecordBatch() takes them
  Recordings recordings_;
};

}  // namespace dmlc::backends::d3d12
