// GATHER_ND1: output[batch..., i..., rest...] = input[batch..., indices[batch..., i..., :], rest...].
// With D the DimensionCount of all three tensors, B = BatchDimensionCount and k the tuple size
// (IndicesTensor.Sizes[D-1]):
// - the input's meaningful dimensions are its last InputDimensionCount: B batches, k indexed, the rest;
// - the indices' are their last IndicesDimensionCount: B batches, the index dimensions, the tuple;
// - the output is (batches, index dimensions, rest), right-aligned to D with leading 1s.
// Each index may be negative (signed types: counts from the end); one still outside its dimension is
// an error naming the indices coordinate, found before anything is read through it. Output elements
// are visited in row-major order, so the error names the first bad index in row-major indices order.
#include "backends/plain/element.h"
#include "backends/plain/kernels.h"

namespace dmlc::backends::plain {
namespace {

// "IndicesTensor[0,1,2]"
std::string IndicesPath(const Coordinates& coord) {
  std::string path = "IndicesTensor[";
  for (size_t d = 0; d < coord.size(); ++d) {
    if (d > 0) path += ',';
    path += std::to_string(coord[d]);
  }
  return path + "]";
}

Error IndexOutOfRange(const ops::GatherNd1Desc& desc, const Coordinates& index_coord, uint64_t index,
                      uint32_t input_dim) {
  const ops::DataType type = desc.IndicesTensor.DataType;
  const std::string path = IndicesPath(index_coord);
  const std::string range = ops::IsSignedInteger(type) ? "[-size, size-1]" : "[0, size-1]";
  return MakeError("GATHER_ND1", path,
                   path + " is " + IntegerText(index, type) + " but InputTensor dimension " +
                       std::to_string(input_dim) + " has size " + std::to_string(desc.InputTensor.Sizes[input_dim]),
                   "indices lie in " + range + " of the dimension they address");
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
    for (uint32_t t = 0; t < tuple; ++t) {
      index_coord[rank - 1] = t;
      const uint32_t dim = in_first + batches + t;
      const uint64_t index = LoadInteger(ElementAt(indices, inputs[1], index_coord), indices.DataType);
      const std::optional<uint64_t> resolved = ResolveIndex(index, indices.DataType, in.Sizes[dim]);
      if (!resolved) return IndexOutOfRange(desc, index_coord, index, dim);
      in_coord[dim] = *resolved;
    }
    for (uint32_t r = 0; r < rest; ++r) in_coord[in_first + batches + tuple + r] = c[out_first + outer + r];
    CopyElement(ElementAt(out, outputs[0], c), ElementAt(in, inputs[0], in_coord), out.DataType);
  }
  return OkStatus();
}

}  // namespace dmlc::backends::plain
