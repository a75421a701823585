// Default tolerances: how far a backend's output may be from the reference when a case states none.
// The reference accumulates in double and rounds once, so for FLOAT16 and FLOAT32 it is within 0.5 ULP
// of the true value; the bounds below are what an honest backend that accumulates in the output type
// (pairwise or tree-wise, as GPUs do) or wider can miss it by. Integers are always compared exactly (see
// compare.h), whatever the tolerance says.
//
// | operator / REDUCE function             | output  | default tolerance                                   |
// |----------------------------------------|---------|-----------------------------------------------------|
// | GATHER_ND1, JOIN, ONE_HOT, DIAG_MATRIX | any     | exact (data movement: bits are copied)              |
// | REDUCE ARGMIN, ARGMAX                  | integer | exact                                               |
// | REDUCE MIN, MAX                        | any     | exact (a selection, no arithmetic)                  |
// | REDUCE any function                    | integer | exact                                               |
// | REDUCE SUM, L1                         | float   | ulp <= 1 + ceil(log2 N); or the data bound          |
// | REDUCE SUM_SQUARE                      | float   | ulp <= 2 + ceil(log2 N); or the data bound          |
// | REDUCE AVERAGE                         | float   | ulp <= 3 + ceil(log2 N); or the data bound          |
// | REDUCE L2                              | float   | ulp <= 3 + ceil(log2 N / 2); or the data bound      |
// | REDUCE MULTIPLY                        | float   | ulp <= N + 1 (each of N-1 products rounds); or ...  |
// | REDUCE LOG_SUM                         | float   | ulp <= 4 or abs <= (4 + ceil(log2 N)) * eps; or ... |
// | REDUCE LOG_SUM_EXP                     | float   | ulp <= 4 or abs <= (6 + ceil(log2 N)) * eps; or ... |
//
// N is the number of input elements reduced into one output element (the product of the reduced
// axes' sizes); eps is the output type's machine epsilon (2^-10, 2^-23, 2^-52). SUM_SQUARE's 2 allows
// for the rounding of each square, AVERAGE's 3 for the division (2.5 ULP on GPUs); sqrt halves the
// sum's error in L2. "or ..." is "or the data bound", as for the others. The log-based
// functions get an absolute bound because log maps the sum's relative error to an absolute one, which
// is unbounded in ULPs near log(x) = 0; the constant 4 covers Vulkan's log precision (2^-21 absolute)
// and 6 its exp. The ULP bounds hold for terms that do not cancel (inputs of one sign). "The data
// bound" is a bound on |actual - expected| that the runner derives for each output element from the
// input data (error_bound.h; for SUM N * eps * sum|x|, from Higham's gamma_{N-1}): it holds whatever
// the data, cancelling or not. An element passes within either bound, so one within the ULP bound
// passes as before, and a result that cancelling data moved many ULPs passes within the data bound.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "app/case/test_case.h"
#include "ops/operator_desc.h"

namespace dmlc::app {

struct ToleranceRule {
  Tolerance tolerance;
  // When set (a default for a summing REDUCE), an element also passes within the bound
  // DataErrorBounds() derives for it from the inputs; this states it: "N * eps * sum|x|".
  std::string data_bound;
  // How it was chosen, for reports: "default: ulp <= 1 + ceil(log2 N) = 5, N = 12; or, per element,
  // |a - e| <= N * eps * sum|x|".
  std::string rule;
};

// The table above, for a desc that ops::Validate() accepted, compiled with `flags`: with
// ALLOW_HALF_PRECISION_COMPUTATION a FLOAT16 REDUCE's ULP bound counts N where the table has
// ceil(log2 N), and the rule says why.
ToleranceRule DefaultTolerance(const ops::OperatorDesc& desc, ops::ExecutionFlags flags = ops::kExecutionFlagNone);
// The case's own tolerance when it states one, else the default.
ToleranceRule ToleranceFor(const TestCase& test_case, ops::ExecutionFlags flags = ops::kExecutionFlagNone);
// A summing REDUCE's per-element bounds (error_bound.h) from `inputs` (the case's, in binding order)
// when `rule` has a data bound, else none.
std::vector<double> DataBounds(const TestCase& test_case, const ToleranceRule& rule,
                               std::span<const std::span<const std::byte>> inputs);
// "exact", "ulp <= 5", "ulp <= 4 or |a - e| <= 1e-06 + 0 * |e|".
std::string DescribeTolerance(const Tolerance& tolerance);
// The rule's tolerance with its data bound, whose per-element values are `bounds`: "ulp <= 11, or, per
// element, |a - e| <= N * eps * sum|x| (largest 1.13e-04)"; DescribeTolerance() when it has none.
std::string DescribeTolerance(const ToleranceRule& rule, std::span<const double> bounds);
// " (largest 1.13e-04)": the largest of `bounds` (infinity included, NaN left out), for the rule's text;
// "" when there are none.
std::string LargestBound(std::span<const double> bounds);
// REDUCE MIN and MAX (float): -0 and +0 tie, and which of two tied zeros a backend returns is open
// (IEEE 754-2008's minNum and maxNum, Direct3D's min and max), so the comparison takes them as equal.
bool ZeroSignsEqual(const ops::OperatorDesc& desc);
// True when the tolerance admits no error at all (no bound given, or every bound 0).
bool IsExact(const Tolerance& tolerance);

}  // namespace dmlc::app
