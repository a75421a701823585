// REDUCE: each output element is the function of the input elements that share its coordinates on
// the kept dimensions, taken in row-major order within the reduced axes (the position ARGMIN and
// ARGMAX report). Floating-point types compute in double and round once to the output type; integer
// types compute modulo 2^64 and keep the output type's low bits, so SUM, MULTIPLY, L1 and SUM_SQUARE
// wrap modulo 2^n. NaN, as DirectML 1.15.4 answers (docs/semantics.md, "Answers DirectML decides"): MIN
// and MAX give the extreme of the elements that are numbers (+inf or -inf when none is), ARGMIN and ARGMAX
// 0 when the first element is NaN, else that extreme's position; LOG_SUM_EXP and the other functions
// follow IEEE arithmetic. Ties go to the first occurrence.
#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <type_traits>
#include <vector>

#include "backends/plain/element.h"
#include "backends/plain/kernels.h"

namespace dmlc::backends::plain {
namespace {

using ops::ReduceFunction;

// Values as computed: double for floating-point types, int64_t for signed and uint64_t for unsigned
// integer types (so comparisons are exact and signed).
template <class T>
T Load(const std::byte* p, ops::DataType type) {
  if constexpr (std::is_same_v<T, double>) {
    return LoadFloat(p, type);
  } else {
    return static_cast<T>(LoadInteger(p, type));
  }
}

template <class T>
bool IsNegative(T x) {
  if constexpr (std::is_signed_v<T>) {
    return x < 0;
  } else {
    return false;
  }
}

// Position of the first maximum (or minimum): a best seeded with element 0, replaced only by a strictly
// better element. A NaN is never better, and no element is better than a NaN at 0.
template <class T>
uint64_t ArgExtreme(const std::vector<T>& x, bool max) {
  uint64_t best = 0;
  for (uint64_t r = 1; r < x.size(); ++r) {
    if (max ? x[r] > x[best] : x[r] < x[best]) best = r;
  }
  return best;
}

// The maximum (or minimum) of the elements that are numbers; -inf (+inf) when none is.
double Extreme(const std::vector<double>& x, bool max) {
  const double inf = std::numeric_limits<double>::infinity();
  double best = max ? -inf : inf;
  for (double v : x) best = (max ? v > best : v < best) ? v : best;
  return best;
}

double ReduceFloats(ReduceFunction f, const std::vector<double>& x) {
  double sum = 0, sum_abs = 0, sum_squares = 0, product = 1;
  for (double v : x) {
    sum += v;
    sum_abs += std::fabs(v);
    sum_squares += v * v;
    product *= v;
  }
  switch (f) {
    case ReduceFunction::kSum: return sum;
    case ReduceFunction::kAverage: return sum / static_cast<double>(x.size());
    case ReduceFunction::kL1: return sum_abs;
    case ReduceFunction::kL2: return std::sqrt(sum_squares);
    case ReduceFunction::kSumSquare: return sum_squares;
    case ReduceFunction::kMultiply: return product;
    case ReduceFunction::kLogSum: return std::log(sum);
    case ReduceFunction::kMax: return Extreme(x, true);
    case ReduceFunction::kMin: return Extreme(x, false);
    case ReduceFunction::kLogSumExp: {
      // log(sum exp(x)) = m + log(sum exp(x - m)) with m the maximum, so that no exp overflows. Any NaN
      // is the result, and an infinite maximum is the result itself (all -inf: log(0) = -inf).
      if (std::isnan(sum_abs)) return sum_abs;  // NaN exactly where an element is
      const double m = Extreme(x, true);
      if (!std::isfinite(m)) return m;
      double exps = 0;
      for (double v : x) exps += std::exp(v - m);
      return m + std::log(exps);
    }
    case ReduceFunction::kArgMax:
    case ReduceFunction::kArgMin: break;
  }
  return std::nan("");  // ARGMIN and ARGMAX never come here (Compute handles them)
}

// Every sum and product modulo 2^64; StoreInteger then keeps the output type's bits.
template <class T>
Result<uint64_t> ReduceIntegers(ReduceFunction f, const std::vector<T>& x) {
  uint64_t sum = 0, sum_abs = 0, sum_squares = 0, product = 1;
  for (T v : x) {
    const uint64_t u = static_cast<uint64_t>(v);
    sum += u;
    sum_abs += IsNegative(v) ? 0 - u : u;  // |INT_MIN| wraps to INT_MIN
    sum_squares += u * u;
    product *= u;
  }
  switch (f) {
    case ReduceFunction::kSum: return sum;
    case ReduceFunction::kL1: return sum_abs;
    case ReduceFunction::kSumSquare: return sum_squares;
    case ReduceFunction::kMultiply: return product;
    case ReduceFunction::kMax: return static_cast<uint64_t>(x[ArgExtreme(x, true)]);
    case ReduceFunction::kMin: return static_cast<uint64_t>(x[ArgExtreme(x, false)]);
    default: break;
  }
  return MakeError("REDUCE", "Function",
                   std::string(ops::ReduceFunctionName(f)) + " is defined for floating-point types only",
                   "AVERAGE, L2, LOG_SUM and LOG_SUM_EXP take FLOAT16, FLOAT32 or FLOAT64");
}

template <class T>
Status ReduceAll(const ops::ReduceDesc& desc, ConstBuffer input, MutableBuffer output) {
  const ops::TensorDesc& in = desc.InputTensor;
  const ops::TensorDesc& out = desc.OutputTensor;
  const std::vector<uint32_t> axes = ops::ReducedAxes(desc);  // sorted: row-major within them, the last fastest
  const uint64_t count = ops::ReducedElementCount(desc);

  std::vector<T> x(count);
  for (uint64_t e = 0; e < ElementCount(out); ++e) {
    const Coordinates c = CoordinatesOf(out, e);  // reduced axes have size 1 there: coordinate 0
    for (uint64_t r = 0; r < count; ++r) {
      Coordinates in_coord = c;
      uint64_t rest = r;
      for (size_t a = axes.size(); a-- > 0;) {
        in_coord[axes[a]] = rest % in.Sizes[axes[a]];
        rest /= in.Sizes[axes[a]];
      }
      x[r] = Load<T>(ElementAt(in, input, in_coord), in.DataType);
    }
    std::byte* p = ElementAt(out, output, c);
    if (ops::IsArgReduce(desc.Function)) {
      StoreInteger(p, out.DataType, ArgExtreme(x, desc.Function == ReduceFunction::kArgMax));
    } else if constexpr (std::is_same_v<T, double>) {
      StoreFloat(p, out.DataType, ReduceFloats(desc.Function, x));
    } else {
      Result<uint64_t> value = ReduceIntegers(desc.Function, x);
      if (!value.ok()) return value.error();
      StoreInteger(p, out.DataType, *value);
    }
  }
  return OkStatus();
}

}  // namespace

Status Compute(const ops::ReduceDesc& desc, Inputs inputs, Outputs outputs) {
  const ops::DataType type = desc.InputTensor.DataType;
  if (ops::IsFloat(type)) return ReduceAll<double>(desc, inputs[0], outputs[0]);
  if (ops::IsSignedInteger(type)) return ReduceAll<int64_t>(desc, inputs[0], outputs[0]);
  return ReduceAll<uint64_t>(desc, inputs[0], outputs[0]);
}

}  // namespace dmlc::backends::plain
