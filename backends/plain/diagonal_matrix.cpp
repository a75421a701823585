// DIAGONAL_MATRIX: OutputTensor[..., i, j] = Value where i + Offset == j, else 0. The dimensions before
// the last two are batches: every matrix gets the same diagonal.
#include "backends/plain/element.h"
#include "backends/plain/kernels.h"

namespace dmlc::backends::plain {

Status Compute(const ops::DiagonalMatrixDesc& desc, Inputs, Outputs outputs) {
  const ops::TensorDesc& out = desc.OutputTensor;
  const ops::DataType type = out.DataType;
  const uint64_t integer_value = ops::IsFloat(type) ? 0 : ops::DiagonalValueBits(desc.Value, type);
  const size_t rank = out.Sizes.size();
  for (uint64_t e = 0; e < ElementCount(out); ++e) {
    const Coordinates c = CoordinatesOf(out, e);
    const int64_t row = static_cast<int64_t>(c[rank - 2]);
    const int64_t column = static_cast<int64_t>(c[rank - 1]);
    const bool on_diagonal = row + desc.Offset == column;
    std::byte* p = ElementAt(out, outputs[0], c);
    if (ops::IsFloat(type)) {
      StoreFloat(p, type, on_diagonal ? static_cast<double>(desc.Value) : 0.0);
    } else {
      StoreInteger(p, type, on_diagonal ? integer_value : 0);
    }
  }
  return OkStatus();
}

}  // namespace dmlc::backends::plain
