#include "backends/gpu/planners.h"

#include "backends/gpu/iteration_space.h"

namespace dmlc::backends::gpu {

Result<std::vector<Dispatch>> Plan(const ops::OneHotDesc& desc, const DeviceLimits& limits) {
  const ops::TensorDesc& out = desc.OutputTensor;
  DMLC_RETURN_IF_ERROR(CheckCount(out.Sizes));
  std::vector<uint32_t> idx_s = ops::EffectiveStrides(desc.IndicesTensor);
  idx_s[desc.Axis] = 0;  // one index per sequence along Axis
  const uint64_t on_offset = ops::OneHotOnValueOffset(desc.ValuesTensor) * ops::ElementSize(out.DataType);
  if (on_offset > kMaxWord) return PlanError("OnValue offset " + std::to_string(on_offset), "offsets fit 32 bits");
  Space space(out.Sizes, ops::EffectiveStrides(out), idx_s);
  const uint32_t axis = DropUnitDims(space, {desc.Axis}).at(0);
  const uint32_t step = space.in.back();  // the indices' stride between a vector's elements
  const uint32_t k = VectorElements(space, ops::ElementSize(out.DataType), {});
  Vectorize(space, k);
  Dispatch d = Pack(ElementKernel("one_hot", out.DataType), space, k, limits);
  if (step == 0) UseRowWalk(d, space, limits);  // one index per row
  d.params[DMLC_P_SCALARS + DMLC_S_ONE_HOT_AXIS] = axis;
  d.params[DMLC_P_SCALARS + DMLC_S_ONE_HOT_DEPTH] = out.Sizes[desc.Axis];
  d.params[DMLC_P_SCALARS + DMLC_S_ONE_HOT_INDEX_FLAGS] = IndexFlags(desc.IndicesTensor.DataType);
  d.params[DMLC_P_SCALARS + DMLC_S_ONE_HOT_ON_OFFSET] = static_cast<uint32_t>(on_offset);
  d.params[DMLC_P_SCALARS + DMLC_S_ONE_HOT_INDEX_STEP] = step;
  d.inputs = {0, 1};
  d.output = 2;
  return std::vector<Dispatch>{std::move(d)};
}

}  // namespace dmlc::backends::gpu
