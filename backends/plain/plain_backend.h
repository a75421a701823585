// The plain reference backend: every operator as docs/semantics.md states it, one scalar loop over the
// output's logical elements, one thread, floating-point arithmetic in double and integer arithmetic
// wrapping in the output type. Written to be checked line by line against docs/semantics.md, not for speed,
// and sharing no kernel with the cpu backend, so that either can compute the expected outputs the
// other is judged by (`dml-conform run --reference plain`).
// Thread-safe: operators hold only their desc; several may Execute() at once.
#pragma once

#include "backends/backend.h"

namespace dmlc::backends::plain {

// The host as this backend's one device: "host CPU (plain, 1 thread)".
DeviceInfo PlainDeviceInfo();

class PlainBackend final : public Backend {
 public:
  PlainBackend() : device_(PlainDeviceInfo()) {}

  std::string_view Name() const override { return "plain"; }
  const DeviceInfo& Device() const override { return device_; }
  bool ThreadSafe() const override { return true; }
  // Yes for every desc: backends receive only descs ops::ValidateAt() accepted, and plain runs them all.
  Support Supports(const ops::OperatorDesc& desc) const override;
  Result<std::unique_ptr<PreparedOperator>> Prepare(const ops::OperatorDesc& desc) override;

 private:
  DeviceInfo device_;
};

}  // namespace dmlc::backends::plain
