#include "ops/data_type.h"

#include <gtest/gtest.h>

namespace dmlc::ops {
namespace {

struct TypeRow {
  DataType type;
  const char* name;
  uint32_t size;
  bool is_float, is_signed, is_unsigned;
};

constexpr TypeRow kRows[] = {
    {DataType::kFloat64, "FLOAT64", 8, true, false, false}, {DataType::kFloat32, "FLOAT32", 4, true, false, false},
    {DataType::kFloat16, "FLOAT16", 2, true, false, false}, {DataType::kInt64, "INT64", 8, false, true, false},
    {DataType::kInt32, "INT32", 4, false, true, false},     {DataType::kInt16, "INT16", 2, false, true, false},
    {DataType::kInt8, "INT8", 1, false, true, false},       {DataType::kUint64, "UINT64", 8, false, false, true},
    {DataType::kUint32, "UINT32", 4, false, false, true},   {DataType::kUint16, "UINT16", 2, false, false, true},
    {DataType::kUint8, "UINT8", 1, false, false, true},
};

TEST(DataType, PropertiesAndNames) {
  for (const TypeRow& row : kRows) {
    SCOPED_TRACE(row.name);
    EXPECT_EQ(ElementSize(row.type), row.size);
    EXPECT_EQ(IsFloat(row.type), row.is_float);
    EXPECT_EQ(IsSignedInteger(row.type), row.is_signed);
    EXPECT_EQ(IsUnsignedInteger(row.type), row.is_unsigned);
    EXPECT_EQ(IsInteger(row.type), row.is_signed || row.is_unsigned);
    EXPECT_EQ(DataTypeName(row.type), row.name);
    EXPECT_EQ(ParseDataType(row.name), row.type);
    EXPECT_EQ(ParseDataType(std::string("DML_TENSOR_DATA_TYPE_") + row.name), row.type);
  }
  EXPECT_EQ(ElementSize(DataType::kUnknown), 0u);
  EXPECT_FALSE(IsFloat(DataType::kUnknown));
  EXPECT_FALSE(IsInteger(DataType::kUnknown));
}

TEST(DataType, EnumValuesAreDirectMLs) {
  EXPECT_EQ(static_cast<int>(DataType::kFloat32), 1);
  EXPECT_EQ(static_cast<int>(DataType::kFloat64), 9);
  EXPECT_EQ(static_cast<int>(DataType::kInt64), 11);
}

TEST(DataType, ParseRejectsOtherSpellings) {
  for (const char* text : {"", "float32", "FLOAT", "DML_TENSOR_DATA_TYPE_", "DML_TENSOR_DATA_TYPE_UNKNOWN", "UNKNOWN",
                           "FLOAT32 ", "TENSOR_DATA_TYPE_FLOAT32"}) {
    EXPECT_EQ(ParseDataType(text), std::nullopt) << text;
  }
}

TEST(DataTypeSet, ListsInTableOrder) {
  const DataTypeSet set = {DataType::kUint8, DataType::kFloat32, DataType::kInt64, DataType::kFloat64};
  EXPECT_EQ(set.ToString(), "FLOAT64, FLOAT32, INT64, UINT8");
  EXPECT_EQ(set.ToVector(),
            (std::vector<DataType>{DataType::kFloat64, DataType::kFloat32, DataType::kInt64, DataType::kUint8}));
  EXPECT_TRUE(set.Contains(DataType::kInt64));
  EXPECT_FALSE(set.Contains(DataType::kInt32));
  EXPECT_FALSE(set.Contains(DataType::kUnknown));
  EXPECT_FALSE(set.empty());
  EXPECT_TRUE(DataTypeSet{}.empty());
  EXPECT_EQ(DataTypeSet{}.ToString(), "");
}

}  // namespace
}  // namespace dmlc::ops
