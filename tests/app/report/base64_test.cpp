#include "app/report/base64.h"

#include <gtest/gtest.h>

#include <vector>

namespace dmlc::app {
namespace {

std::vector<uint8_t> Of(std::string_view text) { return {text.begin(), text.end()}; }

TEST(Base64, EncodesRfc4648TestVectors) {
  EXPECT_EQ(EncodeBase64(Of("")), "");
  EXPECT_EQ(EncodeBase64(Of("f")), "Zg==");
  EXPECT_EQ(EncodeBase64(Of("fo")), "Zm8=");
  EXPECT_EQ(EncodeBase64(Of("foo")), "Zm9v");
  EXPECT_EQ(EncodeBase64(Of("foobar")), "Zm9vYmFy");
  EXPECT_EQ(EncodeBase64(std::vector<uint8_t>{0, 255, 254}), "AP/+");
}

TEST(Base64, DecodesWhatItEncodes) {
  std::vector<uint8_t> all;
  for (int i = 0; i < 256; ++i) all.push_back(static_cast<uint8_t>(i));
  for (size_t n : {0, 1, 2, 3, 4, 255, 256}) {
    const std::vector<uint8_t> bytes(all.begin(), all.begin() + static_cast<long>(n));
    EXPECT_EQ(DecodeBase64(EncodeBase64(bytes)), bytes) << n;
  }
}

TEST(Base64, RefusesWhatIsNotPaddedBase64) {
  for (const char* bad : {"Zg=", "Zg", "Z===", "Zm9v!A==", "Z=g=", "Zg==Zg==", "Zm-v"}) {
    EXPECT_FALSE(DecodeBase64(bad).has_value()) << bad;
  }
}

}  // namespace
}  // namespace dmlc::app
