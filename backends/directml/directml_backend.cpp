#include "backends/directml/directml_backend.h"

#include <spdlog/spdlog.h>

#include "backends/directml/directml_operator.h"
#include "backends/unavailable_backend.h"

namespace dmlc::backends::directml {
namespace {

// Highest first: an older DirectML refuses a query naming a level it does not know, so the list is
// shortened from the top until one is answered.
constexpr DML_FEATURE_LEVEL kLevels[] = {
    DML_FEATURE_LEVEL_6_4, DML_FEATURE_LEVEL_6_3, DML_FEATURE_LEVEL_6_2, DML_FEATURE_LEVEL_6_1, DML_FEATURE_LEVEL_6_0,
    DML_FEATURE_LEVEL_5_2, DML_FEATURE_LEVEL_5_1, DML_FEATURE_LEVEL_5_0, DML_FEATURE_LEVEL_4_1, DML_FEATURE_LEVEL_4_0,
    DML_FEATURE_LEVEL_3_1, DML_FEATURE_LEVEL_3_0, DML_FEATURE_LEVEL_2_1, DML_FEATURE_LEVEL_2_0, DML_FEATURE_LEVEL_1_0};

DML_FEATURE_LEVEL HighestFeatureLevel(IDMLDevice* dml) {
  for (size_t first = 0; first < std::size(kLevels); ++first) {
    const DML_FEATURE_QUERY_FEATURE_LEVELS query{static_cast<uint32_t>(std::size(kLevels) - first), kLevels + first};
    DML_FEATURE_DATA_FEATURE_LEVELS data{};
    if (SUCCEEDED(dml->CheckFeatureSupport(DML_FEATURE_FEATURE_LEVELS, sizeof(query), &query, sizeof(data), &data))) {
      return data.MaxSupportedFeatureLevel;
    }
  }
  return DML_FEATURE_LEVEL_1_0;
}

DeviceCaps QueryCaps(IDMLDevice* dml) {
  DeviceCaps caps;
  caps.feature_level = HighestFeatureLevel(dml);
  for (ops::DataType type : ops::kAllDataTypes) {
    const DML_FEATURE_QUERY_TENSOR_DATA_TYPE_SUPPORT query{ToDml(type)};
    DML_FEATURE_DATA_TENSOR_DATA_TYPE_SUPPORT data{};
    const HRESULT hr =
        dml->CheckFeatureSupport(DML_FEATURE_TENSOR_DATA_TYPE_SUPPORT, sizeof(query), &query, sizeof(data), &data);
    caps.data_types[ToDml(type)] = SUCCEEDED(hr) && data.IsSupported != 0;
  }
  return caps;
}

std::string SupportedTypes(const DeviceCaps& caps) {
  std::string text;
  for (ops::DataType type : ops::kAllDataTypes) {
    if (caps.data_types[ToDml(type)]) text += (text.empty() ? "" : ", ") + std::string(ops::DataTypeName(type));
  }
  return text;
}

}  // namespace

Result<std::unique_ptr<Backend>> DirectmlBackend::Create(const BackendOptions& options) {
  Result<const DirectmlRuntime*> runtime = LoadDirectml();
  if (!runtime.ok()) return std::unique_ptr<Backend>(new UnavailableBackend("directml", runtime.error().message));
  std::unique_ptr<DirectmlBackend> backend(new DirectmlBackend());
  DMLC_RETURN_IF_ERROR(backend->Init(**runtime, options));
  return std::unique_ptr<Backend>(std::move(backend));
}

Status DirectmlBackend::Init(const DirectmlRuntime& runtime, const BackendOptions& options) {
  Result<std::unique_ptr<d3d12::Device>> device = d3d12::Device::Create(options.device, options.debug);
  if (!device.ok()) return device.error();
  device_ = std::move(*device);
  bool debug = options.debug;
  HRESULT hr = runtime.CreateDevice1(device_->device(), debug ? DML_CREATE_DEVICE_FLAG_DEBUG : DML_CREATE_DEVICE_FLAG_NONE,
                                     DML_FEATURE_LEVEL_1_0, kIidIDMLDevice, reinterpret_cast<void**>(dml_.GetAddressOf()));
  if (FAILED(hr) && debug) {
    // DirectML's debug device needs the D3D12 SDK layers (the Graphics Tools): say so and go on without.
    spdlog::warn("directml: the debug device failed ({}); running without it (install the Graphics Tools)",
                 d3d12::HresultName(hr));
    debug = false;
    hr = runtime.CreateDevice1(device_->device(), DML_CREATE_DEVICE_FLAG_NONE, DML_FEATURE_LEVEL_1_0, kIidIDMLDevice,
                               reinterpret_cast<void**>(dml_.GetAddressOf()));
  }
  if (FAILED(hr)) return device_->DeviceError("DMLCreateDevice1", hr);
  hr = dml_->CreateCommandRecorder(kIidIDMLCommandRecorder, reinterpret_cast<void**>(recorder_.GetAddressOf()));
  if (FAILED(hr)) return DmlError("IDMLDevice::CreateCommandRecorder", hr);
  caps_ = QueryCaps(dml_.Get());

  info_ = device_->info();
  info_.properties.insert(info_.properties.begin(),
                          {{"DirectML", runtime.library.name() + " (version " + runtime.version + ")"},
                           {"DirectML feature level", FeatureLevelText(caps_.feature_level)},
                           {"DirectML data types", SupportedTypes(caps_)},
                           {"DirectML debug device", debug ? "yes" : "no"}});
  return OkStatus();
}

Error DirectmlBackend::DmlError(const std::string& call, HRESULT hr) {
  Error e = device_->DeviceError(call, hr);
  for (const std::string& message : device_->FlushDebugMessages()) e.message += "; " + message;
  return e;
}

Support DirectmlBackend::Supports(const ops::OperatorDesc& desc) const { return SupportsOn(caps_, desc); }

Result<std::unique_ptr<PreparedOperator>> DirectmlBackend::Prepare(const ops::OperatorDesc& desc) {
  return PrepareWithFlags(desc, ops::kExecutionFlagNone);
}

Result<std::unique_ptr<PreparedOperator>> DirectmlBackend::PrepareWithFlags(const ops::OperatorDesc& desc,
                                                                            ops::ExecutionFlags flags) {
  // Supports() was asked first (backend.h); a desc it refused is refused again, as an error, by the
  // translation or by IDMLDevice::CreateOperator, which JudgeDesc() trusts with any desc, valid or not.
  return DirectmlOperator::Create(*this, desc, flags);
}

std::optional<ApiVerdict> DirectmlBackend::JudgeDesc(const ops::OperatorDesc& desc) {
  Result<std::unique_ptr<const DmlOperatorDesc>> translated = Translate(desc, caps_.translate_options());
  if (!translated.ok()) return std::nullopt;  // no DirectML struct can carry it: nothing to ask
  device_->FlushDebugMessages();  // only this call's messages go into the verdict
  ComPtr<IDMLOperator> op;
  const HRESULT hr = dml_->CreateOperator(&(*translated)->desc(), kIidIDMLOperator, reinterpret_cast<void**>(op.GetAddressOf()));
  if (SUCCEEDED(hr)) {
    device_->FlushDebugMessages();
    return ApiVerdict{true, ""};
  }
  const Error refusal = DmlError("IDMLDevice::CreateOperator", hr);
  return ApiVerdict{false, refusal.message, refusal.device_lost};
}

Result<std::vector<DeviceInfo>> ListDevices() {
  Result<const DirectmlRuntime*> runtime = LoadDirectml();
  if (!runtime.ok()) return runtime.error();
  return d3d12::DescribeAdapters(*(*runtime)->d3d12, [](size_t index) -> Result<DeviceInfo> {
    Result<std::unique_ptr<Backend>> backend = DirectmlBackend::Create(BackendOptions{.device = std::to_string(index)});
    if (!backend.ok()) return backend.error();
    return (*backend)->Device();
  });
}

}  // namespace dmlc::backends::directml
