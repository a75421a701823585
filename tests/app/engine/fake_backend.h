// A backend whose behaviour each test scripts: what Supports() says, whether Prepare() fails, and what
// Execute() writes (another thing for operators compiled with DISABLE_META_COMMANDS, when scripted).
// Counts Supports() calls, executions and ExecuteRepeated() batches so tests can check that a case asks
// once, and warmup and iterations, and records the execution flags of each PrepareWithFlags().
#pragma once

#include <atomic>
#include <cstring>
#include <functional>
#include <optional>
#include <vector>

#include "backends/api_backend.h"
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

// An API backend (backends/api_backend.h), so that the runner's API steps can be scripted too.
class FakeBackend : public backends::Backend, public backends::ApiBackend {
 public:
  explicit FakeBackend(ExecuteFn execute) : execute_(std::move(execute)) {}

  std::string_view Name() const override { return "fake"; }
  const backends::DeviceInfo& Device() const override { return device_; }
  bool ThreadSafe() const override { return thread_safe; }
  backends::Support Supports(const ops::OperatorDesc&) const override {
    ++supports_asked;
    return support;
  }
  Result<std::unique_ptr<backends::PreparedOperator>> Prepare(const ops::OperatorDesc& desc) override {
    return PrepareWithFlags(desc, ops::kExecutionFlagNone);
  }
  Result<std::unique_ptr<backends::PreparedOperator>> PrepareWithFlags(const ops::OperatorDesc&,
                                                                       ops::ExecutionFlags flags) override {
    prepared_flags.push_back(flags);
    if (prepare_error) return *prepare_error;
    const bool own_shaders = (flags & ops::kExecutionFlagDisableMetaCommands) != 0 && without_metacommands;
    return std::unique_ptr<backends::PreparedOperator>(
        std::make_unique<Operator>(*this, own_shaders ? without_metacommands : execute_));
  }

  std::optional<backends::ApiVerdict> JudgeDesc(const ops::OperatorDesc&) override {
    ++judged;
    return api_verdict;
  }

  backends::Support support = backends::Support::Yes();
  mutable std::atomic<int> supports_asked{0};
  // What JudgeDesc() answers: nullopt, as a backend running its own kernels, unless a test scripts an
  // API's verdict.
  std::optional<backends::ApiVerdict> api_verdict;
  int judged = 0;
  std::optional<Error> prepare_error;
  ExecuteFn without_metacommands;             // when set: what operators with DISABLE_META_COMMANDS write
  std::vector<ops::ExecutionFlags> prepared_flags;
  bool thread_safe = true;
  std::atomic<int> executions{0};
  std::vector<int> batches;  // the iteration count of each ExecuteRepeated() call

 private:
  struct Operator : backends::PreparedOperator {
    Operator(FakeBackend& b, ExecuteFn e) : backend(b), execute(std::move(e)) {}
    Result<backends::Timing> Execute(std::span<const backends::ConstBuffer> in,
                                     std::span<const backends::MutableBuffer> out) override {
      ++backend.executions;
      return execute(in, out);
    }
    Result<std::vector<backends::Timing>> ExecuteRepeated(std::span<const backends::ConstBuffer> in,
                                                          std::span<const backends::MutableBuffer> out,
                                                          int iterations) override {
      backend.batches.push_back(iterations);
      return PreparedOperator::ExecuteRepeated(in, out, iterations);
    }
    FakeBackend& backend;
    ExecuteFn execute;
  };
  ExecuteFn execute_;
  backends::DeviceInfo device_{"fake device", "fake driver 1.0", {}};
};

}  // namespace dmlc::app::testing
