#include "app/engine/tolerance.h"

#include <bit>
#include <cstdint>
#include <sstream>
#include <variant>

#include "ops/data_type.h"

namespace dmlc::app {
namespace {

// ceil(log2 n) for n >= 1: 0 for 1, 1 for 2, 2 for 3 and 4.
uint64_t CeilLog2(uint64_t n) { return n <= 1 ? 0 : static_cast<uint64_t>(std::bit_width(n - 1)); }

double Epsilon(ops::DataType type) {
  switch (type) {
    case ops::DataType::kFloat16: return 0x1p-10;
    case ops::DataType::kFloat64: return 0x1p-52;
    default: return 0x1p-23;
  }
}

// Elements reduced into each output element: the product of the reduced axes' input sizes.
uint64_t ReducedCount(const ops::ReduceDesc& desc) {
  uint64_t n = 1;
  for (uint32_t axis : desc.Axes) {
    if (axis < desc.InputTensor.Sizes.size()) n *= desc.InputTensor.Sizes[axis];
  }
  return n;
}

ToleranceRule Exact(std::string why) { return {Tolerance{0, std::nullopt, std::nullopt}, "default: exact (" + why + ")"}; }

ToleranceRule Ulp(uint64_t ulp, const std::string& formula, uint64_t n) {
  return {Tolerance{ulp, std::nullopt, std::nullopt},
          "default: ulp <= " + formula + " = " + std::to_string(ulp) + ", N = " + std::to_string(n)};
}

ToleranceRule ReduceDefault(const ops::ReduceDesc& desc) {
  using F = ops::ReduceFunction;
  const ops::DataType out = desc.OutputTensor.DataType;
  if (ops::IsInteger(out)) return Exact("integer output");
  if (desc.Function == F::kMin || desc.Function == F::kMax) return Exact("MIN/MAX select an input");
  const uint64_t n = ReducedCount(desc);
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
      Tolerance t{4, static_cast<double>(slack + log_n) * Epsilon(out), 0.0};
      return {t, "default: ulp <= 4 or abs <= (" + std::to_string(slack) + " + ceil(log2 N)) * eps, N = " +
                     std::to_string(n)};
    }
    default: return Exact("integer output");  // ARGMIN/ARGMAX, whose outputs are integers
  }
}

}  // namespace

ToleranceRule DefaultTolerance(const ops::OperatorDesc& desc) {
  if (const auto* reduce = std::get_if<ops::ReduceDesc>(&desc)) return ReduceDefault(*reduce);
  return Exact("data movement");
}

ToleranceRule ToleranceFor(const TestCase& test_case) {
  if (test_case.tolerance) return {*test_case.tolerance, "case: " + DescribeTolerance(*test_case.tolerance)};
  return DefaultTolerance(test_case.desc);
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

}  // namespace dmlc::app
