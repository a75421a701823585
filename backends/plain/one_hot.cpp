// ONE_HOT: OutputTensor[c] = OnValue where c[Axis] is the position IndicesTensor[c with c[Axis] = 0]
// selects, else OffValue. Negative indices of signed types count from the end of the sequence; an
// index outside [-depth, depth-1] selects nothing, leaving its sequence all OffValue. OffValue is
// ValuesTensor's logical element 0, OnValue its logical element ops::OneHotOnValueIndex(); both are
// copied bit for bit.
#include "backends/plain/element.h"
#include "backends/plain/kernels.h"
#include "ops/operators/one_hot.h"

namespace dmlc::backends::plain {

Status Compute(const ops::OneHotDesc& desc, Inputs inputs, Outputs outputs) {
  const ops::TensorDesc& indices = desc.IndicesTensor;
  const ops::TensorDesc& values = desc.ValuesTensor;
  const ops::TensorDesc& out = desc.OutputTensor;
  const uint64_t depth = out.Sizes[desc.Axis];
  const std::byte* off = ElementAt(values, inputs[1], CoordinatesOf(values, 0));
  const std::byte* on = ElementAt(values, inputs[1], CoordinatesOf(values, ops::OneHotOnValueIndex(values)));
  for (uint64_t e = 0; e < ElementCount(out); ++e) {
    const Coordinates c = CoordinatesOf(out, e);
    Coordinates index_coord = c;
    index_coord[desc.Axis] = 0;
    const uint64_t index = LoadInteger(ElementAt(indices, inputs[0], index_coord), indices.DataType);
    const std::optional<uint64_t> position = ResolveIndex(index, indices.DataType, depth);
    CopyElement(ElementAt(out, outputs[0], c), position == c[desc.Axis] ? on : off, out.DataType);
  }
  return OkStatus();
}

}  // namespace dmlc::backends::plain
