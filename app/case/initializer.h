// Initializers: how a case file says what a tensor's buffer holds (inputs) or must hold (expected).
// Parsed by the case loader, materialized into a buffer only when the case runs, so `list` and
// `validate` allocate nothing.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "app/case/confined_path.h"
#include "ops/error.h"
#include "ops/tensor_desc.h"

namespace dmlc::app {

// One number from a case file. Integers keep full 64-bit precision; "nan"/"inf"/"-inf" are doubles.
using Scalar = std::variant<double, int64_t, uint64_t>;

// A kValues or kBuffer initializer's numbers as its case file wrote them, read again (exactly, as
// exact_number.h says) whenever they are needed: a file of 35 million numbers then costs its text,
// held once for all its initializers, rather than 16 bytes a number more. The loader has checked that
// every number fits `type`.
struct TextValues {
  std::shared_ptr<const std::string> text;  // the whole case file
  uint64_t array_offset = 0;  // the array's '[' in text; between the brackets, only numbers (json_tree.h)
  uint64_t count = 0;
  ops::DataType type = ops::DataType::kUnknown;  // the tensor's, which decides how integers are read
};

struct Initializer {
  enum class Kind : uint8_t {
    kValues,    // [1, 2, 3]: logical elements in row-major order of Sizes
    kConstant,  // {"value": v}
    kSequence,  // {"valueStart": a, "valueDelta": d}: as DxDispatch, each element is the previous one
                //   plus d in the element type (float adds for FLOAT32, wrapping integers)
    kFile,      // {"sourcePath": "x.npy" | "x.bin" | "x.dat" ...}, relative to the case file. A .npy's
                //   dtype must be the DataType and it must hold one element per logical element (its
                //   shape is not compared, as DxDispatch ignores it), C order; any other extension is
                //   raw: exactly the packed logical elements, little-endian
    kRandom,    // {"random": {"seed": s, "min": a, "max": b}}: the generator defined in random.h
    kBuffer,    // {"buffer": [...]}: raw buffer elements, at least as many as the layout spans and at
                //   most TotalTensorSizeInBytes / element size; the rest of the buffer is zero
  };
  Kind kind = Kind::kValues;
  // kValues, kBuffer: the numbers, in one of two forms; read them through initializer_values.h, which
  // takes either. Built in code: `values`. Loaded: `text`, or `values` for an array that also holds
  // strings ("nan", "18446744073709551615").
  std::vector<Scalar> values;
  std::optional<TextValues> text;
  Scalar value{0.0};           // kConstant; valueStart for kSequence; min for kRandom
  Scalar delta{0.0};           // valueDelta for kSequence; max for kRandom
  uint64_t seed = 0;           // kRandom
  NamedPath source_path;       // kFile, resolved inside the case file's folder (confined_path.h)
  // kConstant, kSequence: DxDispatch's "valueCount", which must then equal the logical element count.
  std::optional<uint64_t> value_count;
  SourceLocation value_count_where;
  SourceLocation where;        // where the initializer stands in its file, for errors
  std::string path;            // its JSON pointer ("/inputs/InputTensor"), for errors
};

// Fills a buffer of desc.TotalTensorSizeInBytes bytes (at most 4 GiB and 2^28 logical elements).
// Logical initializers are placed at each element's strided offset; stride gaps are zero; logical
// elements that alias one buffer element (a 0 stride) must agree. Errors name the location and the rule: a count mismatch, a value that does not
// fit the data type, disagreeing aliases, an unreadable or mismatched .npy/.bin. Errors carry
// init.where and init.path (with "/<index>" for one bad value). Values are converted as
// element_codec.h says. Thread-safe; reads files for kFile only.
Result<std::vector<std::byte>> Materialize(const Initializer& init, const ops::TensorDesc& desc);

}  // namespace dmlc::app
