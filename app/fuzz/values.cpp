#include "app/fuzz/values.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "ops/check.h"
#include "ops/float16.h"

namespace dmlc::app::fuzz {
namespace {

using ops::DataType;

// Element draws below this are the small integers 0, 1, -1, 2, -2, 3, -3, 4, -4 (unsigned: 0 to 8).
constexpr uint64_t kSmallCount = 9;
// Draws past the small integers and specials: moderate random values (floats in 1/16 steps within
// +-128, integers within +-2048, unsigned ones below 4096, all wrapped to the type) and, in the wide
// style, any 32 random bits.
constexpr uint64_t kModerateCount = 4096;
constexpr uint64_t kWideCount = uint64_t{1} << 32;
constexpr double kModerateStep = 1.0 / 16;

enum Style : uint64_t { kSmall, kModerate, kDenseSpecials, kSparseSpecials, kWide, kStyles };

int Bits(DataType type) { return static_cast<int>(ops::ElementSize(type)) * 8; }

// 0, 1, -1, 2, -2, ...: lower draws, smaller magnitudes.
int64_t ZigZag(uint64_t d) { return (d & 1) != 0 ? static_cast<int64_t>((d + 1) / 2) : -static_cast<int64_t>(d / 2); }

struct FloatFormat {
  double max;
  double min_normal;
  double min_subnormal;
  int min_exponent;  // of the smallest subnormal
  int max_exponent;  // of the largest finite value
};

FloatFormat FormatOf(DataType type) {
  switch (type) {
    case DataType::kFloat16:
      return {65504.0, std::ldexp(1.0, -14), std::ldexp(1.0, -24), -24, 15};
    case DataType::kFloat32:
      return {std::numeric_limits<float>::max(), std::numeric_limits<float>::min(),
              std::numeric_limits<float>::denorm_min(), -149, 127};
    default:
      return {std::numeric_limits<double>::max(), std::numeric_limits<double>::min(),
              std::numeric_limits<double>::denorm_min(), -1074, 1023};
  }
}

// `v` rounded to the float `type`, so a case file shows the value the tensor holds.
double RoundToType(double v, DataType type) {
  switch (type) {
    case DataType::kFloat16:
      return ops::HalfToFloat(ops::DoubleToHalf(v));
    case DataType::kFloat32:
      return static_cast<float>(v);
    default:
      return v;
  }
}

std::vector<Scalar> FloatSpecials(DataType type) {
  const FloatFormat f = FormatOf(type);
  const double inf = std::numeric_limits<double>::infinity();
  const double largest_subnormal = f.min_normal - f.min_subnormal;
  return {std::numeric_limits<double>::quiet_NaN(), inf, -inf, -0.0, f.max, -f.max, f.min_normal, -f.min_normal,
          f.min_subnormal, -f.min_subnormal, largest_subnormal, -largest_subnormal, 0.5, -0.5};
}

std::vector<Scalar> IntegerSpecials(DataType type) {
  const int bits = Bits(type);
  if (ops::IsUnsignedInteger(type)) {
    const uint64_t max = bits == 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1;
    const uint64_t half = uint64_t{1} << (bits - 1);
    return {max, max - 1, half, half - 1};
  }
  const int64_t max = bits == 64 ? std::numeric_limits<int64_t>::max() : (int64_t{1} << (bits - 1)) - 1;
  const int64_t min = -max - 1;
  return {max, min, max - 1, min + 1};
}

std::vector<Scalar> SpecialValues(DataType type) {
  return ops::IsFloat(type) ? FloatSpecials(type) : IntegerSpecials(type);
}

}  // namespace

double LargestFinite(DataType type) { return FormatOf(type).max; }
int LargestExponent(DataType type) { return FormatOf(type).max_exponent; }

Scalar WrapInteger(int64_t v, DataType type) {
  const int bits = Bits(type);
  const uint64_t mask = bits == 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1;
  const uint64_t u = static_cast<uint64_t>(v) & mask;
  if (ops::IsUnsignedInteger(type)) return u;
  const uint64_t sign = uint64_t{1} << (bits - 1);
  return static_cast<int64_t>((u ^ sign) - sign);  // sign-extends from `bits`
}

Scalar MaxInteger(DataType type) {
  const int bits = Bits(type);
  if (ops::IsUnsignedInteger(type)) return bits == 64 ? ~uint64_t{0} : (uint64_t{1} << bits) - 1;
  return bits == 64 ? std::numeric_limits<int64_t>::max() : (int64_t{1} << (bits - 1)) - 1;
}

ValueSource::ValueSource(DataType type, ValueRange range, uint64_t bound, bool specials)
    : type_(type), range_(range), bound_(bound), specials_(specials) {
  if (specials_) special_values_ = SpecialValues(type);
}

ValueSource ValueSource::Draw(Choices& choices, DataType type, ValueRange range) {
  const uint64_t specials = SpecialValues(type).size();
  switch (choices.Draw(kStyles)) {
    case kSmall:
      return ValueSource(type, range, kSmallCount, false);
    case kModerate:
      return ValueSource(type, range, kSmallCount + kModerateCount, false);
    case kDenseSpecials:
      return ValueSource(type, range, kSmallCount + specials, true);
    case kSparseSpecials:
      return ValueSource(type, range, kSmallCount + specials + kModerateCount, true);
    default:
      return ValueSource(type, range, kSmallCount + specials + kWideCount, true);
  }
}

Scalar ValueSource::Next(Choices& choices) const {
  const uint64_t d = choices.Draw(bound_);
  if (d < kSmallCount) return Small(d);
  if (d - kSmallCount < special_values_.size()) return special_values_[d - kSmallCount];
  const uint64_t r = d - kSmallCount - special_values_.size();
  return r < kModerateCount ? Moderate(r) : Wide(r - kModerateCount);
}

Scalar ValueSource::Small(uint64_t d) const {
  if (ops::IsUnsignedInteger(type_)) return d;
  if (!ops::IsFloat(type_)) return int64_t{ZigZag(d)};
  return InRange(static_cast<double>(ZigZag(d)));
}

Scalar ValueSource::Moderate(uint64_t r) const {
  if (ops::IsUnsignedInteger(type_)) return WrapInteger(static_cast<int64_t>(r), type_);
  if (!ops::IsFloat(type_)) return WrapInteger(ZigZag(r), type_);
  return InRange(static_cast<double>(ZigZag(r)) * kModerateStep);
}

// Integers take the 32 random bits (spread over 64 for the 64-bit types); floats a random sign,
// exponent (from the smallest subnormal's to the range's largest) and 23-bit significand.
Scalar ValueSource::Wide(uint64_t bits) const {
  if (!ops::IsFloat(type_)) {
    return WrapInteger(static_cast<int64_t>(Bits(type_) == 64 ? bits * 0x9E3779B97F4A7C15ull : bits), type_);
  }
  const FloatFormat f = FormatOf(type_);
  // ilogb is exact, unlike log2, so the exponent range is the same on every platform.
  const bool limited = std::isfinite(range_.limit) && range_.limit > 0;
  const int top = limited ? std::min(f.max_exponent, std::ilogb(range_.limit)) : f.max_exponent;
  const uint64_t span = static_cast<uint64_t>(std::max(top - f.min_exponent + 1, 1));
  const int exponent = f.min_exponent + static_cast<int>(((bits >> 1) & 0xFF) * span / 256);
  const double significand = 1.0 + static_cast<double>(bits >> 9) / static_cast<double>(uint64_t{1} << 23);
  return InRange(std::ldexp(significand, exponent) * ((bits & 1) != 0 ? -1.0 : 1.0));
}

Scalar ValueSource::InRange(double value) const {
  if (range_.nonnegative) value = std::fabs(value);
  // Within the type's finite range too: rounding past its largest value would make an infinity.
  const double limit = std::min(range_.limit, FormatOf(type_).max);
  return RoundToType(std::clamp(value, -limit, limit), type_);
}

std::vector<Scalar> DrawBufferValues(Choices& choices, const ops::TensorDesc& desc, ValueRange range) {
  const ValueSource source = ValueSource::Draw(choices, desc.DataType, range);
  std::vector<Scalar> values(desc.TotalTensorSizeInBytes / ops::ElementSize(desc.DataType));
  for (Scalar& value : values) value = source.Next(choices);
  return values;
}

Initializer BufferInitializer(std::vector<Scalar> values, std::string path) {
  Initializer init;
  init.kind = Initializer::Kind::kBuffer;
  init.values = std::move(values);
  init.path = std::move(path);
  return init;
}

std::vector<uint64_t> LogicalOffsets(const ops::TensorDesc& desc) {
  const std::vector<uint32_t> strides = ops::EffectiveStrides(desc);
  const uint64_t count = ops::ElementCount(desc.Sizes).value();
  std::vector<uint64_t> offsets;
  offsets.reserve(count);
  std::vector<uint32_t> coordinate(desc.Sizes.size(), 0);
  uint64_t offset = 0;
  for (uint64_t i = 0; i < count; ++i) {
    offsets.push_back(offset);
    // Odometer step: the last dimension moves fastest.
    for (size_t d = coordinate.size(); d-- > 0;) {
      offset += strides[d];
      if (++coordinate[d] < desc.Sizes[d]) break;
      offset -= uint64_t{strides[d]} * desc.Sizes[d];
      coordinate[d] = 0;
    }
  }
  DMLC_CHECK(offsets.size() == count);
  return offsets;
}

}  // namespace dmlc::app::fuzz
