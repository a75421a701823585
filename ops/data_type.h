// The eleven DirectML tensor data types, with their DirectML enum values, sizes and names.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace dmlc::ops {

// Values are DML_TENSOR_DATA_TYPE's, so descs map one to one.
enum class DataType : uint8_t {
  kUnknown = 0,
  kFloat32 = 1,
  kFloat16 = 2,
  kUint32 = 3,
  kUint16 = 4,
  kUint8 = 5,
  kInt32 = 6,
  kInt16 = 7,
  kInt8 = 8,
  kFloat64 = 9,
  kUint64 = 10,
  kInt64 = 11,
};

inline constexpr DataType kAllDataTypes[] = {
    DataType::kFloat64, DataType::kFloat32, DataType::kFloat16, DataType::kInt64,
    DataType::kInt32,   DataType::kInt16,   DataType::kInt8,    DataType::kUint64,
    DataType::kUint32,  DataType::kUint16,  DataType::kUint8};

// Bytes per element: 1, 2, 4 or 8. 0 for kUnknown.
uint32_t ElementSize(DataType type);
bool IsFloat(DataType type);
bool IsSignedInteger(DataType type);
bool IsUnsignedInteger(DataType type);
inline bool IsInteger(DataType type) { return IsSignedInteger(type) || IsUnsignedInteger(type); }

// "FLOAT32", as in the spec's tables.
std::string_view DataTypeName(DataType type);
// Every type's name, in kAllDataTypes order: what an unknown type's message offers.
std::vector<std::string_view> DataTypeNames();
// Accepts "DML_TENSOR_DATA_TYPE_FLOAT32" and "FLOAT32"; nullopt for anything else.
std::optional<DataType> ParseDataType(std::string_view text);

// A set of data types, as one row of a feature-level table lists them.
class DataTypeSet {
 public:
  constexpr DataTypeSet() = default;
  constexpr DataTypeSet(std::initializer_list<DataType> types) {
    for (DataType t : types) bits_ |= Bit(t);
  }
  constexpr bool Contains(DataType t) const { return (bits_ & Bit(t)) != 0; }
  constexpr bool empty() const { return bits_ == 0; }
  std::vector<DataType> ToVector() const;
  std::string ToString() const;  // "FLOAT32, FLOAT16" in the tables' order

 private:
  static constexpr uint32_t Bit(DataType t) { return 1u << static_cast<uint32_t>(t); }
  uint32_t bits_ = 0;
};

}  // namespace dmlc::ops
