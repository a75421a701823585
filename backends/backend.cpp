#include "backends/backend.h"

#include <string>

namespace dmlc::backends {

Status CheckIterations(int iterations) {
  if (iterations >= 1) return OkStatus();
  return MakeError("backend", "iterations", "ExecuteRepeated() asked for " + std::to_string(iterations) +
                                                " iterations", "at least one iteration");
}

Result<std::vector<Timing>> PreparedOperator::ExecuteRepeated(std::span<const ConstBuffer> inputs,
                                                              std::span<const MutableBuffer> outputs, int iterations) {
  DMLC_RETURN_IF_ERROR(CheckIterations(iterations));
  std::vector<Timing> timings;
  timings.reserve(static_cast<size_t>(iterations));
  for (int i = 0; i < iterations; ++i) {
    Result<Timing> timing = Execute(inputs, outputs);
    if (!timing.ok()) return timing.error();
    timings.push_back(*timing);
  }
  return timings;
}

}  // namespace dmlc::backends
