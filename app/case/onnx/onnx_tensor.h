// ONNX tensors (TensorProto: a node test's input_N.pb and output_N.pb) read into the elements a case's
// initializers hold. The bytes are parsed by protobuf with the ONNX messages Debian's libonnx-dev ships;
// this header keeps both out of its users.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "app/case/initializer.h"
#include "ops/data_type.h"
#include "ops/error.h"

namespace dmlc::app {

// TensorProto.DataType's values that a mapping names.
enum class OnnxType : int32_t {
  kUndefined = 0, kFloat = 1, kUint8 = 2, kInt8 = 3, kUint16 = 4, kInt16 = 5, kInt32 = 6, kInt64 = 7,
  kString = 8, kBool = 9, kFloat16 = 10, kDouble = 11, kUint32 = 12, kUint64 = 13, kComplex64 = 14,
  kComplex128 = 15, kBfloat16 = 16,
};

// "FLOAT", "INT64", "BOOL", as the ONNX operator pages write types; "type 42" for an unknown value.
std::string OnnxTypeName(int32_t type);
// The DirectML data type an ONNX type is held in: the same type, and BOOL as UINT8 (as ONNX Runtime's
// DirectML execution provider holds it); kUnknown where there is none (STRING, BFLOAT16, complex).
ops::DataType DmlTypeOf(int32_t type);

struct OnnxTensor {
  std::string name;
  int32_t type = 0;            // TensorProto.DataType
  std::vector<int64_t> dims;   // ONNX's shape; {} is a scalar
  std::vector<Scalar> values;  // row-major: doubles for floats, int64 for signed, uint64 for unsigned and BOOL
  uint64_t ElementCount() const;
};

// Parses a serialized TensorProto. `origin` (a file path) prefixes errors. A type with no DirectML data
// type (DmlTypeOf() kUnknown) is read as its shape alone, `values` empty. Refused, by name: data stored
// outside the message (external data, segments), a negative dimension, more than 2^28 elements, or a data
// field that holds other than one value per element.
Result<OnnxTensor> ParseOnnxTensor(std::string_view bytes, const std::string& origin);
// Reads and parses `file`, refusing one larger than max_size bytes unread.
Result<OnnxTensor> ReadOnnxTensor(const std::filesystem::path& file, uint64_t max_size);

// Reads a whole file of at most max_size bytes (regular files only: a FIFO or a device is refused
// before it is opened). Errors name the file.
Result<std::string> ReadBinaryFile(const std::filesystem::path& file, uint64_t max_size);

}  // namespace dmlc::app
