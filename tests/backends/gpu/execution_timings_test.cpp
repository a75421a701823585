// The timing bookkeeping of ExecuteRepeated(): the iteration cap and ticks to per-execution Timing.
#include "backends/gpu/execution_timings.h"

#include <gtest/gtest.h>

namespace dmlc::backends::gpu {
namespace {

TEST(CheckRepeatCount, AcceptsOneToTheCap) {
  EXPECT_TRUE(CheckRepeatCount("vulkan", 1).ok());
  EXPECT_TRUE(CheckRepeatCount("vulkan", kMaxIterations).ok());
}

TEST(CheckRepeatCount, RejectsBelowOneAndAboveTheCap) {
  Status none = CheckRepeatCount("d3d12", 0);
  ASSERT_FALSE(none.ok());
  EXPECT_EQ(none.error().rule, "at least one iteration");
  Status over = CheckRepeatCount("d3d12", kMaxIterations + 1);
  ASSERT_FALSE(over.ok());
  EXPECT_EQ(over.error().scope, "d3d12");
  EXPECT_EQ(over.error().path, "iterations");
  EXPECT_EQ(over.error().message, "65537 executions asked of one call");
  EXPECT_EQ(over.error().rule, "at most 65536 executions per ExecuteRepeated()");
}

TEST(ExecutionTimings, EachExecutionBetweenItsOwnTimestamps) {
  // 1 ns per tick: 2,000,000 ticks are 2 ms, the second execution's 500,000 ticks 0.5 ms.
  const std::vector<uint64_t> ticks = {100, 2000100, 3000000, 3500000};
  const std::vector<Timing> t = ExecutionTimings(2, 5.0, ticks, {1.0, 64});
  ASSERT_EQ(t.size(), 2u);
  EXPECT_DOUBLE_EQ(t[0].cpu_ms, 2.5);
  EXPECT_DOUBLE_EQ(t[1].cpu_ms, 2.5);
  EXPECT_DOUBLE_EQ(t[0].gpu_ms.value(), 2.0);
  EXPECT_DOUBLE_EQ(t[1].gpu_ms.value(), 0.5);
}

TEST(ExecutionTimings, TicksScaleByTheClockPeriod) {
  // D3D12 at 10 MHz: 100 ns per tick, so 30,000 ticks are 3 ms.
  const std::vector<uint64_t> ticks = {1000, 31000};
  EXPECT_DOUBLE_EQ(ExecutionTimings(1, 1.0, ticks, {100.0, 64})[0].gpu_ms.value(), 3.0);
}

TEST(ExecutionTimings, OneWrapOfTheValidBitsReadsRight) {
  // A 32-bit counter from 0xFFFFFF00 past its wrap to 0x100: 0x200 ticks.
  const std::vector<uint64_t> ticks = {0xFFFFFF00u, 0x100u};
  EXPECT_DOUBLE_EQ(ExecutionTimings(1, 1.0, ticks, {1.0, 32})[0].gpu_ms.value(), 512 / 1e6);
}

TEST(ExecutionTimings, NoTicksLeavesGpuTimeUnset) {
  const std::vector<Timing> t = ExecutionTimings(3, 6.0, {}, {1.0, 64});
  ASSERT_EQ(t.size(), 3u);
  for (const Timing& each : t) {
    EXPECT_DOUBLE_EQ(each.cpu_ms, 2.0);
    EXPECT_FALSE(each.gpu_ms.has_value());
  }
}

}  // namespace
}  // namespace dmlc::backends::gpu
