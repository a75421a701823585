// The shared pipeline cache's file format, with no device: what is written reads back, and every kind
// of unusable file (not ours, truncated anywhere, another device's or kernel set's, a driver header that
// names another device) is refused with the reason, never handed to a driver.
#include "backends/vulkan/pipeline_cache_file.h"

#include <gtest/gtest.h>

#include <cstring>

namespace dmlc::backends::vulkan {
namespace {

PipelineCacheKey Key() {
  PipelineCacheKey key;
  key.vendor_id = 0x10DE;
  key.device_id = 0x2335;
  key.driver_version = 0x8A1C0000;
  for (uint8_t i = 0; i < 16; ++i) key.pipeline_cache_uuid[i] = static_cast<uint8_t>(0xA0 + i);
  key.kernel_set_hash = 0x0123456789ABCDEFull;
  return key;
}

// A VkPipelineCacheHeaderVersionOne for `key`, then `payload`.
std::string DriverData(const PipelineCacheKey& key, const std::string& payload = "driver bytes") {
  uint32_t header[4] = {32, 1, key.vendor_id, key.device_id};
  std::string data(reinterpret_cast<const char*>(header), sizeof(header));  // little-endian hosts only
  data.append(reinterpret_cast<const char*>(key.pipeline_cache_uuid.data()), 16);
  return data + payload;
}

std::string Why(const Result<PipelineCacheContents>& r) { return r.ok() ? "accepted" : r.error().message; }

TEST(PipelineCacheFile, RoundTrips) {
  const PipelineCacheContents contents{{"copy_b4", "reduce_f32"}, DriverData(Key())};
  Result<PipelineCacheContents> back = DecodePipelineCache(Key(), EncodePipelineCache(Key(), contents));
  ASSERT_TRUE(back.ok()) << back.error().ToString();
  EXPECT_EQ(back->kernels, contents.kernels);
  EXPECT_EQ(back->driver_data, contents.driver_data);
}

TEST(PipelineCacheFile, NamesTheDeviceAndTheWholeKey) {
  EXPECT_EQ(PipelineCacheFileName(Key()).substr(0, 17), "vulkan-10de-2335-");
  EXPECT_EQ(PipelineCacheFileName(Key()).size(), 17u + 16u + 10u);  // 16 hex digits, ".pipelines"
  PipelineCacheKey other = Key();
  other.kernel_set_hash += 1;
  EXPECT_NE(PipelineCacheFileName(other), PipelineCacheFileName(Key()));
}

TEST(PipelineCacheFile, RefusesEveryTruncation) {
  const std::string whole = EncodePipelineCache(Key(), {{"copy_b4"}, DriverData(Key())});
  for (size_t size = 0; size < whole.size(); ++size) {
    Result<PipelineCacheContents> r = DecodePipelineCache(Key(), std::string_view(whole).substr(0, size));
    ASSERT_FALSE(r.ok()) << size;
    const std::string why = r.error().message;
    EXPECT_TRUE(why == "not a dml-conform pipeline cache" || why.find("truncated") == 0) << size << ": " << why;
  }
  EXPECT_EQ(Why(DecodePipelineCache(Key(), whole + "x")), "1 bytes after the driver data");
}

TEST(PipelineCacheFile, RefusesGarbageAndOtherKeys) {
  EXPECT_EQ(Why(DecodePipelineCache(Key(), std::string(4096, '\x5A'))), "not a dml-conform pipeline cache");
  std::string newer = EncodePipelineCache(Key(), {{}, DriverData(Key())});
  newer[8] = 2;
  EXPECT_EQ(Why(DecodePipelineCache(Key(), newer)), "format version 2, not 1");
  for (auto change : {+[](PipelineCacheKey& k) { k.driver_version += 1; },
                      +[](PipelineCacheKey& k) { k.pipeline_cache_uuid[3] ^= 1; },
                      +[](PipelineCacheKey& k) { k.kernel_set_hash ^= 1; }}) {
    PipelineCacheKey other = Key();
    change(other);
    EXPECT_EQ(Why(DecodePipelineCache(Key(), EncodePipelineCache(other, {{"copy_b4"}, DriverData(other)}))),
              "written for another device, driver or kernel set");
  }
}

// Our key matches but the driver's own header does not: the bytes would go to the driver unchecked
// otherwise, and drivers have crashed on caches that are not theirs.
TEST(PipelineCacheFile, ChecksTheDriverHeader) {
  const auto with_driver = [](std::string driver) {
    return Why(DecodePipelineCache(Key(), EncodePipelineCache(Key(), {{"copy_b4"}, std::move(driver)})));
  };
  EXPECT_EQ(with_driver("short"), "the driver data holds 5 bytes, less than a VkPipelineCacheHeaderVersionOne");
  std::string data = DriverData(Key());
  data[0] = 16;  // headerSize below 32
  EXPECT_EQ(with_driver(data), "the driver data's headerSize is 16");
  data = DriverData(Key());
  data[4] = 2;
  EXPECT_EQ(with_driver(data), "the driver data's headerVersion is 2, not ONE");
  PipelineCacheKey amd = Key();
  amd.vendor_id = 0x1002;
  EXPECT_EQ(with_driver(DriverData(amd)),
            "the driver data is for vendorID 0x1002 deviceID 0x2335, this device is 0x10de 0x2335");
  PipelineCacheKey other_uuid = Key();
  other_uuid.pipeline_cache_uuid[15] = 0;
  EXPECT_EQ(with_driver(DriverData(other_uuid)), "the driver data's pipelineCacheUUID is another driver's");
  EXPECT_EQ(with_driver(DriverData(Key(), "")), "accepted");  // a header alone (lavapipe writes no more)
}

}  // namespace
}  // namespace dmlc::backends::vulkan
