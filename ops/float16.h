// IEEE 754 binary16 conversions with round-to-nearest-even, subnormals, infinities and NaN.
// Two implementations: a portable one, and F16C instructions where the CPU has them. The public
// functions pick F16C at run time; the portable ones stay callable so tests can diff the two.
// NaN converts to a quiet NaN of the same sign, keeping the payload bits that fit (both ways, as F16C
// does). Thread-safe; no state beyond a cached CPU feature check.
#pragma once

#include <cstddef>
#include <cstdint>

namespace dmlc::ops {

float HalfToFloat(uint16_t h);
uint16_t FloatToHalf(float f);
// Rounds once from double (no double rounding through float): what REDUCE's "accumulate in double,
// round once to the output type" needs.
uint16_t DoubleToHalf(double d);

// Bulk conversions; F16C when available.
void HalfToFloat(const uint16_t* in, float* out, size_t count);
void FloatToHalf(const float* in, uint16_t* out, size_t count);

namespace portable {
float HalfToFloat(uint16_t h);
uint16_t FloatToHalf(float f);
}  // namespace portable

// True when this CPU and build can run the F16C path.
bool HasF16C();
namespace f16c {
// Precondition: HasF16C().
float HalfToFloat(uint16_t h);
uint16_t FloatToHalf(float f);
}  // namespace f16c

}  // namespace dmlc::ops
