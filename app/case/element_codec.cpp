#include "app/case/element_codec.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <optional>
#include <variant>

#include "ops/float16.h"

namespace dmlc::app {
namespace {

using ops::DataType;

template <class T>
void Store(T v, std::byte* out) {
  std::memcpy(out, &v, sizeof(T));
}

// Formats the value only here, on the error path: encoding is per element and hot.
Error DoesNotFit(const Scalar& value, std::string_view written, DataType type, const std::string& why) {
  const std::string shown = written.empty() ? FormatScalar(value) : std::string(written);
  return MakeError("case", "", shown + " " + why + " " + std::string(ops::DataTypeName(type)),
                   "values must fit the data type");
}

// The integer a Scalar denotes exactly, when it denotes one.
std::optional<__int128> ExactInteger(const Scalar& value) {
  if (const auto* i = std::get_if<int64_t>(&value)) return *i;
  if (const auto* u = std::get_if<uint64_t>(&value)) return *u;
  const double d = std::get<double>(value);
  // 2^64 bounds what any supported type holds; beyond it the range check fails anyway.
  if (!std::isfinite(d) || std::trunc(d) != d || std::fabs(d) > 0x1p64) return std::nullopt;
  return static_cast<__int128>(d);
}

double AsDouble(const Scalar& value) {
  return std::visit([](auto v) { return static_cast<double>(v); }, value);
}

template <class T>
Status StoreInteger(__int128 v, const Scalar& value, std::string_view written, DataType type, std::byte* out) {
  if (v < static_cast<__int128>(std::numeric_limits<T>::min()) ||
      v > static_cast<__int128>(std::numeric_limits<T>::max())) {
    return DoesNotFit(value, written, type, "is out of range for");
  }
  Store(static_cast<T>(v), out);
  return OkStatus();
}

Status StoreFloat(const Scalar& value, std::string_view written, DataType type, std::byte* out) {
  const double d = AsDouble(value);
  bool overflowed = false;
  switch (type) {
    case DataType::kFloat64:
      Store(d, out);
      break;
    case DataType::kFloat32: {
      const float f = static_cast<float>(d);
      overflowed = std::isinf(f);
      Store(f, out);
      break;
    }
    default: {  // kFloat16
      const uint16_t h = ops::DoubleToHalf(d);
      overflowed = (h & 0x7fff) == 0x7c00;
      Store(h, out);
      break;
    }
  }
  if (overflowed && std::isfinite(d)) return DoesNotFit(value, written, type, "overflows");
  return OkStatus();
}

}  // namespace

Scalar DecodeElement(const std::byte* in, DataType type) {
  auto load = [in]<class T>(T) {
    T v;
    std::memcpy(&v, in, sizeof(T));
    return v;
  };
  switch (type) {
    case DataType::kFloat16: return double{ops::HalfToFloat(load(uint16_t{}))};
    case DataType::kFloat32: return double{load(float{})};
    case DataType::kFloat64: return load(double{});
    case DataType::kInt8: return int64_t{load(int8_t{})};
    case DataType::kInt16: return int64_t{load(int16_t{})};
    case DataType::kInt32: return int64_t{load(int32_t{})};
    case DataType::kInt64: return load(int64_t{});
    case DataType::kUint8: return uint64_t{load(uint8_t{})};
    case DataType::kUint16: return uint64_t{load(uint16_t{})};
    case DataType::kUint32: return uint64_t{load(uint32_t{})};
    case DataType::kUint64: return load(uint64_t{});
    case DataType::kUnknown: break;
  }
  return 0.0;
}

Status EncodeElement(const Scalar& value, DataType type, std::byte* out, std::string_view written) {
  if (ops::IsFloat(type)) return StoreFloat(value, written, type, out);
  std::optional<__int128> v = ExactInteger(value);
  if (!v) return DoesNotFit(value, written, type, "is not an integer, as required by");
  switch (type) {
    case DataType::kInt8: return StoreInteger<int8_t>(*v, value, written, type, out);
    case DataType::kInt16: return StoreInteger<int16_t>(*v, value, written, type, out);
    case DataType::kInt32: return StoreInteger<int32_t>(*v, value, written, type, out);
    case DataType::kInt64: return StoreInteger<int64_t>(*v, value, written, type, out);
    case DataType::kUint8: return StoreInteger<uint8_t>(*v, value, written, type, out);
    case DataType::kUint16: return StoreInteger<uint16_t>(*v, value, written, type, out);
    case DataType::kUint32: return StoreInteger<uint32_t>(*v, value, written, type, out);
    case DataType::kUint64: return StoreInteger<uint64_t>(*v, value, written, type, out);
    default:
      return MakeError("case", "", "cannot store values of data type " + std::string(ops::DataTypeName(type)),
                       "DataType must be known");
  }
}

std::string FormatScalar(const Scalar& value) {
  if (const auto* i = std::get_if<int64_t>(&value)) return std::to_string(*i);
  if (const auto* u = std::get_if<uint64_t>(&value)) return std::to_string(*u);
  const double d = std::get<double>(value);
  if (std::isnan(d)) return "nan";
  if (std::isinf(d)) return d > 0 ? "inf" : "-inf";
  char buffer[32];
  auto [end, ec] = std::to_chars(buffer, buffer + sizeof(buffer), d);  // shortest round-trip form
  return std::string(buffer, ec == std::errc() ? end : buffer);
}

}  // namespace dmlc::app
