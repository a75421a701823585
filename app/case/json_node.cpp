#include "app/case/json_node.h"

#include <cmath>
#include <cstdlib>
#include <limits>
#include <vector>

#include "app/case/suggest.h"

namespace dmlc::app {
namespace {

// An integer written as an optional '-' and decimal digits, read from the digits. Magnitudes past
// 2^100 saturate there: beyond every 64-bit range, and messages quote the text, not this value.
std::optional<__int128> ParseInteger(std::string_view text) {
  const bool negative = text.starts_with('-');
  if (negative) text.remove_prefix(1);
  if (text.empty()) return std::nullopt;
  constexpr __int128 kSaturated = __int128{1} << 100;
  __int128 v = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    v = std::min(v * 10 + (c - '0'), kSaturated);
  }
  return negative ? -v : v;
}

// Any JSON number's nearest double; past the double range, +-inf as strtod rounds.
double ParseDouble(std::string_view text) { return std::strtod(std::string(text).c_str(), nullptr); }

std::optional<double> ParseNonFinite(std::string_view text) {
  if (text == "nan") return std::numeric_limits<double>::quiet_NaN();
  if (text == "inf") return std::numeric_limits<double>::infinity();
  if (text == "-inf") return -std::numeric_limits<double>::infinity();
  return std::nullopt;
}

bool Fits(__int128 v, __int128 min, __int128 max) { return v >= min && v <= max; }

}  // namespace

SourceLocation JsonNode::where() const {
  const TextPosition p = doc_->tree.Position(node().offset);
  return SourceLocation{doc_->file, p.line, p.column};
}

SourceLocation JsonNode::key_where() const {
  if (node().key == JsonTree::kNone) return where();
  const TextPosition p = doc_->tree.Position(doc_->tree.key(node().key).offset);
  return SourceLocation{doc_->file, p.line, p.column};
}

Error JsonNode::Fail(std::string message, std::string rule) const {
  const std::string path = pointer();
  Error e = MakeError("case", path.empty() ? "/" : path, path.empty() ? std::move(message) : path + ": " + message,
                      std::move(rule));
  e.where = where();
  return e;
}

std::string JsonNode::TypeName() const {
  switch (kind()) {
    case JsonKind::kNumber: {
      const std::string_view text = doc_->tree.NumberText(index_);
      if (!ParseInteger(text)) return "the fractional number " + std::string(text);
      return (text.starts_with('-') ? "the negative integer " : "the integer ") + std::string(text);
    }
    case JsonKind::kString: return "a string";
    case JsonKind::kBool: return "a boolean";
    case JsonKind::kNull: return "null";
    case JsonKind::kArray: return "an array";
    case JsonKind::kObject: return "an object";
  }
  return "a value";
}

uint32_t JsonNode::FindIndex(std::string_view key) const {
  if (!Is(JsonKind::kObject)) return JsonTree::kNone;
  const JsonTree& tree = doc_->tree;
  for (uint32_t c = index_ + 1; c < node().end; c = tree.node(c).end) {
    if (tree.key(tree.node(c).key).name == key) return c;
  }
  return JsonTree::kNone;
}

const std::string& JsonNode::key() const { return doc_->tree.key(node().key).name; }

std::optional<JsonNode> JsonNode::Find(std::string_view key) const {
  if (!Has(key)) return std::nullopt;
  return Member(key);
}

Result<JsonNode> JsonNode::Require(std::string_view key) const {
  if (!Has(key)) {
    // The path names the missing field; the location is the object that lacks it.
    const std::string path = pointer() + "/" + EscapePointerToken(key);
    Error e = MakeError("case", path, path + ": missing field \"" + std::string(key) + "\"", "required field");
    e.where = where();
    return e;
  }
  return Member(key);
}

Status JsonNode::ExpectObject() const {
  if (!Is(JsonKind::kObject)) return Fail("expected an object, found " + TypeName(), "type");
  return OkStatus();
}

Status JsonNode::ExpectArray() const {
  if (!Is(JsonKind::kArray)) return Fail("expected an array, found " + TypeName(), "type");
  return OkStatus();
}

Status JsonNode::CheckFields(std::span<const std::string_view> known) const {
  DMLC_RETURN_IF_ERROR(ExpectObject());
  return ForEach([&](const JsonNode& member) -> Status {
    for (std::string_view k : known) {
      if (k == member.key()) return OkStatus();
    }
    Error e = member.Fail(UnknownNameMessage("field", member.key(), known), "known fields only");
    e.where = member.key_where();
    return e;
  });
}

JsonNode JsonNode::At(size_t i) const {
  uint32_t c = index_ + 1;
  for (size_t k = 0; k < i; ++k) c = doc_->tree.node(c).end;
  return JsonNode(*doc_, c);
}

Result<std::string> JsonNode::String() const {
  if (!Is(JsonKind::kString)) return Fail("expected a string, found " + TypeName(), "type");
  return doc_->tree.string(node().string);
}

Result<bool> JsonNode::Bool() const {
  if (!Is(JsonKind::kBool)) return Fail("expected true or false, found " + TypeName(), "type");
  return node().boolean;
}

Result<uint64_t> JsonNode::Unsigned(uint64_t max) const {
  const std::optional<__int128> v =
      Is(JsonKind::kNumber) ? ParseInteger(doc_->tree.NumberText(index_)) : std::nullopt;
  if (!v || *v < 0) return Fail("expected a non-negative integer, found " + TypeName(), "type");
  if (*v > max) {
    return Fail(Written() + " is larger than " + std::to_string(max), "value must fit the field's type");
  }
  return static_cast<uint64_t>(*v);
}

Result<int64_t> JsonNode::Signed(int64_t min, int64_t max) const {
  const std::optional<__int128> v =
      Is(JsonKind::kNumber) ? ParseInteger(doc_->tree.NumberText(index_)) : std::nullopt;
  if (!v) return Fail("expected an integer, found " + TypeName(), "type");
  if (!Fits(*v, min, max)) {
    return Fail(Written() + " is outside [" + std::to_string(min) + ", " + std::to_string(max) + "]",
                "value must fit the field's type");
  }
  return static_cast<int64_t>(*v);
}

Result<double> JsonNode::Number() const {
  if (Is(JsonKind::kNumber)) return ParseDouble(doc_->tree.NumberText(index_));
  if (Is(JsonKind::kString)) {
    if (auto v = ParseNonFinite(doc_->tree.string(node().string))) return *v;
  }
  return Fail("expected a number (or \"nan\", \"inf\", \"-inf\"), found " + TypeName(), "type");
}

std::string JsonNode::Written() const {
  if (Is(JsonKind::kNumber)) return std::string(doc_->tree.NumberText(index_));
  if (Is(JsonKind::kString)) return doc_->tree.string(node().string);
  return TypeName();
}

Result<Scalar> JsonNode::Element(ops::DataType type) const {
  std::string_view text;
  if (Is(JsonKind::kNumber)) {
    text = doc_->tree.NumberText(index_);
  } else if (Is(JsonKind::kString)) {
    text = doc_->tree.string(node().string);
    if (auto v = ParseNonFinite(text)) return Scalar{*v};
    if (!ParseInteger(text)) {
      return Fail("\"" + std::string(text) + "\" is not a number; strings may be \"nan\", \"inf\", \"-inf\" or a "
                  "decimal integer", "tensor elements are numbers");
    }
  } else {
    return Fail("expected a number, found " + TypeName(), "tensor elements are numbers");
  }
  const std::optional<__int128> integer = ParseInteger(text);
  if (!integer) return Scalar{ParseDouble(text)};
  if (ops::IsFloat(type)) {
    // An integer is a float type's value as written: "-0" keeps its sign, and integers past 64 bits
    // round once, from their digits.
    if (*integer == 0 && text.starts_with('-')) return Scalar{-0.0};
    if (!Fits(*integer, std::numeric_limits<int64_t>::min(), std::numeric_limits<uint64_t>::max())) {
      return Scalar{ParseDouble(text)};
    }
  }
  if (Fits(*integer, std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max())) {
    return Scalar{static_cast<int64_t>(*integer)};
  }
  if (Fits(*integer, 0, std::numeric_limits<uint64_t>::max())) return Scalar{static_cast<uint64_t>(*integer)};
  return Fail(std::string(text) + " is out of range for " + std::string(ops::DataTypeName(type)),
              "values must fit the data type");
}

Result<std::vector<uint32_t>> JsonNode::Uint32Array() const {
  DMLC_RETURN_IF_ERROR(ExpectArray());
  std::vector<uint32_t> out;
  out.reserve(size());
  DMLC_RETURN_IF_ERROR(ForEach([&](const JsonNode& element) -> Status {
    Result<uint64_t> v = element.Unsigned(std::numeric_limits<uint32_t>::max());
    if (!v.ok()) return v.error();
    out.push_back(static_cast<uint32_t>(*v));
    return OkStatus();
  }));
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
