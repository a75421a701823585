#include "app/engine/behaviours.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

#include "app/case/element_codec.h"
#include "app/engine/element_walk.h"
#include "app/engine/gather_walk.h"
#include "app/engine/reduced_runs.h"
#include "ops/behaviour_kinds.h"

namespace dmlc::app {
namespace {

// The name of behaviour `index` of the kind `type` leaves open, as ops/behaviour_kinds.h lists them.
std::string Named(ops::OperatorType type, size_t index) {
  return std::string(ops::BehaviourKindOf(type)->behaviours[index]);
}

// Element offsets (in elements) of `desc`'s logical elements, in row-major order.
std::vector<uint64_t> Offsets(const ops::TensorDesc& desc) {
  std::vector<uint64_t> offsets;
  ForEachElement(desc.Sizes, ops::EffectiveStrides(desc), [&](uint64_t, uint64_t at) { offsets.push_back(at); });
  return offsets;
}

// NaN in MIN, MAX, ARGMIN and ARGMAX propagated (see the header): a run with a NaN gives NaN, or its
// first NaN's position; the others keep the reference's answer.
std::vector<std::byte> NanPropagating(const ops::ReduceDesc& desc, backends::ConstBuffer input,
                                      const std::vector<std::byte>& expected) {
  const bool arg = ops::IsArgReduce(desc.Function);
  const ops::TensorDesc& od = desc.OutputTensor;
  const uint32_t size = ops::ElementSize(od.DataType);
  const std::vector<uint64_t> offsets = Offsets(od);
  std::vector<std::byte> out = expected;
  ForEachReducedRun(desc, input, [&](uint64_t output, const ReducedRun& run) {
    uint64_t k = 0, first_nan = 0;
    bool nan = false;
    run.ForEach([&](double v) {
      if (!nan && std::isnan(v)) {
        nan = true;
        first_nan = k;
      }
      ++k;
    });
    if (!nan) return;
    const Scalar value = arg ? Scalar{first_nan} : Scalar{std::numeric_limits<double>::quiet_NaN()};
    (void)EncodeElement(value, od.DataType, out.data() + offsets[output] * size);  // a position or NaN: it fits
  });
  return out;
}

// Whether a MIN, MAX, ARGMIN or ARGMAX over a float input reduces a NaN.
bool ReduceOpen(const ops::ReduceDesc& desc, backends::ConstBuffer input) {
  using F = ops::ReduceFunction;
  const F f = desc.Function;
  if (!ops::IsFloat(desc.InputTensor.DataType) ||
      !(f == F::kMin || f == F::kMax || f == F::kArgMin || f == F::kArgMax)) {
    return false;
  }
  const ops::TensorDesc& in = desc.InputTensor;
  const uint32_t size = ops::ElementSize(in.DataType);
  bool nan = false;
  ForEachElement(in.Sizes, ops::EffectiveStrides(in), [&](uint64_t, uint64_t at) {
    nan = nan || std::isnan(LoadFloat(input.data() + at * size, in.DataType));
  });
  return nan;
}

std::vector<Behaviour> ReduceBehaviours(const ops::ReduceDesc& desc, backends::ConstBuffer input,
                                        const std::vector<std::vector<std::byte>>& reference) {
  constexpr ops::OperatorType kType = ops::OperatorType::kReduce;
  return {{Named(kType, 0), reference}, {Named(kType, 1), {NanPropagating(desc, input, reference[0])}}};
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
                                          const std::vector<std::vector<std::byte>>& reference) {
  constexpr ops::OperatorType kType = ops::OperatorType::kDiagonalMatrix;
  const ops::DataType type = desc.OutputTensor.DataType;
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
  return {{Named(kType, 0), reference},
          {Named(kType, 1), {WithDiagonal(desc, reference[0], saturated & mask)}},
          {Named(kType, 2), {WithDiagonal(desc, reference[0], indefinite & mask)}}};
}

// A GATHER_ND1 index element resolved as the page reads it (a negative one of a signed type counts from
// the end) and then clamped into [0, size); `out_of_range` says whether the clamp moved it.
uint64_t ClampedIndex(const std::byte* p, ops::DataType type, uint64_t size, bool& out_of_range) {
  if (type == ops::DataType::kInt32 || type == ops::DataType::kInt64) {
    int32_t narrow = 0;
    int64_t v = 0;
    if (type == ops::DataType::kInt32) {
      std::memcpy(&narrow, p, sizeof(narrow));
      v = narrow;
    } else {
      std::memcpy(&v, p, sizeof(v));
    }
    if (v < 0) v += static_cast<int64_t>(size);
    out_of_range = v < 0 || static_cast<uint64_t>(v) >= size;
    return v < 0 ? 0 : std::min(static_cast<uint64_t>(v), size - 1);
  }
  uint64_t v = 0;
  std::memcpy(&v, p, type == ops::DataType::kUint32 ? 4 : 8);  // little-endian: the low bytes
  out_of_range = v >= size;
  return std::min(v, size - 1);
}

// GATHER_ND1 with an index out of range: the reference reads DirectML's clamped offset ("offset-clamp",
// ops/operators/gather_nd1.h); "coordinate-clamp" clamps each index into its dimension (WebNN's rule);
// "zero" writes 0 for every element whose tuple is out of range.
// Whether an index is out of range: most cases have every index in range, and one scan settles that.
bool GatherOpen(const ops::GatherNd1Desc& desc, std::span<const backends::ConstBuffer> inputs) {
  const ops::TensorDesc& idx = desc.IndicesTensor;
  const GatherWalk walk(desc);
  const uint32_t index_size = ops::ElementSize(idx.DataType);
  bool any = false;
  ForEachElement(idx.Sizes, ops::EffectiveStrides(idx), [&](uint64_t linear, uint64_t at) {
    bool out_of_range = false;
    const uint32_t t = static_cast<uint32_t>(linear % walk.TupleSize());
    ClampedIndex(inputs[1].data() + at * index_size, idx.DataType, walk.IndexedSize(t), out_of_range);
    any = any || out_of_range;
  });
  return any;
}

std::vector<Behaviour> GatherBehaviours(const ops::GatherNd1Desc& desc, std::span<const backends::ConstBuffer> inputs,
                                        const std::vector<std::vector<std::byte>>& reference) {
  constexpr ops::OperatorType kType = ops::OperatorType::kGatherNd1;
  const ops::TensorDesc& idx = desc.IndicesTensor;
  const GatherWalk walk(desc);
  const uint32_t index_size = ops::ElementSize(idx.DataType);
  const uint32_t size = ops::ElementSize(desc.OutputTensor.DataType);
  std::vector<std::byte> clamped = reference[0], zero = reference[0];
  walk.ForEach([&](uint64_t at, uint64_t tuple_at, uint64_t in_at) {
    bool out_of_range = false;
    for (uint32_t t = 0; t < walk.TupleSize(); ++t) {
      bool this_one = false;
      const std::byte* p = inputs[1].data() + (tuple_at + walk.IndexOffset(t)) * index_size;
      in_at += ClampedIndex(p, idx.DataType, walk.IndexedSize(t), this_one) * walk.IndexedStride(t);
      out_of_range = out_of_range || this_one;
    }
    if (!out_of_range) return;
    std::memcpy(clamped.data() + at * size, inputs[0].data() + in_at * size, size);
    std::memset(zero.data() + at * size, 0, size);
  });
  return {{Named(kType, 0), reference}, {Named(kType, 1), {std::move(clamped)}}, {Named(kType, 2), {std::move(zero)}}};
}

}  // namespace

bool LeavesOpen(const ops::OperatorDesc& desc, std::span<const backends::ConstBuffer> inputs) {
  if (const auto* reduce = std::get_if<ops::ReduceDesc>(&desc)) return ReduceOpen(*reduce, inputs[0]);
  if (const auto* diagonal = std::get_if<ops::DiagonalMatrixDesc>(&desc)) {
    return !ops::DiagonalValueFits(diagonal->Value, diagonal->OutputTensor.DataType);
  }
  if (const auto* gather = std::get_if<ops::GatherNd1Desc>(&desc)) return GatherOpen(*gather, inputs);
  return false;
}

std::vector<Behaviour> AdmittedBehaviours(const ops::OperatorDesc& desc, std::span<const backends::ConstBuffer> inputs,
                                          const std::vector<std::vector<std::byte>>& reference) {
  if (!LeavesOpen(desc, inputs)) return {};
  if (const auto* reduce = std::get_if<ops::ReduceDesc>(&desc)) return ReduceBehaviours(*reduce, inputs[0], reference);
  if (const auto* diagonal = std::get_if<ops::DiagonalMatrixDesc>(&desc)) {
    return DiagonalBehaviours(*diagonal, reference);
  }
  if (const auto* gather = std::get_if<ops::GatherNd1Desc>(&desc)) return GatherBehaviours(*gather, inputs, reference);
  return {};
}

}  // namespace dmlc::app
