#include "backends/d3d12/d3d12_device.h"

#include <spdlog/spdlog.h>

#include <cstdlib>
#include <mutex>

#include "backends/d3d12/wine_heaps.h"

namespace dmlc::backends::d3d12 {
namespace {

std::string YesNo(bool value) { return value ? "yes" : "no"; }

std::string MemoryString(uint64_t bytes) { return std::to_string(bytes >> 20) + " MiB"; }

// The highest shader model the device accepts. CheckFeatureSupport lowers the value it is given to
// what the device has, but older runtimes reject a value newer than themselves, so step down until one
// is accepted.
std::string HighestShaderModel(ID3D12Device* device) {
  constexpr int kModels[] = {0x67, 0x66, 0x65, 0x64, 0x63, 0x62, 0x61, 0x60, 0x51};
  for (int model : kModels) {
    D3D12_FEATURE_DATA_SHADER_MODEL data{static_cast<D3D_SHADER_MODEL>(model)};
    if (SUCCEEDED(device->CheckFeatureSupport(D3D12_FEATURE_SHADER_MODEL, &data, sizeof(data)))) {
      const int found = static_cast<int>(data.HighestShaderModel);
      return std::to_string(found >> 4) + "." + std::to_string(found & 0xF);
    }
  }
  return "5.1";
}

DeviceFeatures QueryFeatures(ID3D12Device* device) {
  DeviceFeatures f;
  D3D12_FEATURE_DATA_D3D12_OPTIONS options{};
  if (SUCCEEDED(device->CheckFeatureSupport(D3D12_FEATURE_D3D12_OPTIONS, &options, sizeof(options)))) {
    f.doubles = options.DoublePrecisionFloatShaderOps;
  }
  D3D12_FEATURE_DATA_D3D12_OPTIONS1 options1{};
  if (SUCCEEDED(device->CheckFeatureSupport(D3D12_FEATURE_D3D12_OPTIONS1, &options1, sizeof(options1)))) {
    f.int64_ops = options1.Int64ShaderOps;
    f.wave_lanes_min = options1.WaveLaneCountMin;
    f.wave_lanes_max = options1.WaveLaneCountMax;
  }
  D3D12_FEATURE_DATA_D3D12_OPTIONS4 options4{};
  if (SUCCEEDED(device->CheckFeatureSupport(D3D12_FEATURE_D3D12_OPTIONS4, &options4, sizeof(options4)))) {
    f.native_16bit_ops = options4.Native16BitShaderOpsSupported;
  }
  f.shader_model = HighestShaderModel(device);
  return f;
}

}  // namespace

// The shared heap's size: far more than the few operators alive at once need (a REDUCE plan's tables
// take tens of descriptors), far below D3D12's tier-1 limit of 1,000,000.
constexpr uint32_t kSharedDescriptors = 1 << 16;

Error Device::DeviceError(const std::string& call, HRESULT hr) const {
  std::string message = call + " failed: " + HresultName(hr);
  bool lost = IsDeviceLoss(hr);
  if (device_ != nullptr) {
    const HRESULT removed = device_->GetDeviceRemovedReason();
    if (FAILED(removed)) message += "; device removed: " + HresultName(removed);
    lost = lost || FAILED(removed);
  }
  Error e = MakeError("d3d12", "", message, "D3D12 calls succeed");
  e.device_lost = lost;
  return e;
}

Result<std::unique_ptr<Device>> Device::Create(const std::string& device, bool debug) {
  std::unique_ptr<Device> d(new Device());
  DMLC_RETURN_IF_ERROR(d->Init(device, debug));
  return d;
}

Status Device::Init(const std::string& device, bool debug) {
  Result<const Runtime*> runtime = LoadRuntime();
  if (!runtime.ok()) return runtime.error();
  runtime_ = *runtime;
  Result<std::vector<Adapter>> adapters = EnumerateAdapters(*runtime_);
  if (!adapters.ok()) return adapters.error();
  Result<size_t> index = SelectAdapter(*adapters, device);
  if (!index.ok()) return index.error();
  adapter_ = (*adapters)[*index];

  if (debug) {
    ComPtr<ID3D12Debug> debug_layer;
    if (runtime_->GetDebugInterface != nullptr &&
        SUCCEEDED(runtime_->GetDebugInterface(__uuidof(ID3D12Debug), reinterpret_cast<void**>(debug_layer.GetAddressOf())))) {
      debug_layer->EnableDebugLayer();
    } else {
      spdlog::warn("d3d12: --debug asked for the debug layer, but this system has none (install the Graphics Tools)");
    }
  }
  HRESULT hr = runtime_->CreateDevice(adapter_.handle.Get(), D3D_FEATURE_LEVEL_11_0, __uuidof(ID3D12Device),
                                      reinterpret_cast<void**>(device_.GetAddressOf()));
  if (FAILED(hr)) return DeviceError("D3D12CreateDevice on " + adapter_.name, hr);
  // Once per process: every device there pays for its first heap alike (wine_heaps.h).
  static std::once_flag warned;
  std::call_once(warned, [] {
    const char* config = std::getenv("VKD3D_CONFIG");
    if (std::optional<std::string> warning = WineHeapWarning(WineVersion(), config ? config : "")) spdlog::warn("{}", *warning);
  });
  if (debug) device_.As(&info_queue_);
  descriptors_ = std::make_unique<DescriptorArena>(*this, kSharedDescriptors);

  D3D12_COMMAND_QUEUE_DESC queue_desc{};
  queue_desc.Type = D3D12_COMMAND_LIST_TYPE_COMPUTE;
  if (FAILED(hr = device_->CreateCommandQueue(&queue_desc, __uuidof(ID3D12CommandQueue), reinterpret_cast<void**>(queue_.GetAddressOf())))) {
    return DeviceError("CreateCommandQueue", hr);
  }
  if (FAILED(hr = device_->CreateFence(0, D3D12_FENCE_FLAG_NONE, __uuidof(ID3D12Fence), reinterpret_cast<void**>(fence_.GetAddressOf())))) {
    return DeviceError("CreateFence", hr);
  }
  if (FAILED(hr = queue_->GetTimestampFrequency(&timestamp_frequency_))) return DeviceError("GetTimestampFrequency", hr);

  features_ = QueryFeatures(device_.Get());
  info_.name = adapter_.name;
  info_.driver = adapter_.driver_version;  // printed as "(driver 31.0.15.3623)"
  info_.properties = {
      {"software adapter", YesNo(adapter_.software)},
      {"dedicated memory", MemoryString(adapter_.dedicated_memory)},
      {"shader model", features_.shader_model},
      {"doubles (DoublePrecisionFloatShaderOps)", YesNo(features_.doubles)},
      {"64-bit shader ops (Int64ShaderOps)", YesNo(features_.int64_ops)},
      {"16-bit shader ops (Native16BitShaderOpsSupported)", YesNo(features_.native_16bit_ops)},
      {"wave lanes", std::to_string(features_.wave_lanes_min) + "-" + std::to_string(features_.wave_lanes_max)},
      {"timestamp frequency", std::to_string(timestamp_frequency_) + " Hz"},
  };
  return OkStatus();
}

Device::~Device() {
  FlushDebugMessages();
}

Result<ComPtr<ID3D12Resource>> Device::CreateBuffer(uint64_t bytes, D3D12_HEAP_TYPE heap, D3D12_RESOURCE_STATES state) const {
  D3D12_HEAP_PROPERTIES heap_props{};
  heap_props.Type = heap;
  D3D12_RESOURCE_DESC desc{};
  desc.Dimension = D3D12_RESOURCE_DIMENSION_BUFFER;
  desc.Width = bytes;
  desc.Height = 1;
  desc.DepthOrArraySize = 1;
  desc.MipLevels = 1;
  desc.Format = DXGI_FORMAT_UNKNOWN;
  desc.SampleDesc.Count = 1;
  desc.Layout = D3D12_TEXTURE_LAYOUT_ROW_MAJOR;
  desc.Flags = heap == D3D12_HEAP_TYPE_DEFAULT ? D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS : D3D12_RESOURCE_FLAG_NONE;
  ComPtr<ID3D12Resource> buffer;
  HRESULT hr = device_->CreateCommittedResource(&heap_props, D3D12_HEAP_FLAG_NONE, &desc, state, nullptr,
                                                __uuidof(ID3D12Resource), reinterpret_cast<void**>(buffer.GetAddressOf()));
  if (FAILED(hr)) return DeviceError("CreateCommittedResource(" + std::to_string(bytes) + " bytes)", hr);
  return buffer;
}

Status Device::ExecuteAndWait(ID3D12CommandList* list) {
  queue_->ExecuteCommandLists(1, &list);
  HRESULT hr = queue_->Signal(fence_.Get(), ++fence_value_);
  if (FAILED(hr)) return DeviceError("ID3D12CommandQueue::Signal", hr);
  DMLC_RETURN_IF_ERROR(WaitForFence());
  FlushDebugMessages();
  if (FAILED(hr = device_->GetDeviceRemovedReason())) return DeviceError("the submission", hr);
  return OkStatus();
}

Status Device::WaitForFence() {
  if (fence_->GetCompletedValue() >= fence_value_) return OkStatus();
#ifdef _WIN32
  // An event to wait on: Wine's D3D12 (vkd3d) never returns from SetEventOnCompletion with a null event.
  HANDLE event = CreateEventA(nullptr, FALSE, FALSE, nullptr);
  if (event == nullptr) return MakeError("d3d12", "", "CreateEvent failed: " + std::to_string(GetLastError()), "Win32 calls succeed");
  HRESULT hr = fence_->SetEventOnCompletion(fence_value_, event);
  if (SUCCEEDED(hr)) WaitForSingleObject(event, INFINITE);
  CloseHandle(event);
#else
  // WSL has no Win32 events; a null event makes the call block until the fence reaches the value.
  HRESULT hr = fence_->SetEventOnCompletion(fence_value_, nullptr);
#endif
  if (FAILED(hr)) return DeviceError("ID3D12Fence::SetEventOnCompletion", hr);
  return OkStatus();
}

gpu::TimestampClock Device::timestamp_clock() const {
  return {timestamp_frequency_ == 0 ? 0.0 : 1e9 / static_cast<double>(timestamp_frequency_), 64};
}

std::vector<std::string> Device::FlushDebugMessages() {
  std::vector<std::string> texts;
  if (info_queue_ == nullptr) return texts;
  const UINT64 count = info_queue_->GetNumStoredMessages();
  for (UINT64 i = 0; i < count; ++i) {
    SIZE_T size = 0;
    if (FAILED(info_queue_->GetMessage(i, nullptr, &size)) || size == 0) continue;
    std::vector<uint8_t> storage(size);
    auto* message = reinterpret_cast<D3D12_MESSAGE*>(storage.data());
    if (FAILED(info_queue_->GetMessage(i, message, &size))) continue;
    const std::string text(message->pDescription, message->DescriptionByteLength > 0 ? message->DescriptionByteLength - 1 : 0);
    switch (message->Severity) {
      case D3D12_MESSAGE_SEVERITY_CORRUPTION:
      case D3D12_MESSAGE_SEVERITY_ERROR: spdlog::error("d3d12 debug layer: {}", text); break;
      case D3D12_MESSAGE_SEVERITY_WARNING: spdlog::warn("d3d12 debug layer: {}", text); break;
      default: spdlog::debug("d3d12 debug layer: {}", text); break;
    }
    texts.push_back(text);
  }
  info_queue_->ClearStoredMessages();
  return texts;
}

Result<std::vector<DeviceInfo>> DescribeAdapters(const Runtime& runtime,
                                                 const std::function<Result<DeviceInfo>(size_t index)>& open) {
  Result<std::vector<Adapter>> adapters = EnumerateAdapters(runtime);
  if (!adapters.ok()) return adapters.error();
  std::vector<DeviceInfo> devices;
  for (size_t i = 0; i < adapters->size(); ++i) {
    Result<DeviceInfo> info = open(i);
    if (info.ok()) {
      devices.push_back(std::move(*info));
    } else {
      devices.push_back(DeviceInfo{(*adapters)[i].name, "", {{"unusable", info.error().message}}});
    }
  }
  return devices;
}

Result<std::vector<DeviceInfo>> ListDevices() {
  Result<const Runtime*> runtime = LoadRuntime();
  if (!runtime.ok()) return runtime.error();
  return DescribeAdapters(**runtime, [](size_t index) -> Result<DeviceInfo> {
    Result<std::unique_ptr<Device>> device = Device::Create(std::to_string(index), false);
    if (!device.ok()) return device.error();
    return (*device)->info();
  });
}

}  // namespace dmlc::backends::d3d12
