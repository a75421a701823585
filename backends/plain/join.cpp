// JOIN: the inputs laid one after the other along Axis. Input i's element at c goes to the output at c
// with c[Axis] moved past the Axis sizes of the inputs before it.
#include "backends/plain/element.h"
#include "backends/plain/kernels.h"

namespace dmlc::backends::plain {

Status Compute(const ops::JoinDesc& desc, Inputs inputs, Outputs outputs) {
  const ops::TensorDesc& out = desc.OutputTensor;
  uint64_t axis_start = 0;
  for (size_t i = 0; i < desc.InputTensors.size(); ++i) {
    const ops::TensorDesc& in = desc.InputTensors[i];
    for (uint64_t e = 0; e < ElementCount(in); ++e) {
      Coordinates c = CoordinatesOf(in, e);
      const std::byte* from = ElementAt(in, inputs[i], c);
      c[desc.Axis] += axis_start;
      CopyElement(ElementAt(out, outputs[0], c), from, out.DataType);
    }
    axis_start += in.Sizes[desc.Axis];
  }
  return OkStatus();
}

}  // namespace dmlc::backends::plain
