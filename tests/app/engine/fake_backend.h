// A backend whose behaviour each test scripts: what Supports() says, whether Prepare() fails, and what
// Execute() writes. Counts executions and ExecuteRepeated() batches so tests can check warmup and
// iterations.
#pragma once

#include <atomic>
#include <cstring>
#include <functional>
#include <optional>
#include <vector>

#include "backends/backend.h"

namespace dmlc::app::testing {

using ExecuteFn = std::function<Result<backends::Timing>(std::span<const backends::ConstBuffer>,
                                                         std::span<const backends::MutableBuffer>)>;

// Writes `values` packed into output 0.
inline ExecuteFn WriteFloats(std::vector<float> values, double cpu_ms = 1.0) {
  return [values, cpu_ms](std::span<const backends::ConstBuffer>, std::span<const backends::MutableBuffer> outputs)
             -> Result<backends::Timing> {
    std::memcpy(outputs[0].data(), values.data(), values.size() * sizeof(float));
    return backends::Timing{cpu_ms, std::nullopt};
  };
}

class FakeBackend : public backends::Backend {
 public:
  explicit FakeBackend(ExecuteFn execute) : execute_(std::move(execute)) {}

  std::string_view Name() const override { return "fake"; }
  const backends::DeviceInfo& Device() const override { return device_; }
  bool ThreadSafe() const override { return thread_safe; }
  backends::Support Supports(const ops::OperatorDesc&) const override { return support; }
  Result<std::unique_ptr<backends::PreparedOperator>> Prepare(const ops::OperatorDesc&) override {
    if (prepare_error) return *prepare_error;
    return std::unique_ptr<backends::PreparedOperator>(std::make_unique<Operator>(*this));
  }

  std::optional<backends::ApiVerdict> JudgeDesc(const ops::OperatorDesc&) override {
    ++judged;
    return api_verdict;
  }

  backends::Support support = backends::Support::Yes();
  // What JudgeDesc() answers: nullopt, as a backend running its own kernels, unless a test scripts an
  // API's verdict.
  std::optional<backends::ApiVerdict> api_verdict;
  int judged = 0;
  std::optional<Error> prepare_error;
  bool thread_safe = true;
  std::atomic<int> executions{0};
  std::vector<int> batches;  // the iteration count of each ExecuteRepeated() call

 private:
  struct Operator : backends::PreparedOperator {
    explicit Operator(FakeBackend& b) : backend(b) {}
    Result<backends::Timing> Execute(std::span<const backends::ConstBuffer> in,
                                     std::span<const backends::MutableBuffer> out) override {
      ++backend.executions;
      return backend.execute_(in, out);
    }
    Result<std::vector<backends::Timing>> ExecuteRepeated(std::span<const backends::ConstBuffer> in,
                                                          std::span<const backends::MutableBuffer> out,
                                                          int iterations) override {
      backend.batches.push_back(iterations);
      return PreparedOperator::ExecuteRepeated(in, out, iterations);
    }
    FakeBackend& backend;
  };
  ExecuteFn execute_;
  backends::DeviceInfo device_{"fake device", "fake driver 1.0", {}};
};

}  // namespace dmlc::app::testing
