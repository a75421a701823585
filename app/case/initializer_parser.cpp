#include "app/case/initializer_parser.h"

#include <cstddef>
#include <limits>
#include <string>
#include <vector>

#include "app/case/element_codec.h"

namespace dmlc::app {
namespace {

// A value the tensor will hold: checked against its data type here, where the text as written and
// its line and column are still at hand, so Materialize never meets a value that does not fit.
Result<Scalar> Value(const JsonNode& node, ops::DataType type) {
  Result<Scalar> v = node.Element(type);
  if (!v.ok()) return v.error();
  std::byte scratch[8];
  if (Status fits = EncodeElement(*v, type, scratch, node.Written()); !fits.ok()) {
    return node.Fail(fits.error().message, fits.error().rule);
  }
  return v;
}

// Checks that every element of `array` fits `type` (an error points at the element) and keeps them in
// `init`: an array of numbers only as its text, read again when the case runs, so that a long one
// costs no more than the file already does; any other (strings among the numbers, or empty) as Scalars.
Status ReadElements(const JsonNode& array, ops::DataType type, Initializer& init) {
  DMLC_RETURN_IF_ERROR(array.ExpectArray());
  if (array.packed()) {
    DMLC_RETURN_IF_ERROR(array.ForEach([&](const JsonNode& element) -> Status {
      Result<Scalar> v = Value(element, type);
      if (!v.ok()) return v.error();
      return OkStatus();
    }));
    init.text = TextValues{array.shared_text(), array.offset(), array.size(), type};
    return OkStatus();
  }
  init.values.reserve(array.size());
  return array.ForEach([&](const JsonNode& element) -> Status {
    Result<Scalar> v = Value(element, type);
    if (!v.ok()) return v.error();
    init.values.push_back(*v);
    return OkStatus();
  });
}

Status ParseRandom(const JsonNode& node, ops::DataType type, Initializer& init) {
  DMLC_RETURN_IF_ERROR(node.CheckFields({"seed", "min", "max"}));
  init.kind = Initializer::Kind::kRandom;
  init.value = Scalar{int64_t{0}};
  init.delta = Scalar{int64_t{1}};
  if (auto seed = node.Find("seed")) {
    Result<uint64_t> v = seed->Unsigned(std::numeric_limits<uint64_t>::max());
    if (!v.ok()) return v.error();
    init.seed = *v;
  }
  for (auto [key, target] : {std::pair{"min", &init.value}, std::pair{"max", &init.delta}}) {
    if (auto bound = node.Find(key)) {
      Result<Scalar> v = Value(*bound, type);
      if (!v.ok()) return v.error();
      *target = *v;
    }
  }
  return OkStatus();
}

Status ParseSource(const JsonNode& node, const FileFolders& folders, Initializer& init) {
  Result<std::string> text = node.String();
  if (!text.ok()) return text.error();
  // DxDispatch decodes .jpg and .png as images; everything but .npy is raw elements.
  const std::filesystem::path named(*text);
  if (named.extension() == ".jpg" || named.extension() == ".png") {
    return node.Fail("sourcePath \"" + *text + "\" is an image, which dml-conform does not decode",
                     "sourcePath is a .npy or a raw file");
  }
  Result<NamedPath> path = ReadPathField(node, folders, PathUse::kRead);
  if (!path.ok()) return path.error();
  init.kind = Initializer::Kind::kFile;
  init.source_path = std::move(*path);
  return OkStatus();
}

Status ParseObject(const JsonNode& node, const FileFolders& folders, ops::DataType type,
                   Initializer& init) {
  DMLC_RETURN_IF_ERROR(
      node.CheckFields({"value", "valueStart", "valueDelta", "valueCount", "sourcePath", "random", "buffer"}));
  if (auto count = node.Find("valueCount")) {
    if (!node.Has("value") && !node.Has("valueStart") && !node.Has("valueDelta")) {
      return count->Fail("valueCount goes with \"value\" or \"valueStart\"/\"valueDelta\"",
                         "valueCount counts a constant or a sequence");
    }
    Result<uint64_t> v = count->Unsigned(std::numeric_limits<uint32_t>::max());
    if (!v.ok()) return v.error();
    init.value_count = *v;
    init.value_count_where = count->where();
  }
  // Exactly one kind: "valueStart" and "valueDelta" together count as one.
  const int kinds = node.Has("value") + (node.Has("valueStart") || node.Has("valueDelta")) +
                    node.Has("sourcePath") + node.Has("random") + node.Has("buffer");
  if (kinds != 1) {
    return node.Fail("an initializer object needs exactly one of \"value\", \"valueStart\"/\"valueDelta\", "
                     "\"sourcePath\", \"random\", \"buffer\"; found " + std::to_string(kinds),
                     "one initializer kind");
  }
  if (auto value = node.Find("value")) {
    Result<Scalar> v = Value(*value, type);
    if (!v.ok()) return v.error();
    init.kind = Initializer::Kind::kConstant;
    init.value = *v;
    return OkStatus();
  }
  if (node.Has("valueStart") || node.Has("valueDelta")) {
    Result<JsonNode> start = node.Require("valueStart");
    if (!start.ok()) return start.error();
    Result<JsonNode> delta = node.Require("valueDelta");
    if (!delta.ok()) return delta.error();
    Result<Scalar> a = Value(*start, type);
    if (!a.ok()) return a.error();
    Result<Scalar> d = delta->Element(type);  // a step, not a value: it need not fit the type
    if (!d.ok()) return d.error();
    init.kind = Initializer::Kind::kSequence;
    init.value = *a;
    init.delta = *d;
    return OkStatus();
  }
  if (auto source = node.Find("sourcePath")) return ParseSource(*source, folders, init);
  if (auto random = node.Find("random")) return ParseRandom(*random, type, init);
  init.kind = Initializer::Kind::kBuffer;
  return ReadElements(node.Member("buffer"), type, init);
}

}  // namespace

Result<Initializer> ParseInitializer(const JsonNode& node, const FileFolders& folders,
                                     ops::DataType type) {
  Initializer init;
  init.where = node.where();
  init.path = node.pointer();
  if (node.Is(JsonKind::kArray)) {
    init.kind = Initializer::Kind::kValues;
    DMLC_RETURN_IF_ERROR(ReadElements(node, type, init));
    return init;
  }
  if (!node.Is(JsonKind::kObject)) {
    return node.Fail("expected an initializer: an array of numbers, or an object with \"value\", "
                     "\"valueStart\"/\"valueDelta\", \"sourcePath\", \"random\" or \"buffer\"",
                     "initializer kinds");
  }
  DMLC_RETURN_IF_ERROR(ParseObject(node, folders, type, init));
  return init;
}

}  // namespace dmlc::app
