// A DxDispatch model's "resources": each a byte buffer with DxDispatch's initializer semantics
// (JsonParsers.cpp, ParseModelBufferDesc): a typed array, an array of {"type", "value"} objects, a
// constant or a sequence of valueCount elements, or a file (.npy by its dtype, anything else raw), placed
// at initialValuesOffsetInBytes in a buffer of sizeInBytes (default: the values' size rounded up to 4).
#include "app/case/model_resources.h"

#include <limits>

#include "app/case/element_codec.h"
#include "app/case/initializer_parser.h"
#include "app/case/named_file.h"
#include "app/case/npy.h"

namespace dmlc::app {
namespace {

using Bytes = std::vector<std::byte>;

Result<ops::DataType> ReadDataType(const JsonNode& node) {
  const std::vector<std::string_view> names = ops::DataTypeNames();
  return ReadEnum<ops::DataType>(node, "DataType", "DML_TENSOR_DATA_TYPE_", ops::ParseDataType, names);
}

// `count` elements of `type` from an initializer the case format's parser read: encoded through the
// same Materialize as case files, over a 1-D tensor of that many elements.
Result<Bytes> Encode(const Initializer& init, ops::DataType type, uint64_t count) {
  ops::TensorDesc desc;
  desc.DataType = type;
  desc.Sizes = {static_cast<uint32_t>(count)};
  Result<uint64_t> size = ops::CalcBufferTensorSize(desc);
  if (!size.ok()) return size.error();
  desc.TotalTensorSizeInBytes = *size;
  Result<Bytes> bytes = Materialize(init, desc);
  if (!bytes.ok()) return bytes.error();
  bytes->resize(count * ops::ElementSize(type));
  return bytes;
}

// [{"type": "UINT32", "value": 42}, {"type": "FLOAT32", "value": 3.14159}]: each value in its own type.
Result<Bytes> MixedArray(const JsonNode& array) {
  Bytes out;
  DMLC_RETURN_IF_ERROR(array.ForEach([&](const JsonNode& element) -> Status {
    DMLC_RETURN_IF_ERROR(element.ExpectObject());
    DMLC_RETURN_IF_ERROR(element.CheckFields({"type", "value", "name"}));  // "name" labels it for readers
    Result<JsonNode> type_node = element.Require("type");
    if (!type_node.ok()) return type_node.error();
    Result<ops::DataType> type = ReadDataType(*type_node);
    if (!type.ok()) return type.error();
    Result<JsonNode> value_node = element.Require("value");
    if (!value_node.ok()) return value_node.error();
    Result<Scalar> value = value_node->Element(*type);
    if (!value.ok()) return value.error();
    std::byte bytes[8];
    Status fits = EncodeElement(*value, *type, bytes, value_node->Written());
    if (!fits.ok()) return value_node->Fail(fits.error().message, fits.error().rule);
    out.insert(out.end(), bytes, bytes + ops::ElementSize(*type));
    return OkStatus();
  }));
  return out;
}

// A resource is held in memory from load on: past this, a model file is refused rather than a few bytes of
// JSON ("sizeInBytes": 4294967296) allocating gigabytes.
constexpr uint64_t kMaxResourceBytes = uint64_t{256} << 20;

Status WithinLimit(uint64_t bytes) {
  if (bytes <= kMaxResourceBytes) return OkStatus();
  return MakeError("model", "", "the resource would hold " + std::to_string(bytes) + " bytes, over " +
                   std::to_string(kMaxResourceBytes) + " (256 MiB)",
                   "a model's resource is at most 256 MiB");
}

Status CheckSize(const JsonNode& at, uint64_t bytes) {
  Status within = WithinLimit(bytes);
  return within.ok() ? within : at.Fail(within.error().message, within.error().rule);
}

// {"sourcePath"}: a .npy gives its dtype (which must equal initialValuesDataType when both are given);
// any other file is raw bytes and needs initialValuesDataType. Images are DxDispatch's own.
Result<Bytes> FromFile(const JsonNode& object, const FileFolders& folders, ModelResource& r) {
  DMLC_RETURN_IF_ERROR(object.CheckFields({"sourcePath"}));
  const JsonNode source = object.Member("sourcePath");
  Result<std::string> text = source.String();
  if (!text.ok()) return text.error();
  const std::string extension = std::filesystem::path(*text).extension().string();
  if (extension == ".jpg" || extension == ".png") {
    r.unsupported = "resource '" + r.name + "' is an image (" + *text + "), which dml-conform does not decode";
    return Bytes{};
  }
  if (extension != ".npy" && r.type == ops::DataType::kUnknown) {
    return object.Fail("a raw file needs initialValuesDataType", "raw initial values have a data type");
  }
  Result<NamedPath> path = ReadPathField(source, folders, PathUse::kRead);
  if (!path.ok()) return path.error();
  Result<Bytes> bytes = ReadNamedFile(*path, WithinLimit);  // a file too large is not read
  if (!bytes.ok()) return source.Fail(bytes.error().message, bytes.error().rule);
  if (extension != ".npy") return bytes;
  Result<NpyArray> npy = ParseNpy(*bytes);
  const std::string name = path->full().string();
  if (!npy.ok()) return source.Fail(name + ": " + npy.error().message, npy.error().rule);
  if (r.type != ops::DataType::kUnknown && npy->data_type != r.type) {
    return source.Fail(name + " has dtype '" + std::string(NpyDescr(npy->data_type)) + "' but initialValuesDataType is " +
                           std::string(ops::DataTypeName(r.type)),
                       "a .npy's dtype matches initialValuesDataType");
  }
  r.type = npy->data_type;
  return std::move(npy->data);
}

Result<Bytes> InitialValues(const JsonNode& values, const FileFolders& folders, ModelResource& r) {
  if (values.Is(JsonKind::kString)) {
    if (*values.String() == "deferred") {
      r.unsupported = "resource '" + r.name + "' is deferred (bound by an ONNX dispatchable), which dml-conform does not run";
      return Bytes{};
    }
    return values.Fail("initialValues is an array, an object or \"deferred\"", "initialValues kinds");
  }
  if (values.Is(JsonKind::kArray)) {
    if (r.type == ops::DataType::kUnknown) return MixedArray(values);
    Result<Initializer> init = ParseInitializer(values, folders, r.type);
    if (!init.ok()) return init.error();
    return Encode(*init, r.type, values.size());
  }
  DMLC_RETURN_IF_ERROR(values.ExpectObject());
  if (values.Has("sourcePath")) return FromFile(values, folders, r);
  DMLC_RETURN_IF_ERROR(values.CheckFields({"value", "valueStart", "valueDelta", "valueCount"}));
  if (r.type == ops::DataType::kUnknown) {
    return values.Fail("a constant or a sequence needs initialValuesDataType", "generated values have a data type");
  }
  Result<JsonNode> count = values.Require("valueCount");
  if (!count.ok()) return count.error();
  Result<uint64_t> n = count->Unsigned(std::numeric_limits<uint32_t>::max());
  if (!n.ok()) return n.error();
  DMLC_RETURN_IF_ERROR(CheckSize(*count, *n * ops::ElementSize(r.type)));
  Result<Initializer> init = ParseInitializer(values, folders, r.type);
  if (!init.ok()) return init.error();
  return Encode(*init, r.type, *n);
}

}  // namespace

Result<ModelResource> ParseModelResource(const JsonNode& node, const FileFolders& folders) {
  ModelResource r;
  r.name = node.key();
  r.where = node.where();
  DMLC_RETURN_IF_ERROR(node.ExpectObject());
  DMLC_RETURN_IF_ERROR(node.CheckFields({"initialValuesDataType", "initialValues", "sizeInBytes",
                                         "initialValuesOffsetInBytes", "resampleSize", "resampleMode"}));
  // UNKNOWN, as DxDispatch's HLSL models write it, is the same as leaving the field out.
  const std::optional<JsonNode> type = node.Find("initialValuesDataType");
  const bool unknown = type && type->Is(JsonKind::kString) &&
                       (*type->String() == "UNKNOWN" || *type->String() == "DML_TENSOR_DATA_TYPE_UNKNOWN");
  if (type && !unknown) {
    Result<ops::DataType> v = ReadDataType(*type);
    if (!v.ok()) return v.error();
    r.type = *v;
  }
  Result<JsonNode> values = node.Require("initialValues");
  if (!values.ok()) return values.error();
  Result<Bytes> bytes = InitialValues(*values, folders, r);
  if (!bytes.ok()) return bytes.error();
  if (!r.unsupported.empty()) return r;
  if (bytes->empty()) return values->Fail("initialValues is empty", "initialValues must be non-empty");
  r.values_bytes = bytes->size();

  uint64_t size = (bytes->size() + 3) & ~uint64_t{3};  // DxDispatch rounds an implicit size up to 4 bytes
  uint64_t offset = 0;
  if (auto v = node.Find("sizeInBytes")) {
    Result<uint64_t> s = v->Unsigned(uint64_t{1} << 32);
    if (!s.ok()) return s.error();
    DMLC_RETURN_IF_ERROR(CheckSize(*v, *s));
    size = *s;
  }
  if (auto v = node.Find("initialValuesOffsetInBytes")) {
    Result<uint64_t> o = v->Unsigned(uint64_t{1} << 32);
    if (!o.ok()) return o.error();
    offset = *o;
  }
  if (offset > kMaxResourceBytes || offset + bytes->size() > size) {
    return node.Fail("the buffer size (" + std::to_string(size) + " bytes) is too small for the initialValues (" +
                         std::to_string(bytes->size()) + " bytes) at offset " + std::to_string(offset) + " bytes",
                     "initialValues fit in sizeInBytes");
  }
  r.initial.assign(size, std::byte{0});
  std::copy(bytes->begin(), bytes->end(), r.initial.begin() + static_cast<std::ptrdiff_t>(offset));
  return r;
}

}  // namespace dmlc::app
