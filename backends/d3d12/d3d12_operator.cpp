#include "backends/d3d12/d3d12_operator.h"

#include <algorithm>
#include <cstring>

#include "backends/gpu/buffer_checks.h"
#include "backends/gpu/execution_timings.h"
#include "backends/gpu/plan_buffers.h"

namespace dmlc::backends::d3d12 {
namespace {

// RecordBatch()'s commands as calls on one command list.
class ListSink final : public BatchSink {
 public:
  ListSink(ID3D12GraphicsCommandList* list, RecordedCommands& commands, const DescriptorRange& descriptors,
           const std::vector<gpu::Dispatch>& plan, const std::vector<const Pipeline*>& pipelines,
           const DescriptorLayout& layout, D3D12_GPU_VIRTUAL_ADDRESS params)
      : list_(list), commands_(commands), descriptors_(descriptors), plan_(plan), pipelines_(pipelines), layout_(layout),
        params_(params) {}

  void Barriers(const std::vector<D3D12_RESOURCE_BARRIER>& barriers) override {
    list_->ResourceBarrier(static_cast<UINT>(barriers.size()), barriers.data());
  }
  void Copy(ID3D12Resource* destination, ID3D12Resource* source, uint64_t bytes) override {
    list_->CopyBufferRegion(destination, 0, source, 0, bytes);
  }
  void Timestamp(uint32_t execution, bool end) override { commands_.WriteTimestamp(list_, execution, end); }
  void BindHeap() override {
    ID3D12DescriptorHeap* heaps[] = {descriptors_.heap()};
    list_->SetDescriptorHeaps(1, heaps);
  }
  void Dispatch(size_t index) override {
    const gpu::Dispatch& d = plan_[index];
    list_->SetComputeRootSignature(pipelines_[index]->root_signature.Get());
    list_->SetPipelineState(pipelines_[index]->state.Get());
    list_->SetComputeRootConstantBufferView(kParamsParameter, params_ + index * kParamBlockStride);
    list_->SetComputeRootDescriptorTable(kDescriptorTableParameter, descriptors_.Gpu(layout_.table_offsets[index]));
    list_->Dispatch(d.group_count, 1, 1);
  }

 private:
  ID3D12GraphicsCommandList* list_;
  RecordedCommands& commands_;
  const DescriptorRange& descriptors_;
  const std::vector<gpu::Dispatch>& plan_;
  const std::vector<const Pipeline*>& pipelines_;
  const DescriptorLayout& layout_;
  D3D12_GPU_VIRTUAL_ADDRESS params_;
};

}  // namespace

Result<std::unique_ptr<PreparedOperator>> D3D12Operator::Create(D3D12Backend& backend, const ops::OperatorDesc& desc,
                                                                const std::vector<gpu::Dispatch>& plan) {
  std::unique_ptr<D3D12Operator> op(new D3D12Operator(backend, desc, plan));
  DMLC_RETURN_IF_ERROR(op->Init());
  return std::unique_ptr<PreparedOperator>(std::move(op));
}

Status D3D12Operator::Init() {
  for (const gpu::Dispatch& d : plan_) {
    Result<const Pipeline*> pipeline = backend_.GetPipeline(d.kernel, static_cast<uint32_t>(d.inputs.size()));
    if (!pipeline.ok()) return pipeline.error();
    pipelines_.push_back(*pipeline);
  }
  for (const ops::TensorBinding& b : ops::Bindings(desc_)) {
    Result<StagedBuffer> buffer = StagedBuffer::Create(backend_.device(), b.desc->TotalTensorSizeInBytes,
                                                       RawBufferBytes(b.desc->TotalTensorSizeInBytes),
                                                       b.role == ops::TensorRole::kOutput);
    if (!buffer.ok()) return buffer.error();
    buffers_.push_back(std::move(*buffer));
  }
  for (const StagedBuffer& t : buffers_) {
    batch_.push_back({t.device_buffer.Get(), t.upload.Get(), t.is_output ? t.readback.Get() : nullptr, t.buffer_bytes});
  }
  Result<gpu::PlanBuffers> layout = gpu::LayoutPlanBuffers(desc_, plan_);
  if (!layout.ok()) return layout.error();
  for (size_t i = layout->binding_count; i < layout->bytes.size(); ++i) {
    const uint64_t bytes = RawBufferBytes(layout->bytes[i]);
    Result<ComPtr<ID3D12Resource>> scratch =
        backend_.device().CreateBuffer(bytes, D3D12_HEAP_TYPE_DEFAULT, D3D12_RESOURCE_STATE_COMMON);
    if (!scratch.ok()) return scratch.error();
    scratch_.push_back(*scratch);
    batch_.push_back({scratch->Get(), nullptr, nullptr, bytes});
  }
  DMLC_RETURN_IF_ERROR(CreateParams());
  DMLC_RETURN_IF_ERROR(CreateDescriptors());
  // Execute()'s recording now, so that the first execution costs a submission like every other.
  Result<RecordedCommands*> single = recordings_.For(
      backend_.device(), 1, [this](ID3D12GraphicsCommandList* list, RecordedCommands& c) { return Record(list, c); });
  if (!single.ok()) return single.error();
  return OkStatus();
}

Status D3D12Operator::CreateParams() {
  // An upload heap the GPU reads directly: written once here, and a few hundred bytes that every thread
  // of a dispatch reads through the constant cache.
  Result<ComPtr<ID3D12Resource>> params = backend_.device().CreateBuffer(
      std::max<size_t>(plan_.size(), 1) * kParamBlockStride, D3D12_HEAP_TYPE_UPLOAD, D3D12_RESOURCE_STATE_GENERIC_READ);
  if (!params.ok()) return params.error();
  params_ = *params;
  void* mapped = nullptr;
  HRESULT hr = params_->Map(0, nullptr, &mapped);
  if (FAILED(hr)) return backend_.device().DeviceError("Map(parameters)", hr);
  for (size_t i = 0; i < plan_.size(); ++i) {
    std::memcpy(static_cast<std::byte*>(mapped) + i * kParamBlockStride, plan_[i].params.data(), sizeof(gpu::ParamBlock));
  }
  params_->Unmap(0, nullptr);
  return OkStatus();
}

Status D3D12Operator::CreateDescriptors() {
  layout_ = LayoutDescriptors(plan_);
  Result<DescriptorRange> descriptors = backend_.device().descriptors().Allocate(layout_.descriptor_count);
  if (!descriptors.ok()) return descriptors.error();
  descriptors_ = std::move(*descriptors);
  ID3D12Device* d3d = backend_.device().device();
  for (size_t i = 0; i < layout_.tables.size(); ++i) {
    for (size_t s = 0; s < layout_.tables[i].size(); ++s) {
      const DescriptorSlot& slot = layout_.tables[i][s];
      const BatchBuffer& b = batch_[slot.binding];
      const D3D12_CPU_DESCRIPTOR_HANDLE handle = descriptors_.Cpu(layout_.table_offsets[i] + static_cast<uint32_t>(s));
      if (slot.writable) {
        const D3D12_UNORDERED_ACCESS_VIEW_DESC view = RawUavDesc(b.bytes);
        d3d->CreateUnorderedAccessView(b.device, nullptr, &view, handle);
      } else {
        const D3D12_SHADER_RESOURCE_VIEW_DESC view = RawSrvDesc(b.bytes);
        d3d->CreateShaderResourceView(b.device, &view, handle);
      }
    }
  }
  return OkStatus();
}

Status D3D12Operator::Record(ID3D12GraphicsCommandList* list, RecordedCommands& commands) {
  ListSink sink(list, commands, descriptors_, plan_, pipelines_, layout_, params_->GetGPUVirtualAddress());
  RecordBatch(batch_, plan_, commands.intervals(), sink);
  return OkStatus();
}

Result<Timing> D3D12Operator::Execute(std::span<const ConstBuffer> inputs, std::span<const MutableBuffer> outputs) {
  Result<std::vector<Timing>> timings = ExecuteRepeated(inputs, outputs, 1);
  if (!timings.ok()) return timings.error();
  return timings->front();
}

Result<std::vector<Timing>> D3D12Operator::ExecuteRepeated(std::span<const ConstBuffer> inputs,
                                                           std::span<const MutableBuffer> outputs, int iterations) {
  DMLC_RETURN_IF_ERROR(gpu::CheckRepeatCount("d3d12", iterations));
  DMLC_RETURN_IF_ERROR(gpu::CheckBuffers("d3d12", desc_, inputs, outputs));
  Result<RecordedCommands*> recording =
      recordings_.For(backend_.device(), static_cast<uint32_t>(iterations),
                      [this](ID3D12GraphicsCommandList* list, RecordedCommands& c) { return Record(list, c); });
  if (!recording.ok()) return recording.error();
  return (*recording)->Run(buffers_, inputs, outputs);
}

}  // namespace dmlc::backends::d3d12
