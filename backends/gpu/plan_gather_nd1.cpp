#include "backends/gpu/planners.h"

#include <algorithm>
#include <cstdint>
#include <limits>

#include "backends/gpu/iteration_space.h"

namespace dmlc::backends::gpu {

// Mirrors the CPU reference's layout: the output's dimensions are the indices' meaningful ones without
// the tuple dimension (batches first), then the input's dimensions after its batches and indexed ones.
Result<std::vector<Dispatch>> Plan(const ops::GatherNd1Desc& desc, const DeviceLimits& limits) {
  const ops::TensorDesc& in = desc.InputTensor;
  const ops::TensorDesc& idx = desc.IndicesTensor;
  const ops::TensorDesc& out = desc.OutputTensor;
  const uint32_t rank = in.DimensionCount();
  const uint32_t batches = desc.BatchDimensionCount;
  const uint32_t tuple = idx.Sizes.empty() ? 0 : idx.Sizes.back();
  if (idx.DimensionCount() != rank || out.DimensionCount() != rank || desc.InputDimensionCount > rank ||
      desc.IndicesDimensionCount > rank || batches + 1 > desc.IndicesDimensionCount ||
      batches + tuple > desc.InputDimensionCount) {
    return PlanError("GATHER_ND1 dimension counts do not fit the tensors", "a validated desc");
  }
  const uint32_t outer = desc.IndicesDimensionCount - 1;
  const uint32_t rest = desc.InputDimensionCount - batches - tuple;
  if (outer + rest > rank) return PlanError("GATHER_ND1 output needs more dimensions than it has", "a validated desc");
  const uint32_t in_first = rank - desc.InputDimensionCount;
  const uint32_t idx_first = rank - desc.IndicesDimensionCount;
  const uint32_t out_first = rank - outer - rest;
  const std::vector<uint32_t> in_s = ops::EffectiveStrides(in);
  const std::vector<uint32_t> idx_s = ops::EffectiveStrides(idx);

  DMLC_RETURN_IF_ERROR(CheckCount(out.Sizes));
  std::vector<uint32_t> walk_in(rank, 0), walk_idx(rank, 0), tuple_sizes, tuple_strides;
  for (uint32_t o = 0; o < outer; ++o) {
    walk_idx[out_first + o] = idx_s[idx_first + o];
    if (o < batches) walk_in[out_first + o] = in_s[in_first + o];
  }
  for (uint32_t r = 0; r < rest; ++r) walk_in[out_first + outer + r] = in_s[in_first + batches + tuple + r];
  for (uint32_t t = 0; t < tuple; ++t) {
    tuple_sizes.push_back(in.Sizes[in_first + batches + t]);
    tuple_strides.push_back(in_s[in_first + batches + t]);
  }
  Space space(out.Sizes, ops::EffectiveStrides(out), walk_in, walk_idx);
  DropUnitDims(space);
  MergeDims(space);
  // A vector moves along trailing input dimensions: one index tuple serves it, and the tuple's strides
  // keep its start aligned.
  const uint32_t k = VectorElements(space, ops::ElementSize(in.DataType),
                                    {Along::kContiguous, Along::kStill, {tuple_strides.begin(), tuple_strides.end()}});
  Vectorize(space, k);
  Dispatch d = Pack(ElementKernel("gather_nd1", in.DataType), space, k, limits);
  if (space.aux.back() == 0) UseRowWalk(d, space, limits);  // one index tuple per row
  SetArray(d.params, DMLC_P_ARRAY_A, tuple_sizes);
  SetArray(d.params, DMLC_P_ARRAY_B, tuple_strides);
  d.params[DMLC_P_SCALARS + DMLC_S_GATHER_TUPLE_SIZE] = tuple;
  d.params[DMLC_P_SCALARS + DMLC_S_GATHER_TUPLE_STRIDE] = idx_s[rank - 1];
  d.params[DMLC_P_SCALARS + DMLC_S_GATHER_INDEX_FLAGS] = IndexFlags(idx.DataType);
  const uint64_t elements = in.TotalTensorSizeInBytes / ops::ElementSize(in.DataType);
  d.params[DMLC_P_SCALARS + DMLC_S_GATHER_LAST_ELEMENT] =
      static_cast<uint32_t>(std::min<uint64_t>(elements - 1, std::numeric_limits<uint32_t>::max()));
  d.inputs = {0, 1};
  d.output = 2;
  return std::vector<Dispatch>{std::move(d)};
}

}  // namespace dmlc::backends::gpu
