// The shared descriptor heap's bookkeeping: first fit, freed runs merged, exhaustion.
#include "backends/d3d12/descriptor_ranges.h"

#include <gtest/gtest.h>

namespace dmlc::backends::d3d12 {
namespace {

TEST(DescriptorRanges, HandsOutRunsFirstFitAndSideBySide) {
  DescriptorRanges ranges(100);
  EXPECT_EQ(ranges.Allocate(10), 0u);
  EXPECT_EQ(ranges.Allocate(30), 10u);
  EXPECT_EQ(ranges.Allocate(60), 40u);
  EXPECT_EQ(ranges.in_use(), 100u);
  EXPECT_EQ(ranges.Allocate(1), std::nullopt);
}

TEST(DescriptorRanges, AFreedRunIsReusedAndNeighboursMerge) {
  DescriptorRanges ranges(100);
  const uint32_t a = *ranges.Allocate(10), b = *ranges.Allocate(20), c = *ranges.Allocate(30);
  ranges.Free(b, 20);
  EXPECT_EQ(ranges.Allocate(25), 60u);  // the hole of 20 is too short: first fit goes past it
  EXPECT_EQ(ranges.Allocate(20), 10u);  // and exactly fills it
  ranges.Free(10, 20);
  ranges.Free(a, 10);  // merges with the run after it
  EXPECT_EQ(ranges.free_runs(), 2u);  // [0, 30) and [85, 100)
  ranges.Free(c, 30);  // [0, 60) now: merged on the left
  EXPECT_EQ(ranges.free_runs(), 2u);
  EXPECT_EQ(ranges.Allocate(60), 0u);
  ranges.Free(0, 60);
  ranges.Free(60, 25);  // merged on both sides: everything free again
  EXPECT_EQ(ranges.free_runs(), 1u);
  EXPECT_EQ(ranges.in_use(), 0u);
  EXPECT_EQ(ranges.Allocate(100), 0u);
}

TEST(DescriptorRanges, ChurnOfManyOperatorsNeverLeaks) {
  DescriptorRanges ranges(64);
  for (uint32_t i = 1; i <= 1000; ++i) {
    const uint32_t n = 1 + i % 17;
    const std::optional<uint32_t> first = ranges.Allocate(n);
    const std::optional<uint32_t> second = ranges.Allocate(n + 3);
    ASSERT_TRUE(first && second) << i;
    ranges.Free(*first, n);
    ranges.Free(*second, n + 3);
  }
  EXPECT_EQ(ranges.in_use(), 0u);
  EXPECT_EQ(ranges.free_runs(), 1u);
}

TEST(DescriptorRanges, AnEmptyHeapHasNothingToGive) {
  DescriptorRanges ranges(0);
  EXPECT_EQ(ranges.Allocate(1), std::nullopt);
}

}  // namespace
}  // namespace dmlc::backends::d3d12
