#include "app/bench/bench_options.h"

#include <gtest/gtest.h>

namespace dmlc::app::bench {
namespace {

TEST(ByteSizeTest, ParsesBinaryUnits) {
  EXPECT_EQ(*ParseByteSize("4096"), 4096u);
  EXPECT_EQ(*ParseByteSize("1KiB"), 1024u);
  EXPECT_EQ(*ParseByteSize("64MiB"), 67108864u);
  EXPECT_EQ(*ParseByteSize("1GiB"), 1073741824u);
}

TEST(ByteSizeTest, RejectsWhatIsNotASize) {
  for (const char* text : {"", "0", "MiB", "-1", "12XB", "64QiB", "2048GiB"}) {
    auto size = ParseByteSize(text);
    ASSERT_FALSE(size.ok()) << text;
    EXPECT_EQ(size.error().path, "--max-size");
  }
}

TEST(ByteSizeTest, FormatsWithTheLargestExactUnit) {
  EXPECT_EQ(FormatByteSize(1024), "1KiB");
  EXPECT_EQ(FormatByteSize(65536), "64KiB");
  EXPECT_EQ(FormatByteSize(uint64_t{4} << 20), "4MiB");
  EXPECT_EQ(FormatByteSize(uint64_t{1} << 30), "1GiB");
  EXPECT_EQ(FormatByteSize(1536), "1536B");
}

TEST(BenchOptionsTest, TakesOurFlagsAndKeepsTheRestInOrder) {
  auto parsed = ParseBenchOptions({"dml-bench", "--benchmark_filter=cpu/", "--backends=cpu,vulkan", "--max-size=4MiB",
                                   "--device=1", "--benchmark_format=json"},
                                  nullptr);
  ASSERT_TRUE(parsed.ok()) << parsed.error().ToString();
  EXPECT_FALSE(parsed->options.quick);
  EXPECT_EQ(parsed->options.backends, (std::vector<std::string>{"cpu", "vulkan"}));
  EXPECT_EQ(parsed->options.max_size_bytes, uint64_t{4} << 20);
  EXPECT_EQ(parsed->options.device, "1");
  EXPECT_EQ(parsed->remaining,
            (std::vector<std::string>{"dml-bench", "--benchmark_filter=cpu/", "--benchmark_format=json"}));
}

TEST(BenchOptionsTest, QuickPutsItsMinTimeBeforeTheCallersSoTheCallerWins) {
  auto parsed = ParseBenchOptions({"dml-bench", "--benchmark_min_time=0.01", "--quick"}, nullptr);
  ASSERT_TRUE(parsed.ok());
  EXPECT_TRUE(parsed->options.quick);
  EXPECT_EQ(parsed->remaining,
            (std::vector<std::string>{"dml-bench", "--benchmark_min_time=0.05", "--benchmark_min_time=0.01"}));
}

TEST(BenchOptionsTest, QuickFromTheEnvironment) {
  EXPECT_TRUE(ParseBenchOptions({"dml-bench"}, "1")->options.quick);
  EXPECT_FALSE(ParseBenchOptions({"dml-bench"}, "0")->options.quick);
}

TEST(BenchOptionsTest, DtypesInTableOrderAndSweep) {
  using ops::DataType;
  auto parsed = ParseBenchOptions({"dml-bench", "--dtypes=int8,FLOAT16,UINT64,float16", "--sweep"}, nullptr);
  ASSERT_TRUE(parsed.ok()) << parsed.error().ToString();
  EXPECT_EQ(parsed->options.dtypes, (std::vector<DataType>{DataType::kFloat16, DataType::kInt8, DataType::kUint64}));
  EXPECT_TRUE(parsed->options.sweep);
  EXPECT_EQ(parsed->remaining, (std::vector<std::string>{"dml-bench"}));
  EXPECT_EQ(ParseBenchOptions({"dml-bench", "--dtypes=all"}, nullptr)->options.dtypes.size(), 11u);
  EXPECT_TRUE(ParseBenchOptions({"dml-bench"}, nullptr)->options.dtypes.empty());
  EXPECT_FALSE(ParseBenchOptions({"dml-bench"}, nullptr)->options.sweep);
}

TEST(BenchOptionsTest, RejectsWhatIsNotADataType) {
  for (const char* flag : {"--dtypes=FLOAT8", "--dtypes=", "--dtypes=,", "--dtypes=FLOAT32,BOOL"}) {
    auto parsed = ParseBenchOptions({"dml-bench", flag}, nullptr);
    if (std::string(flag) == "--dtypes=") {
      // An empty value is not our flag's form ("--name=value"), so it goes on to Google Benchmark.
      ASSERT_TRUE(parsed.ok());
      continue;
    }
    ASSERT_FALSE(parsed.ok()) << flag;
    EXPECT_EQ(parsed.error().path, "--dtypes") << flag;
  }
}

TEST(BenchOptionsTest, HelpIsSeenAndPassedOn) {
  auto parsed = ParseBenchOptions({"dml-bench", "--help"}, nullptr);
  ASSERT_TRUE(parsed.ok());
  EXPECT_TRUE(parsed->options.help);
  EXPECT_EQ(parsed->remaining, (std::vector<std::string>{"dml-bench", "--help"}));
}

TEST(BenchOptionsTest, DeviceBatchMilliseconds) {
  EXPECT_DOUBLE_EQ(ParseBenchOptions({"dml-bench"}, nullptr)->options.device_batch_ms, 100);
  EXPECT_DOUBLE_EQ(ParseBenchOptions({"dml-bench", "--device-batch-ms=2.5"}, nullptr)->options.device_batch_ms, 2.5);
  for (const char* bad : {"--device-batch-ms=0", "--device-batch-ms=-1", "--device-batch-ms=1ms",
                          "--device-batch-ms=x", "--device-batch-ms=60001"}) {
    auto parsed = ParseBenchOptions({"dml-bench", bad}, nullptr);
    ASSERT_FALSE(parsed.ok()) << bad;
    EXPECT_EQ(parsed.error().path, "--device-batch-ms");
  }
}

TEST(BenchOptionsTest, BadMaxSizeIsAnError) {
  auto parsed = ParseBenchOptions({"dml-bench", "--max-size=big"}, nullptr);
  ASSERT_FALSE(parsed.ok());
  EXPECT_EQ(parsed.error().message, "'big' is not a size");
}

}  // namespace
}  // namespace dmlc::app::bench
