// DIAGONAL_MATRIX: 2 to 4 dimensions, offsets inside, at and past the matrix's edges (and INT's
// extremes), values the output type holds, specials for float outputs. DIAGONAL_MATRIX1 likewise, with
// bands (empty, inverted, open-ended) for the offset, Value as the output type's member and an optional
// input of the output's sizes and type in any layout.
#include <algorithm>
#include <cmath>
#include <limits>

#include "app/case/element_codec.h"
#include "app/fuzz/draft.h"
#include "app/fuzz/values.h"
#include "ops/check.h"

namespace dmlc::app::fuzz {
namespace {

// Offsets by draw: the main diagonal, its neighbours, the last ones that still touch the matrix, the
// first ones past it and INT's extremes; then any in [-(height + 2), width + 2].
int32_t DrawOffset(Choices& choices, uint32_t height, uint32_t width) {
  const int64_t h = height;
  const int64_t w = width;
  const int64_t named[] = {0, 1, -1, w - 1, -(h - 1), w, -h, std::numeric_limits<int32_t>::max(),
                           std::numeric_limits<int32_t>::min()};
  const uint64_t e = choices.Draw(std::size(named) + static_cast<uint64_t>(h + w + 5));
  if (e < std::size(named)) return static_cast<int32_t>(named[e]);
  return static_cast<int32_t>(static_cast<int64_t>(e - std::size(named)) - (h + 2));
}

// [low, high) of an integer type's values, as doubles (both exact).
bool FitsInteger(double truncated, ops::DataType type) {
  const int bits = static_cast<int>(ops::ElementSize(type)) * 8;
  const double low = ops::IsSignedInteger(type) ? -std::ldexp(1.0, bits - 1) : 0.0;
  const double high = ops::IsSignedInteger(type) ? std::ldexp(1.0, bits - 1) : std::ldexp(1.0, bits);
  return truncated >= low && truncated < high;
}

// Value by draw: 1 first (the identity matrix), then values that truncate or round, the type's
// extremes, specials; only those the output type takes (ops::ValidateDiagonalMatrix's rule).
float DrawValue(Choices& choices, ops::DataType type) {
  const float inf = std::numeric_limits<float>::infinity();
  const int bits = static_cast<int>(ops::ElementSize(type)) * 8;
  // The float nearest an integer type's extremes that still truncates into it.
  const float high = std::nextafter(static_cast<float>(std::ldexp(1.0, ops::IsSignedInteger(type) ? bits - 1 : bits)),
                                    0.0f);
  const float low = ops::IsSignedInteger(type) ? -static_cast<float>(std::ldexp(1.0, bits - 1)) : -0.75f;
  const float candidates[] = {1.0f, 0.0f, -1.0f, 2.0f, 0.5f, 10.6f, -10.6f, -0.75f, high, low,
                              65504.0f, 65520.0f, 1e-7f, std::numeric_limits<float>::denorm_min(),
                              std::numeric_limits<float>::max(), -0.0f, std::numeric_limits<float>::quiet_NaN(),
                              inf, -inf};
  std::vector<float> allowed;
  for (float v : candidates) {
    if (ops::IsFloat(type) || FitsInteger(std::trunc(static_cast<double>(v)), type)) allowed.push_back(v);
  }
  return allowed[choices.Draw(allowed.size())];
}

int32_t Saturate(int64_t v) {
  return static_cast<int32_t>(
      std::clamp<int64_t>(v, std::numeric_limits<int32_t>::min(), std::numeric_limits<int32_t>::max()));
}

// DiagonalFillEnd by draw, given Begin: Begin + 1 first (one diagonal, as DIAGONAL_MATRIX), a wider
// band, an empty one, inverted ones, the open ends; then any as DrawOffset draws.
int32_t DrawFillEnd(Choices& choices, int32_t begin, uint32_t height, uint32_t width) {
  const int64_t b = begin;
  const int64_t named[] = {b + 1, b + 3, b, b - 1, b - 2, std::numeric_limits<int32_t>::max(),
                           std::numeric_limits<int32_t>::min()};
  const uint64_t e = choices.Draw(std::size(named) + 1);
  if (e < std::size(named)) return Saturate(named[e]);
  return DrawOffset(choices, height, width);
}

// Value by draw, as the output type's member: 1 first (the identity), then 0, -1, the type's extremes
// and, for floats, -0, NaN, the infinities and the smallest subnormal. Only values a case file writes
// back exactly (NaN as the type's quiet NaN).
ops::TypedScalar DrawTypedValue(Choices& choices, ops::DataType type) {
  const double inf = std::numeric_limits<double>::infinity();
  std::vector<Scalar> candidates;
  if (ops::IsFloat(type)) {
    const double tiny = type == ops::DataType::kFloat16   ? std::ldexp(1.0, -24)
                        : type == ops::DataType::kFloat32 ? double{std::numeric_limits<float>::denorm_min()}
                                                          : std::numeric_limits<double>::denorm_min();
    const double max = type == ops::DataType::kFloat16   ? 65504.0
                       : type == ops::DataType::kFloat32 ? double{std::numeric_limits<float>::max()}
                                                         : std::numeric_limits<double>::max();
    candidates = {1.0, 0.0, -1.0, 0.5, -0.0, std::numeric_limits<double>::quiet_NaN(), inf, -inf, tiny, max, -max};
  } else {
    const int bits = static_cast<int>(ops::ElementSize(type)) * 8;
    const uint64_t all = bits == 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1;
    if (ops::IsSignedInteger(type)) {
      const int64_t high = static_cast<int64_t>(all >> 1);
      candidates = {int64_t{1}, int64_t{0}, int64_t{-1}, int64_t{2}, high, -high - 1};
    } else {
      candidates = {uint64_t{1}, uint64_t{0}, all, uint64_t{2}, all >> 1, (all >> 1) + 1};
    }
  }
  ops::TypedScalar value{type, 0};
  const Status stored =
      EncodeElement(candidates[choices.Draw(candidates.size())], type, reinterpret_cast<std::byte*>(&value.bits));
  DMLC_CHECK(stored.ok()) << stored.error().ToString();
  return value;
}

}  // namespace

ops::OperatorDesc DrawDesc(DraftContext& context, const ops::DiagonalMatrix1Desc&) {
  Choices& choices = context.choices;
  const ops::LevelSupport* table = TableAt(ops::DiagonalMatrix1SupportTable(), context.level);
  DMLC_CHECK(table != nullptr);
  const Allowance output = NarrowDimensions(Allow(*table, {"InputTensor", "OutputTensor"}), 2, 4);
  const uint32_t rank = DrawRank(choices, output);
  const ops::DataType type = DrawType(choices, output.types);
  ops::DiagonalMatrix1Desc desc;
  std::vector<uint32_t> sizes = DrawSizes(context, rank, context.budget);
  if (choices.Draw(2) == 1) desc.InputTensor = DrawTensor(context, sizes, type, ops::TensorRole::kInput);
  desc.OutputTensor = DrawTensor(context, std::move(sizes), type, ops::TensorRole::kOutput);
  const uint32_t height = desc.OutputTensor.Sizes[rank - 2];
  const uint32_t width = desc.OutputTensor.Sizes[rank - 1];
  desc.DiagonalFillBegin = DrawOffset(choices, height, width);
  desc.DiagonalFillEnd = DrawFillEnd(choices, desc.DiagonalFillBegin, height, width);
  desc.Value = DrawTypedValue(choices, type);
  return desc;
}

std::vector<Initializer> DrawInputs(Choices& choices, const ops::DiagonalMatrix1Desc& desc) {
  std::vector<Initializer> inputs;
  if (desc.InputTensor) {
    inputs.push_back(BufferInitializer(DrawBufferValues(choices, *desc.InputTensor, {}), InputPath("InputTensor")));
  }
  return inputs;
}

ops::OperatorDesc DrawDesc(DraftContext& context, const ops::DiagonalMatrixDesc&) {
  Choices& choices = context.choices;
  const ops::LevelSupport* table = TableAt(ops::DiagonalMatrixSupportTable(), context.level);
  DMLC_CHECK(table != nullptr);
  // { Batch1, Batch2, OutputHeight, OutputWidth }: fewer than 2 leave no matrix, more are never allowed.
  const Allowance output = NarrowDimensions(Allow(*table, {"OutputTensor"}), 2, 4);
  const uint32_t rank = DrawRank(choices, output);
  const ops::DataType type = DrawType(choices, output.types);
  ops::DiagonalMatrixDesc desc;
  desc.OutputTensor =
      DrawTensor(context, DrawSizes(context, rank, context.budget), type, ops::TensorRole::kOutput);
  desc.Offset = DrawOffset(choices, desc.OutputTensor.Sizes[rank - 2], desc.OutputTensor.Sizes[rank - 1]);
  desc.Value = DrawValue(choices, type);
  return desc;
}

std::vector<Initializer> DrawInputs(Choices&, const ops::DiagonalMatrixDesc&) { return {}; }

}  // namespace dmlc::app::fuzz
