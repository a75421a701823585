#include "ops/data_type.h"

namespace dmlc::ops {
namespace {

struct DataTypeInfo {
  DataType type;
  std::string_view name;
  uint32_t size;
};

// One table for names and sizes, in the spec tables' order, so parsing and printing cannot disagree.
constexpr DataTypeInfo kInfo[] = {
    {DataType::kFloat64, "FLOAT64", 8}, {DataType::kFloat32, "FLOAT32", 4}, {DataType::kFloat16, "FLOAT16", 2},
    {DataType::kInt64, "INT64", 8},     {DataType::kInt32, "INT32", 4},     {DataType::kInt16, "INT16", 2},
    {DataType::kInt8, "INT8", 1},       {DataType::kUint64, "UINT64", 8},   {DataType::kUint32, "UINT32", 4},
    {DataType::kUint16, "UINT16", 2},   {DataType::kUint8, "UINT8", 1},
};

const DataTypeInfo* Find(DataType type) {
  for (const DataTypeInfo& info : kInfo) {
    if (info.type == type) return &info;
  }
  return nullptr;
}

}  // namespace

uint32_t ElementSize(DataType type) {
  const DataTypeInfo* info = Find(type);
  return info ? info->size : 0;
}

bool IsFloat(DataType type) {
  return type == DataType::kFloat64 || type == DataType::kFloat32 || type == DataType::kFloat16;
}

bool IsSignedInteger(DataType type) {
  return type == DataType::kInt64 || type == DataType::kInt32 || type == DataType::kInt16 || type == DataType::kInt8;
}

bool IsUnsignedInteger(DataType type) {
  return type == DataType::kUint64 || type == DataType::kUint32 || type == DataType::kUint16 ||
         type == DataType::kUint8;
}

std::vector<std::string_view> DataTypeNames() {
  std::vector<std::string_view> names;
  for (DataType t : kAllDataTypes) names.push_back(DataTypeName(t));
  return names;
}

std::string_view DataTypeName(DataType type) {
  const DataTypeInfo* info = Find(type);
  return info ? info->name : "UNKNOWN";
}

std::optional<DataType> ParseDataType(std::string_view text) {
  constexpr std::string_view kPrefix = "DML_TENSOR_DATA_TYPE_";
  if (text.starts_with(kPrefix)) text.remove_prefix(kPrefix.size());
  for (const DataTypeInfo& info : kInfo) {
    if (info.name == text) return info.type;
  }
  return std::nullopt;
}

std::vector<DataType> DataTypeSet::ToVector() const {
  std::vector<DataType> out;
  for (const DataTypeInfo& info : kInfo) {
    if (Contains(info.type)) out.push_back(info.type);
  }
  return out;
}

std::string DataTypeSet::ToString() const {
  std::string out;
  for (DataType type : ToVector()) {
    if (!out.empty()) out += ", ";
    out += DataTypeName(type);
  }
  return out;
}

}  // namespace dmlc::ops
