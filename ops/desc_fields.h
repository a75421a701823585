// Each operator desc lists its fields once, in its DirectML struct's order, with a static
// VisitFields(desc, visitor), and names itself with a static kInfo. Everything that reads, writes,
// describes, mutates or translates a desc walks that list rather than naming the fields again: the case
// parser and writer, the generated case schema, the fuzzer and DirectML's translation. The model is
// DirectML's own operator schema (DirectMLSchema.h: each DML_SCHEMA_FIELD a kind, a type, a name and
// whether it is optional), from which its runtime and ONNX Runtime's SchemaHelpers.h pack any desc.
//
// A visitor is called as visitor(const FieldInfo&, T& value) for each field, with T (const or not, as
// the desc) one of:
//   TensorDesc                  a DML_TENSOR_DESC* that must be there
//   std::optional<TensorDesc>   a DML_TENSOR_DESC* that may be null
//   std::vector<TensorDesc>     an array of DML_TENSOR_DESC, its length in the UINT field `count`
//   uint32_t, int32_t, float    UINT, INT, FLOAT
//   std::vector<uint32_t>       an array of UINT, its length in the UINT field `count`
//   TypedScalar                 a DML_SCALAR_UNION, its data type in the field `type_field` before it
//   an enum with EnumTraits<>   a DirectML enum (UINT-sized): REDUCE's Function
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "ops/data_type.h"
#include "ops/feature_level.h"
#include "ops/tensor_desc.h"

namespace dmlc::ops {

enum class FieldRole : uint8_t { kInput, kOutput, kAttribute };

// One field as DirectML's struct and a case file hold it, built as Input("InputTensors").CountedBy(
// "InputCount"). DirectML's descs gain fields only as new operator types (DIAGONAL_MATRIX1 beside
// DIAGONAL_MATRIX), so a field has no feature level of its own: it has its operator's.
struct FieldInfo {
  std::string_view name;  // DirectML's: "InputTensors"
  FieldRole role = FieldRole::kAttribute;
  // Arrays: the UINT field just before it in DirectML's struct that holds its length ("InputCount").
  // Case files may leave it out; where they write it, it must equal the array's length.
  std::string_view count;
  // TypedScalar: the DML_TENSOR_DATA_TYPE field just before it in DirectML's struct ("ValueDataType").
  std::string_view type_field;
  // An index into OutputTensor's dimensions (the fuzzer's out-of-range mutation aims at it; at an
  // array's first entry).
  bool is_axis = false;
  // Absent from the operator's older spelling (OperatorInfo::alias): GATHER_ND is GATHER_ND1 without
  // BatchDimensionCount, which then reads as 0.
  bool absent_from_alias = false;

  constexpr FieldInfo CountedBy(std::string_view count_field) const { return With(&FieldInfo::count, count_field); }
  constexpr FieldInfo TypedBy(std::string_view type) const { return With(&FieldInfo::type_field, type); }
  constexpr FieldInfo Axis() const { return With(&FieldInfo::is_axis, true); }
  constexpr FieldInfo AbsentFromAlias() const { return With(&FieldInfo::absent_from_alias, true); }

 private:
  template <class T>
  constexpr FieldInfo With(T FieldInfo::*member, T value) const {
    FieldInfo copy = *this;
    copy.*member = value;
    return copy;
  }
};
constexpr FieldInfo Input(std::string_view name) { return {name, FieldRole::kInput}; }
constexpr FieldInfo Output(std::string_view name) { return {name, FieldRole::kOutput}; }
constexpr FieldInfo Attribute(std::string_view name) { return {name, FieldRole::kAttribute}; }

// A DML_SCALAR_UNION and the data type that says which member holds the value: the value's bits, in
// the low ElementSize(type) bytes, as DirectML's union holds them on a little-endian machine.
struct TypedScalar {
  ops::DataType DataType = ops::DataType::kFloat32;
  uint64_t bits = 0;
  bool operator==(const TypedScalar&) const = default;
};

// What names an operator: DirectML's operator type, and its older spelling where the desc also serves
// one (its fields then those without absent_from_alias).
struct OperatorInfo {
  std::string_view name;  // "GATHER_ND1", without DML_OPERATOR_
  uint32_t dml_type;      // DML_OPERATOR_TYPE
  std::string_view alias = {};
  uint32_t alias_dml_type = 0;
};

// Validate() and SupportTableOf() of ops/operator_desc.h for one desc; specialised beside the desc.
template <class Desc>
struct OperatorModel;

// The names of a DirectML enum that a desc field holds; specialised beside the enum.
template <class E>
struct EnumTraits;

// Whether a field value is an array (std::vector<TensorDesc> or std::vector<uint32_t>), with a count field.
template <class T>
inline constexpr bool kIsArrayField = false;
template <class T>
inline constexpr bool kIsArrayField<std::vector<T>> = true;

// Calls visitor(info, field) for each field of `desc`, in DirectML's order.
template <class Desc, class Visitor>
void VisitFields(Desc& desc, Visitor&& visitor) {
  std::remove_const_t<Desc>::VisitFields(desc, visitor);
}

// The desc's tensors for validation and support tables: inputs in field order (a tensor array element
// by element, an absent optional tensor left out), then outputs.
template <class Desc>
std::vector<TensorUse> TensorUsesOf(const Desc& desc) {
  std::vector<TensorUse> uses;
  for (FieldRole role : {FieldRole::kInput, FieldRole::kOutput}) {
    VisitFields(desc, [&](const FieldInfo& info, const auto& value) {
      using T = std::decay_t<decltype(value)>;
      if (info.role != role) return;
      if constexpr (std::is_same_v<T, TensorDesc>) {
        uses.push_back({info.name, std::string(info.name), &value});
      } else if constexpr (std::is_same_v<T, std::optional<TensorDesc>>) {
        if (value) uses.push_back({info.name, std::string(info.name), &*value});
      } else if constexpr (std::is_same_v<T, std::vector<TensorDesc>>) {
        for (size_t i = 0; i < value.size(); ++i) {
          uses.push_back({info.name, std::string(info.name) + "[" + std::to_string(i) + "]", &value[i]});
        }
      }
    });
  }
  return uses;
}

}  // namespace dmlc::ops
