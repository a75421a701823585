// Element values for generated tensors, one draw per element so that the shrinker simplifies data
// element by element: draw 0 is the value 0, small draws are 1, -1, 2, -2 ..., larger ones the
// type's special values (NaN, infinities, -0, subnormals, extremes) and random values. Pure functions
// of the draws; thread-safe.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "app/case/initializer.h"
#include "app/fuzz/choices.h"
#include "ops/data_type.h"
#include "ops/tensor_desc.h"

namespace dmlc::app::fuzz {

// Bounds on float data that keep an operator's results meaningful (finite most of the time, for
// instance a product of N values). Special values are exempt: they are there on purpose. Integer
// types ignore it (their arithmetic wraps, as docs/semantics.md defines). Computed without transcendental
// functions, whose last bits differ between C libraries: a seed gives the same data everywhere.
struct ValueRange {
  double limit = std::numeric_limits<double>::infinity();  // |value| <= limit
  bool nonnegative = false;                                // values >= 0 (LOG_SUM)
};

// One tensor's values: a style drawn once (small integers, moderate random values, dense or sparse
// specials, wide random values), then one draw per element.
class ValueSource {
 public:
  // Draw 0 is the small-integer style, whose draw 0 is the value 0.
  static ValueSource Draw(Choices& choices, ops::DataType type, ValueRange range);
  Scalar Next(Choices& choices) const;

 private:
  ValueSource(ops::DataType type, ValueRange range, uint64_t bound, bool specials);
  // The value of an element draw past the specials, by kind: small integers, moderate random values,
  // wide random bits; floats go through InRange().
  Scalar Small(uint64_t d) const;
  Scalar Moderate(uint64_t r) const;
  Scalar Wide(uint64_t bits) const;
  // A float value within range_ and rounded to the type.
  Scalar InRange(double value) const;

  ops::DataType type_;
  ValueRange range_;
  uint64_t bound_;  // of each element's draw
  bool specials_;   // whether draws past the small integers name special values
  std::vector<Scalar> special_values_;
};

// One value per element of desc's buffer (TotalTensorSizeInBytes / element size of them, gaps and
// the tail past the layout included, so a backend reading them reads something other than zeros).
std::vector<Scalar> DrawBufferValues(Choices& choices, const ops::TensorDesc& desc, ValueRange range);

// A kBuffer initializer holding `values`; `path` is its JSON pointer for errors ("/inputs/InputTensor").
Initializer BufferInitializer(std::vector<Scalar> values, std::string path);

// `v` as a value of the integer `type`, wrapped to its width (two's complement): -1 is UINT32's max.
Scalar WrapInteger(int64_t v, ops::DataType type);
// The largest value of the integer `type`.
Scalar MaxInteger(ops::DataType type);

// The largest finite value of a float type, and its binary exponent (15 for FLOAT16's 65504).
double LargestFinite(ops::DataType type);
int LargestExponent(ops::DataType type);

// The offset of each logical element (row-major) in desc's buffer, in elements.
std::vector<uint64_t> LogicalOffsets(const ops::TensorDesc& desc);

}  // namespace dmlc::app::fuzz
