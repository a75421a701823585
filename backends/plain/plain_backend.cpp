#include "backends/plain/plain_backend.h"

#include <chrono>
#include <string>
#include <variant>

#include "backends/plain/element.h"
#include "backends/plain/kernels.h"

namespace dmlc::backends::plain {
namespace {

// A desc kept as given; Execute() checks the buffers and runs the operator's one function.
class PlainOperator final : public PreparedOperator {
 public:
  explicit PlainOperator(const ops::OperatorDesc& desc) : desc_(desc) {}

  Result<Timing> Execute(std::span<const ConstBuffer> inputs, std::span<const MutableBuffer> outputs) override {
    DMLC_RETURN_IF_ERROR(CheckBuffers(inputs, outputs));
    const auto start = std::chrono::steady_clock::now();
    DMLC_RETURN_IF_ERROR(std::visit([&](const auto& d) { return Compute(d, inputs, outputs); }, desc_));
    const std::chrono::duration<double, std::milli> elapsed = std::chrono::steady_clock::now() - start;
    Timing timing;
    timing.cpu_ms = elapsed.count();
    return timing;
  }

 private:
  // One buffer per binding, each reaching past its tensor's last logical element: the kernels index
  // them unchecked by the sizes and strides.
  Status CheckBuffers(std::span<const ConstBuffer> inputs, std::span<const MutableBuffer> outputs) const {
    size_t input = 0, output = 0;
    for (const ops::TensorBinding& b : ops::Bindings(desc_)) {
      const bool is_input = b.role == ops::TensorRole::kInput;
      const size_t index = is_input ? input++ : output++;
      const size_t count = is_input ? inputs.size() : outputs.size();
      if (index >= count) {
        const std::string op(ops::OperatorTypeName(ops::TypeOf(desc_)));
        return MakeError("plain", b.name, op + " has no buffer for " + b.name, "one buffer per binding");
      }
      const uint64_t have = is_input ? inputs[index].size() : outputs[index].size();
      const uint64_t need = SpannedBytes(*b.desc);
      if (have < need) {
        return MakeError("plain", b.name, b.name + " buffer has " + std::to_string(have) +
                                              " bytes but its tensor desc needs " + std::to_string(need),
                         "buffers hold every logical element");
      }
    }
    if (input != inputs.size() || output != outputs.size()) {
      return MakeError("plain", "", "got " + std::to_string(inputs.size()) + " inputs and " +
                                        std::to_string(outputs.size()) + " outputs for " + std::to_string(input) +
                                        " and " + std::to_string(output) + " bindings",
                       "one buffer per binding");
    }
    return OkStatus();
  }

  ops::OperatorDesc desc_;
};

}  // namespace

DeviceInfo PlainDeviceInfo() {
  DeviceInfo info;
  info.name = "host CPU (plain, 1 thread)";
  info.properties = {{"threads", "1"}, {"arithmetic", "double; integers wrap in the output type"}};
  return info;
}

Support PlainBackend::Supports(const ops::OperatorDesc&) const { return Support::Yes(); }

Result<std::unique_ptr<PreparedOperator>> PlainBackend::Prepare(const ops::OperatorDesc& desc) {
  return std::unique_ptr<PreparedOperator>(std::make_unique<PlainOperator>(desc));
}

}  // namespace dmlc::backends::plain
