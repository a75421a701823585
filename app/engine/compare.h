// THE comparison rule, in one place (docs/case-format.md, "Tolerances", states it the same way):
// - Integers (any width, signed or not) must be equal.
// - Floats (FLOAT16/32/64) are equal when their bits are equal, or both are NaN (any payload). Otherwise
//   an element passes when it is within the tolerance's ULP bound OR |a - e| <= atol + rtol * |e|,
//   whichever bounds the tolerance gives, OR, where the caller gives per-element bounds (the data-derived
//   default of the summing REDUCE functions, error_bound.h), |a - e| <= that element's bound. -0 and +0
//   are equal only where the tolerance allows any error or the caller says so (MIN and MAX);
//   infinities and NaN must match exactly (no bound admits them), except where an element's bound is
//   infinite (the data leave the result undetermined): then any answer passes.
// - Where the caller gives an alternative expected buffer (the flushed reference, flush_to_zero.h), an
//   element that fails against the expected value passes when, FLOAT32 subnormals flushed to zero, it
//   passes by the same rule against the alternative's (integers: equals it). Errors and mismatches are reported against the expected value.
// Only logical elements are compared, walking each buffer through the desc's strides. Thread-safe
// (pure functions).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "app/case/initializer.h"
#include "app/case/test_case.h"
#include "app/engine/error_map.h"
#include "ops/tensor_desc.h"

namespace dmlc::app {

struct Mismatch {
  std::string tensor;                 // the output field: "OutputTensor"
  std::vector<uint32_t> coordinates;  // logical coordinates in Sizes
  ops::DataType data_type = ops::DataType::kUnknown;  // of the tensor, to print values at its precision
  Scalar expected;                    // double for floats, int64_t/uint64_t for integers
  Scalar actual;
  double ulp = 0;        // ULP distance (integers: |a - e|); +inf when exactly one side is NaN
  double abs_error = 0;  // |a - e|; +inf when exactly one side is NaN
  uint64_t expected_bits = 0;  // the elements' bits, zero-extended from the type's width
  uint64_t actual_bits = 0;
};

inline constexpr size_t kWorstMismatches = 5;
inline constexpr size_t kMaxErrorMaps = 4;  // per case: its first failing outputs

struct CompareResult {
  uint64_t elements = 0;    // logical elements compared
  uint64_t mismatches = 0;  // elements outside the tolerance
  double max_ulp = 0;       // over all compared elements
  double max_abs_error = 0;
  std::vector<Mismatch> first;  // the first `max_reported` mismatches, in row-major order
  // The kWorstMismatches largest by ULP distance (then absolute error), largest first; ties keep the
  // earlier element.
  std::vector<Mismatch> worst;
  std::vector<ErrorMap> maps;  // one per failing output, up to kMaxErrorMaps (error_map.h)
  bool maps_omitted = false;   // a report left the maps out to stay within its size (json_report.h)

  bool passed() const { return mismatches == 0; }
};

// What an element may match besides the expected value under the tolerance.
struct Admissions {
  // One bound on |a - e| per logical element in row-major order, for float elements; integers stay exact.
  std::span<const double> element_bounds;
  // A second expected buffer laid out as the expected one (the flushed reference): an element also
  // passes against its value, a FLOAT32 element flushed to zero first.
  std::span<const std::byte> alternative;
  // -0 and +0 are equal whatever the tolerance (MIN and MAX: which of two tied zeros comes out is open).
  bool zero_signs_equal = false;
};

// Compares the logical elements of two buffers laid out as `desc` says, adding to `result` (so one
// result can cover several outputs). `tensor` names the output in mismatches. Both spans hold at least
// desc.TotalTensorSizeInBytes bytes (checked: a shorter span aborts, it is a caller bug).
// `admitted.element_bounds`, when not empty, holds one bound per logical element (checked);
// `admitted.alternative`, when not empty, at least TotalTensorSizeInBytes bytes (checked).
void CompareTensor(const ops::TensorDesc& desc, std::string_view tensor, std::span<const std::byte> expected,
                   std::span<const std::byte> actual, const Tolerance& tolerance, size_t max_reported,
                   CompareResult& result, const Admissions& admitted = {});

// ULP distance of two same-width IEEE values given as bit patterns (width 16, 32 or 64): the number of
// representable values between them, counting across zero; +0 and -0 are 0 apart. Neither may be NaN.
uint64_t UlpDistance(uint64_t a_bits, uint64_t b_bits, int width);

}  // namespace dmlc::app
