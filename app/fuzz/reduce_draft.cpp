// REDUCE: all twelve functions, any subset of axes in any order (non-contiguous ones included), and
// float data kept where each function's result stays finite.
#include <algorithm>
#include <bit>
#include <cmath>

#include "app/fuzz/draft.h"
#include "app/fuzz/values.h"
#include "ops/check.h"

namespace dmlc::app::fuzz {
namespace {

constexpr double kLn2 = 0.6931471805599453;

// Distinct axes, as many as drawn, each picked among those left in ascending order: all-zero draws
// give {0}, and larger draws give later, non-contiguous and unsorted axes. Always kMaxDimensions
// picks, the ones past the count dropped, so that fewer axes leave later draws in place.
std::vector<uint32_t> DrawAxes(Choices& choices, uint32_t rank) {
  const uint32_t count = 1 + static_cast<uint32_t>(choices.Draw(rank));
  std::vector<uint32_t> left(rank);
  for (uint32_t d = 0; d < rank; ++d) left[d] = d;
  std::vector<uint32_t> axes;
  for (uint32_t i = 0; i < ops::kMaxDimensions; ++i) {
    const size_t pick = choices.Draw(left.size());
    if (i >= count) continue;
    axes.push_back(left[pick]);
    left.erase(left.begin() + static_cast<std::ptrdiff_t>(pick));
  }
  return axes;
}

// Float data bounds that keep the result of reducing `n` elements finite in the output type (with a
// factor 2 to spare, for backends that accumulate in the type itself). Integer types wrap instead.
ValueRange RangeFor(ops::ReduceFunction function, ops::DataType type, uint64_t n) {
  if (!ops::IsFloat(type)) return {};
  const double max = LargestFinite(type);
  const int max_exponent = LargestExponent(type);
  const double count = static_cast<double>(n);
  const int reduced = static_cast<int>(n);  // at most kMaxElements
  switch (function) {
    case ops::ReduceFunction::kSum:
    case ops::ReduceFunction::kAverage:
    case ops::ReduceFunction::kL1:
      return {max / count / 2};
    case ops::ReduceFunction::kSumSquare:
    case ops::ReduceFunction::kL2:
      return {std::sqrt(max / count / 2)};
    case ops::ReduceFunction::kMultiply:
      // A product of n values within 2^(max_exponent - 1): each within its n-th root, rounded down to
      // a power of two; at least 1, so 0, 1 and -1 stay.
      return {std::ldexp(1.0, (max_exponent - 1) / reduced)};
    case ops::ReduceFunction::kLogSum:
      return {max / count / 2, /*nonnegative=*/true};
    case ops::ReduceFunction::kLogSumExp:
      // exp(x) summed n times within max (what a backend without the max-subtraction trick needs):
      // x <= ln(max / 2 / n), from the exponents, which keeps the bound the same on every platform.
      return {std::max(1.0, (max_exponent - 1 - static_cast<int>(std::bit_width(n))) * kLn2)};
    default:  // ARGMIN, ARGMAX, MIN, MAX compare and never overflow
      return {};
  }
}

}  // namespace

ops::OperatorDesc DrawDesc(DraftContext& context, const ops::ReduceDesc&) {
  Choices& choices = context.choices;
  const std::vector<ops::ReduceFunction> functions = AvailableReduceFunctions(context.level);
  DMLC_CHECK(!functions.empty());
  ops::ReduceDesc desc;
  desc.Function = functions[choices.Draw(functions.size())];
  const ops::LevelSupport& table = *TableAt(ops::ReduceSupportTable(desc.Function), context.level);
  // ARGMIN/ARGMAX output indices; every other function outputs the input's type.
  const bool arg = ops::IsArgReduce(desc.Function);
  const Allowance input = arg ? Allow(table, {"InputTensor"}) : Allow(table, {"InputTensor", "OutputTensor"});
  const Allowance output = Allow(table, {"OutputTensor"});
  const uint32_t rank = DrawRank(choices, NarrowDimensions(input, output.min_dimensions, output.max_dimensions));
  const ops::DataType type = DrawType(choices, input.types);
  // The budget keeps every index within INT32, the narrowest index type.
  const ops::DataType output_type = arg ? DrawType(choices, output.types) : type;
  desc.InputTensor = DrawTensor(context, DrawSizes(context, rank, context.budget), type, ops::TensorRole::kInput);
  desc.Axes = DrawAxes(choices, rank);
  desc.OutputTensor =
      DrawTensor(context, ops::InferReduceOutputSizes(desc).value(), output_type, ops::TensorRole::kOutput);
  return desc;
}

std::vector<Initializer> DrawInputs(Choices& choices, const ops::ReduceDesc& desc) {
  const ValueRange range = RangeFor(desc.Function, desc.InputTensor.DataType, ops::ReducedElementCount(desc));
  return {BufferInitializer(DrawBufferValues(choices, desc.InputTensor, range), InputPath("InputTensor"))};
}

}  // namespace dmlc::app::fuzz
