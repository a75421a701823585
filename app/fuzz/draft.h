// What the per-operator generators share: the context they draw in, and the draws every operator
// makes alike (dimension count, data type, a tensor's layout). Internal to app/fuzz.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "app/case/initializer.h"
#include "app/fuzz/choices.h"
#include "app/fuzz/sizes.h"
#include "app/fuzz/support.h"
#include "ops/operator_desc.h"

namespace dmlc::app::fuzz {

struct DraftContext {
  Choices& choices;
  ops::FeatureLevel level;
  uint64_t budget;  // elements per tensor, logical and buffer; a multiple of 4
  const SizePalette& sizes;
};

// In the allowance's dimension range; draw 0 is the fewest dimensions.
uint32_t DrawRank(Choices& choices, const Allowance& allowance);
// One of `types`; draw 0 is the first (simplest).
ops::DataType DrawType(Choices& choices, const std::vector<ops::DataType>& types);
// A tensor of `sizes` and `type` with a drawn layout (layouts.h).
ops::TensorDesc DrawTensor(DraftContext& context, std::vector<uint32_t> sizes, ops::DataType type,
                           ops::TensorRole role);
// `count` sizes whose product is within `budget` (SizePalette::DrawSizes).
std::vector<uint32_t> DrawSizes(DraftContext& context, size_t count, uint64_t budget);
uint64_t Product(const std::vector<uint32_t>& sizes);

// Each operator's desc, valid at context.level and within context.budget, and its inputs (one kBuffer
// initializer per input binding). The desc generators require the operator to be available at the
// level (OperatorAvailable()).
ops::OperatorDesc DrawGatherNd1(DraftContext& context);
ops::OperatorDesc DrawDiagonalMatrix(DraftContext& context);
ops::OperatorDesc DrawJoin(DraftContext& context);
ops::OperatorDesc DrawReduce(DraftContext& context);
ops::OperatorDesc DrawOneHot(DraftContext& context);
ops::OperatorDesc DrawDiagonalMatrix1(DraftContext& context);
std::vector<Initializer> DrawInputs(Choices& choices, const ops::GatherNd1Desc& desc);
std::vector<Initializer> DrawInputs(Choices& choices, const ops::DiagonalMatrixDesc& desc);
std::vector<Initializer> DrawInputs(Choices& choices, const ops::JoinDesc& desc);
std::vector<Initializer> DrawInputs(Choices& choices, const ops::ReduceDesc& desc);
std::vector<Initializer> DrawInputs(Choices& choices, const ops::OneHotDesc& desc);
std::vector<Initializer> DrawInputs(Choices& choices, const ops::DiagonalMatrix1Desc& desc);

// Whether the feature level's tables allow the operator at all (REDUCE: any of its functions).
bool OperatorAvailable(ops::OperatorType type, ops::FeatureLevel level);
// REDUCE's functions whose table the level has, in kAllReduceFunctions order.
std::vector<ops::ReduceFunction> AvailableReduceFunctions(ops::FeatureLevel level);

// "/inputs/InputTensor": where an input's initializer stands in a case file, for errors.
std::string InputPath(const std::string& binding);

}  // namespace dmlc::app::fuzz
