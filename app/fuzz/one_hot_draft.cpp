// ONE_HOT: any axis, depths up to the budget, ValuesTensor with its OnValue along any dimension, and
// indices in range, negative, and out of range (legal: they give a row of OffValue).
#include "app/fuzz/draft.h"
#include "app/fuzz/values.h"
#include "ops/check.h"

namespace dmlc::app::fuzz {
namespace {

constexpr uint64_t kMaxExtraValues = 3;  // ValuesTensor holds 2 to 2 + this elements

// Index by draw: 0, the last in range, the first past it, -1, -depth and -depth - 1 (which wrap to
// large values in unsigned types), the type's extremes; then any in [0, depth).
Scalar DrawIndex(Choices& choices, ops::DataType type, uint32_t depth) {
  const int64_t d = depth;
  const int64_t named[] = {0, d - 1, d, -1, -d, -d - 1};
  const uint64_t e = choices.Draw(std::size(named) + 2 + depth);
  if (e < std::size(named)) return WrapInteger(named[e], type);
  if (e == std::size(named)) return MaxInteger(type);
  if (e == std::size(named) + 1) return WrapInteger(std::numeric_limits<int64_t>::min(), type);  // INT's min, UINT's 0
  return WrapInteger(static_cast<int64_t>(e - std::size(named) - 2), type);
}

}  // namespace

ops::OperatorDesc DrawDesc(DraftContext& context, const ops::OneHotDesc&) {
  Choices& choices = context.choices;
  const ops::LevelSupport* table = TableAt(ops::OneHotSupportTable(), context.level);
  DMLC_CHECK(table != nullptr);
  const Allowance indices = Allow(*table, {"IndicesTensor"});
  const Allowance values = Allow(*table, {"ValuesTensor", "OutputTensor"});
  const uint32_t rank =
      DrawRank(choices, NarrowDimensions(values, indices.min_dimensions, indices.max_dimensions));
  const ops::DataType type = DrawType(choices, values.types);
  const ops::DataType index_type = DrawType(choices, indices.types);
  ops::OneHotDesc desc;
  desc.Axis = static_cast<uint32_t>(choices.Draw(rank));
  const std::vector<uint32_t> output_sizes = DrawSizes(context, rank, context.budget);
  std::vector<uint32_t> index_sizes = output_sizes;
  index_sizes[desc.Axis] = 1;
  // OffValue then OnValue along one dimension (the last by draw 0), sometimes with more after them.
  std::vector<uint32_t> value_sizes(rank, 1);
  value_sizes[rank - 1 - choices.Draw(rank)] = 2 + static_cast<uint32_t>(choices.Draw(kMaxExtraValues + 1));
  desc.IndicesTensor = DrawTensor(context, index_sizes, index_type, ops::TensorRole::kInput);
  desc.ValuesTensor = DrawTensor(context, value_sizes, type, ops::TensorRole::kInput);
  desc.OutputTensor = DrawTensor(context, output_sizes, type, ops::TensorRole::kOutput);
  return desc;
}

std::vector<Initializer> DrawInputs(Choices& choices, const ops::OneHotDesc& desc) {
  const ops::TensorDesc& indices = desc.IndicesTensor;
  const uint32_t depth = desc.OutputTensor.Sizes[desc.Axis];
  std::vector<Scalar> index_values(indices.TotalTensorSizeInBytes / ops::ElementSize(indices.DataType));
  for (Scalar& value : index_values) value = DrawIndex(choices, indices.DataType, depth);
  std::vector<Initializer> inputs;
  inputs.push_back(BufferInitializer(std::move(index_values), InputPath("IndicesTensor")));
  inputs.push_back(BufferInitializer(DrawBufferValues(choices, desc.ValuesTensor, {}), InputPath("ValuesTensor")));
  return inputs;
}

}  // namespace dmlc::app::fuzz
