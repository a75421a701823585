// A desc prepared on the d3d12 backend: its dispatch plan, the pipelines, one device buffer per tensor
// binding with its upload and readback staging buffers, and a shader-visible descriptor heap holding each
// dispatch's table, all created once. Execute() uploads every binding (outputs too, so the stride gaps
// the kernels never write come back unchanged), records the dispatches between timestamps, and reads the
// outputs back. Not thread-safe (the backend's one command list).
#pragma once

#include <memory>
#include <vector>

#include "backends/backend.h"
#include "backends/d3d12/d3d12_backend.h"
#include "backends/d3d12/root_layout.h"
#include "backends/d3d12/staged_buffer.h"
#include "backends/gpu/dispatch_plan.h"

namespace dmlc::backends::d3d12 {

class D3D12Operator final : public PreparedOperator {
 public:
  // Assumes backend.Supports(desc).
  static Result<std::unique_ptr<PreparedOperator>> Create(D3D12Backend& backend, const ops::OperatorDesc& desc);
  Result<Timing> Execute(std::span<const ConstBuffer> inputs, std::span<const MutableBuffer> outputs) override;

 private:
  D3D12Operator(D3D12Backend& backend, ops::OperatorDesc desc) : backend_(backend), desc_(std::move(desc)) {}
  Status Init();
  Status Record(ID3D12GraphicsCommandList* list);

  D3D12Backend& backend_;
  ops::OperatorDesc desc_;
  std::vector<gpu::Dispatch> plan_;
  std::vector<const Pipeline*> pipelines_;  // per dispatch; owned by the backend
  DescriptorLayout layout_;
  ComPtr<ID3D12DescriptorHeap> heap_;
  std::vector<StagedBuffer> buffers_;  // in ops::Bindings() order; buffer_bytes = RawBufferBytes()
};

}  // namespace dmlc::backends::d3d12
