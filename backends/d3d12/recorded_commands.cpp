#include "backends/d3d12/recorded_commands.h"

#include <chrono>
#include <cstring>

#include "backends/gpu/execution_timings.h"

namespace dmlc::backends::d3d12 {

Result<std::unique_ptr<RecordedCommands>> RecordedCommands::Create(Device& device, uint32_t intervals) {
  std::unique_ptr<RecordedCommands> commands(new RecordedCommands(device, intervals));
  DMLC_RETURN_IF_ERROR(commands->Init());
  return commands;
}

Status RecordedCommands::Init() {
  ID3D12Device* d3d = device_.device();
  HRESULT hr = d3d->CreateCommandAllocator(D3D12_COMMAND_LIST_TYPE_COMPUTE, __uuidof(ID3D12CommandAllocator),
                                           reinterpret_cast<void**>(allocator_.GetAddressOf()));
  if (FAILED(hr)) return device_.DeviceError("CreateCommandAllocator", hr);
  hr = d3d->CreateCommandList(0, D3D12_COMMAND_LIST_TYPE_COMPUTE, allocator_.Get(), nullptr,
                              __uuidof(ID3D12GraphicsCommandList), reinterpret_cast<void**>(list_.GetAddressOf()));
  if (FAILED(hr)) return device_.DeviceError("CreateCommandList", hr);
  list_->Close();  // Record() resets it
  D3D12_QUERY_HEAP_DESC query_desc{};
  query_desc.Type = D3D12_QUERY_HEAP_TYPE_TIMESTAMP;
  query_desc.Count = 2 * intervals_;
  hr = d3d->CreateQueryHeap(&query_desc, __uuidof(ID3D12QueryHeap), reinterpret_cast<void**>(timestamps_.GetAddressOf()));
  if (FAILED(hr)) return device_.DeviceError("CreateQueryHeap(TIMESTAMP)", hr);
  Result<ComPtr<ID3D12Resource>> readback =
      device_.CreateBuffer(2 * intervals_ * sizeof(uint64_t), D3D12_HEAP_TYPE_READBACK, D3D12_RESOURCE_STATE_COPY_DEST);
  if (!readback.ok()) return readback.error();
  readback_ = *readback;
  return OkStatus();
}

Status RecordedCommands::Record(const std::function<Status(ID3D12GraphicsCommandList*)>& record) {
  recorded_ = false;
  HRESULT hr = allocator_->Reset();
  if (FAILED(hr)) return device_.DeviceError("ID3D12CommandAllocator::Reset", hr);
  if (FAILED(hr = list_->Reset(allocator_.Get(), nullptr))) return device_.DeviceError("ID3D12GraphicsCommandList::Reset", hr);
  Status recorded = record(list_.Get());
  list_->ResolveQueryData(timestamps_.Get(), D3D12_QUERY_TYPE_TIMESTAMP, 0, 2 * intervals_, readback_.Get(), 0);
  hr = list_->Close();
  if (!recorded.ok()) return recorded.error();
  if (FAILED(hr)) {
    device_.FlushDebugMessages();
    return device_.DeviceError("ID3D12GraphicsCommandList::Close", hr);
  }
  recorded_ = true;
  return OkStatus();
}

void RecordedCommands::WriteTimestamp(ID3D12GraphicsCommandList* list, uint32_t interval, bool end) {
  list->EndQuery(timestamps_.Get(), D3D12_QUERY_TYPE_TIMESTAMP, 2 * interval + (end ? 1 : 0));
}

Result<std::vector<uint64_t>> RecordedCommands::Submit() {
  if (!recorded_) return MakeError("d3d12", "", "Submit() before a successful Record()", "record, then submit");
  DMLC_RETURN_IF_ERROR(device_.ExecuteAndWait(list_.Get()));
  const size_t bytes = 2 * intervals_ * sizeof(uint64_t);
  void* mapped = nullptr;
  const D3D12_RANGE read{0, bytes};
  HRESULT hr = readback_->Map(0, &read, &mapped);
  if (FAILED(hr)) return device_.DeviceError("Map(timestamps)", hr);
  std::vector<uint64_t> ticks(2 * intervals_);
  std::memcpy(ticks.data(), mapped, bytes);
  const D3D12_RANGE written{0, 0};
  readback_->Unmap(0, &written);
  if (device_.timestamp_frequency() == 0) ticks.clear();
  return ticks;
}

Result<std::vector<Timing>> RecordedCommands::Run(std::span<const StagedBuffer> buffers, std::span<const ConstBuffer> inputs,
                                                  std::span<const MutableBuffer> outputs) {
  DMLC_RETURN_IF_ERROR(UploadBindings(device_, buffers, inputs, outputs));
  const auto begin = std::chrono::steady_clock::now();
  Result<std::vector<uint64_t>> ticks = Submit();
  const auto end = std::chrono::steady_clock::now();
  if (!ticks.ok()) return ticks.error();
  DMLC_RETURN_IF_ERROR(DownloadOutputs(device_, buffers, outputs));
  return gpu::ExecutionTimings(intervals_, std::chrono::duration<double, std::milli>(end - begin).count(), *ticks,
                               device_.timestamp_clock());
}

Result<RecordedCommands*> Recordings::For(Device& device, uint32_t executions, const Recorder& record) {
  std::unique_ptr<RecordedCommands>& slot = executions == 1 ? single_ : repeated_;
  if (slot != nullptr && slot->intervals() == executions) return slot.get();
  slot.reset();  // idle: every submission was waited for
  Result<std::unique_ptr<RecordedCommands>> commands = RecordedCommands::Create(device, executions);
  if (!commands.ok()) return commands.error();
  RecordedCommands& c = **commands;
  DMLC_RETURN_IF_ERROR(c.Record([&](ID3D12GraphicsCommandList* list) { return record(list, c); }));
  slot = std::move(*commands);
  return slot.get();
}

}  // namespace dmlc::backends::d3d12
