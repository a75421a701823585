#include "app/case/byte_size.h"

#include <gtest/gtest.h>

namespace dmlc::app {
namespace {

TEST(ByteSize, ParsesCountsAndBinarySuffixes) {
  const std::pair<const char*, uint64_t> rows[] = {
      {"0", 0},          {"1073741824", uint64_t{1} << 30}, {"1K", 1024},          {"1k", 1024},
      {"512M", uint64_t{512} << 20}, {"2G", uint64_t{2} << 30}, {"1.5G", uint64_t{3} << 29}, {"64KiB", 64 << 10},
      {"3GB", uint64_t{3} << 30},    {"1T", uint64_t{1} << 40},
  };
  for (const auto& [text, bytes] : rows) {
    Result<uint64_t> parsed = ParseByteSize(text, "--max-file-size");
    ASSERT_TRUE(parsed.ok()) << text << ": " << parsed.error().ToString();
    EXPECT_EQ(*parsed, bytes) << text;
  }
}

TEST(ByteSize, RefusesWhatIsNotASizeNamingTheFlag) {
  for (const char* text : {"", "G", "-1", "1Q", "1 G", "1GG", "0x10", "1.2.3", "16383P", "99999999999T"}) {
    Result<uint64_t> parsed = ParseByteSize(text, "--max-case-memory");
    ASSERT_FALSE(parsed.ok()) << text;
    EXPECT_EQ(parsed.error().scope, "--max-case-memory") << text;
    EXPECT_NE(parsed.error().message.find(std::string("'") + text + "'"), std::string::npos) << parsed.error().message;
  }
}

TEST(ByteSize, FormatsInTheLargestFittingUnit) {
  EXPECT_EQ(FormatBytes(0), "0 bytes");
  EXPECT_EQ(FormatBytes(1023), "1023 bytes");
  EXPECT_EQ(FormatBytes(1024), "1.0 KiB");
  EXPECT_EQ(FormatBytes(uint64_t{100} << 30), "100.0 GiB");
  EXPECT_EQ(FormatBytes(uint64_t{3} << 29), "1.5 GiB");
  EXPECT_EQ(FormatBytes(UINT64_MAX), "16.0 EiB");
}

}  // namespace
}  // namespace dmlc::app
