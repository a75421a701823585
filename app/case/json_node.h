// A value of a parsed case file together with its JSON pointer and document, so that every typed read
// can fail with the file, line, column and field path ("/cases/3/operator/desc/Axis") of the value.
// Read-only views: a JsonNode borrows the json value and the document, which must outlive it.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/case/initializer.h"
#include "app/case/json_locations.h"
#include "ops/error.h"

namespace dmlc::app {

struct JsonDocument {
  std::string file;  // as given to the loader; copied into every error
  LocatedJson json;
};

class JsonNode {
 public:
  static JsonNode Root(const JsonDocument& doc) { return JsonNode(doc.json.value, "", doc); }

  const nlohmann::json& value() const { return *value_; }
  const std::string& pointer() const { return pointer_; }
  SourceLocation where() const;
  SourceLocation key_where() const;  // an object member's key; where() for others
  // An error about this value: scope "case", path = this pointer, location of this value.
  Error Fail(std::string message, std::string rule) const;

  // Objects. Member() requires Has(key).
  bool Has(std::string_view key) const;
  JsonNode Member(std::string_view key) const;
  std::optional<JsonNode> Find(std::string_view key) const;
  Result<JsonNode> Require(std::string_view key) const;  // "missing field" error when absent
  // Error for the first member not in `known`, suggesting the closest known name.
  Status CheckFields(std::span<const std::string_view> known) const;
  Status CheckFields(std::initializer_list<std::string_view> known) const {
    return CheckFields(std::span<const std::string_view>(known.begin(), known.size()));
  }
  Status ExpectObject() const;

  // Arrays. At() requires i < size().
  Status ExpectArray() const;
  size_t size() const { return value_->size(); }
  JsonNode At(size_t i) const;

  // Scalars. Integers must be JSON integers (no fraction, no quotes) within [min, max].
  Result<std::string> String() const;
  Result<bool> Bool() const;
  Result<uint64_t> Unsigned(uint64_t max) const;
  Result<int64_t> Signed(int64_t min, int64_t max) const;
  Result<double> Number() const;  // any JSON number, or "nan", "inf", "-inf"
  // A tensor element as written: a number, "nan"/"inf"/"-inf", or a decimal integer string (for 64-bit
  // values JSON numbers cannot carry exactly). Non-negative integers come back as int64 when they fit.
  Result<Scalar> Element() const;
  Result<std::vector<uint32_t>> Uint32Array() const;

 private:
  JsonNode(const nlohmann::json& value, std::string pointer, const JsonDocument& doc)
      : value_(&value), pointer_(std::move(pointer)), doc_(&doc) {}
  std::string TypeName() const;

  const nlohmann::json* value_;
  std::string pointer_;
  const JsonDocument* doc_;
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
