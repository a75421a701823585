// DxDispatch's print and writeFile commands (its Executor.cpp), so that a transcript of a model run here
// diffs against DxDispatch's.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "app/case/model_program.h"
#include "app/case/named_file.h"
#include "app/case/npy.h"
#include "ops/float16.h"

namespace dmlc::app {
namespace {

template <typename T>
T Load(const std::byte* p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  return v;
}

// One element as a C++ stream writes it by default: %g's 6 significant digits for floats.
std::string FormatElement(ops::DataType type, const std::byte* p) {
  char text[64];
  auto real = [&](double v) {
    std::snprintf(text, sizeof text, "%g", v);
    return std::string(text);
  };
  switch (type) {
    case ops::DataType::kFloat16: return real(ops::HalfToFloat(Load<uint16_t>(p)));
    case ops::DataType::kFloat32: return real(Load<float>(p));
    case ops::DataType::kFloat64: return real(Load<double>(p));
    case ops::DataType::kInt8: return std::to_string(Load<int8_t>(p));
    case ops::DataType::kInt16: return std::to_string(Load<int16_t>(p));
    case ops::DataType::kInt32: return std::to_string(Load<int32_t>(p));
    case ops::DataType::kInt64: return std::to_string(Load<int64_t>(p));
    case ops::DataType::kUint16: return std::to_string(Load<uint16_t>(p));
    case ops::DataType::kUint32: return std::to_string(Load<uint32_t>(p));
    case ops::DataType::kUint64: return std::to_string(Load<uint64_t>(p));
    default: return std::to_string(Load<uint8_t>(p));  // UINT8, and the bytes of an untyped resource
  }
}

// Right-aligned in `width` characters, as fmt's "{:{}}" aligns numbers.
std::string Padded(const std::string& text, int width) {
  return std::string(width > static_cast<int>(text.size()) ? width - text.size() : 0, ' ') + text;
}

// The bytes of the .npy writeFile writes: `bytes` as resource.type, shaped by `dimensions` (or 1-D).
Result<std::vector<std::byte>> NpyFile(const ModelResource& resource, const ModelWriteFile& command,
                                       std::span<const std::byte> bytes) {
  if (resource.type == ops::DataType::kUnknown) {
    return MakeError("model", "", "resource '" + resource.name + "' has no initialValuesDataType",
                     "a .npy needs the resource's data type");
  }
  NpyArray array;
  array.data_type = resource.type;
  const uint64_t count = bytes.size() / ops::ElementSize(resource.type);
  if (command.dimensions.empty()) array.shape = {count};
  for (uint32_t d : command.dimensions) array.shape.push_back(d);
  uint64_t shaped = 1;
  for (uint64_t d : array.shape) shaped *= d;
  if (shaped > count) {
    return MakeError("model", "", "dimensions hold " + std::to_string(shaped) + " elements, resource '" + resource.name +
                     "' " + std::to_string(count),
                     "writeFile's dimensions fit the resource");
  }
  array.data.assign(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(shaped * ops::ElementSize(resource.type)));
  return SerializeNpy(array);
}

}  // namespace

std::string FormatPrint(const ModelResource& resource, std::span<const std::byte> bytes, bool verbose) {
  const uint32_t size = resource.type == ops::DataType::kUnknown ? 1 : ops::ElementSize(resource.type);
  const uint64_t count = std::min<uint64_t>(resource.values_bytes, bytes.size()) / size;
  std::string out = "Resource '" + resource.name + "':" + (verbose ? "\n" : " ");
  // DxDispatch pads the index to the width of the count's digits, and the hex to two digits a byte.
  const int index_width = count == 0 ? 1 : static_cast<int>(std::floor(std::log10(static_cast<double>(count)))) + 1;
  for (uint64_t i = 0; i < count; ++i) {
    const std::byte* p = bytes.data() + i * size;
    if (!verbose) {
      out += FormatElement(resource.type, p) + (i + 1 < count ? ", " : "");
      continue;
    }
    uint64_t bits = 0;
    std::memcpy(&bits, p, size);
    std::string hex;
    for (uint64_t b = bits; b != 0 || hex.empty(); b >>= 4) hex.insert(hex.begin(), "0123456789ABCDEF"[b & 15]);
    const std::string index = std::to_string(i);
    out += "[" + Padded(index, index_width) + "] " + FormatElement(resource.type, p) + " (0x" +
           Padded(hex, static_cast<int>(size * 2)) + ")\n";
  }
  if (verbose && !out.empty() && out.back() == '\n') out.pop_back();
  return out;
}

Status WriteResourceFile(const ModelResource& resource, const ModelWriteFile& command,
                         std::span<const std::byte> bytes) {
  Status written = [&]() -> Status {
    if (command.target.below.extension() != ".npy") return WriteNamedFile(command.target, bytes);
    Result<std::vector<std::byte>> npy = NpyFile(resource, command, bytes);
    if (!npy.ok()) return npy.error();
    return WriteNamedFile(command.target, *npy);
  }();
  if (written.ok()) return written;
  Error e = WithContext(written.error(), "writeFile " + command.target.full().string());
  e.scope = "model";
  e.where = command.where;
  return e;
}

}  // namespace dmlc::app
