// The copy baseline on the backends' thread pool: every byte asked for and none past it, whatever the
// thread count, the size (below, at and past the parallel threshold, not a whole number of pages) and the
// alignment of the two buffers.
#include "app/bench/parallel_copy.h"

#include <algorithm>
#include <cstdint>
#include <vector>

#include <gtest/gtest.h>

namespace dmlc::app::bench {
namespace {

std::vector<std::byte> Pattern(size_t bytes) {
  std::vector<std::byte> data(bytes);
  for (size_t i = 0; i < bytes; ++i) data[i] = static_cast<std::byte>((i * 131 + 7) & 0xff);
  return data;
}

TEST(ParallelCopierTest, CopiesExactlyTheBytesAskedForWithAnyThreadCount) {
  for (unsigned threads : {1u, 2u, 3u}) {
    ParallelCopier copier(threads);
    EXPECT_EQ(copier.threads(), threads);
    for (size_t bytes : {size_t{0}, size_t{5}, size_t{4096}, (size_t{3} << 20) + 123}) {
      const auto src = Pattern(bytes);
      std::vector<std::byte> dst(bytes + 16, std::byte{0xee});
      copier.Copy(dst.data(), src.data(), bytes);
      EXPECT_TRUE(std::equal(src.begin(), src.end(), dst.begin())) << threads << " threads, " << bytes << " bytes";
      for (size_t i = bytes; i < dst.size(); ++i) ASSERT_EQ(dst[i], std::byte{0xee});
    }
  }
}

TEST(ParallelCopierTest, RepeatedJobsReuseTheWorkers) {
  ParallelCopier copier(2);
  const auto src = Pattern(size_t{2} << 20);
  std::vector<std::byte> dst(src.size());
  for (int i = 0; i < 20; ++i) {
    std::fill(dst.begin(), dst.end(), std::byte{0});
    copier.Copy(dst.data(), src.data(), src.size());
    ASSERT_EQ(dst, src) << "job " << i;
  }
}

TEST(ParallelCopierTest, UnalignedBuffersAndPartialPages) {
  ParallelCopier copier(3);
  const size_t bytes = ParallelCopier::kMinParallelBytes + ParallelCopier::kPageBytes / 2 + 1;
  const auto src = Pattern(bytes + 3);
  std::vector<std::byte> dst(bytes + 8, std::byte{0xee});
  copier.Copy(dst.data() + 1, src.data() + 3, bytes);
  EXPECT_EQ(dst[0], std::byte{0xee});
  EXPECT_TRUE(std::equal(src.begin() + 3, src.end(), dst.begin() + 1));
  for (size_t i = bytes + 1; i < dst.size(); ++i) ASSERT_EQ(dst[i], std::byte{0xee});
}

TEST(ParallelCopierTest, ZeroMeansEveryCore) {
  ParallelCopier copier(0);
  EXPECT_EQ(copier.threads(), std::max(1u, std::thread::hardware_concurrency()));
}

}  // namespace
}  // namespace dmlc::app::bench
