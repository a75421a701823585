#include "backends/gpu/dispatch_plan.h"

#include "backends/gpu/planners.h"

namespace dmlc::backends::gpu {
namespace {

template <class... Fs>
struct Overloaded : Fs... {
  using Fs::operator()...;
};

}  // namespace

Result<std::vector<Dispatch>> PlanDispatches(const ops::OperatorDesc& desc, const DeviceLimits& limits) {
  return std::visit(Overloaded{
                        [&](const ops::GatherNd1Desc& d) { return PlanGatherNd1(d, limits); },
                        [&](const ops::DiagonalMatrixDesc& d) { return PlanDiagonalMatrix(d, limits); },
                        [&](const ops::JoinDesc& d) { return PlanJoin(d, limits); },
                        [&](const ops::ReduceDesc& d) { return PlanReduce(d, limits); },
                        [&](const ops::OneHotDesc& d) { return PlanOneHot(d, limits); },
                        [&](const ops::DiagonalMatrix1Desc& d) { return PlanDiagonalMatrix(d, limits); },
                    },
                    desc);
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
