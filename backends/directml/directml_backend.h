// The directml backend: DirectML itself, on the D3D12 device that the d3d12 backend's adapter
// selection picks (`--device`; the device, queue and fence code is d3d12::Device). Each desc is
// translated into DirectML's structs (translate.h), created with IDMLDevice::CreateOperator, compiled,
// initialized and dispatched (DirectmlOperator). Supports() answers from the device's feature level and
// data type support (device_caps.h) without creating anything; JudgeDesc() puts any desc, valid or not,
// to CreateOperator, for the runner's validation findings. With `--debug`, DirectML's debug device and
// the D3D12 debug layer are on, and their messages go to the log and into JudgeDesc()'s detail.
// Thread-safety: one thread at a time (the device's one queue); ThreadSafe() is false.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "backends/api_backend.h"
#include "backends/backend.h"
#include "backends/d3d12/d3d12_device.h"
#include "backends/directml/device_caps.h"
#include "backends/directml/directml_runtime.h"
#include "backends/directml/dml_com.h"
#include "backends/registry.h"

namespace dmlc::backends::directml {

class DirectmlBackend final : public Backend, public ApiBackend {
 public:
  // Where DirectML or the D3D12 runtime cannot be loaded, an UnavailableBackend whose Supports() says
  // why (every case skips); an error where the device cannot be created (an unknown --device, say).
  static Result<std::unique_ptr<Backend>> Create(const BackendOptions& options);

  std::string_view Name() const override { return "directml"; }
  const DeviceInfo& Device() const override { return info_; }
  bool ThreadSafe() const override { return false; }
  Support Supports(const ops::OperatorDesc& desc) const override;
  Result<std::unique_ptr<PreparedOperator>> Prepare(const ops::OperatorDesc& desc) override;
  Result<std::unique_ptr<PreparedOperator>> PrepareWithFlags(const ops::OperatorDesc& desc,
                                                             ops::ExecutionFlags flags) override;
  std::optional<ApiVerdict> JudgeDesc(const ops::OperatorDesc& desc) override;

  d3d12::Device& device() { return *device_; }
  IDMLDevice* dml() const { return dml_.Get(); }
  IDMLCommandRecorder* recorder() const { return recorder_.Get(); }
  const DeviceCaps& caps() const { return caps_; }
  // "CALL failed: E_INVALIDARG (0x80070057)", with the debug messages DirectML queued since the last
  // call, and the device removal's reason when there is one.
  Error DmlError(const std::string& call, HRESULT hr);

 private:
  DirectmlBackend() = default;
  Status Init(const DirectmlRuntime& runtime, const BackendOptions& options);

  std::unique_ptr<d3d12::Device> device_;
  ComPtr<IDMLDevice> dml_;
  ComPtr<IDMLCommandRecorder> recorder_;
  DeviceCaps caps_;
  DeviceInfo info_;
};

// What `dml-conform backends` lists: each adapter with its DirectML feature level, or why DirectML is
// unavailable here.
Result<std::vector<DeviceInfo>> ListDevices();

}  // namespace dmlc::backends::directml
