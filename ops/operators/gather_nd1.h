// DML_GATHER_ND1_OPERATOR_DESC (spec 000). GATHER_ND is this desc with BatchDimensionCount = 0.
#pragma once

#include <vector>

#include "ops/desc_fields.h"
#include "ops/error.h"
#include "ops/feature_level.h"
#include "ops/tensor_desc.h"

namespace dmlc::ops {

struct GatherNd1Desc {
  TensorDesc InputTensor;
  TensorDesc IndicesTensor;
  TensorDesc OutputTensor;
  uint32_t InputDimensionCount = 0;
  uint32_t IndicesDimensionCount = 0;
  uint32_t BatchDimensionCount = 0;
  bool operator==(const GatherNd1Desc&) const = default;

  // DML_OPERATOR_GATHER_ND1; GATHER_ND (108) is the same desc without batch dimensions.
  static constexpr OperatorInfo kInfo{"GATHER_ND1", 140, "GATHER_ND", 108};
  template <class Self, class Visitor>
  static void VisitFields(Self& d, Visitor& v) {
    v(Input("InputTensor"), d.InputTensor);
    v(Input("IndicesTensor"), d.IndicesTensor);
    v(Output("OutputTensor"), d.OutputTensor);
    v(Attribute("InputDimensionCount"), d.InputDimensionCount);
    v(Attribute("IndicesDimensionCount"), d.IndicesDimensionCount);
    v(Attribute("BatchDimensionCount").AbsentFromAlias(), d.BatchDimensionCount);
  }
};

// Output sizes per the worked examples (spec README). With D = DimensionCount (all three tensors),
// B = BatchDimensionCount, k = IndicesTensor.Sizes[D-1] (the index tuple size):
//   gathered = IndicesTensor.Sizes[D - IndicesDimensionCount .. D-1)      (batch dims first, no tuple dim)
//            ++ InputTensor.Sizes[D - InputDimensionCount + B + k .. D)   (after batch and indexed dims)
//   OutputTensor.Sizes = {1, ..., 1} ++ gathered, right-aligned to D dimensions.
// The batch dimensions are the first B of each tensor's meaningful dimensions (the last
// InputDimensionCount / IndicesDimensionCount ones). Examples: input {3,4,5,6,7} (InputDimensionCount 5),
// indices {1,1,1,2,3} (IndicesDimensionCount 3) -> {1,1,2,6,7}; input {1,3,2,2}, indices {1,3,2,2},
// counts 3 and 3, B = 1 -> {1,1,3,2}.
// Error (naming the rule) when the counts make that impossible: InputDimensionCount or
// IndicesDimensionCount outside [1, D], B >= D, B >= IndicesDimensionCount, B >= InputDimensionCount,
// k outside [1, InputDimensionCount - B], or gathered longer than D.
Result<std::vector<uint32_t>> InferGatherNd1OutputSizes(const GatherNd1Desc& desc);
// Every constraint of spec 000, and OutputTensor.Sizes equal to the inferred sizes. Also: IndicesTensor
// has an integer DataType, dimensions before the meaningful ones are 1 (in InputTensor and
// IndicesTensor), and batch dimension sizes of InputTensor and IndicesTensor are equal.
Status ValidateGatherNd1(const GatherNd1Desc& desc);

// An index outside the dimension it addresses is where the page is silent. DirectML 1.15.4 (probed under
// Wine; docs/semantics.md, "Answers DirectML decides") reads every output element through one 32-bit offset into
// InputTensor's buffer, in elements, which it clamps to the buffer, so nothing is read out of bounds:
// - each tuple coordinate, read as a 64-bit integer (UINT64 as INT64 too; UINT32 has no negatives), gets
//   its dimension's size added once when negative, and then only its low 32 bits count
//   (GatherCoordinateBits);
// - the offset is the sum of every coordinate (batch, tuple, rest) times its dimension's Strides, modulo
//   2^32, and the element read is min(offset, TotalTensorSizeInBytes / element size - 1)
//   (GatherClampedElement).
// In range that is the element the page defines. Out of range it may lie in another batch, in a stride
// gap or in the buffer's tail, and a row that starts in range may end clamped. The comparison admits
// other answers (app/engine/behaviours.h).
// `value` is the coordinate's two's-complement bits, sign-extended from 32 bits for INT32.
uint32_t GatherCoordinateBits(uint64_t value, DataType type, uint32_t size);
uint64_t GatherClampedElement(uint32_t offset, const TensorDesc& input);
const SupportTable& GatherNd1SupportTable();

// The generic entry points of ops/operator_desc.h.
template <>
struct OperatorModel<GatherNd1Desc> {
  static Status Validate(const GatherNd1Desc& d) { return ValidateGatherNd1(d); }
  static const SupportTable& Table(const GatherNd1Desc&) { return GatherNd1SupportTable(); }
};

}  // namespace dmlc::ops
