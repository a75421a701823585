// JOIN: 1 to kMaxInputs inputs along any axis, each input's share of the joined axis drawn apart.
#include "app/fuzz/draft.h"
#include "app/fuzz/layouts.h"
#include "app/fuzz/values.h"
#include "ops/check.h"

namespace dmlc::app::fuzz {
namespace {

constexpr uint32_t kMaxInputs = 8;

}  // namespace

ops::OperatorDesc DrawDesc(DraftContext& context, const ops::JoinDesc&) {
  Choices& choices = context.choices;
  const ops::LevelSupport* table = TableAt(ops::JoinSupportTable(), context.level);
  DMLC_CHECK(table != nullptr);
  const Allowance allowance = Allow(*table, {"InputTensors", "OutputTensor"});
  const uint32_t rank = DrawRank(choices, allowance);
  const ops::DataType type = DrawType(choices, allowance.types);
  const uint32_t input_count = 1 + static_cast<uint32_t>(choices.Draw(kMaxInputs));
  ops::JoinDesc desc;
  desc.Axis = static_cast<uint32_t>(choices.Draw(rank));
  // The other dimensions leave every input at least one element along the axis.
  std::vector<uint32_t> sizes = DrawSizes(context, rank - 1, context.budget / input_count);
  sizes.insert(sizes.begin() + desc.Axis, 1);
  const uint64_t axis_budget = context.budget / Product(sizes);
  uint64_t used = 0;
  // kMaxInputs inputs' draws are made whatever the count, the ones past it dropped, so that a
  // shrinker lowering the count leaves the output's draws where they were.
  for (uint32_t i = 0; i < kMaxInputs; ++i) {
    if (i >= input_count) {
      context.sizes.Draw(choices, 1);
      DrawLayoutDraws(choices, rank);
      continue;
    }
    sizes[desc.Axis] = context.sizes.Draw(choices, axis_budget - used - (input_count - 1 - i));
    used += sizes[desc.Axis];
    desc.InputTensors.push_back(DrawTensor(context, sizes, type, ops::TensorRole::kInput));
  }
  desc.OutputTensor = DrawTensor(context, ops::InferJoinOutputSizes(desc).value(), type, ops::TensorRole::kOutput);
  return desc;
}

std::vector<Initializer> DrawInputs(Choices& choices, const ops::JoinDesc& desc) {
  std::vector<Initializer> inputs;
  for (size_t i = 0; i < desc.InputTensors.size(); ++i) {
    inputs.push_back(BufferInitializer(DrawBufferValues(choices, desc.InputTensors[i], {}),
                                       InputPath("InputTensors[" + std::to_string(i) + "]")));
  }
  return inputs;
}

}  // namespace dmlc::app::fuzz
