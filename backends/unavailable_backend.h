// A backend that is registered and selected but cannot run here (the directml backend where
// DirectML.dll or the D3D12 runtime is missing): it exists so that `run --backend NAME` reports every
// case as a skip with the reason, as a missing device feature is, instead of stopping the run.
#pragma once

#include <string>

#include "backends/backend.h"

namespace dmlc::backends {

class UnavailableBackend final : public Backend {
 public:
  UnavailableBackend(std::string name, std::string reason);
  std::string_view Name() const override { return name_; }
  const DeviceInfo& Device() const override { return info_; }
  bool ThreadSafe() const override { return true; }
  // No, with "unavailable: REASON".
  Support Supports(const ops::OperatorDesc& desc) const override;
  // The same reason as an error; the runner never calls it after Supports() said no.
  Result<std::unique_ptr<PreparedOperator>> Prepare(const ops::OperatorDesc& desc) override;

 private:
  std::string name_;
  std::string reason_;
  DeviceInfo info_;
};

}  // namespace dmlc::backends
