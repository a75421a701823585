#include "tests/app/faults/faulty_backend.h"

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <thread>
#include <variant>

#include "backends/registry.h"

namespace dmlc::app::testing {
namespace {

// A driver's null write. Sanitizer builds catch SIGSEGV themselves (and UBSan flags the store first), so
// the default action is put back: the worker dies of the signal, as it would under a real driver.
#if defined(__GNUC__)
__attribute__((no_sanitize("undefined")))
#endif
void WriteThroughNull() {
  std::signal(SIGSEGV, SIG_DFL);
  volatile int* nowhere = nullptr;
  *nowhere = 1;
}

using backends::ConstBuffer;
using backends::MutableBuffer;

class FaultyOperator : public backends::PreparedOperator {
 public:
  FaultyOperator(std::unique_ptr<backends::PreparedOperator> inner, int fault) : inner_(std::move(inner)), fault_(fault) {}

  Result<backends::Timing> Execute(std::span<const ConstBuffer> in, std::span<const MutableBuffer> out) override {
    switch (static_cast<Fault>(fault_)) {
      case Fault::kSegfault:
        WriteThroughNull();
        break;
      case Fault::kAbort: std::abort();
      case Fault::kHang:
        for (;;) std::this_thread::sleep_for(std::chrono::seconds(1));
      case Fault::kExit: std::exit(3);
      case Fault::kWrongValue: {
        Result<backends::Timing> ran = inner_->Execute(in, out);
        // 16.0f (0x41800000) becomes 24.0f: the mantissa's top bit, in the little-endian third byte.
        if (ran.ok() && !out.empty() && out[0].size() >= 4) out[0][2] ^= std::byte{0x40};
        return ran;
      }
      case Fault::kDeviceLost: {
        Error e = MakeError("faulty", "", "vkQueueSubmit failed: VK_ERROR_DEVICE_LOST", "Vulkan calls succeed");
        e.device_lost = true;
        return e;
      }
      case Fault::kUnsupported: break;  // refused by Supports(): never prepared
    }
    return inner_->Execute(in, out);
  }

 private:
  std::unique_ptr<backends::PreparedOperator> inner_;
  int fault_;
};

class FaultyBackend : public backends::Backend {
 public:
  explicit FaultyBackend(std::unique_ptr<backends::Backend> cpu) : cpu_(std::move(cpu)) { device_.name = "faulty CPU"; }
  std::string_view Name() const override { return "faulty"; }
  const backends::DeviceInfo& Device() const override { return device_; }
  bool ThreadSafe() const override { return false; }
  backends::Support Supports(const ops::OperatorDesc& desc) const override {
    const auto* diagonal = std::get_if<ops::DiagonalMatrixDesc>(&desc);
    if (diagonal != nullptr && static_cast<int>(diagonal->Value) == static_cast<int>(Fault::kUnsupported)) {
      return {false, "Value 17 is not supported here"};
    }
    return cpu_->Supports(desc);
  }
  Result<std::unique_ptr<backends::PreparedOperator>> Prepare(const ops::OperatorDesc& desc) override {
    Result<std::unique_ptr<backends::PreparedOperator>> inner = cpu_->Prepare(desc);
    if (!inner.ok()) return inner.error();
    const auto* diagonal = std::get_if<ops::DiagonalMatrixDesc>(&desc);
    const int fault = diagonal != nullptr ? static_cast<int>(diagonal->Value) : 0;
    return std::unique_ptr<backends::PreparedOperator>(std::make_unique<FaultyOperator>(std::move(inner).value(), fault));
  }

 private:
  std::unique_ptr<backends::Backend> cpu_;
  backends::DeviceInfo device_;
};

}  // namespace

void RegisterFaultyBackend() {
  backends::RegisterExtraBackend(backends::BackendFactory{
      "faulty", "the cpu backend with faults injected by DIAGONAL_MATRIX Value (tests only)",
      [] { return Result<std::vector<backends::DeviceInfo>>(std::vector<backends::DeviceInfo>{{"faulty CPU", "", {}}}); },
      [](const backends::BackendOptions& options) -> Result<std::unique_ptr<backends::Backend>> {
        Result<std::unique_ptr<backends::Backend>> cpu = backends::CreateBackend("cpu", backends::BackendOptions{"", false, 1});
        if (!cpu.ok()) return cpu.error();
        (void)options;
        return std::unique_ptr<backends::Backend>(std::make_unique<FaultyBackend>(std::move(cpu).value()));
      }});
}

}  // namespace dmlc::app::testing
