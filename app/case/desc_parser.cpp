#include "app/case/desc_parser.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

#include "app/case/element_codec.h"

#include "ops/check.h"

namespace dmlc::app {
namespace {

using ops::TensorDesc;

constexpr uint32_t kUint32Max = std::numeric_limits<uint32_t>::max();

Result<uint32_t> ReadOneFlag(const JsonNode& node) {
  static constexpr std::string_view kNames[] = {"NONE", "OWNED_BY_DML"};
  return ReadEnum<uint32_t>(
      node, "tensor flag", "DML_TENSOR_FLAG_",
      [](std::string_view text) -> std::optional<uint32_t> {
        if (text.starts_with("DML_TENSOR_FLAG_")) text.remove_prefix(16);
        if (text == "NONE") return 0;
        if (text == "OWNED_BY_DML") return 1;
        return std::nullopt;
      },
      kNames);
}

// A flag's name, an array of names OR-ed together (DxDispatch's spelling), or the number.
Result<uint32_t> ReadFlags(const JsonNode& node) {
  if (node.Is(JsonKind::kString)) return ReadOneFlag(node);
  if (node.Is(JsonKind::kArray)) {
    uint32_t flags = 0;
    DMLC_RETURN_IF_ERROR(node.ForEach([&](const JsonNode& element) -> Status {
      Result<uint32_t> v = ReadOneFlag(element);
      if (!v.ok()) return v.error();
      flags |= *v;
      return OkStatus();
    }));
    return flags;
  }
  Result<uint64_t> v = node.Unsigned(kUint32Max);
  if (!v.ok()) return v.error();
  return static_cast<uint32_t>(*v);
}

// An optional count field that mirrors an array ("InputCount" for "InputTensors") must equal its size.
Status CheckCount(const JsonNode& parent, std::string_view count_field, std::string_view array_field,
                  size_t actual) {
  auto count = parent.Find(count_field);
  if (!count) return OkStatus();
  Result<uint64_t> v = count->Unsigned(kUint32Max);
  if (!v.ok()) return v.error();
  if (*v != actual) {
    return count->Fail(std::string(count_field) + " is " + std::to_string(*v) + " but " + std::string(array_field) +
                           " has " + std::to_string(actual) + " entries",
                       std::string(count_field) + " matches the size of " + std::string(array_field));
  }
  return OkStatus();
}

// `with_type`: the short form, where DxDispatch allows the long form's "Type" beside the fields.
Result<TensorDesc> ParseBufferDesc(const JsonNode& node, bool with_type) {
  static constexpr std::string_view kFields[] = {"Type", "DataType", "Flags", "DimensionCount", "Sizes", "Strides",
                                                 "TotalTensorSizeInBytes", "GuaranteedBaseOffsetAlignment"};
  DMLC_RETURN_IF_ERROR(node.CheckFields(std::span(kFields).subspan(with_type ? 0 : 1)));
  TensorDesc desc;
  Result<JsonNode> type = node.Require("DataType");
  if (!type.ok()) return type.error();
  const std::vector<std::string_view> names = ops::DataTypeNames();
  Result<ops::DataType> data_type =
      ReadEnum<ops::DataType>(*type, "DataType", "DML_TENSOR_DATA_TYPE_", ops::ParseDataType, names);
  if (!data_type.ok()) return data_type.error();
  desc.DataType = *data_type;

  Result<JsonNode> sizes = node.Require("Sizes");
  if (!sizes.ok()) return sizes.error();
  Result<std::vector<uint32_t>> sizes_value = sizes->Uint32Array();
  if (!sizes_value.ok()) return sizes_value.error();
  desc.Sizes = std::move(*sizes_value);
  DMLC_RETURN_IF_ERROR(CheckCount(node, "DimensionCount", "Sizes", desc.Sizes.size()));

  if (auto strides = node.Find("Strides")) {
    Result<std::vector<uint32_t>> v = strides->Uint32Array();
    if (!v.ok()) return v.error();
    desc.Strides = std::move(*v);
  }
  if (auto flags = node.Find("Flags")) {
    Result<uint32_t> v = ReadFlags(*flags);
    if (!v.ok()) return v.error();
    desc.Flags = *v;
  }
  if (auto alignment = node.Find("GuaranteedBaseOffsetAlignment")) {
    Result<uint64_t> v = alignment->Unsigned(kUint32Max);
    if (!v.ok()) return v.error();
    desc.GuaranteedBaseOffsetAlignment = static_cast<uint32_t>(*v);
  }
  if (auto total = node.Find("TotalTensorSizeInBytes")) {
    Result<uint64_t> v = total->Unsigned(std::numeric_limits<uint64_t>::max());
    if (!v.ok()) return v.error();
    desc.TotalTensorSizeInBytes = *v;
  }
  // 0, as absent, asks for the computed size: DxDispatch reads it so, and no buffer tensor has 0 bytes.
  if (desc.TotalTensorSizeInBytes == 0 && (desc.Strides.empty() || desc.Strides.size() == desc.Sizes.size())) {
    // A desc whose size cannot be computed (overflow) keeps 0; ValidateTensorDesc names the problem.
    if (Result<uint64_t> size = ops::CalcBufferTensorSize(desc); size.ok()) desc.TotalTensorSizeInBytes = *size;
  }
  return desc;
}

// Reads each field a desc's table lists (ops/desc_fields.h) from its JSON object. Every field is
// required except optional tensors and the count fields that mirror arrays; each read names the field's
// JSON path on failure. Stops at the first error.
class FieldReader {
 public:
  FieldReader(const JsonNode& desc, bool alias) : desc_(desc), alias_(alias) {}

  template <class T>
  void operator()(const ops::FieldInfo& info, T& value) {
    if (status_.ok() && !(alias_ && info.absent_from_alias)) status_ = Read(info, value);
  }
  const Status& status() const { return status_; }

 private:
  Result<JsonNode> Require(const ops::FieldInfo& info) const { return desc_.Require(info.name); }

  Status Read(const ops::FieldInfo& info, TensorDesc& out) const {
    Result<JsonNode> node = Require(info);
    if (!node.ok()) return node.error();
    Result<TensorDesc> v = ParseTensorDesc(*node);
    if (!v.ok()) return v.error();
    out = std::move(*v);
    return OkStatus();
  }

  // Absent: the optional tensor is not there, as DxDispatch spells it; null reads the same here,
  // though DxDispatch refuses it.
  Status Read(const ops::FieldInfo& info, std::optional<TensorDesc>& out) const {
    std::optional<JsonNode> node = desc_.Find(info.name);
    out.reset();
    if (!node || node->Is(JsonKind::kNull)) return OkStatus();
    Result<TensorDesc> v = ParseTensorDesc(*node);
    if (!v.ok()) return v.error();
    out = std::move(*v);
    return OkStatus();
  }

  Status Read(const ops::FieldInfo& info, std::vector<TensorDesc>& out) const {
    Result<JsonNode> node = Require(info);
    if (!node.ok()) return node.error();
    DMLC_RETURN_IF_ERROR(node->ExpectArray());
    out.clear();
    DMLC_RETURN_IF_ERROR(node->ForEach([&](const JsonNode& element) -> Status {
      Result<TensorDesc> v = ParseTensorDesc(element);
      if (!v.ok()) return v.error();
      out.push_back(std::move(*v));
      return OkStatus();
    }));
    return CheckCount(desc_, info.count, info.name, out.size());
  }

  Status Read(const ops::FieldInfo& info, uint32_t& out) const {
    Result<JsonNode> node = Require(info);
    if (!node.ok()) return node.error();
    Result<uint64_t> v = node->Unsigned(kUint32Max);
    if (!v.ok()) return v.error();
    out = static_cast<uint32_t>(*v);
    return OkStatus();
  }

  Status Read(const ops::FieldInfo& info, std::vector<uint32_t>& out) const {
    Result<JsonNode> node = Require(info);
    if (!node.ok()) return node.error();
    Result<std::vector<uint32_t>> v = node->Uint32Array();
    if (!v.ok()) return v.error();
    out = std::move(*v);
    return CheckCount(desc_, info.count, info.name, out.size());
  }

  Status Read(const ops::FieldInfo& info, int32_t& out) const {
    Result<JsonNode> node = Require(info);
    if (!node.ok()) return node.error();
    Result<int64_t> v = node->Signed(std::numeric_limits<int32_t>::min(), std::numeric_limits<int32_t>::max());
    if (!v.ok()) return v.error();
    out = static_cast<int32_t>(*v);
    return OkStatus();
  }

  Status Read(const ops::FieldInfo& info, float& out) const {
    Result<JsonNode> node = Require(info);
    if (!node.ok()) return node.error();
    Result<double> v = node->Number();
    if (!v.ok()) return v.error();
    out = static_cast<float>(*v);
    if (std::isinf(out) && std::isfinite(*v)) {
      return node->Fail(std::string(info.name) + " " + node->Written() + " overflows FLOAT32",
                        "value must fit the field's type");
    }
    return OkStatus();
  }

  // The data type field, then the value as an element of that type (as a tensor's values are written).
  Status Read(const ops::FieldInfo& info, ops::TypedScalar& out) const {
    Result<JsonNode> type = desc_.Require(info.type_field);
    if (!type.ok()) return type.error();
    const std::vector<std::string_view> names = ops::DataTypeNames();
    Result<ops::DataType> data_type =
        ReadEnum<ops::DataType>(*type, "DataType", "DML_TENSOR_DATA_TYPE_", ops::ParseDataType, names);
    if (!data_type.ok()) return data_type.error();
    Result<JsonNode> node = Require(info);
    if (!node.ok()) return node.error();
    Result<Scalar> value = node->Element(*data_type);
    if (!value.ok()) return value.error();
    out = {*data_type, 0};
    if (Status fits = EncodeElement(*value, *data_type, reinterpret_cast<std::byte*>(&out.bits), node->Written());
        !fits.ok()) {
      return node->Fail(std::string(info.name) + ": " + fits.error().message, fits.error().rule);
    }
    return OkStatus();
  }

  template <class E>
    requires std::is_enum_v<E>
  Status Read(const ops::FieldInfo& info, E& out) const {
    using Traits = ops::EnumTraits<E>;
    Result<JsonNode> node = Require(info);
    if (!node.ok()) return node.error();
    std::vector<std::string_view> names;
    for (E e : Traits::kAll) names.push_back(Traits::Name(e));
    Result<E> v = ReadEnum<E>(*node, Traits::kWhat, Traits::kPrefix, Traits::Parse, names);
    if (!v.ok()) return v.error();
    out = *v;
    return OkStatus();
  }

  const JsonNode& desc_;
  bool alias_;
  Status status_ = OkStatus();
};

// The names a desc's object may hold: each field's, its count's and its data type's.
std::vector<std::string_view> FieldNames(const ops::OperatorDesc& desc, bool alias) {
  std::vector<std::string_view> names;
  std::visit(
      [&](const auto& d) {
        ops::VisitFields(d, [&](const ops::FieldInfo& info, const auto&) {
          if (alias && info.absent_from_alias) return;
          if (!info.count.empty()) names.push_back(info.count);
          if (!info.type_field.empty()) names.push_back(info.type_field);
          names.push_back(info.name);
        });
      },
      desc);
  return names;
}

// Fields that may stand beside a desc's own: DxDispatch writes a desc's fields beside "type" when it
// leaves "desc" out, so the operator object's fields are then allowed among them.
Result<ops::OperatorDesc> ParseDesc(const JsonNode& node, ops::OperatorType type, bool alias,
                                    std::span<const std::string_view> extra) {
  ops::OperatorDesc desc = ops::DefaultDesc(type);
  std::vector<std::string_view> known = FieldNames(desc, alias);
  known.insert(known.end(), extra.begin(), extra.end());
  DMLC_RETURN_IF_ERROR(node.CheckFields(known));
  FieldReader reader(node, alias);
  std::visit([&](auto& d) { ops::VisitFields(d, reader); }, desc);
  DMLC_RETURN_IF_ERROR(reader.status());
  return desc;
}

}  // namespace

Result<ops::TensorDesc> ParseTensorDesc(const JsonNode& node) {
  DMLC_RETURN_IF_ERROR(node.ExpectObject());
  // "Type" is optional and BUFFER is its only value; the fields stand in "Desc" or beside "Type".
  if (auto type = node.Find("Type")) {
    static constexpr std::string_view kTypes[] = {"BUFFER"};
    Result<bool> is_buffer = ReadEnum<bool>(
        *type, "tensor type", "DML_TENSOR_TYPE_",
        [](std::string_view t) -> std::optional<bool> {
          if (t == "DML_TENSOR_TYPE_BUFFER" || t == "BUFFER") return true;
          return std::nullopt;
        },
        kTypes);
    if (!is_buffer.ok()) return is_buffer.error();
  }
  if (!node.Has("Desc")) return ParseBufferDesc(node, /*with_type=*/true);
  DMLC_RETURN_IF_ERROR(node.CheckFields({"Type", "Desc"}));
  const JsonNode desc = node.Member("Desc");
  DMLC_RETURN_IF_ERROR(desc.ExpectObject());
  return ParseBufferDesc(desc, /*with_type=*/false);
}

Result<JsonNode> OperatorField(const JsonNode& node, std::string_view lower, std::string_view upper) {
  if (node.Has(lower) && node.Has(upper)) {
    return node.Member(upper).Fail("both \"" + std::string(lower) + "\" and \"" + std::string(upper) + "\"",
                                   "an operator has one \"" + std::string(lower) + "\", in either spelling");
  }
  if (node.Has(upper)) return node.Member(upper);
  return node.Require(lower);
}

JsonNode DescNode(const JsonNode& node) {
  if (node.Has("desc")) return node.Member("desc");
  if (node.Has("Desc")) return node.Member("Desc");
  return node;
}

namespace {

Status CheckCompileType(const JsonNode& node) {
  static constexpr std::string_view kNames[] = {"DmlCompileOp", "DmlCompileGraph"};
  Result<bool> known = ReadEnum<bool>(
      node, "dmlCompileType", "",
      [](std::string_view text) -> std::optional<bool> {
        if (text == "DmlCompileOp" || text == "DmlCompileGraph") return true;
        return std::nullopt;
      },
      kNames);
  if (!known.ok()) return known.error();
  return OkStatus();
}

}  // namespace

Result<ops::ExecutionFlags> ParseExecutionFlags(const JsonNode& node) {
  std::optional<JsonNode> flags = node.Find("executionFlags");
  if (!flags) return ops::kExecutionFlagNone;
  ops::ExecutionFlags all = ops::kExecutionFlagNone;
  auto one = [&](const JsonNode& flag) -> Status {
    Result<ops::ExecutionFlags> bit = ReadEnum<ops::ExecutionFlags>(
        flag, "execution flag", "DML_EXECUTION_FLAG_", ops::ParseExecutionFlag, ops::ExecutionFlagNames());
    if (!bit.ok()) return bit.error();
    all |= *bit;
    return OkStatus();
  };
  DMLC_RETURN_IF_ERROR(flags->Is(JsonKind::kArray) ? flags->ForEach(one) : one(*flags));
  return all;
}

Result<ops::ExecutionFlags> ParseExecutionFlagList(std::string_view text) {
  ops::ExecutionFlags all = ops::kExecutionFlagNone;
  while (true) {
    const size_t end = text.find_first_of(",|");
    std::string_view name = text.substr(0, end);
    while (!name.empty() && name.front() == ' ') name.remove_prefix(1);
    while (!name.empty() && name.back() == ' ') name.remove_suffix(1);
    const std::optional<ops::ExecutionFlags> bit = ops::ParseExecutionFlag(name);
    if (!bit) {
      std::string names;
      for (std::string_view known : ops::ExecutionFlagNames()) names += (names.empty() ? "" : ", ") + std::string(known);
      return MakeError("execution flags", "", "'" + std::string(name) + "' is not an execution flag (" + names + ")",
                       "DML_EXECUTION_FLAGS names, with or without DML_EXECUTION_FLAG_");
    }
    all |= *bit;
    if (end == std::string_view::npos) return all;
    text.remove_prefix(end + 1);
  }
}

Result<ops::OperatorDesc> ParseOperator(const JsonNode& node, std::span<const std::string_view> extra_fields) {
  DMLC_RETURN_IF_ERROR(node.ExpectObject());
  std::vector<std::string_view> own = {"type", "Type", "desc", "Desc", "executionFlags", "dmlCompileType"};
  own.insert(own.end(), extra_fields.begin(), extra_fields.end());
  const bool inline_desc = !node.Has("desc") && !node.Has("Desc");
  if (!inline_desc) DMLC_RETURN_IF_ERROR(node.CheckFields(own));
  Result<JsonNode> type_node = OperatorField(node, "type", "Type");
  if (!type_node.ok()) return type_node.error();
  const std::vector<std::string_view> names = ops::OperatorTypeNames();
  Result<ops::OperatorType> type =
      ReadEnum<ops::OperatorType>(*type_node, "operator type", "DML_OPERATOR_", ops::ParseOperatorType, names);
  if (!type.ok()) return type.error();
  // Accepted for DxDispatch's sake; it changes nothing here (docs/case-format.md, "Coming from DxDispatch").
  if (auto compile = node.Find("dmlCompileType")) DMLC_RETURN_IF_ERROR(CheckCompileType(*compile));
  if (!inline_desc) DMLC_RETURN_IF_ERROR(OperatorField(node, "desc", "Desc"));
  const JsonNode desc = DescNode(node);
  DMLC_RETURN_IF_ERROR(desc.ExpectObject());
  const std::span<const std::string_view> extra =
      inline_desc ? std::span<const std::string_view>(own) : std::span<const std::string_view>();
  return ParseDesc(desc, *type, ops::IsAlias(*type_node->String()), extra);  // ReadEnum read it as a string
}

}  // namespace dmlc::app
