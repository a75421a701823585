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

// The table's bound for a float function that computes (not MIN or MAX).
ToleranceRule UlpDefault(const ops::ReduceDesc& desc) {
  const uint64_t n = ops::ReducedElementCount(desc);
  const uint64_t log_n = CeilLog2(n);
  switch (desc.Function) {
    case F::kSum:
    case F::kL1: return Ulp(1 + log_n, "1 + ceil(log2 N)", n);
    case F::kSumSquare: return Ulp(2 + log_n, "2 + ceil(log2 N)", n);
    case F::kAverage: return Ulp(3 + log_n, "3 + ceil(log2 N)", n);
    case F::kL2: return Ulp(3 + (log_n + 1) / 2, "3 + ceil(log2 N / 2)", n);
    case F::kMultiply: return Ulp(n + 1, "N + 1", n);
    case F::kLogSum:
    case F::kLogSumExp: {
      const uint64_t slack = desc.Function == F::kLogSum ? 4 : 6;
      Tolerance t{4, static_cast<double>(slack + log_n) * MachineEpsilon(desc.OutputTensor.DataType), 0.0};
      return {t, "", "default: ulp <= 4 or abs <= (" + std::to_string(slack) + " + ceil(log2 N)) * eps, N = " +
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

ToleranceRule ReduceDefault(const ops::ReduceDesc& desc) {
  if (ops::IsInteger(desc.OutputTensor.DataType)) return Exact("integer output");
  if (desc.Function == F::kMin || desc.Function == F::kMax) return Exact("MIN/MAX select an input; -0 and +0 tie");
  const ToleranceRule rule = UlpDefault(desc);
  return HasDataErrorBound(desc) ? WithDataBound(rule, desc) : rule;
}

}  // namespace

ToleranceRule DefaultTolerance(const ops::OperatorDesc& desc) {
  if (const auto* reduce = std::get_if<ops::ReduceDesc>(&desc)) return ReduceDefault(*reduce);
  return Exact("data movement");
}

ToleranceRule ToleranceFor(const TestCase& test_case) {
  if (test_case.tolerance) return {*test_case.tolerance, "", "case: " + DescribeTolerance(*test_case.tolerance)};
  return DefaultTolerance(test_case.desc);
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
