#include "backends/d3d12/d3d12_operator.h"

#include <chrono>
#include <cstring>

#include "backends/d3d12/resource_states.h"
#include "backends/gpu/gather_index_check.h"

namespace dmlc::backends::d3d12 {
namespace {

Error MapError(const char* what, HRESULT hr) {
  return MakeError("d3d12", "", std::string("Map(") + what + ") failed: " + HresultName(hr), "D3D12 calls succeed");
}

}  // namespace

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
    TensorBuffers t{b.desc->TotalTensorSizeInBytes, RawBufferBytes(b.desc->TotalTensorSizeInBytes),
                    b.role == ops::TensorRole::kOutput, {}, {}, {}};
    Result<ComPtr<ID3D12Resource>> gpu_buffer = device.CreateBuffer(t.buffer_bytes, D3D12_HEAP_TYPE_DEFAULT, D3D12_RESOURCE_STATE_COMMON);
    if (!gpu_buffer.ok()) return gpu_buffer.error();
    Result<ComPtr<ID3D12Resource>> upload = device.CreateBuffer(t.buffer_bytes, D3D12_HEAP_TYPE_UPLOAD, D3D12_RESOURCE_STATE_GENERIC_READ);
    if (!upload.ok()) return upload.error();
    t.device = *gpu_buffer;
    t.upload = *upload;
    if (t.is_output) {
      Result<ComPtr<ID3D12Resource>> readback = device.CreateBuffer(t.buffer_bytes, D3D12_HEAP_TYPE_READBACK, D3D12_RESOURCE_STATE_COPY_DEST);
      if (!readback.ok()) return readback.error();
      t.readback = *readback;
    }
    buffers_.push_back(std::move(t));
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
      const TensorBuffers& t = buffers_[slot.binding];
      D3D12_CPU_DESCRIPTOR_HANDLE handle{start.ptr + (layout_.table_offsets[i] + s) * increment};
      if (slot.writable) {
        const D3D12_UNORDERED_ACCESS_VIEW_DESC view = RawUavDesc(t.buffer_bytes);
        d3d->CreateUnorderedAccessView(t.device.Get(), nullptr, &view, handle);
      } else {
        const D3D12_SHADER_RESOURCE_VIEW_DESC view = RawSrvDesc(t.buffer_bytes);
        d3d->CreateShaderResourceView(t.device.Get(), &view, handle);
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
  for (const TensorBuffers& t : buffers_) {
    states.Track(t.device.Get(), D3D12_RESOURCE_STATE_COMMON);
    states.Require(t.device.Get(), D3D12_RESOURCE_STATE_COPY_DEST);
  }
  flush();
  for (const TensorBuffers& t : buffers_) list->CopyBufferRegion(t.device.Get(), 0, t.upload.Get(), 0, t.buffer_bytes);

  ID3D12DescriptorHeap* heaps[] = {heap_.Get()};
  list->SetDescriptorHeaps(1, heaps);
  const UINT increment = backend_.device().device()->GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
  const D3D12_GPU_DESCRIPTOR_HANDLE start = heap_->GetGPUDescriptorHandleForHeapStart();
  backend_.device().WriteTimestamp(list, 0);
  for (size_t i = 0; i < plan_.size(); ++i) {
    const gpu::Dispatch& d = plan_[i];
    for (uint32_t input : d.inputs) states.Require(buffers_[input].device.Get(), D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE);
    states.Require(buffers_[d.output].device.Get(), D3D12_RESOURCE_STATE_UNORDERED_ACCESS);
    flush();
    list->SetComputeRootSignature(pipelines_[i]->root_signature.Get());
    list->SetPipelineState(pipelines_[i]->state.Get());
    list->SetComputeRoot32BitConstants(kRootConstantsParameter, gpu::kParamWords, d.params.data(), 0);
    list->SetComputeRootDescriptorTable(kDescriptorTableParameter, {start.ptr + uint64_t{layout_.table_offsets[i]} * increment});
    list->Dispatch(d.group_count, 1, 1);
  }
  backend_.device().WriteTimestamp(list, 1);

  for (const TensorBuffers& t : buffers_) {
    if (t.is_output) states.Require(t.device.Get(), D3D12_RESOURCE_STATE_COPY_SOURCE);
  }
  flush();
  for (const TensorBuffers& t : buffers_) {
    if (t.is_output) list->CopyBufferRegion(t.readback.Get(), 0, t.device.Get(), 0, t.buffer_bytes);
  }
  // Back to COMMON, the state the next Execute() starts from.
  for (const TensorBuffers& t : buffers_) states.Require(t.device.Get(), D3D12_RESOURCE_STATE_COMMON);
  flush();
  return OkStatus();
}

Result<Timing> D3D12Operator::Execute(std::span<const ConstBuffer> inputs, std::span<const MutableBuffer> outputs) {
  if (const auto* gather = std::get_if<ops::GatherNd1Desc>(&desc_); gather != nullptr && inputs.size() > 1) {
    DMLC_RETURN_IF_ERROR(gpu::CheckGatherIndices(*gather, inputs[1]));
  }
  size_t next_input = 0, next_output = 0;
  for (TensorBuffers& t : buffers_) {
    const std::byte* source = t.is_output ? outputs[next_output++].data() : inputs[next_input++].data();
    void* mapped = nullptr;
    HRESULT hr = t.upload->Map(0, nullptr, &mapped);
    if (FAILED(hr)) return MapError("upload", hr);
    std::memcpy(mapped, source, t.tensor_bytes);
    std::memset(static_cast<std::byte*>(mapped) + t.tensor_bytes, 0, t.buffer_bytes - t.tensor_bytes);
    t.upload->Unmap(0, nullptr);
  }

  const auto begin = std::chrono::steady_clock::now();
  Result<double> gpu_ms = backend_.device().Submit([this](ID3D12GraphicsCommandList* list) { return Record(list); });
  const auto end = std::chrono::steady_clock::now();
  if (!gpu_ms.ok()) return gpu_ms.error();

  next_output = 0;
  for (TensorBuffers& t : buffers_) {
    if (!t.is_output) continue;
    void* mapped = nullptr;
    const D3D12_RANGE read{0, static_cast<SIZE_T>(t.tensor_bytes)};
    HRESULT hr = t.readback->Map(0, &read, &mapped);
    if (FAILED(hr)) return MapError("readback", hr);
    std::memcpy(outputs[next_output++].data(), mapped, t.tensor_bytes);
    const D3D12_RANGE written{0, 0};
    t.readback->Unmap(0, &written);
  }
  return Timing{std::chrono::duration<double, std::milli>(end - begin).count(), *gpu_ms};
}

}  // namespace dmlc::backends::d3d12
