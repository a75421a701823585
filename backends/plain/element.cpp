#include "backends/plain/element.h"

#include <cstring>

#include "ops/check.h"
#include "ops/float16.h"

namespace dmlc::backends::plain {
namespace {

template <class T>
T Read(const std::byte* p) {
  T value;
  std::memcpy(&value, p, sizeof(T));
  return value;
}

template <class T>
void Write(std::byte* p, T value) {
  std::memcpy(p, &value, sizeof(T));
}

// ByteOffset(), checked to lie with the whole element inside a buffer of `buffer_size` bytes.
uint64_t CheckedOffset(const ops::TensorDesc& desc, uint64_t buffer_size, const Coordinates& coord) {
  const uint64_t offset = ByteOffset(desc, coord);
  DMLC_CHECK(offset + ops::ElementSize(desc.DataType) <= buffer_size)
      << ops::Describe(desc) << " element at byte " << offset << " of a " << buffer_size << "-byte buffer";
  return offset;
}

}  // namespace

uint64_t ElementCount(const ops::TensorDesc& desc) {
  uint64_t count = 1;
  for (uint32_t size : desc.Sizes) count *= size;
  return count;
}

Coordinates CoordinatesOf(const ops::TensorDesc& desc, uint64_t index) {
  Coordinates coord(desc.Sizes.size());
  for (size_t d = desc.Sizes.size(); d-- > 0;) {
    coord[d] = index % desc.Sizes[d];
    index /= desc.Sizes[d];
  }
  return coord;
}

uint64_t ByteOffset(const ops::TensorDesc& desc, const Coordinates& coord) {
  const std::vector<uint32_t> strides = ops::EffectiveStrides(desc);
  uint64_t elements = 0;
  for (size_t d = 0; d < coord.size(); ++d) elements += coord[d] * strides[d];
  return elements * ops::ElementSize(desc.DataType);
}

uint64_t SpannedBytes(const ops::TensorDesc& desc) {
  Coordinates last(desc.Sizes.size());
  for (size_t d = 0; d < last.size(); ++d) last[d] = desc.Sizes[d] - 1;
  return ByteOffset(desc, last) + ops::ElementSize(desc.DataType);
}

const std::byte* ElementAt(const ops::TensorDesc& desc, ConstBuffer buffer, const Coordinates& coord) {
  return buffer.data() + CheckedOffset(desc, buffer.size(), coord);
}

std::byte* ElementAt(const ops::TensorDesc& desc, MutableBuffer buffer, const Coordinates& coord) {
  return buffer.data() + CheckedOffset(desc, buffer.size(), coord);
}

void CopyElement(std::byte* to, const std::byte* from, ops::DataType type) {
  std::memcpy(to, from, ops::ElementSize(type));
}

double LoadFloat(const std::byte* p, ops::DataType type) {
  switch (type) {
    case ops::DataType::kFloat64: return Read<double>(p);
    case ops::DataType::kFloat32: return Read<float>(p);
    case ops::DataType::kFloat16: return ops::HalfToFloat(Read<uint16_t>(p));
    default: break;
  }
  DMLC_CHECK(false) << "LoadFloat of " << ops::DataTypeName(type);
  return 0;
}

void StoreFloat(std::byte* p, ops::DataType type, double value) {
  switch (type) {
    case ops::DataType::kFloat64: return Write(p, value);
    case ops::DataType::kFloat32: return Write(p, static_cast<float>(value));
    case ops::DataType::kFloat16: return Write(p, ops::DoubleToHalf(value));
    default: break;
  }
  DMLC_CHECK(false) << "StoreFloat of " << ops::DataTypeName(type);
}

uint64_t LoadInteger(const std::byte* p, ops::DataType type) {
  // Converting a negative int64_t to uint64_t is modulo 2^64: the sign extension.
  switch (type) {
    case ops::DataType::kInt64: return static_cast<uint64_t>(Read<int64_t>(p));
    case ops::DataType::kInt32: return static_cast<uint64_t>(int64_t{Read<int32_t>(p)});
    case ops::DataType::kInt16: return static_cast<uint64_t>(int64_t{Read<int16_t>(p)});
    case ops::DataType::kInt8: return static_cast<uint64_t>(int64_t{Read<int8_t>(p)});
    case ops::DataType::kUint64: return Read<uint64_t>(p);
    case ops::DataType::kUint32: return Read<uint32_t>(p);
    case ops::DataType::kUint16: return Read<uint16_t>(p);
    case ops::DataType::kUint8: return Read<uint8_t>(p);
    default: break;
  }
  DMLC_CHECK(false) << "LoadInteger of " << ops::DataTypeName(type);
  return 0;
}

void StoreInteger(std::byte* p, ops::DataType type, uint64_t value) {
  // Converting to a narrower unsigned type keeps the low bits; the signed type has the same bits.
  switch (type) {
    case ops::DataType::kInt64:
    case ops::DataType::kUint64: return Write(p, value);
    case ops::DataType::kInt32:
    case ops::DataType::kUint32: return Write(p, static_cast<uint32_t>(value));
    case ops::DataType::kInt16:
    case ops::DataType::kUint16: return Write(p, static_cast<uint16_t>(value));
    case ops::DataType::kInt8:
    case ops::DataType::kUint8: return Write(p, static_cast<uint8_t>(value));
    default: break;
  }
  DMLC_CHECK(false) << "StoreInteger of " << ops::DataTypeName(type);
}

std::optional<uint64_t> ResolveIndex(uint64_t loaded, ops::DataType type, uint64_t size) {
  if (ops::IsSignedInteger(type)) {
    int64_t index = static_cast<int64_t>(loaded);
    if (index < 0) index += static_cast<int64_t>(size);
    if (index < 0 || static_cast<uint64_t>(index) >= size) return std::nullopt;
    return static_cast<uint64_t>(index);
  }
  if (loaded >= size) return std::nullopt;
  return loaded;
}

}  // namespace dmlc::backends::plain
