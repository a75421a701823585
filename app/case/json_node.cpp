#include "app/case/json_node.h"

#include <limits>
#include <vector>

#include "app/case/exact_number.h"
#include "app/case/suggest.h"

namespace dmlc::app {
namespace {

bool Fits(__int128 v, __int128 min, __int128 max) { return v >= min && v <= max; }

}  // namespace

std::string JsonNode::pointer() const {
  const std::string array = doc_->tree.Pointer(index_);
  return element_ != kNoElement ? array + "/" + std::to_string(element_) : array;
}

std::string_view JsonNode::NumberText() const {
  return element_ != kNoElement ? NumberTokenAt(doc_->tree.text(), offset_) : doc_->tree.NumberText(index_);
}

SourceLocation JsonNode::where() const {
  const TextPosition p = doc_->tree.Position(offset());
  return SourceLocation{doc_->file, p.line, p.column};
}

SourceLocation JsonNode::key_where() const {
  if (element_ != kNoElement || node().key == JsonTree::kNone) return where();
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
      const std::string_view text = NumberText();
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
  if (packed()) {
    JsonNode found = *this;
    ScanPackedArray(doc_->tree.text(), node().offset, [&](uint64_t k, uint64_t offset) {
      if (k < i) return true;
      found = JsonNode(*doc_, index_, static_cast<uint32_t>(k), offset);
      return false;
    });
    return found;
  }
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
      Is(JsonKind::kNumber) ? ParseInteger(NumberText()) : std::nullopt;
  if (!v || *v < 0) return Fail("expected a non-negative integer, found " + TypeName(), "type");
  if (*v > max) {
    return Fail(Written() + " is larger than " + std::to_string(max), "value must fit the field's type");
  }
  return static_cast<uint64_t>(*v);
}

Result<int64_t> JsonNode::Signed(int64_t min, int64_t max) const {
  const std::optional<__int128> v =
      Is(JsonKind::kNumber) ? ParseInteger(NumberText()) : std::nullopt;
  if (!v) return Fail("expected an integer, found " + TypeName(), "type");
  if (!Fits(*v, min, max)) {
    return Fail(Written() + " is outside [" + std::to_string(min) + ", " + std::to_string(max) + "]",
                "value must fit the field's type");
  }
  return static_cast<int64_t>(*v);
}

Result<double> JsonNode::Number() const {
  if (Is(JsonKind::kNumber)) return ParseDouble(NumberText());
  if (Is(JsonKind::kString)) {
    if (auto v = ParseNonFinite(doc_->tree.string(node().string))) return *v;
  }
  return Fail("expected a number (or \"nan\", \"inf\", \"-inf\"), found " + TypeName(), "type");
}

std::string JsonNode::Written() const {
  if (Is(JsonKind::kNumber)) return std::string(NumberText());
  if (Is(JsonKind::kString)) return doc_->tree.string(node().string);
  return TypeName();
}

Result<Scalar> JsonNode::Element(ops::DataType type) const {
  if (!Is(JsonKind::kNumber) && !Is(JsonKind::kString)) {
    return Fail("expected a number, found " + TypeName(), "tensor elements are numbers");
  }
  const bool quoted = Is(JsonKind::kString);
  Result<Scalar> v = ReadElement(quoted ? std::string_view(doc_->tree.string(node().string)) : NumberText(), quoted, type);
  if (!v.ok()) return Fail(v.error().message, v.error().rule);
  return v;
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
