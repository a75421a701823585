#include "app/engine/tolerance.h"

#include <bit>
#include <charconv>
#include <cstdint>
#include <sstream>
#include <variant>

#include "app/engine/error_bound.h"
#include "ops/data_type.h"

namespace dmlc::app {
namespace {

using F = ops::ReduceFunction;

// ceil(log2 n) for n >= 1: 0 for 1, 1 for 2, 2 for 3 and 4.
uint64_t CeilLog2(uint64_t n) { return n <= 1 ? 0 : static_cast<uint64_t>(std::bit_width(n - 1)); }

ToleranceRule Exact(std::string why) {
  return {Tolerance{0, std::nullopt, std::nullopt}, "", "default: exact (" + why + ")"};
}

ToleranceRule Ulp(uint64_t ulp, const std::string& formula, uint64_t n) {
  return {Tolerance{ulp, std::nullopt, std::nullopt}, "",
          "default: ulp <= " + formula + " = " + std::to_string(ulp) + ", N = " + std::to_string(n)};
}

// The table's bound for a float function that computes (not MIN or MAX). `sequential`: the sum may be
// accumulated one element after another, so its depth is N rather than ceil(log2 N).
ToleranceRule UlpDefault(const ops::ReduceDesc& desc, bool sequential) {
  const uint64_t n = ops::ReducedElementCount(desc);
  const uint64_t depth = sequential ? n : CeilLog2(n);
  const std::string d = sequential ? "N" : "ceil(log2 N)";
  switch (desc.Function) {
    case F::kSum:
    case F::kL1: return Ulp(1 + depth, "1 + " + d, n);
    case F::kSumSquare: return Ulp(2 + depth, "2 + " + d, n);
    case F::kAverage: return Ulp(3 + depth, "3 + " + d, n);
    case F::kL2: return Ulp(3 + (depth + 1) / 2, sequential ? "3 + ceil(N / 2)" : "3 + ceil(log2 N / 2)", n);
    case F::kMultiply: return Ulp(n + 1, "N + 1", n);
    case F::kLogSum:
    case F::kLogSumExp: {
      const uint64_t slack = desc.Function == F::kLogSum ? 4 : 6;
      Tolerance t{4, static_cast<double>(slack + depth) * MachineEpsilon(desc.OutputTensor.DataType), 0.0};
      return {t, "", "default: ulp <= 4 or abs <= (" + std::to_string(slack) + " + " + d + ") * eps, N = " +
                         std::to_string(n)};
    }
    default: return Exact("integer output");  // ARGMIN/ARGMAX, whose outputs are integers
  }
}

// The summing functions' ULP bounds hold only where the data does not cancel; the bound derived from
// the data holds whatever it is (error_bound.h), so either admits an element.
ToleranceRule WithDataBound(ToleranceRule rule, const ops::ReduceDesc& desc) {
  rule.data_bound = DataErrorBoundFormula(desc);
  rule.rule += "; or, per element, |a - e| <= " + rule.data_bound;
  return rule;
}

// ALLOW_HALF_PRECISION_COMPUTATION lets DirectML compute a FLOAT16 REDUCE in FLOAT16 throughout, summing
// one element after another as a shader's loop does: each of the N - 1 additions rounds, so the ULP
// bound grows with N instead of ceil(log2 N). The data bound already allows N * eps of the output type.
ToleranceRule ReduceDefault(const ops::ReduceDesc& desc, ops::ExecutionFlags flags) {
  if (ops::IsInteger(desc.OutputTensor.DataType)) return Exact("integer output");
  if (desc.Function == F::kMin || desc.Function == F::kMax) return Exact("MIN/MAX select an input; -0 and +0 tie");
  const bool half = (flags & ops::kExecutionFlagAllowHalfPrecisionComputation) != 0 &&
                    desc.OutputTensor.DataType == ops::DataType::kFloat16;
  ToleranceRule rule = UlpDefault(desc, half);
  if (half) rule.rule += " (ALLOW_HALF_PRECISION_COMPUTATION: FLOAT16 may be summed in FLOAT16, one element at a time)";
  return HasDataErrorBound(desc) ? WithDataBound(rule, desc) : rule;
}

}  // namespace

ToleranceRule DefaultTolerance(const ops::OperatorDesc& desc, ops::ExecutionFlags flags) {
  if (const auto* reduce = std::get_if<ops::ReduceDesc>(&desc)) return ReduceDefault(*reduce, flags);
  return Exact("data movement");
}

ToleranceRule ToleranceFor(const TestCase& test_case, ops::ExecutionFlags flags) {
  if (test_case.tolerance) {
    const std::string source = test_case.tolerance->source.empty() ? "case" : test_case.tolerance->source;
    return {*test_case.tolerance, "", source + ": " + DescribeTolerance(*test_case.tolerance)};
  }
  return DefaultTolerance(test_case.desc, flags);
}

bool ZeroSignsEqual(const ops::OperatorDesc& desc) {
  const auto* reduce = std::get_if<ops::ReduceDesc>(&desc);
  return reduce != nullptr && (reduce->Function == F::kMin || reduce->Function == F::kMax);
}

bool IsExact(const Tolerance& t) {
  return t.ulp.value_or(0) == 0 && t.absolute.value_or(0.0) == 0.0 && t.relative.value_or(0.0) == 0.0;
}

std::string DescribeTolerance(const Tolerance& t) {
  if (IsExact(t)) return "exact";
  std::ostringstream out;
  if (t.ulp) out << "ulp <= " << *t.ulp;
  if (t.absolute || t.relative) {
    if (t.ulp) out << " or ";
    out << "|a - e| <= " << t.absolute.value_or(0.0) << " + " << t.relative.value_or(0.0) << " * |e|";
  }
  return out.str();
}

std::string DescribeTolerance(const ToleranceRule& rule, std::span<const double> bounds) {
  const std::string tolerance = DescribeTolerance(rule.tolerance);
  if (rule.data_bound.empty()) return tolerance;
  return tolerance + ", or, per element, |a - e| <= " + rule.data_bound + LargestBound(bounds);
}

std::vector<double> DataBounds(const TestCase& test_case, const ToleranceRule& rule,
                               std::span<const std::span<const std::byte>> inputs) {
  if (rule.data_bound.empty()) return {};
  return DataErrorBounds(std::get<ops::ReduceDesc>(test_case.desc), inputs[0]);
}

std::string LargestBound(std::span<const double> bounds) {
  if (bounds.empty()) return "";
  double largest = 0;  // a NaN bound (from NaN inputs) admits nothing, so it does not count
  for (double b : bounds) {
    if (b > largest) largest = b;
  }
  char text[32];
  const auto [end, ec] = std::to_chars(text, text + sizeof(text), largest, std::chars_format::scientific, 2);
  return " (largest " + std::string(text, end) + ")";
}

}  // namespace dmlc::app
