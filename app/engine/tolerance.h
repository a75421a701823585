// Default tolerances: how far a backend's output may be from the reference when a case states none.
// The reference accumulates in double and rounds once, so it is within 0.5 ULP of the true value; the
// bounds below are what an honest backend that accumulates in the output type (pairwise or tree-wise,
// as GPUs do) or wider can miss it by. Integers are always compared exactly (see compare.h), whatever
// the tolerance says.
//
// | operator / REDUCE function            | output type  | default tolerance                          |
// |---------------------------------------|--------------|--------------------------------------------|
// | GATHER_ND1, JOIN, ONE_HOT, DIAG_MATRIX | any          | exact (data movement: bits are copied)     |
// | REDUCE ARGMIN, ARGMAX                 | integer      | exact                                      |
// | REDUCE MIN, MAX                       | any          | exact (a selection, no arithmetic)         |
// | REDUCE any function                   | integer      | exact                                      |
// | REDUCE SUM, L1                        | float        | ulp <= 1 + ceil(log2 N)                    |
// | REDUCE SUM_SQUARE                     | float        | ulp <= 2 + ceil(log2 N) (one more rounding per square) |
// | REDUCE AVERAGE                        | float        | ulp <= 3 + ceil(log2 N) (division, 2.5 ULP on GPUs)    |
// | REDUCE L2                             | float        | ulp <= 3 + ceil(log2 N / 2) (sqrt halves the sum's error) |
// | REDUCE MULTIPLY                       | float        | ulp <= N + 1 (each of N-1 products rounds)  |
// | REDUCE LOG_SUM                        | float        | ulp <= 4, or abs <= (4 + ceil(log2 N)) * eps |
// | REDUCE LOG_SUM_EXP                    | float        | ulp <= 4, or abs <= (6 + ceil(log2 N)) * eps |
//
// N is the number of input elements reduced into one output element (the product of the reduced
// axes' sizes); eps is the output type's machine epsilon (2^-10, 2^-23, 2^-52). The log-based
// functions get an absolute bound because log maps the sum's relative error to an absolute one, which
// is unbounded in ULPs near log(x) = 0; the constant 4 covers Vulkan's log precision (2^-21 absolute)
// and 6 its exp. The sum-based bounds assume terms that do not cancel (inputs of one sign); a case
// whose data cancels states its own tolerance.
#pragma once

#include <string>

#include "app/case/test_case.h"
#include "ops/operator_desc.h"

namespace dmlc::app {

struct ToleranceRule {
  Tolerance tolerance;
  std::string rule;  // how it was chosen, for reports: "default for REDUCE(SUM), N = 12: 1 + ceil(log2 N)"
};

// The table above, for a desc that ops::Validate() accepted.
ToleranceRule DefaultTolerance(const ops::OperatorDesc& desc);
// The case's own tolerance when it states one, else the default.
ToleranceRule ToleranceFor(const TestCase& test_case);
// "exact", "ulp <= 5", "ulp <= 4 or |a - e| <= 1e-06 + 0 * |e|".
std::string DescribeTolerance(const Tolerance& tolerance);
// True when the tolerance admits no error at all (no bound given, or every bound 0).
bool IsExact(const Tolerance& tolerance);

}  // namespace dmlc::app
