// The CPU kernels' building blocks: strided-shape coalescing and row/span iteration, and the pool.
#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "backends/cpu/strided.h"
#include "backends/thread_pool.h"

namespace dmlc::backends::cpu {
namespace {

TEST(CpuStridedShape, PackedLayoutsCoalesceIntoOneRow) {
  StridedShape<2> s;
  s.Append(2, {12, 12});
  s.Append(3, {4, 4});
  s.Append(4, {1, 1});
  s.Coalesce();
  EXPECT_EQ(s.rank, 1u);
  EXPECT_EQ(s.RowLength(), 24u);
  EXPECT_EQ(s.InnerStride(0), 1u);
}

TEST(CpuStridedShape, PaddingAndSizeOneDimensionsStaySeparateOrVanish) {
  StridedShape<2> s;
  s.Append(2, {8, 3});  // padded in operand 0 only
  s.Append(1, {99, 99});
  s.Append(3, {1, 1});
  s.Coalesce();
  EXPECT_EQ(s.rank, 2u);
  EXPECT_EQ(s.RowCount(), 2u);
  EXPECT_EQ(s.MaxOffset(0), 10u);
  EXPECT_EQ(s.MaxOffset(1), 5u);
}

TEST(CpuStridedShape, AllOnesIsOneElement) {
  StridedShape<1> s;
  s.Append(1, {5});
  s.Coalesce();
  EXPECT_EQ(s.ElementCount(), 1u);
  EXPECT_EQ(s.MaxOffset(0), 0u);
}

TEST(CpuStridedShape, ForEachRowVisitsOffsetsInRowMajorOrder) {
  StridedShape<1> s;
  s.Append(2, {100});
  s.Append(3, {10});
  s.Append(2, {1});
  std::vector<uint64_t> seen;
  s.ForEachRow(1, 5, [&](const auto& o) { seen.push_back(o[0]); });
  EXPECT_EQ(seen, (std::vector<uint64_t>{10, 20, 100, 110}));
}

TEST(CpuStridedShape, ForEachSpanSplitsRows) {
  StridedShape<1> s;
  s.Append(3, {10});
  s.Append(4, {1});
  std::vector<uint64_t> seen;
  s.ForEachSpan(2, 9, [&](const auto& o, uint64_t j, uint64_t n) {
    for (uint64_t k = 0; k < n; ++k) seen.push_back(o[0] + j + k);
  });
  EXPECT_EQ(seen, (std::vector<uint64_t>{2, 3, 10, 11, 12, 13, 20}));
}

TEST(CpuThreadPool, CoversEveryItemOnceFromSeveralCallers) {
  ThreadPool pool(3);
  EXPECT_EQ(pool.threads(), 3);
  std::vector<std::thread> callers;
  std::vector<std::atomic<int>> hits(4 * 10000);
  for (int c = 0; c < 4; ++c) {
    callers.emplace_back([&, c] {
      pool.ParallelFor(10000, 7, [&](uint64_t begin, uint64_t end) {
        for (uint64_t i = begin; i < end; ++i) hits[c * 10000 + i]++;
      });
    });
  }
  for (auto& t : callers) t.join();
  for (const auto& h : hits) ASSERT_EQ(h.load(), 1);
}

TEST(CpuThreadPool, ZeroMeansOnePerCore) {
  ThreadPool pool(0);
  EXPECT_EQ(pool.threads(), static_cast<int>(std::max(1u, std::thread::hardware_concurrency())));
}

}  // namespace
}  // namespace dmlc::backends::cpu
