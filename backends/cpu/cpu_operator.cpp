#include "backends/cpu/cpu_operator.h"

#include <chrono>

#include "backends/cpu/strided.h"

namespace dmlc::backends::cpu {

CpuOperator::CpuOperator(std::string scope, const std::vector<const ops::TensorDesc*>& inputs,
                         const std::vector<const ops::TensorDesc*>& outputs, std::shared_ptr<ThreadPool> pool)
    : scope_(std::move(scope)), pool_(std::move(pool)) {
  for (const auto* d : inputs) input_bytes_.push_back(RequiredBytes(*d));
  for (const auto* d : outputs) output_bytes_.push_back(RequiredBytes(*d));
}

Status CpuOperator::CheckBuffers(std::span<const ConstBuffer> inputs, std::span<const MutableBuffer> outputs) const {
  if (inputs.size() != input_bytes_.size() || outputs.size() != output_bytes_.size()) {
    return MakeError("cpu", "", scope_ + " takes " + std::to_string(input_bytes_.size()) + " inputs and " +
                                    std::to_string(output_bytes_.size()) + " outputs, got " +
                                    std::to_string(inputs.size()) + " and " + std::to_string(outputs.size()),
                     "one buffer per binding");
  }
  auto check = [&](const char* role, size_t i, uint64_t have, uint64_t need) -> Status {
    if (have >= need) return OkStatus();
    return MakeError("cpu", std::string(role) + "[" + std::to_string(i) + "]",
                     scope_ + " " + role + " buffer " + std::to_string(i) + " has " + std::to_string(have) +
                         " bytes but its tensor desc needs " + std::to_string(need),
                     "buffers hold every logical element");
  };
  for (size_t i = 0; i < inputs.size(); ++i) DMLC_RETURN_IF_ERROR(check("input", i, inputs[i].size(), input_bytes_[i]));
  for (size_t i = 0; i < outputs.size(); ++i) {
    DMLC_RETURN_IF_ERROR(check("output", i, outputs[i].size(), output_bytes_[i]));
  }
  return OkStatus();
}

Result<Timing> CpuOperator::Execute(std::span<const ConstBuffer> inputs, std::span<const MutableBuffer> outputs) {
  DMLC_RETURN_IF_ERROR(CheckBuffers(inputs, outputs));
  const auto start = std::chrono::steady_clock::now();
  DMLC_RETURN_IF_ERROR(Run(inputs, outputs));
  const std::chrono::duration<double, std::milli> elapsed = std::chrono::steady_clock::now() - start;
  Timing timing;
  timing.cpu_ms = elapsed.count();
  return timing;
}

}  // namespace dmlc::backends::cpu
