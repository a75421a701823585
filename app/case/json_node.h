// A value of a parsed case file, so that every typed read can fail with the file, line, column and
// field path ("/cases/3/operator/desc/Axis") of the value. Read-only views: a JsonNode borrows the
// document, which must outlive it; it is three words, and its pointer and position are worked out only
// when an error or a caller asks for them. An element of a packed array (json_tree.h), which has no
// tree node, is a JsonNode like any other: its array's node, its index and where its text starts.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "app/case/initializer.h"
#include "app/case/json_tree.h"
#include "ops/data_type.h"
#include "ops/error.h"

namespace dmlc::app {

struct JsonDocument {
  std::string file;  // as given to the loader; copied into every error
  JsonTree tree;
};

class JsonNode {
 public:
  static JsonNode Root(const JsonDocument& doc) { return JsonNode(doc, 0); }

  JsonKind kind() const { return element_ != kNoElement ? JsonKind::kNumber : node().kind; }
  bool Is(JsonKind k) const { return kind() == k; }
  std::string pointer() const;
  SourceLocation where() const;
  SourceLocation key_where() const;  // an object member's key; where() for others
  // An error about this value: scope "case", path = this pointer, location of this value, and the
  // message led by the pointer so that the printed line names the field.
  Error Fail(std::string message, std::string rule) const;

  // Objects. Member() requires Has(key).
  bool Has(std::string_view key) const { return FindIndex(key) != JsonTree::kNone; }
  JsonNode Member(std::string_view key) const { return JsonNode(*doc_, FindIndex(key)); }
  std::optional<JsonNode> Find(std::string_view key) const;
  Result<JsonNode> Require(std::string_view key) const;  // "missing field" error when absent
  // Error for the first member not in `known`, suggesting the closest known name.
  Status CheckFields(std::span<const std::string_view> known) const;
  Status CheckFields(std::initializer_list<std::string_view> known) const {
    return CheckFields(std::span<const std::string_view>(known.begin(), known.size()));
  }
  Status ExpectObject() const;
  const std::string& key() const;  // an object member's name; requires one

  // Arrays and objects: elements or member values in order. At() is O(i); loops use ForEach.
  Status ExpectArray() const;
  size_t size() const { return element_ != kNoElement ? 0 : node().count; }
  JsonNode At(size_t i) const;
  // Calls f(child) for each element or member value in order; stops at and returns the first error.
  template <class F>
  Status ForEach(F&& f) const {
    if (packed()) {
      Status status = OkStatus();
      ScanPackedArray(doc_->tree.text(), node().offset, [&](uint64_t k, uint64_t offset) {
        status = f(JsonNode(*doc_, index_, static_cast<uint32_t>(k), offset));
        return status.ok();
      });
      return status;
    }
    for (uint32_t c = index_ + 1; c < node().end; c = doc_->tree.node(c).end) {
      DMLC_RETURN_IF_ERROR(f(JsonNode(*doc_, c)));
    }
    return OkStatus();
  }
  // A non-empty array of numbers only, whose elements live in the text alone (json_tree.h).
  bool packed() const { return element_ == kNoElement && node().packed; }
  // The file's text and where this value starts in it: for numbers that are kept as text after the
  // document is gone (initializer.h, TextValues).
  const std::shared_ptr<const std::string>& shared_text() const { return doc_->tree.shared_text(); }
  uint64_t offset() const { return element_ != kNoElement ? offset_ : node().offset; }

  // Scalars. Integers are read exactly from their digits and must be JSON integers (no fraction, no
  // quotes) within [min, max]; errors quote the number as written.
  Result<std::string> String() const;
  Result<bool> Bool() const;
  Result<uint64_t> Unsigned(uint64_t max) const;
  Result<int64_t> Signed(int64_t min, int64_t max) const;
  Result<double> Number() const;  // any JSON number, or "nan", "inf", "-inf"
  // A tensor element of `type` as written: a number, "nan"/"inf"/"-inf", or a decimal integer string
  // (for 64-bit values JSON numbers cannot carry exactly). Integers come back as int64 when they fit,
  // else uint64; an integer beyond 64 bits is an error for integer types and a double for float types,
  // and "-0" is -0.0 for float types. Whether the value fits `type` is left to EncodeElement.
  Result<Scalar> Element(ops::DataType type) const;
  // The element as the file spells it, for messages: a number's text, a string's contents.
  std::string Written() const;
  Result<std::vector<uint32_t>> Uint32Array() const;

 private:
  static constexpr uint32_t kNoElement = JsonTree::kNone;

  JsonNode(const JsonDocument& doc, uint32_t index) : doc_(&doc), index_(index) {}
  JsonNode(const JsonDocument& doc, uint32_t array, uint32_t element, uint64_t offset)
      : doc_(&doc), index_(array), element_(element), offset_(offset) {}
  const JsonTree::Node& node() const { return doc_->tree.node(index_); }
  std::string_view NumberText() const;  // requires Is(kNumber)
  uint32_t FindIndex(std::string_view key) const;
  std::string TypeName() const;

  const JsonDocument* doc_;
  uint32_t index_;                  // this value's node; for an element of a packed array, the array's
  uint32_t element_ = kNoElement;   // the element's index in its packed array
  uint64_t offset_ = 0;             // the element's first byte in the text
};

Error UnknownEnumError(const JsonNode& node, std::string_view what, std::string_view prefix, std::string_view text,
                       std::span<const std::string_view> names);

// Reads an enum spelled in full ("DML_TENSOR_DATA_TYPE_FLOAT32") or as its suffix ("FLOAT32") through
// `parse`; when it does not parse, the error suggests the closest of `names` (the suffixes), comparing
// without `prefix`. `what` names the enum in the message: `unknown DataType "FLAOT32" (did you mean ...)`.
template <class T, class Parse>
Result<T> ReadEnum(const JsonNode& node, std::string_view what, std::string_view prefix, Parse parse,
                   std::span<const std::string_view> names) {
  Result<std::string> text = node.String();
  if (!text.ok()) return text.error();
  if (std::optional<T> v = parse(*text)) return *v;
  return UnknownEnumError(node, what, prefix, *text, names);
}

}  // namespace dmlc::app
