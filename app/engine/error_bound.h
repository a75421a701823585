// Error bounds derived from the input data for the summing REDUCE functions: for each output element, a
// bound on |actual - expected| that an honest backend meets whatever order it sums in. A sum's error is
// bounded relative to sum|x|, not to |sum x|, so when the data cancels a correct result can be many ULPs
// from the reference; the default tolerance (tolerance.h) admits an element within its ULP bound OR
// within this one.
//
// The model (Higham, Accuracy and Stability of Numerical Algorithms, 2nd ed., section 4.2): a backend
// accumulates in the output type or wider, in any order; every addition and multiplication rounds
// correctly, so |computed - exact| <= gamma_{N-1} * sum|x| with gamma_k = k*u / (1 - k*u), u = eps / 2.
// eps is the output type's machine epsilon (2^-10, 2^-23, 2^-52). FLOAT16 and FLOAT64 values stay in the
// normal range (their gradual underflow is not modelled, nor is it by the ULP bounds). FLOAT32 may be
// flushed (flush_to_zero.h): any operation may lose a result below 2^-126 to 0, so the sum's bound adds
// U = 3N * 2^-126 (per term: its input's flush, its own operation's, its addition's) and every bound
// below adds 2^-126 for the output's own flush; for FLOAT16 and FLOAT64, U = 0 and nothing is added.
// With B the sum's bound (U included):
//
// | function    | bound on |actual - expected|                                               |
// |-------------|----------------------------------------------------------------------------|
// | SUM, L1     | B = c(N) * eps * sum|x| + U                                                  |
// | AVERAGE     | (B + 3 * eps * (sum|x| + B)) / N                                             |
// | SUM_SQUARE  | B2 = c(N + 1) * eps * sum x^2 + U                                            |
// | L2          | R + 5 * eps * (L2 + R), R = B2 / (L2 + sqrt(sum x^2 - B2)), or sqrt(B2) when B2 >= sum x^2 |
// | LOG_SUM     | G + 4 * eps * (1 + |log sum| + G), G = -log(1 - B / sum); infinite (any answer, NaN |
// |             |   and infinities included) when |sum| <= B; 0 (exact: NaN) when sum < -B            |
// | LOG_SUM_EXP | G + 4 * eps * (1 + |max| + log S + G), G = -log(1 - BE / S), S = sum exp(x - max), |
// |             |   BE = c(N) * eps * S + eps * sum (4 + 2.5 |x - max|) * exp(x - max) + U     |
//
// c(N) = N, and 2N for FLOAT64: (N - 1) * eps bounds gamma_{N-1} while (N - 1) * u <= 1/2 (the factor 2
// over (N - 1) * u absorbs gamma's denominator); one more eps * sum|x| covers the reference, which sums
// in double (error below (N - 1) * 2^-53 * sum|x|) and rounds once (eps / 2 * |sum|). For FLOAT64 the
// reference also sums in double, in its own order, so its error is as large as the backend's: 2N.
// SUM_SQUARE's c(N + 1) adds the rounding of each square (u * x^2). The final operations are charged in
// ULPs of their result (an ULP is at most eps * |value|), each with the reference's final half ULP:
// division 2.5 + 0.5 (Vulkan's and Direct3D's division), sqrt 4.5 + 0.5 (Vulkan's 1 / inversesqrt),
// log 4 eps absolute (as tolerance.h: Vulkan's 2^-21 near 1, 3 ULP elsewhere). LOG_SUM_EXP's terms carry
// exp's error, 3 + 2|d| ULP for exp(d) (Vulkan), d = x - max rounded (u * |d| relative in exp(d)) and
// the reference's own float exp (1 ULP): (4 + 2.5 |d|) eps per term. L2 and the logarithms are exact
// bounds of the function over [sum - B, sum + B], not first-order ones (first order: B2 / (2 * L2) and
// B / sum).
//
// Overflow: when a partial sum of the finite terms can pass the output type's largest finite value (the
// larger of the sum of the positive terms and of the negative terms' magnitudes; sum|x| for L1, sum x^2
// for SUM_SQUARE and L2), a backend accumulating in the output type overflows in some orders (squares:
// in every order) to an infinity or, beside an infinite term, NaN: the bound is infinite and any answer
// passes. Otherwise terms that hold an infinity or NaN make the bound 0: the result is an
// infinity or NaN, compared exactly.
//
// MULTIPLY's is 0 (a product's error is relative to |product| (gamma_{N-1}), which no cancellation
// shrinks, so its ULP bound already holds) unless some order of the products leaves the normal range:
// the factors above 1 in magnitude multiply past the largest finite value, or those below 1 under the
// smallest normal; then it is infinite (any answer). Integer outputs and MIN, MAX, ARGMIN, ARGMAX have none.
//
// Thread-safe (pure functions).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "ops/data_type.h"
#include "ops/operators/reduce.h"

namespace dmlc::app {

// The output type's machine epsilon: 2^-10 (FLOAT16), 2^-23 (FLOAT32), 2^-52 (FLOAT64).
double MachineEpsilon(ops::DataType type);

// Whether DataErrorBounds() applies: a float SUM, AVERAGE, L1, L2, SUM_SQUARE, LOG_SUM, LOG_SUM_EXP or
// MULTIPLY.
bool HasDataErrorBound(const ops::ReduceDesc& desc);
// The bound as reports state it: "N * eps * sum|x|" (FLOAT16); FLOAT32's adds its flushes,
// "(N * eps * sum|x| + U) + 2^-126, U = 3N * 2^-126". Only for descs HasDataErrorBound() accepts.
std::string DataErrorBoundFormula(const ops::ReduceDesc& desc);
// The bound of each logical output element, in row-major order of OutputTensor.Sizes, walking `input`
// (InputTensor's buffer, at least TotalTensorSizeInBytes: checked) through its strides as the reference
// does. For a desc that ops::Validate() accepted and HasDataErrorBound() accepts (checked). Elements whose
// expected value is NaN or infinite get whatever bound; the comparison never consults it for them.
std::vector<double> DataErrorBounds(const ops::ReduceDesc& desc, std::span<const std::byte> input);

}  // namespace dmlc::app
