#include "app/engine/dump.h"

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <system_error>

#include "app/case/npy.h"
#include "app/engine/element_walk.h"
#include "backends/cache_files.h"

namespace dmlc::app {
namespace {

// The logical elements of a strided buffer, packed in row-major order, as .npy wants them.
NpyArray Pack(const ops::TensorDesc& desc, std::span<const std::byte> buffer) {
  NpyArray array;
  array.data_type = desc.DataType;
  array.shape.assign(desc.Sizes.begin(), desc.Sizes.end());
  const size_t element_size = ops::ElementSize(desc.DataType);
  uint64_t count = 1;
  for (uint32_t s : desc.Sizes) count *= s;
  array.data.resize(static_cast<size_t>(count) * element_size);
  ForEachElement(desc.Sizes, ops::EffectiveStrides(desc), [&](uint64_t linear, uint64_t offset) {
    std::memcpy(array.data.data() + linear * element_size, buffer.data() + offset * element_size, element_size);
  });
  return array;
}

// Written whole or not at all, and never through a device, FIFO or link at the name.
Status WriteDump(const std::filesystem::path& path, const NpyArray& array) {
  Result<std::vector<std::byte>> bytes = SerializeNpy(array);
  if (!bytes.ok()) return bytes.error();
  return backends::WriteFileAtomically(
      path, std::string_view(reinterpret_cast<const char*>(bytes->data()), bytes->size()));
}

}  // namespace

std::string DumpStem(const std::string& id) {
  std::string stem;
  for (char c : id) {
    if (c == '/') {
      stem += "__";
    } else if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' ||
               c == '-') {
      stem += c;
    } else {
      stem += '_';
    }
  }
  return stem;
}

std::string DumpFileStem(const std::string& id, const std::string& tensor) {
  std::string stem = DumpStem(id) + "." + DumpStem(tensor);
  if (stem.size() <= kMaxDumpStemBytes) return stem;
  // Linux and NTFS allow 255 bytes a name; past that the write failed with a reason that blamed the
  // folder (issue 47, defect 19). FNV-1a 64 of the whole stem keeps cut names apart.
  uint64_t hash = 14695981039346656037ull;
  for (char c : stem) hash = (hash ^ static_cast<uint8_t>(c)) * 1099511628211ull;
  char hex[17];
  std::snprintf(hex, sizeof(hex), "%016llx", static_cast<unsigned long long>(hash));
  stem.resize(kMaxDumpStemBytes - 17);
  return stem + "~" + hex;
}

Status DumpOutputs(const std::filesystem::path& dir, const std::string& id, const std::string& tensor,
                   const ops::TensorDesc& desc, std::span<const std::byte> expected, std::span<const std::byte> actual) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) return MakeError("dump", dir.string(), "cannot create " + dir.string() + ": " + ec.message());
  const std::string stem = DumpFileStem(id, tensor);
  const std::string what = "dumping " + tensor + " of " + id;
  DMLC_RETURN_IF_ERROR_WITH(WriteDump(dir / (stem + ".actual.npy"), Pack(desc, actual)), what);
  DMLC_RETURN_IF_ERROR_WITH(WriteDump(dir / (stem + ".expected.npy"), Pack(desc, expected)), what);
  return OkStatus();
}

}  // namespace dmlc::app
