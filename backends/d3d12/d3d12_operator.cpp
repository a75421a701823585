#include "backends/d3d12/d3d12_operator.h"

#include <chrono>

#include "backends/d3d12/resource_states.h"
#include "backends/gpu/gather_index_check.h"

namespace dmlc::backends::d3d12 {

Result<std::unique_ptr<PreparedOperator>> D3D12Operator::Create(D3D12Backend& backend, const ops::OperatorDesc& desc) {
  std::unique_ptr<D3D12Operator> op(new D3D12Operator(backend, desc));
  DMLC_RETURN_IF_ERROR(op->Init());
  return std::unique_ptr<PreparedOperator>(std::move(op));
}

Status D3D12Operator::Init() {
  Result<std::vector<gpu::Dispatch>> plan = gpu::PlanDispatches(desc_, backend_.limits());
  if (!plan.ok()) return plan.error();
  plan_ = std::move(*plan);
  for (const gpu::Dispatch& d : plan_) {
    Result<const Pipeline*> pipeline = backend_.GetPipeline(d.kernel, static_cast<uint32_t>(d.inputs.size()));
    if (!pipeline.ok()) return pipeline.error();
    pipelines_.push_back(*pipeline);
  }

  d3d12::Device& device = backend_.device();
  for (const ops::TensorBinding& b : ops::Bindings(desc_)) {
    Result<StagedBuffer> buffer = StagedBuffer::Create(device, b.desc->TotalTensorSizeInBytes,
                                                       RawBufferBytes(b.desc->TotalTensorSizeInBytes),
                                                       b.role == ops::TensorRole::kOutput);
    if (!buffer.ok()) return buffer.error();
    buffers_.push_back(std::move(*buffer));
  }

  layout_ = LayoutDescriptors(plan_);
  D3D12_DESCRIPTOR_HEAP_DESC heap_desc{};
  heap_desc.Type = D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV;
  heap_desc.NumDescriptors = layout_.descriptor_count;
  heap_desc.Flags = D3D12_DESCRIPTOR_HEAP_FLAG_SHADER_VISIBLE;
  ID3D12Device* d3d = device.device();
  HRESULT hr = d3d->CreateDescriptorHeap(&heap_desc, __uuidof(ID3D12DescriptorHeap), reinterpret_cast<void**>(heap_.GetAddressOf()));
  if (FAILED(hr)) return MakeError("d3d12", "", "CreateDescriptorHeap failed: " + HresultName(hr), "D3D12 calls succeed");
  const UINT increment = d3d->GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
  const D3D12_CPU_DESCRIPTOR_HANDLE start = heap_->GetCPUDescriptorHandleForHeapStart();
  for (size_t i = 0; i < layout_.tables.size(); ++i) {
    for (size_t s = 0; s < layout_.tables[i].size(); ++s) {
      const DescriptorSlot& slot = layout_.tables[i][s];
      const StagedBuffer& t = buffers_[slot.binding];
      D3D12_CPU_DESCRIPTOR_HANDLE handle{start.ptr + (layout_.table_offsets[i] + s) * increment};
      if (slot.writable) {
        const D3D12_UNORDERED_ACCESS_VIEW_DESC view = RawUavDesc(t.buffer_bytes);
        d3d->CreateUnorderedAccessView(t.device_buffer.Get(), nullptr, &view, handle);
      } else {
        const D3D12_SHADER_RESOURCE_VIEW_DESC view = RawSrvDesc(t.buffer_bytes);
        d3d->CreateShaderResourceView(t.device_buffer.Get(), &view, handle);
      }
    }
  }
  return OkStatus();
}

Status D3D12Operator::Record(ID3D12GraphicsCommandList* list) {
  ResourceStates states;
  auto flush = [&] {
    std::vector<D3D12_RESOURCE_BARRIER> barriers = states.TakeBarriers();
    if (!barriers.empty()) list->ResourceBarrier(static_cast<UINT>(barriers.size()), barriers.data());
  };
  for (const StagedBuffer& t : buffers_) {
    states.Track(t.device_buffer.Get(), D3D12_RESOURCE_STATE_COMMON);
    states.Require(t.device_buffer.Get(), D3D12_RESOURCE_STATE_COPY_DEST);
  }
  flush();
  for (const StagedBuffer& t : buffers_) list->CopyBufferRegion(t.device_buffer.Get(), 0, t.upload.Get(), 0, t.buffer_bytes);

  ID3D12DescriptorHeap* heaps[] = {heap_.Get()};
  list->SetDescriptorHeaps(1, heaps);
  const UINT increment = backend_.device().device()->GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
  const D3D12_GPU_DESCRIPTOR_HANDLE start = heap_->GetGPUDescriptorHandleForHeapStart();
  backend_.device().WriteTimestamp(list, 0);
  for (size_t i = 0; i < plan_.size(); ++i) {
    const gpu::Dispatch& d = plan_[i];
    for (uint32_t input : d.inputs) states.Require(buffers_[input].device_buffer.Get(), D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE);
    states.Require(buffers_[d.output].device_buffer.Get(), D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
    flush();
    list->SetComputeRootSignature(pipelines_[i]->root_signature.Get());
    list->SetPipelineState(pipelines_[i]->state.Get());
    list->SetComputeRoot32BitConstants(kRootConstantsParameter, gpu::kParamWords, d.params.data(), 0);
    list->SetComputeRootDescriptorTable(kDescriptorTableParameter, {start.ptr + uint64_t{layout_.table_offsets[i]} * increment});
    list->Dispatch(d.group_count, 1, 1);
  }
  backend_.device().WriteTimestamp(list, 1);

  for (const StagedBuffer& t : buffers_) {
    if (t.is_output) states.Require(t.device_buffer.Get(), D3D12_RESOURCE_STATE_COPY_SOURCE);
  }
  flush();
  for (const StagedBuffer& t : buffers_) {
    if (t.is_output) list->CopyBufferRegion(t.readback.Get(), 0, t.device_buffer.Get(), 0, t.buffer_bytes);
  }
  // Back to COMMON, the state the next Execute() starts from.
  for (const StagedBuffer& t : buffers_) states.Require(t.device_buffer.Get(), D3D12_RESOURCE_STATE_COMMON);
  flush();
  return OkStatus();
}

Result<Timing> D3D12Operator::Execute(std::span<const ConstBuffer> inputs, std::span<const MutableBuffer> outputs) {
  if (const auto* gather = std::get_if<ops::GatherNd1Desc>(&desc_); gather != nullptr && inputs.size() > 1) {
    DMLC_RETURN_IF_ERROR(gpu::CheckGatherIndices(*gather, inputs[1]));
  }
  size_t next_input = 0, next_output = 0;
  for (const StagedBuffer& t : buffers_) {
    const std::byte* source = t.is_output ? outputs[next_output++].data() : inputs[next_input++].data();
    DMLC_RETURN_IF_ERROR(t.Upload(backend_.device(), source));
  }

  const auto begin = std::chrono::steady_clock::now();
  Result<double> gpu_ms = backend_.device().Submit([this](ID3D12GraphicsCommandList* list) { return Record(list); });
  const auto end = std::chrono::steady_clock::now();
  if (!gpu_ms.ok()) return gpu_ms.error();

  next_output = 0;
  for (const StagedBuffer& t : buffers_) {
    if (t.is_output) DMLC_RETURN_IF_ERROR(t.Download(backend_.device(), outputs[next_output++].data()));
  }
  return Timing{std::chrono::duration<double, std::milli>(end - begin).count(), *gpu_ms};
}

}  // namespace dmlc::backends::d3d12
