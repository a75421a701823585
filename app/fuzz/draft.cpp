#include "app/fuzz/draft.h"

#include "app/fuzz/layouts.h"
#include "ops/check.h"

namespace dmlc::app::fuzz {

uint32_t DrawRank(Choices& choices, const Allowance& allowance) {
  DMLC_CHECK(!allowance.empty());
  return allowance.min_dimensions +
         static_cast<uint32_t>(choices.Draw(allowance.max_dimensions - allowance.min_dimensions + 1));
}

ops::DataType DrawType(Choices& choices, const std::vector<ops::DataType>& types) {
  DMLC_CHECK(!types.empty());
  return types[choices.Draw(types.size())];
}

ops::TensorDesc DrawTensor(DraftContext& context, std::vector<uint32_t> sizes, ops::DataType type,
                           ops::TensorRole role) {
  ops::TensorDesc desc;
  desc.DataType = type;
  desc.Sizes = std::move(sizes);
  DrawLayout(context.choices, desc, role, context.budget);
  return desc;
}

std::vector<uint32_t> DrawSizes(DraftContext& context, size_t count, uint64_t budget) {
  return context.sizes.DrawSizes(context.choices, count, budget);
}

uint64_t Product(const std::vector<uint32_t>& sizes) {
  uint64_t product = 1;
  for (uint32_t size : sizes) product *= size;
  return product;
}

std::vector<ops::ReduceFunction> AvailableReduceFunctions(ops::FeatureLevel level) {
  std::vector<ops::ReduceFunction> functions;
  for (ops::ReduceFunction f : ops::kAllReduceFunctions) {
    if (TableAt(ops::ReduceSupportTable(f), level) != nullptr) functions.push_back(f);
  }
  return functions;
}

bool OperatorAvailable(ops::OperatorType type, ops::FeatureLevel level) {
  switch (type) {
    case ops::OperatorType::kGatherNd1:
      return TableAt(ops::GatherNd1SupportTable(), level) != nullptr;
    case ops::OperatorType::kDiagonalMatrix:
      return TableAt(ops::DiagonalMatrixSupportTable(), level) != nullptr;
    case ops::OperatorType::kJoin:
      return TableAt(ops::JoinSupportTable(), level) != nullptr;
    case ops::OperatorType::kReduce:
      return !AvailableReduceFunctions(level).empty();
    case ops::OperatorType::kOneHot:
      return TableAt(ops::OneHotSupportTable(), level) != nullptr;
    case ops::OperatorType::kDiagonalMatrix1:
      return TableAt(ops::DiagonalMatrix1SupportTable(), level) != nullptr;
  }
  return false;
}

std::string InputPath(const std::string& binding) { return "/inputs/" + binding; }

}  // namespace dmlc::app::fuzz
