#include "ops/operators/gather_nd1.h"

#include <algorithm>

#include "ops/operators/rules.h"
#include "ops/rule_book.h"

namespace dmlc::ops {
namespace {

constexpr std::string_view kOp = "GATHER_ND1";

Error Fail(std::string path, std::string message, const Rule& rule) {
  return RuleError(std::string(kOp), std::move(path), std::move(message), rule);
}

std::string Count(std::string_view name, uint32_t value) { return std::string(name) + " is " + std::to_string(value); }

// The count rules the output-size formula depends on (spec 000, "InputDimensionCount",
// "IndicesDimensionCount", "BatchDimensionCount", "IndicesTensor"), so inference never indexes out of range.
Status CheckCounts(const GatherNd1Desc& desc) {
  const uint32_t dims = desc.InputTensor.DimensionCount();
  if (dims == 0) return Fail("InputTensor.Sizes", "InputTensor has no dimensions", rule_book::kTensorDimensionCount);
  if (desc.IndicesTensor.DimensionCount() != dims) {
    return Fail("IndicesTensor.Sizes",
                "IndicesTensor has " + std::to_string(desc.IndicesTensor.DimensionCount()) +
                    " dimensions but InputTensor has " + std::to_string(dims),
                rule_book::kGatherSameDimensionCount);
  }
  const uint32_t input_count = desc.InputDimensionCount;
  const uint32_t indices_count = desc.IndicesDimensionCount;
  const uint32_t batch = desc.BatchDimensionCount;
  if (input_count < 1 || input_count > dims) {
    return Fail("InputDimensionCount", Count("InputDimensionCount", input_count),
                rule_book::kGatherInputDimensionCount);
  }
  if (indices_count < 1 || indices_count > dims) {
    return Fail("IndicesDimensionCount", Count("IndicesDimensionCount", indices_count),
                rule_book::kGatherIndicesDimensionCount);
  }
  if (batch >= dims) {
    return Fail("BatchDimensionCount",
                Count("BatchDimensionCount", batch) + " with DimensionCount " + std::to_string(dims),
                rule_book::kGatherBatchDimensionCount);
  }
  // Batch dimensions lead the meaningful ones of every tensor; the indices also need their tuple dimension.
  if (batch >= indices_count) {
    return Fail("BatchDimensionCount",
                Count("BatchDimensionCount", batch) + " but IndicesDimensionCount is " + std::to_string(indices_count),
                rule_book::kGatherBatchBelowIndicesCount);
  }
  if (batch >= input_count) {
    return Fail("BatchDimensionCount",
                Count("BatchDimensionCount", batch) + " but InputDimensionCount is " + std::to_string(input_count),
                rule_book::kGatherBatchBelowInputCount);
  }
  const uint32_t tuple_size = desc.IndicesTensor.Sizes[dims - 1];
  if (tuple_size < 1 || tuple_size > input_count - batch) {
    const std::string field = rules::SizeField("IndicesTensor", dims - 1);
    return Fail(field,
                "the index tuple size " + field + " is " + std::to_string(tuple_size) +
                    " but InputDimensionCount - "
                    "BatchDimensionCount is " +
                    std::to_string(input_count - batch),
                rule_book::kGatherTupleSize);
  }
  const uint32_t output_rank = (indices_count - 1) + (input_count - batch - tuple_size);
  if (output_rank > dims) {
    return Fail("IndicesDimensionCount",
                "the output needs " + std::to_string(output_rank) +
                    " dimensions (IndicesDimensionCount - 1 + "
                    "InputDimensionCount - BatchDimensionCount - index tuple size) but DimensionCount is " +
                    std::to_string(dims),
                rule_book::kGatherOutputRank);
  }
  return OkStatus();
}

// Dimensions before the meaningful ones carry no data of their own: they must be 1, else elements
// would be silently ignored.
Status RequireLeadingOnes(const TensorDesc& tensor, const std::string& path, uint32_t meaningful,
                          std::string_view count_name) {
  for (uint32_t d = 0; d + meaningful < tensor.DimensionCount(); ++d) {
    if (tensor.Sizes[d] != 1) {
      const std::string field = rules::SizeField(path, d);
      return Fail(field,
                  field + " is " + std::to_string(tensor.Sizes[d]) + " but lies before the " + std::string(count_name) +
                      " meaningful dimensions",
                  rule_book::kGatherLeadingOnes);
    }
  }
  return OkStatus();
}

}  // namespace

const SupportTable& GatherNd1SupportTable() {
  using D = DataType;
  static const DataTypeSet k3_0 = {D::kFloat32, D::kFloat16, D::kInt32,  D::kInt16,
                                   D::kInt8,    D::kUint32,  D::kUint16, D::kUint8};
  static const DataTypeSet k4_1 = {D::kFloat64, D::kFloat32, D::kFloat16, D::kInt64,  D::kInt32, D::kInt16,
                                   D::kInt8,    D::kUint64,  D::kUint32,  D::kUint16, D::kUint8};
  static const DataTypeSet indices = {D::kInt64, D::kInt32, D::kUint64, D::kUint32};
  static const SupportTable table = {
      "GATHER_ND1",
      {
          {FeatureLevel::k3_0,
           {{"InputTensor", 1, 8, k3_0}, {"IndicesTensor", 1, 8, indices}, {"OutputTensor", 1, 8, k3_0}}},
          {FeatureLevel::k4_1,
           {{"InputTensor", 1, 8, k4_1}, {"IndicesTensor", 1, 8, indices}, {"OutputTensor", 1, 8, k4_1}}},
      }};
  return table;
}

Result<std::vector<uint32_t>> InferGatherNd1OutputSizes(const GatherNd1Desc& desc) {
  DMLC_RETURN_IF_ERROR(CheckCounts(desc));
  const std::vector<uint32_t>& input = desc.InputTensor.Sizes;
  const std::vector<uint32_t>& indices = desc.IndicesTensor.Sizes;
  const uint32_t dims = static_cast<uint32_t>(input.size());
  const uint32_t tuple_size = indices[dims - 1];
  // Indices' meaningful dimensions (batch ones first) without the tuple dimension, then the input
  // dimensions that follow its batch and indexed ones; right-aligned, leading 1s (CheckCounts bounds it).
  std::vector<uint32_t> gathered(indices.begin() + (dims - desc.IndicesDimensionCount), indices.end() - 1);
  gathered.insert(gathered.end(),
                  input.begin() + (dims - desc.InputDimensionCount + desc.BatchDimensionCount + tuple_size),
                  input.end());
  std::vector<uint32_t> sizes(dims - gathered.size(), 1);
  sizes.insert(sizes.end(), gathered.begin(), gathered.end());
  return sizes;
}

Status ValidateGatherNd1(const GatherNd1Desc& desc) {
  const std::vector<TensorUse> uses = TensorUsesOf(desc);
  const TensorUse& input = uses[0];
  const TensorUse& indices = uses[1];
  const TensorUse& output = uses[2];
  DMLC_RETURN_IF_ERROR(rules::CheckTensorDescs(kOp, uses));
  const Rule& same_dims = rule_book::kGatherSameDimensionCount;
  DMLC_RETURN_IF_ERROR(rules::RequireSameDimensionCount(kOp, input, indices, same_dims));
  DMLC_RETURN_IF_ERROR(rules::RequireSameDimensionCount(kOp, input, output, same_dims));
  DMLC_RETURN_IF_ERROR(
      rules::RequireSameDataType(kOp, input, output, rule_book::kReduceSameDataType));
  DMLC_RETURN_IF_ERROR(rules::RequireIntegerType(kOp, indices, rule_book::kOneHotIndicesInteger));
  Result<std::vector<uint32_t>> expected = InferGatherNd1OutputSizes(desc);
  if (!expected.ok()) return expected.error();
  DMLC_RETURN_IF_ERROR(
      RequireLeadingOnes(desc.InputTensor, "InputTensor", desc.InputDimensionCount, "InputDimensionCount"));
  DMLC_RETURN_IF_ERROR(
      RequireLeadingOnes(desc.IndicesTensor, "IndicesTensor", desc.IndicesDimensionCount, "IndicesDimensionCount"));
  const uint32_t dims = desc.InputTensor.DimensionCount();
  for (uint32_t j = 0; j < desc.BatchDimensionCount; ++j) {
    const uint32_t input_dim = dims - desc.InputDimensionCount + j;
    const uint32_t indices_dim = dims - desc.IndicesDimensionCount + j;
    if (desc.IndicesTensor.Sizes[indices_dim] != desc.InputTensor.Sizes[input_dim]) {
      const std::string field = rules::SizeField("IndicesTensor", indices_dim);
      return Fail(field,
                  field + " is " + std::to_string(desc.IndicesTensor.Sizes[indices_dim]) + " but " +
                      rules::SizeField("InputTensor", input_dim) + " is " +
                      std::to_string(desc.InputTensor.Sizes[input_dim]),
                  rule_book::kGatherBatchSizesMatch);
    }
  }
  return rules::RequireSizes(kOp, output, *expected, rule_book::kGatherOutputSizes);
}

uint32_t GatherCoordinateBits(uint64_t value, DataType type, uint32_t size) {
  int64_t v = static_cast<int64_t>(value);
  if (type != DataType::kUint32 && v < 0) v += size;
  return static_cast<uint32_t>(v);
}

uint64_t GatherClampedElement(uint32_t offset, const TensorDesc& input) {
  const uint64_t elements = input.TotalTensorSizeInBytes / ElementSize(input.DataType);
  return std::min<uint64_t>(offset, elements - 1);
}

}  // namespace dmlc::ops
