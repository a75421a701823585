#include "backends/vulkan/pipeline_cache_file.h"

#include <cstdio>

namespace dmlc::backends::vulkan {
namespace {

constexpr std::string_view kMagic = "DMLCVKPC";
constexpr uint32_t kFormatVersion = 1;
// VkPipelineCacheHeaderVersionOne: headerSize, headerVersion, vendorID, deviceID, pipelineCacheUUID.
constexpr size_t kDriverHeaderSize = 32;
constexpr uint32_t kHeaderVersionOne = 1;  // VK_PIPELINE_CACHE_HEADER_VERSION_ONE

void PutU32(std::string& out, uint32_t v) {
  for (int i = 0; i < 4; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xFF));
}
void PutU64(std::string& out, uint64_t v) {
  PutU32(out, static_cast<uint32_t>(v));
  PutU32(out, static_cast<uint32_t>(v >> 32));
}

uint32_t U32At(std::string_view bytes, size_t at) {
  uint32_t v = 0;
  for (int i = 0; i < 4; ++i) v |= uint32_t{static_cast<uint8_t>(bytes[at + i])} << (8 * i);
  return v;
}

// Reads the file front to back; the first read past the end makes every later one fail too.
class Reader {
 public:
  explicit Reader(std::string_view bytes) : bytes_(bytes) {}
  bool Take(size_t n, std::string_view& out) {
    if (!ok_ || bytes_.size() - at_ < n) return ok_ = false;
    out = bytes_.substr(at_, n);
    at_ += n;
    return true;
  }
  uint32_t U32() {
    std::string_view b;
    return Take(4, b) ? U32At(b, 0) : 0;
  }
  uint64_t U64() {
    const uint64_t low = U32();
    return low | (uint64_t{U32()} << 32);
  }
  bool ok() const { return ok_; }
  size_t at() const { return at_; }

 private:
  std::string_view bytes_;
  size_t at_ = 0;
  bool ok_ = true;
};

std::string KeyBytes(const PipelineCacheKey& key) {
  std::string out;
  PutU32(out, key.vendor_id);
  PutU32(out, key.device_id);
  PutU32(out, key.driver_version);
  out.append(reinterpret_cast<const char*>(key.pipeline_cache_uuid.data()), key.pipeline_cache_uuid.size());
  PutU64(out, key.kernel_set_hash);
  return out;
}

Error Refused(std::string why) { return MakeError("vulkan", "", std::move(why), "a pipeline cache this device wrote"); }

std::string Hex(uint32_t v) {
  char text[16];
  std::snprintf(text, sizeof(text), "0x%x", v);
  return text;
}

}  // namespace

std::string PipelineCacheFileName(const PipelineCacheKey& key) {
  // FNV-1a over the key's bytes: a name, not a check (the file carries the key itself).
  uint64_t hash = 14695981039346656037ull;
  for (char c : KeyBytes(key)) hash = (hash ^ static_cast<uint8_t>(c)) * 1099511628211ull;
  char name[64];
  std::snprintf(name, sizeof(name), "vulkan-%04x-%04x-%016llx.pipelines", key.vendor_id, key.device_id,
                static_cast<unsigned long long>(hash));
  return name;
}

std::string EncodePipelineCache(const PipelineCacheKey& key, const PipelineCacheContents& contents) {
  std::string out(kMagic);
  PutU32(out, kFormatVersion);
  out += KeyBytes(key);
  PutU32(out, static_cast<uint32_t>(contents.kernels.size()));
  for (const std::string& name : contents.kernels) {
    PutU32(out, static_cast<uint32_t>(name.size()));
    out += name;
  }
  PutU64(out, contents.driver_data.size());
  out += contents.driver_data;
  return out;
}

Result<PipelineCacheContents> DecodePipelineCache(const PipelineCacheKey& key, std::string_view bytes) {
  Reader r(bytes);
  std::string_view magic;
  if (!r.Take(kMagic.size(), magic) || magic != kMagic) return Refused("not a dml-conform pipeline cache");
  const uint32_t version = r.U32();
  if (r.ok() && version != kFormatVersion) return Refused("format version " + std::to_string(version) + ", not 1");
  std::string_view key_bytes;
  if (r.Take(KeyBytes(key).size(), key_bytes) && key_bytes != KeyBytes(key)) {
    return Refused("written for another device, driver or kernel set");
  }
  PipelineCacheContents contents;
  const uint32_t count = r.U32();
  for (uint32_t i = 0; r.ok() && i < count; ++i) {
    std::string_view name;
    if (r.Take(r.U32(), name)) contents.kernels.emplace_back(name);
  }
  std::string_view driver;
  r.Take(r.U64(), driver);
  if (!r.ok()) return Refused("truncated: " + std::to_string(bytes.size()) + " bytes end inside a field");
  if (r.at() != bytes.size()) return Refused(std::to_string(bytes.size() - r.at()) + " bytes after the driver data");
  DMLC_RETURN_IF_ERROR(CheckDriverHeader(key, driver));
  contents.driver_data = std::string(driver);
  return contents;
}

Status CheckDriverHeader(const PipelineCacheKey& key, std::string_view driver_data) {
  if (driver_data.size() < kDriverHeaderSize) {
    return Refused("the driver data holds " + std::to_string(driver_data.size()) +
                   " bytes, less than a VkPipelineCacheHeaderVersionOne");
  }
  const uint32_t header_size = U32At(driver_data, 0);
  if (header_size < kDriverHeaderSize || header_size > driver_data.size()) {
    return Refused("the driver data's headerSize is " + std::to_string(header_size));
  }
  if (U32At(driver_data, 4) != kHeaderVersionOne) {
    return Refused("the driver data's headerVersion is " + std::to_string(U32At(driver_data, 4)) + ", not ONE");
  }
  if (U32At(driver_data, 8) != key.vendor_id || U32At(driver_data, 12) != key.device_id) {
    return Refused("the driver data is for vendorID " + Hex(U32At(driver_data, 8)) + " deviceID " +
                   Hex(U32At(driver_data, 12)) + ", this device is " + Hex(key.vendor_id) + " " + Hex(key.device_id));
  }
  if (driver_data.substr(16, 16) !=
      std::string_view(reinterpret_cast<const char*>(key.pipeline_cache_uuid.data()), key.pipeline_cache_uuid.size())) {
    return Refused("the driver data's pipelineCacheUUID is another driver's");
  }
  return OkStatus();
}

}  // namespace dmlc::backends::vulkan
