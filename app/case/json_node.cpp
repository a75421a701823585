#include "app/case/json_node.h"

#include <charconv>
#include <cmath>
#include <limits>
#include <vector>

#include "app/case/suggest.h"

namespace dmlc::app {
namespace {

// Parses "123", "-45", "18446744073709551615": exactly an optional '-' and decimal digits.
std::optional<Scalar> ParseDecimalInteger(const std::string& text) {
  if (text.empty()) return std::nullopt;
  const char* first = text.data();
  const char* last = first + text.size();
  if (text[0] == '-') {
    int64_t v = 0;
    auto [end, ec] = std::from_chars(first, last, v);
    if (ec != std::errc() || end != last) return std::nullopt;
    return Scalar{v};
  }
  uint64_t v = 0;
  auto [end, ec] = std::from_chars(first, last, v);
  if (ec != std::errc() || end != last) return std::nullopt;
  if (v <= static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) return Scalar{static_cast<int64_t>(v)};
  return Scalar{v};
}

std::optional<double> ParseNonFinite(const std::string& text) {
  if (text == "nan") return std::numeric_limits<double>::quiet_NaN();
  if (text == "inf") return std::numeric_limits<double>::infinity();
  if (text == "-inf") return -std::numeric_limits<double>::infinity();
  return std::nullopt;
}

}  // namespace

SourceLocation JsonNode::where() const {
  TextPosition p = doc_->json.locations.Find(pointer_);
  return SourceLocation{doc_->file, p.line, p.column};
}

SourceLocation JsonNode::key_where() const {
  TextPosition p = doc_->json.locations.FindKey(pointer_);
  return SourceLocation{doc_->file, p.line, p.column};
}

Error JsonNode::Fail(std::string message, std::string rule) const {
  Error e = MakeError("case", pointer_.empty() ? "/" : pointer_, std::move(message), std::move(rule));
  e.where = where();
  return e;
}

std::string JsonNode::TypeName() const {
  if (value_->is_number_float()) return "a fractional number";
  if (value_->is_number_integer() && value_->get<int64_t>() < 0) return "a negative integer";
  if (value_->is_number()) return "an integer";
  if (value_->is_string()) return "a string";
  if (value_->is_boolean()) return "a boolean";
  if (value_->is_null()) return "null";
  if (value_->is_array()) return "an array";
  return "an object";
}

bool JsonNode::Has(std::string_view key) const {
  return value_->is_object() && value_->contains(key);
}

JsonNode JsonNode::Member(std::string_view key) const {
  return JsonNode(value_->find(key).value(), pointer_ + "/" + EscapePointerToken(key), *doc_);
}

std::optional<JsonNode> JsonNode::Find(std::string_view key) const {
  if (!Has(key)) return std::nullopt;
  return Member(key);
}

Result<JsonNode> JsonNode::Require(std::string_view key) const {
  if (!Has(key)) {
    // The path names the missing field; the location is the object that lacks it.
    Error e = Fail("missing field \"" + std::string(key) + "\"", "required field");
    e.path = pointer_ + "/" + EscapePointerToken(key);
    return e;
  }
  return Member(key);
}

Status JsonNode::ExpectObject() const {
  if (!value_->is_object()) return Fail("expected an object, found " + TypeName(), "type");
  return OkStatus();
}

Status JsonNode::ExpectArray() const {
  if (!value_->is_array()) return Fail("expected an array, found " + TypeName(), "type");
  return OkStatus();
}

Status JsonNode::CheckFields(std::span<const std::string_view> known) const {
  DMLC_RETURN_IF_ERROR(ExpectObject());
  for (const auto& [key, value] : value_->items()) {
    bool found = false;
    for (std::string_view k : known) found = found || k == key;
    if (!found) {
      const JsonNode member = Member(key);
      Error e = member.Fail(UnknownNameMessage("field", key, known), "known fields only");
      e.where = member.key_where();
      return e;
    }
  }
  return OkStatus();
}

JsonNode JsonNode::At(size_t i) const {
  return JsonNode((*value_)[i], pointer_ + "/" + std::to_string(i), *doc_);
}

Result<std::string> JsonNode::String() const {
  if (!value_->is_string()) return Fail("expected a string, found " + TypeName(), "type");
  return value_->get<std::string>();
}

Result<bool> JsonNode::Bool() const {
  if (!value_->is_boolean()) return Fail("expected true or false, found " + TypeName(), "type");
  return value_->get<bool>();
}

Result<uint64_t> JsonNode::Unsigned(uint64_t max) const {
  if (!value_->is_number_unsigned()) {
    return Fail("expected a non-negative integer, found " + TypeName(), "type");
  }
  const uint64_t v = value_->get<uint64_t>();
  if (v > max) {
    return Fail(std::to_string(v) + " is larger than " + std::to_string(max), "value must fit the field's type");
  }
  return v;
}

Result<int64_t> JsonNode::Signed(int64_t min, int64_t max) const {
  if (!value_->is_number_integer()) return Fail("expected an integer, found " + TypeName(), "type");
  // Non-negative integers are stored unsigned by nlohmann and may exceed int64.
  const bool in_range =
      value_->is_number_unsigned()
          ? max >= 0 && value_->get<uint64_t>() <= static_cast<uint64_t>(max) && value_->get<int64_t>() >= min
          : value_->get<int64_t>() >= min && value_->get<int64_t>() <= max;
  if (!in_range) {
    return Fail(value_->dump() + " is outside [" + std::to_string(min) + ", " + std::to_string(max) + "]",
                "value must fit the field's type");
  }
  return value_->get<int64_t>();
}

Result<double> JsonNode::Number() const {
  if (value_->is_number()) return value_->get<double>();
  if (value_->is_string()) {
    if (auto v = ParseNonFinite(value_->get<std::string>())) return *v;
  }
  return Fail("expected a number (or \"nan\", \"inf\", \"-inf\"), found " + TypeName(), "type");
}

Result<Scalar> JsonNode::Element() const {
  if (value_->is_number_float()) return Scalar{value_->get<double>()};
  if (value_->is_number_unsigned()) {
    const uint64_t v = value_->get<uint64_t>();
    if (v <= static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) return Scalar{static_cast<int64_t>(v)};
    return Scalar{v};
  }
  if (value_->is_number_integer()) return Scalar{value_->get<int64_t>()};
  if (value_->is_string()) {
    const std::string& text = value_->get_ref<const std::string&>();
    if (auto v = ParseNonFinite(text)) return Scalar{*v};
    if (auto v = ParseDecimalInteger(text)) return *v;
    return Fail("\"" + text + "\" is not a number; strings may be \"nan\", \"inf\", \"-inf\" or a decimal integer",
                "tensor elements are numbers");
  }
  return Fail("expected a number, found " + TypeName(), "tensor elements are numbers");
}

Result<std::vector<uint32_t>> JsonNode::Uint32Array() const {
  DMLC_RETURN_IF_ERROR(ExpectArray());
  std::vector<uint32_t> out;
  out.reserve(size());
  for (size_t i = 0; i < size(); ++i) {
    Result<uint64_t> v = At(i).Unsigned(std::numeric_limits<uint32_t>::max());
    if (!v.ok()) return v.error();
    out.push_back(static_cast<uint32_t>(*v));
  }
  return out;
}

Error UnknownEnumError(const JsonNode& node, std::string_view what, std::string_view prefix, std::string_view text,
                       std::span<const std::string_view> names) {
  std::string_view suffix = text.substr(0, prefix.size()) == prefix ? text.substr(prefix.size()) : text;
  std::string message = "unknown " + std::string(what) + " \"" + std::string(text) + "\"";
  if (auto closest = ClosestName(suffix, names)) {
    message += " (did you mean \"" + *closest + "\"?)";
  } else {
    message += "; expected one of: ";
    for (size_t i = 0; i < names.size(); ++i) message += (i > 0 ? ", " : "") + std::string(names[i]);
  }
  return node.Fail(message, std::string(what) + " is " + std::string(prefix) + "<name> or <name>");
}

}  // namespace dmlc::app
