// NumPy .npy files (format versions 1.0, 2.0 and 3.0): read for {"sourcePath": "x.npy"} initializers,
// written by the engine for --dump-dir. Only little-endian, C-order arrays of the eleven DirectML data
// types are supported; anything else is an error naming what was found.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "ops/data_type.h"
#include "ops/error.h"

namespace dmlc::app {

struct NpyArray {
  ops::DataType data_type = ops::DataType::kUnknown;
  std::vector<uint64_t> shape;  // () for a scalar
  std::vector<std::byte> data;  // product(shape) elements, C order, little-endian
};

// "<f4", "<f2", "|u1", ... for the type; empty for kUnknown.
std::string_view NpyDescr(ops::DataType type);

// Parses the bytes of a .npy file (read through named_file.h). Errors have scope "npy" and name the
// rule broken.
Result<NpyArray> ParseNpy(std::span<const std::byte> bytes);

// The bytes of a version 1.0 file (2.0 when the header needs more than 65535 bytes).
// Error when data.size() does not match the shape and type.
Result<std::vector<std::byte>> SerializeNpy(const NpyArray& array);
// Writes SerializeNpy's bytes to `path`, replacing it.
Status WriteNpy(const std::filesystem::path& path, const NpyArray& array);

}  // namespace dmlc::app
