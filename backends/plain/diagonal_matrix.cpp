// DIAGONAL_MATRIX and DIAGONAL_MATRIX1 through one ops::DiagonalFill: element (..., y, x) is Value's
// bits where x - y lies in the band (or outside it, inverted), else the input element copied bit for bit
// (0 without an input). The dimensions before the last two are batches: every matrix gets the same band.
#include <cstring>

#include "backends/plain/element.h"
#include "backends/plain/kernels.h"

namespace dmlc::backends::plain {
namespace {

Status Fill(const ops::DiagonalFill& fill, Inputs inputs, Outputs outputs) {
  const ops::TensorDesc& out = *fill.output;
  const uint32_t size = ops::ElementSize(out.DataType);
  const size_t rank = out.Sizes.size();
  for (uint64_t e = 0; e < ElementCount(out); ++e) {
    const Coordinates c = CoordinatesOf(out, e);
    std::byte* p = ElementAt(out, outputs[0], c);
    const int64_t y = static_cast<int64_t>(c[rank - 2]);
    const int64_t x = static_cast<int64_t>(c[rank - 1]);
    if (ops::TakesValue(fill, y, x)) {
      std::memcpy(p, &fill.value_bits, size);  // little-endian: the low bytes
    } else if (fill.input != nullptr) {
      CopyElement(p, ElementAt(*fill.input, inputs[0], c), out.DataType);
    } else {
      std::memset(p, 0, size);
    }
  }
  return OkStatus();
}

}  // namespace

Status Compute(const ops::DiagonalMatrixDesc& desc, Inputs inputs, Outputs outputs) {
  return Fill(ops::FillOf(desc), inputs, outputs);
}

Status Compute(const ops::DiagonalMatrix1Desc& desc, Inputs inputs, Outputs outputs) {
  return Fill(ops::FillOf(desc), inputs, outputs);
}

}  // namespace dmlc::backends::plain
