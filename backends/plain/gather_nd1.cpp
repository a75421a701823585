// GATHER_ND1: output[batch..., i..., rest...] = input[batch..., indices[batch..., i..., :], rest...].
// With D the DimensionCount of all three tensors, B = BatchDimensionCount and k the tuple size
// (IndicesTensor.Sizes[D-1]):
// - the input's meaningful dimensions are its last InputDimensionCount: B batches, k indexed, the rest;
// - the indices' are their last IndicesDimensionCount: B batches, the index dimensions, the tuple;
// - the output is (batches, index dimensions, rest), right-aligned to D with leading 1s.
// Each index may be negative (signed types: counts from the end). A tuple with an index still outside its
// dimension reads each element through DirectML's clamped flat offset (ops/operators/gather_nd1.h).
#include <algorithm>

#include "backends/plain/element.h"
#include "backends/plain/kernels.h"

namespace dmlc::backends::plain {
namespace {

// The InputTensor buffer element DirectML reads for `in_coord` (its tuple dimensions taken from `raw`
// instead) and the tuple `raw`: every coordinate (the tuple's as their bits) times its dimension's stride, in 32-bit
// arithmetic, clamped to the buffer (ops/operators/gather_nd1.h), and never past the `buffer_bytes` given.
uint64_t ClampedElement(const ops::TensorDesc& in, const Coordinates& in_coord, const std::vector<uint64_t>& raw,
                        uint32_t first_indexed, ops::DataType index_type, uint64_t buffer_bytes) {
  const std::vector<uint32_t> strides = ops::EffectiveStrides(in);
  uint32_t offset = 0;
  for (uint32_t d = 0; d < in_coord.size(); ++d) {
    const bool indexed = d >= first_indexed && d < first_indexed + raw.size();
    const uint32_t c = indexed ? ops::GatherCoordinateBits(raw[d - first_indexed], index_type, in.Sizes[d])
                               : static_cast<uint32_t>(in_coord[d]);
    offset += c * strides[d];
  }
  return std::min(ops::GatherClampedElement(offset, in), buffer_bytes / ops::ElementSize(in.DataType) - 1);
}

}  // namespace

Status Compute(const ops::GatherNd1Desc& desc, Inputs inputs, Outputs outputs) {
  const ops::TensorDesc& in = desc.InputTensor;
  const ops::TensorDesc& indices = desc.IndicesTensor;
  const ops::TensorDesc& out = desc.OutputTensor;
  const uint32_t rank = in.DimensionCount();
  const uint32_t batches = desc.BatchDimensionCount;
  const uint32_t tuple = indices.Sizes[rank - 1];
  const uint32_t outer = desc.IndicesDimensionCount - 1;  // batch and index dimensions
  const uint32_t rest = desc.InputDimensionCount - batches - tuple;
  const uint32_t in_first = rank - desc.InputDimensionCount;      // first meaningful input dimension
  const uint32_t indices_first = rank - desc.IndicesDimensionCount;
  const uint32_t out_first = rank - outer - rest;

  for (uint64_t e = 0; e < ElementCount(out); ++e) {
    const Coordinates c = CoordinatesOf(out, e);
    Coordinates index_coord(rank, 0);
    for (uint32_t o = 0; o < outer; ++o) index_coord[indices_first + o] = c[out_first + o];
    Coordinates in_coord(rank, 0);
    for (uint32_t b = 0; b < batches; ++b) in_coord[in_first + b] = c[out_first + b];
    for (uint32_t r = 0; r < rest; ++r) in_coord[in_first + batches + tuple + r] = c[out_first + outer + r];
    std::vector<uint64_t> raw(tuple);
    bool in_range = true;
    for (uint32_t t = 0; t < tuple; ++t) {
      index_coord[rank - 1] = t;
      const uint32_t dim = in_first + batches + t;
      raw[t] = LoadInteger(ElementAt(indices, inputs[1], index_coord), indices.DataType);
      const std::optional<uint64_t> resolved = ResolveIndex(raw[t], indices.DataType, in.Sizes[dim]);
      in_range = in_range && resolved.has_value();
      if (resolved) in_coord[dim] = *resolved;
    }
    const std::byte* source = in_range ? ElementAt(in, inputs[0], in_coord)
                                       : inputs[0].data() + ClampedElement(in, in_coord, raw, in_first + batches,
                                                                           indices.DataType, inputs[0].size()) *
                                                                ops::ElementSize(in.DataType);
    CopyElement(ElementAt(out, outputs[0], c), source, out.DataType);
  }
  return OkStatus();
}

}  // namespace dmlc::backends::plain
