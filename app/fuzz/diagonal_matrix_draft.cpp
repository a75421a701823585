// DIAGONAL_MATRIX: 2 to 4 dimensions, offsets inside, at and past the matrix's edges (and INT's
// extremes), values the output type holds, specials for float outputs.
#include <cmath>
#include <limits>

#include "app/fuzz/draft.h"
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

}  // namespace

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
