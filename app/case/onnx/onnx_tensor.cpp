#include "app/case/onnx/onnx_tensor.h"

#include <bit>
#include <cstring>
#include <fstream>
#include <limits>
#include <system_error>

#include <onnx/onnx_pb.h>

#include "app/case/byte_size.h"
#include "ops/float16.h"

namespace dmlc::app {
namespace {

// Materialize()'s own limit on logical elements (initializer.h): a larger tensor could not run anyway.
constexpr uint64_t kMaxElements = uint64_t{1} << 28;

Error TensorError(const std::string& origin, std::string message, std::string rule) {
  Error e = MakeError("onnx", "", std::move(message), std::move(rule));
  e.where.file = origin;
  return e;
}

// Bytes per element of raw_data; 0 where the type has no fixed-size element here.
size_t RawElementSize(OnnxType type) {
  switch (type) {
    case OnnxType::kUint8: case OnnxType::kInt8: case OnnxType::kBool: return 1;
    case OnnxType::kUint16: case OnnxType::kInt16: case OnnxType::kFloat16: return 2;
    case OnnxType::kFloat: case OnnxType::kInt32: case OnnxType::kUint32: return 4;
    case OnnxType::kDouble: case OnnxType::kInt64: case OnnxType::kUint64: return 8;
    default: return 0;
  }
}

// One element from its little-endian bits, as the initializer holds it.
Scalar FromBits(OnnxType type, uint64_t bits) {
  switch (type) {
    case OnnxType::kFloat: return static_cast<double>(std::bit_cast<float>(static_cast<uint32_t>(bits)));
    case OnnxType::kFloat16: return static_cast<double>(ops::HalfToFloat(static_cast<uint16_t>(bits)));
    case OnnxType::kDouble: return std::bit_cast<double>(bits);
    case OnnxType::kInt8: return static_cast<int64_t>(static_cast<int8_t>(bits));
    case OnnxType::kInt16: return static_cast<int64_t>(static_cast<int16_t>(bits));
    case OnnxType::kInt32: return static_cast<int64_t>(static_cast<int32_t>(bits));
    case OnnxType::kInt64: return static_cast<int64_t>(bits);
    case OnnxType::kBool: return uint64_t{bits != 0};
    default: return bits;  // the unsigned types
  }
}

// The elements from the typed repeated field that holds `type` when raw_data is empty (onnx.proto says
// which field holds which type: int32_data holds the narrow integers, BOOL and FLOAT16's bits).
std::vector<Scalar> FromTypedField(const onnx::TensorProto& t, OnnxType type) {
  std::vector<Scalar> out;
  switch (type) {
    case OnnxType::kFloat:
      for (float v : t.float_data()) out.emplace_back(static_cast<double>(v));
      break;
    case OnnxType::kDouble:
      for (double v : t.double_data()) out.emplace_back(v);
      break;
    case OnnxType::kInt64:
      for (int64_t v : t.int64_data()) out.emplace_back(v);
      break;
    case OnnxType::kUint32: case OnnxType::kUint64:
      for (uint64_t v : t.uint64_data()) out.emplace_back(FromBits(type, v));
      break;
    default:
      for (int32_t v : t.int32_data()) out.emplace_back(FromBits(type, static_cast<uint32_t>(v)));
      break;
  }
  return out;
}

}  // namespace

std::string OnnxTypeName(int32_t type) {
  static constexpr const char* kNames[] = {"UNDEFINED", "FLOAT",  "UINT8",  "INT8",      "UINT16",     "INT16",
                                           "INT32",     "INT64",  "STRING", "BOOL",      "FLOAT16",    "DOUBLE",
                                           "UINT32",    "UINT64", "COMPLEX64", "COMPLEX128", "BFLOAT16"};
  if (type >= 0 && type < static_cast<int32_t>(std::size(kNames))) return kNames[type];
  return "type " + std::to_string(type);
}

ops::DataType DmlTypeOf(int32_t type) {
  switch (static_cast<OnnxType>(type)) {
    case OnnxType::kFloat: return ops::DataType::kFloat32;
    case OnnxType::kFloat16: return ops::DataType::kFloat16;
    case OnnxType::kDouble: return ops::DataType::kFloat64;
    case OnnxType::kInt8: return ops::DataType::kInt8;
    case OnnxType::kInt16: return ops::DataType::kInt16;
    case OnnxType::kInt32: return ops::DataType::kInt32;
    case OnnxType::kInt64: return ops::DataType::kInt64;
    case OnnxType::kUint8: case OnnxType::kBool: return ops::DataType::kUint8;
    case OnnxType::kUint16: return ops::DataType::kUint16;
    case OnnxType::kUint32: return ops::DataType::kUint32;
    case OnnxType::kUint64: return ops::DataType::kUint64;
    default: return ops::DataType::kUnknown;
  }
}

uint64_t OnnxTensor::ElementCount() const {
  uint64_t n = 1;
  for (int64_t d : dims) n *= static_cast<uint64_t>(d);  // ParseOnnxTensor bounded the product
  return n;
}

Result<OnnxTensor> ParseOnnxTensor(std::string_view bytes, const std::string& origin) {
  onnx::TensorProto proto;
  if (bytes.size() > static_cast<size_t>(std::numeric_limits<int>::max()) ||
      !proto.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()))) {
    return TensorError(origin, "not a serialized ONNX TensorProto", "input_N.pb and output_N.pb hold one TensorProto");
  }
  OnnxTensor t;
  t.name = proto.name();
  t.type = proto.data_type();
  const auto type = static_cast<OnnxType>(t.type);
  const std::string what = "tensor \"" + t.name + "\"";
  if (proto.data_location() == onnx::TensorProto::EXTERNAL || proto.has_segment()) {
    return TensorError(origin, what + " keeps its data outside the message (external data or a segment)",
                       "node tests' tensors hold their data");
  }
  uint64_t count = 1;
  for (int64_t d : proto.dims()) {
    if (d < 0) return TensorError(origin, what + " has a negative dimension " + std::to_string(d), "dimensions are >= 0");
    if (d > 0 && count > kMaxElements / static_cast<uint64_t>(d)) {
      return TensorError(origin, what + " has more than 2^28 elements", "tensors of at most 2^28 elements");
    }
    count *= static_cast<uint64_t>(d);
    t.dims.push_back(d);
  }
  // A type no DirectML tensor holds (STRING, BFLOAT16, complex) keeps its shape and no values: the
  // mapping skips a node that takes it, naming the type.
  if (DmlTypeOf(t.type) == ops::DataType::kUnknown) return t;
  if (!proto.raw_data().empty()) {
    const size_t size = RawElementSize(type);
    const std::string& raw = proto.raw_data();
    if (raw.size() != count * size) {
      return TensorError(origin, what + " has " + std::to_string(raw.size()) + " bytes of raw_data for " +
                                     std::to_string(count) + " elements of " + OnnxTypeName(t.type),
                         "raw_data holds one element per element of the shape");
    }
    t.values.reserve(count);
    for (uint64_t i = 0; i < count; ++i) {
      uint64_t bits = 0;
      for (size_t b = 0; b < size; ++b) bits |= uint64_t{static_cast<uint8_t>(raw[i * size + b])} << (8 * b);
      t.values.push_back(FromBits(type, bits));
    }
    return t;
  }
  t.values = FromTypedField(proto, type);
  if (t.values.size() != count) {
    return TensorError(origin, what + " holds " + std::to_string(t.values.size()) + " values for " +
                                   std::to_string(count) + " elements",
                       "a tensor holds one value per element of its shape");
  }
  return t;
}

Result<std::string> ReadBinaryFile(const std::filesystem::path& file, uint64_t max_size) {
  std::error_code ec;
  const uintmax_t size = std::filesystem::file_size(file, ec);  // fails on anything but a regular file
  if (ec) return TensorError(file.string(), "cannot read the file: " + ec.message(), "node test files are readable");
  if (size > max_size) {
    return TensorError(file.string(), "the file is " + FormatBytes(size) + ", over --max-file-size " + FormatBytes(max_size),
                       "files are at most --max-file-size bytes");
  }
  std::ifstream in(file, std::ios::binary);
  std::string bytes(static_cast<size_t>(size), '\0');
  in.read(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  if (!in || static_cast<uintmax_t>(in.gcount()) != size) {
    return TensorError(file.string(), "cannot read the file", "node test files are readable");
  }
  return bytes;
}

Result<OnnxTensor> ReadOnnxTensor(const std::filesystem::path& file, uint64_t max_size) {
  Result<std::string> bytes = ReadBinaryFile(file, max_size);
  if (!bytes.ok()) return bytes.error();
  return ParseOnnxTensor(*bytes, file.string());
}

}  // namespace dmlc::app
