#include "backends/gpu/dispatch_plan.h"

#include "backends/gpu/planners.h"

namespace dmlc::backends::gpu {
Result<std::vector<Dispatch>> PlanDispatches(const ops::OperatorDesc& desc, const DeviceLimits& limits) {
  return std::visit([&](const auto& d) { return Plan(d, limits); }, desc);
}

std::vector<std::string> AllKernelNames() {
  std::vector<std::string> names;
  for (const char* base : {"copy", "gather_nd1", "one_hot", "diagonal_matrix", "diagonal_matrix_input"}) {
    for (int bytes : {1, 2, 4, 8}) names.push_back(std::string(base) + "_b" + std::to_string(bytes));
  }
  for (const char* reduce : {"reduce_f32", "reduce_f16", "reduce_i8", "reduce_i16", "reduce_i32", "reduce_i64",
                             "reduce_f16_words", "reduce_i8_words", "reduce_i16_words"}) {
    names.emplace_back(reduce);
  }
  return names;
}

}  // namespace dmlc::backends::gpu
