#include "app/engine/behaviours.h"

#include <cmath>
#include <cstring>
#include <limits>

#include "app/case/element_codec.h"
#include "app/engine/element_walk.h"
#include "ops/float16.h"

namespace dmlc::app {
namespace {

double ReadFloat(const std::byte* p, ops::DataType type) {
  switch (type) {
    case ops::DataType::kFloat16: {
      uint16_t bits;
      std::memcpy(&bits, p, sizeof bits);
      return ops::HalfToFloat(bits);
    }
    case ops::DataType::kFloat32: {
      float v;
      std::memcpy(&v, p, sizeof v);
      return v;
    }
    default: {
      double v;
      std::memcpy(&v, p, sizeof v);
      return v;
    }
  }
}

// Element offsets (in elements) of `desc`'s logical elements, in row-major order.
std::vector<uint64_t> Offsets(const ops::TensorDesc& desc) {
  std::vector<uint64_t> offsets;
  ForEachElement(desc.Sizes, ops::EffectiveStrides(desc), [&](uint64_t, uint64_t at) { offsets.push_back(at); });
  return offsets;
}

// DirectML's rule for NaN in MIN, MAX, ARGMIN and ARGMAX (see the header), from the input's values.
std::vector<std::byte> NanIgnoring(const ops::ReduceDesc& desc, backends::ConstBuffer input,
                                   const std::vector<std::byte>& expected) {
  const ops::ReduceFunction f = desc.Function;
  const bool arg = ops::IsArgReduce(f);
  const bool max = f == ops::ReduceFunction::kMax || f == ops::ReduceFunction::kArgMax;
  const std::vector<uint32_t>& in_sizes = desc.InputTensor.Sizes;
  std::vector<uint64_t> out_stride(in_sizes.size(), 0);  // row-major output index step per input dimension
  uint64_t step = 1;
  for (size_t d = in_sizes.size(); d-- > 0;) {
    out_stride[d] = step;
    step *= desc.OutputTensor.Sizes[d];
  }
  std::vector<bool> reduced(in_sizes.size(), false);
  for (uint32_t axis : ops::ReducedAxes(desc)) reduced[axis] = true;

  const double none = max ? -std::numeric_limits<double>::infinity() : std::numeric_limits<double>::infinity();
  std::vector<double> best(step, none);
  std::vector<uint64_t> seen(step, 0), position(step, 0);
  const ops::TensorDesc& in = desc.InputTensor;
  const uint32_t in_size = ops::ElementSize(in.DataType);
  ForEachElement(in.Sizes, ops::EffectiveStrides(in), [&](uint64_t i, uint64_t at) {
    const std::vector<uint32_t> c = CoordinatesOf(i, in_sizes);
    uint64_t o = 0;
    for (size_t d = 0; d < c.size(); ++d) o += reduced[d] ? 0 : c[d] * out_stride[d];
    const uint64_t k = seen[o]++;  // row-major input order visits a run in row-major order of its axes
    const double v = ReadFloat(input.data() + at * in_size, in.DataType);
    const bool better = max ? v > best[o] : v < best[o];  // false for NaN either side
    if ((arg && k == 0) || better) {
      best[o] = v;
      position[o] = k;
    }
  });
  std::vector<std::byte> out = expected;
  const ops::TensorDesc& od = desc.OutputTensor;
  const uint32_t size = ops::ElementSize(od.DataType);
  const std::vector<uint64_t> offsets = Offsets(od);
  for (uint64_t o = 0; o < offsets.size(); ++o) {
    const Scalar value = arg ? Scalar{position[o]} : Scalar{best[o]};
    (void)EncodeElement(value, od.DataType, out.data() + offsets[o] * size);  // from the input: it fits
  }
  return out;
}

std::vector<Behaviour> ReduceBehaviours(const ops::ReduceDesc& desc, backends::ConstBuffer input,
                                        const std::vector<std::vector<std::byte>>& expected) {
  using F = ops::ReduceFunction;
  const F f = desc.Function;
  if (!ops::IsFloat(desc.InputTensor.DataType) ||
      !(f == F::kMin || f == F::kMax || f == F::kArgMin || f == F::kArgMax)) {
    return {};
  }
  const uint32_t size = ops::ElementSize(desc.InputTensor.DataType);
  bool nan = false;
  ForEachElement(desc.InputTensor.Sizes, ops::EffectiveStrides(desc.InputTensor), [&](uint64_t, uint64_t at) {
    nan = nan || std::isnan(ReadFloat(input.data() + at * size, desc.InputTensor.DataType));
  });
  if (!nan) return {};
  return {{"nan-propagating", expected}, {"nan-ignoring", {NanIgnoring(desc, input, expected[0])}}};
}

// The diagonal of `expected` set to `bits` (the low ElementSize bytes).
std::vector<std::byte> WithDiagonal(const ops::DiagonalMatrixDesc& desc, const std::vector<std::byte>& expected,
                                    uint64_t bits) {
  std::vector<std::byte> out = expected;
  const ops::TensorDesc& od = desc.OutputTensor;
  const uint32_t size = ops::ElementSize(od.DataType);
  const size_t rank = od.Sizes.size();
  ForEachElement(od.Sizes, ops::EffectiveStrides(od), [&](uint64_t linear, uint64_t at) {
    const uint64_t column = linear % od.Sizes[rank - 1];
    const uint64_t row = (linear / od.Sizes[rank - 1]) % od.Sizes[rank - 2];
    if (static_cast<int64_t>(row) + desc.Offset == static_cast<int64_t>(column)) {
      std::memcpy(out.data() + at * size, &bits, size);
    }
  });
  return out;
}

std::vector<Behaviour> DiagonalBehaviours(const ops::DiagonalMatrixDesc& desc,
                                          const std::vector<std::vector<std::byte>>& expected) {
  const ops::DataType type = desc.OutputTensor.DataType;
  if (ops::DiagonalValueFits(desc.Value, type)) return {};
  const int bits = static_cast<int>(ops::ElementSize(type)) * 8;
  const bool is_signed = ops::IsSignedInteger(type);
  const double whole = std::trunc(static_cast<double>(desc.Value));
  // Saturate: the nearest value of the type, NaN 0.
  uint64_t saturated = 0;
  if (!std::isnan(whole)) {
    const bool high = whole > 0;
    if (is_signed) {
      const uint64_t top = (uint64_t{1} << (bits - 1)) - 1;  // the largest value's bits
      saturated = high ? top : ~top;
    } else {
      saturated = high ? ~uint64_t{0} : 0;
    }
  }
  // Integer indefinite: the x86 conversion's overflow value, from a 32-bit conversion for signed types
  // of up to 32 bits, else a 64-bit one; in range of that conversion, the low bits as the reference.
  const bool narrow = is_signed && bits <= 32;
  const double limit = narrow ? 0x1p31 : 0x1p63;
  const uint64_t indefinite = (whole >= -limit && whole < limit)
                                  ? ops::DiagonalValueBits(desc.Value, type)
                                  : (narrow ? uint64_t{0x80000000u} : uint64_t{1} << 63);
  const uint64_t mask = bits == 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1;
  return {{"wrap", expected},
          {"saturate", {WithDiagonal(desc, expected[0], saturated & mask)}},
          {"integer-indefinite", {WithDiagonal(desc, expected[0], indefinite & mask)}}};
}

}  // namespace

std::vector<Behaviour> AdmittedBehaviours(const ops::OperatorDesc& desc, std::span<const backends::ConstBuffer> inputs,
                                          const std::vector<std::vector<std::byte>>& expected) {
  if (const auto* reduce = std::get_if<ops::ReduceDesc>(&desc)) return ReduceBehaviours(*reduce, inputs[0], expected);
  if (const auto* diagonal = std::get_if<ops::DiagonalMatrixDesc>(&desc)) return DiagonalBehaviours(*diagonal, expected);
  return {};
}

}  // namespace dmlc::app
