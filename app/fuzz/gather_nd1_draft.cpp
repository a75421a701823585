// GATHER_ND1 (GATHER_ND when BatchDimensionCount is 0): meaningful dimension counts, batch
// dimensions and index tuple sizes drawn within spec 000's rules, indices in range with negative and
// boundary values.
#include <algorithm>
#include <limits>

#include "app/fuzz/draft.h"
#include "app/fuzz/values.h"
#include "ops/check.h"

namespace dmlc::app::fuzz {
namespace {

// Ones to pad `sizes` on the left to `rank` dimensions, then `sizes`.
std::vector<uint32_t> LeadingOnes(uint32_t rank, std::vector<uint32_t> sizes) {
  sizes.insert(sizes.begin(), rank - sizes.size(), 1);
  return sizes;
}

std::vector<uint32_t> Concat(std::initializer_list<const std::vector<uint32_t>*> parts) {
  std::vector<uint32_t> out;
  for (const auto* part : parts) out.insert(out.end(), part->begin(), part->end());
  return out;
}

// An index into a dimension of `n` elements: 0, the last, -1 and -n (signed types) first, then any.
Scalar DrawIndex(Choices& choices, ops::DataType type, uint32_t n) {
  const int64_t size = n;
  if (ops::IsUnsignedInteger(type)) {
    const uint64_t e = choices.Draw(2 + n);
    return e == 0 ? 0 : e == 1 ? static_cast<uint64_t>(size - 1) : e - 2;
  }
  const int64_t e = static_cast<int64_t>(choices.Draw(4 + 2 * uint64_t{n}));
  switch (e) {
    case 0: return int64_t{0};
    case 1: return size - 1;
    case 2: return int64_t{-1};
    case 3: return -size;
    default: return e - 4 < size ? e - 4 : -(e - 4 - size + 1);
  }
}

// A buffer element no index reads (a stride gap or the tail): something a backend must not use.
Scalar DrawGap(Choices& choices, ops::DataType type) {
  switch (choices.Draw(4)) {
    case 0: return WrapInteger(0, type);
    case 1: return WrapInteger(7, type);
    case 2: return WrapInteger(-1, type);
    default: return MaxInteger(type);
  }
}

}  // namespace

ops::OperatorDesc DrawDesc(DraftContext& context, const ops::GatherNd1Desc&) {
  Choices& choices = context.choices;
  const ops::LevelSupport* table = TableAt(ops::GatherNd1SupportTable(), context.level);
  DMLC_CHECK(table != nullptr);
  const Allowance data = Allow(*table, {"InputTensor", "OutputTensor"});
  const Allowance indices = Allow(*table, {"IndicesTensor"});
  const uint32_t rank = DrawRank(
      choices, NarrowDimensions(data, indices.min_dimensions, indices.max_dimensions));

  ops::GatherNd1Desc desc;
  desc.InputDimensionCount = rank - static_cast<uint32_t>(choices.Draw(rank));
  desc.IndicesDimensionCount = rank - static_cast<uint32_t>(choices.Draw(rank));
  const uint32_t batch = static_cast<uint32_t>(
      choices.Draw(std::min(desc.InputDimensionCount, desc.IndicesDimensionCount)));
  desc.BatchDimensionCount = batch;
  const uint32_t tuple_room = desc.InputDimensionCount - batch;
  // The output has (IndicesDimensionCount - 1) + (InputDimensionCount - batch - tuple) dimensions and
  // must fit in `rank`: a tuple too short for that is lengthened.
  const int64_t shortest_tuple =
      int64_t{desc.IndicesDimensionCount} - 1 + tuple_room - rank;
  const uint32_t tuple = std::max<uint32_t>(1 + static_cast<uint32_t>(choices.Draw(tuple_room)),
                                            static_cast<uint32_t>(std::max<int64_t>(shortest_tuple, 0)));
  const uint32_t slice_count = tuple_room - tuple;
  const uint32_t grid_count = desc.IndicesDimensionCount - 1 - batch;

  // Every tensor's elements stay within the budget: input = batch * indexed * slice, indices =
  // batch * grid * tuple, output = batch * grid * slice.
  const uint64_t budget = context.budget;
  const std::vector<uint32_t> batch_sizes = DrawSizes(context, batch, budget / tuple);
  const uint64_t batch_elements = Product(batch_sizes);
  const std::vector<uint32_t> indexed = DrawSizes(context, tuple, budget / batch_elements);
  const std::vector<uint32_t> slice = DrawSizes(context, slice_count, budget / (batch_elements * Product(indexed)));
  const std::vector<uint32_t> grid =
      DrawSizes(context, grid_count,
                std::min(budget / (batch_elements * tuple), budget / (batch_elements * Product(slice))));
  const std::vector<uint32_t> tuple_size = {tuple};

  const ops::DataType type = DrawType(choices, data.types);
  const ops::DataType index_type = DrawType(choices, indices.types);
  desc.InputTensor = DrawTensor(context, LeadingOnes(rank, Concat({&batch_sizes, &indexed, &slice})), type,
                                ops::TensorRole::kInput);
  desc.IndicesTensor = DrawTensor(context, LeadingOnes(rank, Concat({&batch_sizes, &grid, &tuple_size})),
                                  index_type, ops::TensorRole::kInput);
  desc.OutputTensor =
      DrawTensor(context, ops::InferGatherNd1OutputSizes(desc).value(), type, ops::TensorRole::kOutput);
  return desc;
}

std::vector<Initializer> DrawInputs(Choices& choices, const ops::GatherNd1Desc& desc) {
  std::vector<Initializer> inputs;
  inputs.push_back(BufferInitializer(DrawBufferValues(choices, desc.InputTensor, {}), InputPath("InputTensor")));

  // Each indices buffer element must be in range for every tuple position that reads it (several do
  // when the tuple dimension is broadcast): the smallest of their dimensions bounds it.
  const ops::TensorDesc& indices = desc.IndicesTensor;
  const uint32_t rank = indices.DimensionCount();
  const uint32_t tuple = indices.Sizes[rank - 1];
  const uint32_t first_indexed = rank - desc.InputDimensionCount + desc.BatchDimensionCount;
  constexpr uint32_t kUnread = std::numeric_limits<uint32_t>::max();
  std::vector<uint32_t> bound(indices.TotalTensorSizeInBytes / ops::ElementSize(indices.DataType), kUnread);
  const std::vector<uint64_t> offsets = LogicalOffsets(indices);
  for (size_t i = 0; i < offsets.size(); ++i) {
    const uint32_t dimension = desc.InputTensor.Sizes[first_indexed + i % tuple];
    bound[offsets[i]] = std::min(bound[offsets[i]], dimension);
  }
  std::vector<Scalar> values;
  values.reserve(bound.size());
  for (uint32_t n : bound) {
    values.push_back(n == kUnread ? DrawGap(choices, indices.DataType) : DrawIndex(choices, indices.DataType, n));
  }
  inputs.push_back(BufferInitializer(std::move(values), InputPath("IndicesTensor")));
  return inputs;
}

}  // namespace dmlc::app::fuzz
