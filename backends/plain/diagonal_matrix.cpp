// DIAGONAL_MATRIX: OutputTensor[..., i, j] = Value where i + Offset == j, else 0. The dimensions before
// the last two are batches: every matrix gets the same diagonal.
#include <cmath>

#include "backends/plain/element.h"
#include "backends/plain/kernels.h"

namespace dmlc::backends::plain {
namespace {

// Value for an integer output: truncated toward zero, an error when that does not fit the type
// (NaN and infinities never do). Returned as StoreInteger takes it.
Result<uint64_t> IntegerValue(float value, ops::DataType type) {
  const double truncated = std::trunc(static_cast<double>(value));
  const int bits = static_cast<int>(ops::ElementSize(type)) * 8;
  const double lowest = ops::IsSignedInteger(type) ? -std::ldexp(1.0, bits - 1) : 0.0;
  const double above_max = ops::IsSignedInteger(type) ? std::ldexp(1.0, bits - 1) : std::ldexp(1.0, bits);
  if (!(truncated >= lowest && truncated < above_max)) {
    return MakeError("DIAGONAL_MATRIX", "Value",
                     "Value " + std::to_string(value) + " does not fit " + std::string(ops::DataTypeName(type)),
                     "Value truncated toward zero must fit the output type");
  }
  return truncated < 0 ? static_cast<uint64_t>(static_cast<int64_t>(truncated)) : static_cast<uint64_t>(truncated);
}

}  // namespace

Status Compute(const ops::DiagonalMatrixDesc& desc, Inputs, Outputs outputs) {
  const ops::TensorDesc& out = desc.OutputTensor;
  const ops::DataType type = out.DataType;
  uint64_t integer_value = 0;
  if (!ops::IsFloat(type)) {
    Result<uint64_t> value = IntegerValue(desc.Value, type);
    if (!value.ok()) return value.error();
    integer_value = *value;
  }
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
