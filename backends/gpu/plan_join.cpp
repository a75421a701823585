#include "backends/gpu/planners.h"

#include "backends/gpu/iteration_space.h"

namespace dmlc::backends::gpu {

Result<std::vector<Dispatch>> Plan(const ops::JoinDesc& desc, const DeviceLimits& limits) {
  const std::vector<uint32_t> out_strides = ops::EffectiveStrides(desc.OutputTensor);
  std::vector<Dispatch> plan;
  uint64_t position = 0;  // along Axis
  for (uint32_t i = 0; i < desc.InputCount(); ++i) {
    const ops::TensorDesc& in = desc.InputTensors[i];
    DMLC_RETURN_IF_ERROR(CheckCount(in.Sizes));
    const uint64_t base = position * out_strides[desc.Axis];
    if (base > kMaxWord) return PlanError("JOIN block offset " + std::to_string(base), "offsets fit 32 bits");
    Space space(in.Sizes, out_strides, ops::EffectiveStrides(in));
    DropUnitDims(space);
    MergeDims(space);
    const uint32_t k = VectorElements(space, ops::ElementSize(in.DataType), {Along::kContiguous, Along::kAny, {base}});
    Vectorize(space, k);
    // The element walk, even where rows are long: on the H200 a JOIN of two 512-element halves of long
    // rows ran much faster on it than on the row walk (which made neither kernel shorter).
    Dispatch d = Pack(ElementKernel("copy", in.DataType), space, k, limits);
    d.params[DMLC_P_SCALARS + DMLC_S_COPY_OUT_BASE] = static_cast<uint32_t>(base);
    d.inputs = {i};
    d.output = desc.InputCount();
    plan.push_back(std::move(d));
    position += in.Sizes[desc.Axis];
  }
  return plan;
}

}  // namespace dmlc::backends::gpu
