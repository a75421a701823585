#include "backends/directml/directml_operator.h"

#include "backends/directml/execution_states.h"
#include "backends/gpu/buffer_checks.h"
#include "backends/gpu/execution_timings.h"

namespace dmlc::backends::directml {
namespace {

void RecordBarriers(ID3D12GraphicsCommandList* list, const std::vector<D3D12_RESOURCE_BARRIER>& barriers) {
  if (!barriers.empty()) list->ResourceBarrier(static_cast<UINT>(barriers.size()), barriers.data());
}

DML_BUFFER_BINDING BufferBinding(ID3D12Resource* buffer, uint64_t bytes) { return {buffer, 0, bytes}; }

}  // namespace

Result<std::unique_ptr<PreparedOperator>> DirectmlOperator::Create(DirectmlBackend& backend, const ops::OperatorDesc& desc,
                                                                   ops::ExecutionFlags flags) {
  std::unique_ptr<DirectmlOperator> op(new DirectmlOperator(backend, desc, flags));
  DMLC_RETURN_IF_ERROR(op->Init());
  return std::unique_ptr<PreparedOperator>(std::move(op));
}

bool DirectmlOperator::InitializesInList() const {
  for (bool owned : plan_.bound_at_initialization) {
    if (owned) return true;
  }
  return false;
}

Status DirectmlOperator::Init() {
  Result<std::unique_ptr<const DmlOperatorDesc>> translated = Translate(desc_, backend_.caps().translate_options());
  if (!translated.ok()) return translated.error();
  dml_desc_ = std::move(*translated);
  IDMLDevice* dml = backend_.dml();
  ComPtr<IDMLOperator> op;
  HRESULT hr = dml->CreateOperator(&dml_desc_->desc(), kIidIDMLOperator, reinterpret_cast<void**>(op.GetAddressOf()));
  if (FAILED(hr)) return backend_.DmlError("IDMLDevice::CreateOperator", hr);
  // The flags the runner asks for (the case's and --execution-flags): without
  // ALLOW_HALF_PRECISION_COMPUTATION FLOAT16 is computed in FLOAT32, as the reference does; with
  // DISABLE_META_COMMANDS DirectML runs its own shaders, not the driver's.
  hr = dml->CompileOperator(op.Get(), static_cast<DML_EXECUTION_FLAGS>(flags_), kIidIDMLCompiledOperator,
                            reinterpret_cast<void**>(compiled_.GetAddressOf()));
  if (FAILED(hr)) return backend_.DmlError("IDMLDevice::CompileOperator", hr);
  IDMLCompiledOperator* operators[] = {compiled_.Get()};
  hr = dml->CreateOperatorInitializer(1, operators, kIidIDMLOperatorInitializer,
                                      reinterpret_cast<void**>(initializer_.GetAddressOf()));
  if (FAILED(hr)) return backend_.DmlError("IDMLDevice::CreateOperatorInitializer", hr);
  plan_ = PlanBindings(*dml_desc_, initializer_->BindingProperties(), compiled_->BindingProperties());
  DMLC_RETURN_IF_ERROR(CreateBuffers());
  DMLC_RETURN_IF_ERROR(CreateBindingTables());
  if (!InitializesInList()) DMLC_RETURN_IF_ERROR(InitializeOnce());
  return OkStatus();
}

Status DirectmlOperator::CreateBuffers() {
  d3d12::Device& device = backend_.device();
  for (uint32_t i = 0; i < dml_desc_->tensors().size(); ++i) {
    const uint64_t bytes = dml_desc_->buffer(i).TotalTensorSizeInBytes;
    Result<d3d12::StagedBuffer> buffer =
        d3d12::StagedBuffer::Create(device, bytes, BoundBufferBytes(bytes), i >= dml_desc_->input_count());
    if (!buffer.ok()) return buffer.error();
    buffers_.push_back(std::move(*buffer));
  }
  if (plan_.temporary_bytes > 0) {
    Result<ComPtr<ID3D12Resource>> b = device.CreateBuffer(plan_.temporary_bytes, D3D12_HEAP_TYPE_DEFAULT, D3D12_RESOURCE_STATE_COMMON);
    if (!b.ok()) return b.error();
    temporary_ = *b;
  }
  if (plan_.persistent_bytes > 0) {
    Result<ComPtr<ID3D12Resource>> b = device.CreateBuffer(plan_.persistent_bytes, D3D12_HEAP_TYPE_DEFAULT, D3D12_RESOURCE_STATE_COMMON);
    if (!b.ok()) return b.error();
    persistent_ = *b;
  }
  return OkStatus();
}

Status DirectmlOperator::CreateBindingTables() {
  Result<d3d12::DescriptorRange> descriptors = backend_.device().descriptors().Allocate(plan_.descriptor_count);
  if (!descriptors.ok()) return descriptors.error();
  descriptors_ = std::move(*descriptors);
  auto table_desc = [&](IDMLDispatchable* dispatchable, const TableRange& range) {
    return DML_BINDING_TABLE_DESC{dispatchable, descriptors_.Cpu(range.offset), descriptors_.Gpu(range.offset), range.count};
  };
  const DML_BINDING_TABLE_DESC init_desc = table_desc(initializer_.Get(), plan_.initializer);
  HRESULT hr = backend_.dml()->CreateBindingTable(&init_desc, kIidIDMLBindingTable, reinterpret_cast<void**>(initializer_table_.GetAddressOf()));
  if (FAILED(hr)) return backend_.DmlError("IDMLDevice::CreateBindingTable(initializer)", hr);
  const DML_BINDING_TABLE_DESC exec_desc = table_desc(compiled_.Get(), plan_.execution);
  hr = backend_.dml()->CreateBindingTable(&exec_desc, kIidIDMLBindingTable, reinterpret_cast<void**>(execution_table_.GetAddressOf()));
  if (FAILED(hr)) return backend_.DmlError("IDMLDevice::CreateBindingTable(operator)", hr);

  const DML_BUFFER_BINDING temporary = BufferBinding(temporary_.Get(), plan_.temporary_bytes);
  const DML_BUFFER_BINDING persistent = BufferBinding(persistent_.Get(), plan_.persistent_bytes);
  const DML_BINDING_DESC temporary_desc{DML_BINDING_TYPE_BUFFER, &temporary};
  const DML_BINDING_DESC persistent_desc{persistent_ ? DML_BINDING_TYPE_BUFFER : DML_BINDING_TYPE_NONE,
                                         persistent_ ? &persistent : nullptr};

  // The initializer: the owned-by-DML inputs as one buffer array (the others empty), the persistent
  // buffer as its output. Both tables take one entry per DirectML input slot: an absent optional input
  // (DmlOperatorDesc::kAbsent) is bound empty (NONE) in its slot.
  const uint32_t input_count = dml_desc_->input_count();
  const std::span<const int32_t> slots = dml_desc_->input_slots();
  std::vector<DML_BUFFER_BINDING> exec_buffers(buffers_.size());
  std::vector<DML_BINDING_DESC> exec_bindings(buffers_.size());
  for (uint32_t i = 0; i < buffers_.size(); ++i) {
    exec_buffers[i] = BufferBinding(buffers_[i].device_buffer.Get(), buffers_[i].buffer_bytes);
    const bool owned = i < input_count && plan_.bound_at_initialization[i];
    exec_bindings[i] = owned ? DML_BINDING_DESC{DML_BINDING_TYPE_NONE, nullptr} : DML_BINDING_DESC{DML_BINDING_TYPE_BUFFER, &exec_buffers[i]};
  }
  std::vector<DML_BUFFER_BINDING> init_inputs(slots.size(), DML_BUFFER_BINDING{nullptr, 0, 0});
  std::vector<DML_BINDING_DESC> exec_inputs(slots.size(), DML_BINDING_DESC{DML_BINDING_TYPE_NONE, nullptr});
  for (size_t s = 0; s < slots.size(); ++s) {
    if (slots[s] == DmlOperatorDesc::kAbsent) continue;
    const auto i = static_cast<uint32_t>(slots[s]);
    if (plan_.bound_at_initialization[i]) init_inputs[s] = exec_buffers[i];
    exec_inputs[s] = exec_bindings[i];
  }
  if (InitializesInList()) {
    const DML_BUFFER_ARRAY_BINDING array{static_cast<UINT>(slots.size()), init_inputs.data()};
    const DML_BINDING_DESC array_desc{DML_BINDING_TYPE_BUFFER_ARRAY, &array};
    initializer_table_->BindInputs(1, &array_desc);
  }
  initializer_table_->BindOutputs(1, &persistent_desc);
  if (plan_.initializer_binds_temporary) initializer_table_->BindTemporaryResource(&temporary_desc);

  execution_table_->BindInputs(static_cast<UINT>(exec_inputs.size()), exec_inputs.data());
  execution_table_->BindOutputs(static_cast<UINT>(buffers_.size() - input_count), exec_bindings.data() + input_count);
  if (persistent_) execution_table_->BindPersistentResource(&persistent_desc);
  if (plan_.execution_binds_temporary) execution_table_->BindTemporaryResource(&temporary_desc);
  return OkStatus();
}

Status DirectmlOperator::InitializeOnce() {
  Result<std::unique_ptr<d3d12::RecordedCommands>> commands = d3d12::RecordedCommands::Create(backend_.device(), 1);
  if (!commands.ok()) return commands.error();
  ExecutionStates states({{}, {}, temporary_.Get(), persistent_.Get()});
  DMLC_RETURN_IF_ERROR((*commands)->Record([&](ID3D12GraphicsCommandList* list) {
    RecordBarriers(list, states.BeforeDispatch());
    ID3D12DescriptorHeap* heaps[] = {descriptors_.heap()};
    list->SetDescriptorHeaps(1, heaps);
    backend_.recorder()->RecordDispatch(list, initializer_.Get(), initializer_table_.Get());
    RecordBarriers(list, states.AtEnd());
    return OkStatus();
  }));
  Result<std::vector<uint64_t>> done = (*commands)->Submit();
  if (!done.ok()) return WithContext(done.error(), "initializing the operator");
  return OkStatus();
}

Status DirectmlOperator::Record(ID3D12GraphicsCommandList* list, d3d12::RecordedCommands& commands) {
  ExecutionBuffers execution;
  for (const d3d12::StagedBuffer& t : buffers_) (t.is_output ? execution.outputs : execution.inputs).push_back(t.device_buffer.Get());
  execution.temporary = temporary_.Get();
  execution.persistent = persistent_.Get();
  ExecutionStates states(std::move(execution));

  RecordBarriers(list, states.BeforeUpload());
  for (const d3d12::StagedBuffer& t : buffers_) list->CopyBufferRegion(t.device_buffer.Get(), 0, t.upload.Get(), 0, t.buffer_bytes);
  ID3D12DescriptorHeap* heaps[] = {descriptors_.heap()};
  list->SetDescriptorHeaps(1, heaps);
  for (uint32_t i = 0; i < commands.intervals(); ++i) {
    RecordBarriers(list, states.BeforeDispatch());
    if (i == 0 && InitializesInList()) {
      backend_.recorder()->RecordDispatch(list, initializer_.Get(), initializer_table_.Get());
      RecordBarriers(list, states.AfterInitialization());
    }
    commands.WriteTimestamp(list, i, false);
    backend_.recorder()->RecordDispatch(list, compiled_.Get(), execution_table_.Get());
    commands.WriteTimestamp(list, i, true);
  }
  RecordBarriers(list, states.BeforeReadback());
  for (const d3d12::StagedBuffer& t : buffers_) {
    if (t.is_output) list->CopyBufferRegion(t.readback.Get(), 0, t.device_buffer.Get(), 0, t.buffer_bytes);
  }
  RecordBarriers(list, states.AtEnd());
  return OkStatus();
}

Result<Timing> DirectmlOperator::Execute(std::span<const ConstBuffer> inputs, std::span<const MutableBuffer> outputs) {
  Result<std::vector<Timing>> timings = ExecuteRepeated(inputs, outputs, 1);
  if (!timings.ok()) return timings.error();
  return timings->front();
}

Result<std::vector<Timing>> DirectmlOperator::ExecuteRepeated(std::span<const ConstBuffer> inputs,
                                                              std::span<const MutableBuffer> outputs, int iterations) {
  DMLC_RETURN_IF_ERROR(gpu::CheckRepeatCount("directml", iterations));
  DMLC_RETURN_IF_ERROR(gpu::CheckBuffers("directml", desc_, inputs, outputs));
  Result<d3d12::RecordedCommands*> recording =
      recordings_.For(backend_.device(), static_cast<uint32_t>(iterations),
                      [this](ID3D12GraphicsCommandList* list, d3d12::RecordedCommands& c) { return Record(list, c); });
  if (!recording.ok()) return recording.error();
  return (*recording)->Run(buffers_, inputs, outputs);
}

}  // namespace dmlc::backends::directml
