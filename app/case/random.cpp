#include "app/case/random.h"

#include <cmath>
#include <cstddef>
#include <string>

#include "app/case/element_codec.h"

namespace dmlc::app {
namespace {

// The value as the 64-bit two's complement integer it denotes; `min`/`max` were already checked to
// fit the integer type by EncodeElement, so they are integral.
uint64_t IntegerBits(const Scalar& v) {
  if (const auto* i = std::get_if<int64_t>(&v)) return static_cast<uint64_t>(*i);
  if (const auto* u = std::get_if<uint64_t>(&v)) return *u;
  const double d = std::get<double>(v);
  return d < 0 ? static_cast<uint64_t>(static_cast<int64_t>(d)) : static_cast<uint64_t>(d);
}

double AsDouble(const Scalar& v) {
  return std::visit([](auto x) { return static_cast<double>(x); }, v);
}

}  // namespace

uint64_t SplitMix64::Next() {
  state_ += 0x9E3779B97F4A7C15ull;
  uint64_t z = state_;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

Result<RandomElements> RandomElements::Create(uint64_t seed, const Scalar& min, const Scalar& max,
                                              ops::DataType type) {
  const uint32_t size = ops::ElementSize(type);
  if (size == 0) {
    return MakeError("case", "", "random data needs a known DataType", "DataType must be known");
  }
  std::byte scratch[8];
  for (const Scalar* bound : {&min, &max}) {
    Status fits = EncodeElement(*bound, type, scratch);
    if (!fits.ok()) {
      Error e = fits.error();
      e.message = "random " + std::string(bound == &min ? "min " : "max ") + e.message;
      return e;
    }
  }
  RandomElements out(seed, type);
  if (ops::IsFloat(type)) {
    out.float_min_ = AsDouble(min);
    out.float_max_ = AsDouble(max);
    if (!std::isfinite(out.float_min_) || !std::isfinite(out.float_max_) || out.float_min_ > out.float_max_) {
      return MakeError("case", "", "random range [" + FormatScalar(min) + ", " + FormatScalar(max) + "] is not finite and ordered",
                       "random min <= max, both finite");
    }
    return out;
  }
  const uint64_t lo = IntegerBits(min);
  const uint64_t hi = IntegerBits(max);
  const bool ordered = ops::IsSignedInteger(type) ? static_cast<int64_t>(lo) <= static_cast<int64_t>(hi) : lo <= hi;
  if (!ordered) {
    return MakeError("case", "", "random min " + FormatScalar(min) + " is greater than max " + FormatScalar(max),
                     "random min <= max, both finite");
  }
  out.int_min_ = lo;
  out.int_span_ = hi - lo + 1;
  return out;
}

Scalar RandomElements::Next() {
  if (type_ == ops::DataType::kFloat64) {
    const double u = static_cast<double>(bits_.Next() >> 11) * 0x1p-53;
    return Scalar{float_min_ + u * (float_max_ - float_min_)};
  }
  if (ops::IsFloat(type_)) {
    const double u = static_cast<double>(bits_.Next() >> 40) * 0x1p-24;
    return Scalar{float_min_ + u * (float_max_ - float_min_)};
  }
  uint64_t draw = bits_.Next();
  if (int_span_ != 0) {
    const uint64_t threshold = (0 - int_span_) % int_span_;
    while (draw < threshold) draw = bits_.Next();
    draw %= int_span_;
  }
  const uint64_t bits = int_min_ + draw;
  if (ops::IsSignedInteger(type_)) return Scalar{static_cast<int64_t>(bits)};
  return Scalar{bits};
}

}  // namespace dmlc::app
