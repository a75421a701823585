#include "app/engine/error_bound.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "app/engine/reduced_runs.h"
#include "ops/check.h"
#include "ops/tensor_desc.h"

namespace dmlc::app {
namespace {

using F = ops::ReduceFunction;

constexpr double kInf = std::numeric_limits<double>::infinity();
// The final operations' errors with the reference's final half ULP, in ULPs of their result (header).
constexpr double kDivisionUlps = 3;
constexpr double kSqrtUlps = 5;
constexpr double kLogEpsilons = 4;
// A LOG_SUM_EXP term's error in eps of the term: exp's 3 ULP and the reference's 1, plus per unit of
// |x - max| exp's 2 ULP and the rounding of x - max (u = eps / 2).
constexpr double kExpEpsilons = 4;
constexpr double kExpEpsilonsPerUnit = 2.5;

// The sum bound's constant (header): N, and 2N for FLOAT64, whose reference errs as much as a backend.
double SumCoefficient(uint64_t n, ops::DataType type) {
  return static_cast<double>(type == ops::DataType::kFloat64 ? 2 * n : n);
}

// What one FLOAT32 operation may lose by flushing a result below the normal range to zero (header).
constexpr double kFlushedFloat32 = 0x1p-126;

// The header's U: 3N flushes for FLOAT32 (an input, the term's own operation, the addition), 0 otherwise.
double UnderflowCharge(uint64_t n, ops::DataType type) {
  return type == ops::DataType::kFloat32 ? 3 * static_cast<double>(n) * kFlushedFloat32 : 0;
}
// The final operation's flush, charged once on every bound.
double OutputFlush(ops::DataType type) { return type == ops::DataType::kFloat32 ? kFlushedFloat32 : 0; }

// What each function's bound needs from its block, gathered in one pass over its finite terms.
struct Magnitudes {
  double sum = 0;           // sum x
  double abs_sum = 0;       // sum |x|
  double square_sum = 0;    // sum x^2
  double largest_partial = 0;  // max(sum of the positive x, sum of the negative |x|): no partial sum is larger
  bool non_finite = false;  // a term is an infinity or NaN
};

Magnitudes MagnitudesOf(const ReducedRun& block) {
  Magnitudes m;
  double positive = 0, negative = 0;
  block.ForEach([&](double x) {
    if (!std::isfinite(x)) {
      m.non_finite = true;
      return;
    }
    m.sum += x;
    m.abs_sum += std::fabs(x);
    m.square_sum += x * x;
    (x > 0 ? positive : negative) += std::fabs(x);
  });
  m.largest_partial = std::max(positive, negative);
  return m;
}

double LargestFinite(ops::DataType type) {
  switch (type) {
    case ops::DataType::kFloat16: return 65504;
    case ops::DataType::kFloat64: return std::numeric_limits<double>::max();
    default: return std::numeric_limits<float>::max();
  }
}

double SmallestNormal(ops::DataType type) {
  switch (type) {
    case ops::DataType::kFloat16: return 0x1p-14;
    case ops::DataType::kFloat64: return std::numeric_limits<double>::min();
    default: return std::numeric_limits<float>::min();
  }
}

// MULTIPLY: 0 (the ULP bound alone) unless some order of the products leaves the normal range: the
// factors above 1 in magnitude multiply past the largest value (an infinity, or NaN against a zero
// factor), or those below 1 under the smallest normal (0 once flushed, or precision lost in gradual
// underflow): then any answer. Sums of log2 magnitudes, so the test itself never overflows.
double MultiplyBound(const ReducedRun& block, ops::DataType type) {
  double above = 0, below = 0;
  block.ForEach([&](double x) {
    if (std::isfinite(x) && x != 0) (std::fabs(x) > 1 ? above : below) += std::log2(std::fabs(x));
  });
  return above > std::log2(LargestFinite(type)) || below < std::log2(SmallestNormal(type)) ? kInf : 0;
}

// -log(1 - b / s): how far log can move when its argument s moves by up to b; unbounded from b >= s on,
// where the computed argument may reach 0.
double LogError(double s, double b) { return s > b ? -std::log1p(-b / s) : kInf; }

double LogSumExpBound(const ReducedRun& block, uint64_t n, ops::DataType type, double eps) {
  double max = -kInf;
  block.ForEach([&](double x) { max = std::max(max, x); });
  if (!std::isfinite(max)) return 0;  // the result is max itself (or NaN), compared exactly
  double s = 0;           // sum exp(x - max): at least 1, the maximum's own term
  double term_error = 0;  // sum of the terms' errors in eps
  block.ForEach([&](double x) {
    const double t = std::exp(x - max);
    s += t;
    if (t > 0) term_error += (kExpEpsilons + kExpEpsilonsPerUnit * (max - x)) * t;
  });
  const double b = SumCoefficient(n, type) * eps * s + eps * term_error + UnderflowCharge(n, type);
  const double g = LogError(s, b);
  return g + kLogEpsilons * eps * (1 + std::fabs(max) + std::log(s) + g);
}

double FunctionBound(F function, const ReducedRun& block, uint64_t n, ops::DataType type) {
  const double eps = MachineEpsilon(type);
  if (function == F::kLogSumExp) return LogSumExpBound(block, n, type, eps);
  if (function == F::kMultiply) return MultiplyBound(block, type);
  const Magnitudes m = MagnitudesOf(block);
  // A partial sum past the type's largest value overflows in some summation orders (the positive terms
  // first; squares in every order): an infinity, NaN or the finite sum are all right answers. L1 sums |x|.
  const double largest_partial = function == F::kSumSquare || function == F::kL2 ? m.square_sum
                                 : function == F::kL1                           ? m.abs_sum
                                                                                : m.largest_partial;
  if (largest_partial > LargestFinite(type)) return kInf;
  // Otherwise an infinity or NaN among the terms makes the result one too: compared exactly.
  if (m.non_finite) return 0;
  const double u = UnderflowCharge(n, type);
  const double b = SumCoefficient(n, type) * eps * m.abs_sum + u;
  switch (function) {
    case F::kSum:
    case F::kL1: return b;
    case F::kAverage: return (b + kDivisionUlps * eps * (m.abs_sum + b)) / static_cast<double>(n);
    case F::kSumSquare: return SumCoefficient(n + 1, type) * eps * m.square_sum + u;
    case F::kL2: {
      const double b2 = SumCoefficient(n + 1, type) * eps * m.square_sum + u;
      const double l2 = std::sqrt(m.square_sum);
      // The furthest sqrt moves over [S - B2, S + B2] is at the low end: sqrt(S) - sqrt(S - B2).
      const double r = m.square_sum > b2 ? b2 / (l2 + std::sqrt(m.square_sum - b2)) : std::sqrt(b2);
      return r + kSqrtUlps * eps * (l2 + r);
    }
    case F::kLogSum: {
      // A sum within its error of 0 has no known sign: log of it may be -inf, NaN or any negative number,
      // and every answer is as right as the reference's. A sum surely below 0 gives NaN, compared exactly.
      if (std::fabs(m.sum) <= b) return kInf;
      if (m.sum < 0) return 0;
      const double g = LogError(m.sum, b);
      return g + kLogEpsilons * eps * (1 + std::fabs(std::log(m.sum)) + g);
    }
    default: DMLC_CHECK(false) << "DataErrorBounds: " << ops::ReduceFunctionName(function) << " has no data bound";
  }
  return 0;
}

// A bound of 0 (an infinity or NaN, compared exactly) stays 0, and an infinite one infinite.
double BlockBound(F function, const ReducedRun& block, uint64_t n, ops::DataType type) {
  const double bound = FunctionBound(function, block, n, type);
  return bound == 0 ? 0 : bound + OutputFlush(type);
}

}  // namespace

double MachineEpsilon(ops::DataType type) {
  switch (type) {
    case ops::DataType::kFloat16: return 0x1p-10;
    case ops::DataType::kFloat64: return 0x1p-52;
    default: return 0x1p-23;
  }
}

bool HasDataErrorBound(const ops::ReduceDesc& desc) {
  if (!ops::IsFloat(desc.OutputTensor.DataType)) return false;
  switch (desc.Function) {
    case F::kSum:
    case F::kAverage:
    case F::kL1:
    case F::kL2:
    case F::kSumSquare:
    case F::kLogSum:
    case F::kLogSumExp:
    case F::kMultiply: return true;
    default: return false;
  }
}

std::string DataErrorBoundFormula(const ops::ReduceDesc& desc) {
  const bool f64 = desc.OutputTensor.DataType == ops::DataType::kFloat64;
  // FLOAT32's flushes (header): U inside the sum's bound, and the output's own 2^-126 after it.
  const bool f32 = desc.OutputTensor.DataType == ops::DataType::kFloat32;
  const std::string u = f32 ? " + U" : "";
  const std::string c = f64 ? "2N" : "N";  // SumCoefficient(N) and SumCoefficient(N + 1)
  const std::string c1 = f64 ? "2(N + 1)" : "(N + 1)";
  const std::string b = c + " * eps * sum|x|" + u;
  std::string formula;
  switch (desc.Function) {
    case F::kSum:
    case F::kL1: formula = b; break;
    case F::kAverage: formula = "(B + 3 * eps * (sum|x| + B)) / N, B = " + b; break;
    case F::kSumSquare: formula = c1 + " * eps * sum x^2" + u; break;
    case F::kL2:
      formula = "R + 5 * eps * (L2 + R), R = B2 / (L2 + sqrt(sum x^2 - B2)), B2 = " + c1 + " * eps * sum x^2" + u;
      break;
    case F::kLogSum: formula = "G + 4 * eps * (1 + |log sum| + G), G = -log(1 - B / sum), B = " + b; break;
    case F::kLogSumExp:
      formula = "G + 4 * eps * (1 + |max| + log S + G), G = -log(1 - B / S), S = sum exp(x - max), B = " + c +
                " * eps * S + eps * sum (4 + 2.5 |x - max|) exp(x - max)" + u;
      break;
    // No flush terms: a product has no cancellation to bound, only its range.
    case F::kMultiply: return "0, or any value when a partial product may leave the normal range";
    default: return "";
  }
  return f32 ? "(" + formula + ") + 2^-126, U = 3N * 2^-126" : formula;
}

std::vector<double> DataErrorBounds(const ops::ReduceDesc& desc, std::span<const std::byte> input) {
  DMLC_CHECK(HasDataErrorBound(desc)) << "DataErrorBounds: no data bound for this desc";
  DMLC_CHECK(input.size() >= desc.InputTensor.TotalTensorSizeInBytes)
      << "DataErrorBounds: input smaller than TotalTensorSizeInBytes";
  const uint64_t n = ops::ReducedElementCount(desc);
  std::vector<double> bounds(ops::ElementCount(desc.OutputTensor.Sizes).value(), 0.0);
  ForEachReducedRun(desc, input, [&](uint64_t output, const ReducedRun& run) {
    bounds[output] = BlockBound(desc.Function, run, n, desc.OutputTensor.DataType);
  });
  return bounds;
}

}  // namespace dmlc::app
