// The shared descriptor heap's bookkeeping: first fit, freed runs merged, exhaustion.
#include "backends/d3d12/descriptor_free_list.h"

#include <cstddef>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

namespace dmlc::backends::d3d12 {
namespace {

TEST(DescriptorFreeList, HandsOutRunsFirstFitAndSideBySide) {
  DescriptorFreeList ranges(100);
  EXPECT_EQ(ranges.Allocate(10), 0u);
  EXPECT_EQ(ranges.Allocate(30), 10u);
  EXPECT_EQ(ranges.Allocate(60), 40u);
  EXPECT_EQ(ranges.in_use(), 100u);
  EXPECT_EQ(ranges.Allocate(1), std::nullopt);
}

TEST(DescriptorFreeList, AFreedRunIsReusedAndNeighboursMerge) {
  DescriptorFreeList ranges(100);
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

TEST(DescriptorFreeList, ChurnOutOfOrderFragmentsRunsOutAndRecovers) {
  DescriptorFreeList ranges(64);
  std::vector<std::pair<uint32_t, uint32_t>> live;  // offset, count
  uint32_t refused = 0;
  for (uint32_t i = 1; i <= 2000; ++i) {
    const uint32_t n = 1 + (i * 7) % 13;
    if (std::optional<uint32_t> offset = ranges.Allocate(n)) {
      for (const auto& [o, c] : live) ASSERT_TRUE(*offset + n <= o || o + c <= *offset) << "overlap at " << i;
      live.emplace_back(*offset, n);
    } else {
      ++refused;
    }
    if (live.size() > 5 || (i % 3 == 0 && !live.empty())) {  // free one from the middle
      const size_t k = (i * 5) % live.size();
      ranges.Free(live[k].first, live[k].second);
      live.erase(live.begin() + static_cast<std::ptrdiff_t>(k));
    }
  }
  EXPECT_GT(refused, 0u);  // it did run out
  for (const auto& [o, c] : live) ranges.Free(o, c);
  EXPECT_EQ(ranges.in_use(), 0u);
  EXPECT_EQ(ranges.free_runs(), 1u);
  EXPECT_EQ(ranges.Allocate(64), 0u);
}

TEST(DescriptorFreeListDeathTest, ADoubleFreeOrARangePastTheHeapAborts) {
  DescriptorFreeList ranges(16);
  const uint32_t a = *ranges.Allocate(4);
  ranges.Allocate(4);
  ranges.Free(a, 4);
  EXPECT_DEATH(ranges.Free(a, 4), "overlap a free run");
  EXPECT_DEATH(ranges.Free(14, 4), "freeing descriptors");
}

TEST(DescriptorFreeList, AnEmptyHeapHasNothingToGive) {
  DescriptorFreeList ranges(0);
  EXPECT_EQ(ranges.Allocate(1), std::nullopt);
}

}  // namespace
}  // namespace dmlc::backends::d3d12
