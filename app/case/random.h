// The case format's random initializer, {"random": {"seed": s, "min": a, "max": b}}. Its output is part
// of the format: every machine, compiler and backend must see the same tensor for the same case, so the
// generator is defined here exactly and pinned by tests. Changing it changes every random case.
//
// Bits: SplitMix64 (Steele, Lea, Flood 2014). The state starts at `seed`; each draw does
//   state += 0x9E3779B97F4A7C15;
//   z = state;
//   z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9;
//   z = (z ^ (z >> 27)) * 0x94D049BB133111EB;
//   return z ^ (z >> 31);                       (all arithmetic modulo 2^64)
// Logical elements are drawn in row-major order of Sizes, one or more draws each:
// - FLOAT64: u = (draw >> 11) * 2^-53; value = min + u * (max - min), in double.
// - FLOAT32, FLOAT16: u = (draw >> 40) * 2^-24; value = min + u * (max - min) in double, then rounded
//   to nearest (even) in the element type. u lies in [0, 1), so values lie in [min, max] (rounding may
//   reach max).
// - Integer types: uniform in [min, max] inclusive. With n = max - min + 1 (modulo 2^64; n = 0 means
//   the whole 64-bit range, where value = min + draw), draws below (2^64 - n) mod n are rejected and
//   drawn again, then value = min + draw mod n. Rejection keeps the distribution exactly uniform.
// Defaults in the case format: seed 0, min 0, max 1.
#pragma once

#include <cstdint>

#include "app/case/initializer.h"
#include "ops/data_type.h"
#include "ops/error.h"

namespace dmlc::app {

class SplitMix64 {
 public:
  explicit SplitMix64(uint64_t seed) : state_(seed) {}
  uint64_t Next();

 private:
  uint64_t state_;
};

// Draws the elements of one tensor. Not thread-safe; one per materialization.
class RandomElements {
 public:
  // Error when min or max does not fit `type`, is not finite, or min > max.
  static Result<RandomElements> Create(uint64_t seed, const Scalar& min, const Scalar& max, ops::DataType type);
  // The next logical element: a double for float types, int64 or uint64 for integer types.
  Scalar Next();

 private:
  RandomElements(uint64_t seed, ops::DataType type) : bits_(seed), type_(type) {}
  SplitMix64 bits_;
  ops::DataType type_;
  double float_min_ = 0;
  double float_max_ = 0;
  uint64_t int_min_ = 0;  // signed types: two's complement bits of the int64 minimum
  uint64_t int_span_ = 0;  // max - min + 1, modulo 2^64
};

}  // namespace dmlc::app
