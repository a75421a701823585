#include "backends/d3d12/bytecode_cache.h"

#include <atomic>
#include <cstdio>
#include <cstring>

#include <spdlog/spdlog.h>

#include "backends/cache_files.h"

namespace dmlc::backends::d3d12 {
namespace {

// A file: this magic, the key and the bytecode's size (8 bytes each, little-endian as every target of
// ours is), then the bytecode.
constexpr std::string_view kMagic = "dmlc-d3d12-bc-1\n";
constexpr size_t kHeaderBytes = kMagic.size() + 16;

std::string Encode(uint64_t key, const std::vector<uint8_t>& bytecode) {
  std::string file(kMagic);
  const uint64_t size = bytecode.size();
  file.append(reinterpret_cast<const char*>(&key), 8);
  file.append(reinterpret_cast<const char*>(&size), 8);
  file.append(reinterpret_cast<const char*>(bytecode.data()), bytecode.size());
  return file;
}

// The bytecode `file` holds for `key`, or why it holds none.
Result<std::vector<uint8_t>> Decode(const std::string& file, uint64_t key) {
  if (file.size() < kHeaderBytes || file.compare(0, kMagic.size(), kMagic) != 0) {
    return MakeError("d3d12", "", "not a bytecode file of this version", "written by BytecodeCache");
  }
  uint64_t file_key = 0, size = 0;
  std::memcpy(&file_key, file.data() + kMagic.size(), 8);
  std::memcpy(&size, file.data() + kMagic.size() + 8, 8);
  if (file_key != key) return MakeError("d3d12", "", "another key", "the name's key");
  if (size == 0 || size != file.size() - kHeaderBytes) {
    return MakeError("d3d12", "", "truncated or padded: " + std::to_string(file.size() - kHeaderBytes) +
                     " bytes of bytecode, the header says " + std::to_string(size), "whole");
  }
  const auto* bytes = reinterpret_cast<const uint8_t*>(file.data() + kHeaderBytes);
  return std::vector<uint8_t>(bytes, bytes + size);
}

// One warning per process for a folder that cannot be used, as the Vulkan pipeline cache does.
void WarnOnce(const std::string& message) {
  static std::atomic<bool> warned{false};
  if (!warned.exchange(true)) spdlog::warn("d3d12: kernel cache: {}; kernels are compiled in each process", message);
}

}  // namespace

uint64_t BytecodeKey(const std::vector<std::string_view>& parts) {
  // FNV-1a: a key, not a defence; each part's length goes in so that no two splits of a text collide.
  uint64_t hash = 14695981039346656037ull;
  const auto mix = [&](uint8_t byte) { hash = (hash ^ byte) * 1099511628211ull; };
  for (std::string_view part : parts) {
    const uint64_t length = part.size();
    for (int i = 0; i < 8; ++i) mix(static_cast<uint8_t>(length >> (8 * i)));
    for (char c : part) mix(static_cast<uint8_t>(c));
  }
  return hash;
}

std::filesystem::path BytecodeCache::FileFor(std::string_view name, uint64_t key) const {
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(key));
  return folder_ / ("d3d12-" + std::string(name) + "-" + hex + ".bytecode");
}

Result<std::vector<uint8_t>> BytecodeCache::Get(std::string_view name, uint64_t key, const CompileFn& compile) const {
  if (folder_.empty()) return compile();
  const std::filesystem::path file = FileFor(name, key);
  std::error_code error;
  std::filesystem::create_directories(folder_, error);
  std::filesystem::path lock_path = file;
  lock_path += ".lock";
  Result<FileLock> lock = FileLock::Acquire(lock_path);
  if (!lock.ok()) {
    WarnOnce(lock.error().ToString());
    return compile();
  }
  if (std::filesystem::exists(file, error)) {
    Result<std::string> bytes = ReadWholeFile(file);
    Result<std::vector<uint8_t>> cached = bytes.ok() ? Decode(*bytes, key) : Result<std::vector<uint8_t>>(bytes.error());
    if (cached.ok()) return cached;
    spdlog::warn("d3d12: kernel cache file {} ignored ({}); compiling it again", file.string(), cached.error().message);
  }
  Result<std::vector<uint8_t>> bytecode = compile();
  if (!bytecode.ok()) return bytecode;
  Status saved = WriteFileAtomically(file, Encode(key, *bytecode));
  if (!saved.ok()) WarnOnce(saved.error().ToString());
  return bytecode;
}

}  // namespace dmlc::backends::d3d12
