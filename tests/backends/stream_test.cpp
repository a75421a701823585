// Streaming stores: StreamCopy at every alignment and length against memcpy, and the data-movement
// operators with outputs of kStreamMinBytes and more (the streaming paths) against plain loops.
#include <gtest/gtest.h>

#include <cstring>
#include <numeric>

#include "backends/cpu/stream.h"
#include "tests/backends/test_tensor.h"

namespace dmlc::backends::testing {
namespace {

using ops::DataType;

using StreamCopyFn = void (*)(std::byte*, const std::byte*, uint64_t, const std::byte*);

// `copy` against memcpy at every alignment of a 64-byte line and lengths from none to several lines with
// every tail; every other length with a row to prefetch (`next`), which must change nothing.
void ExpectCopiesAtEveryAlignmentAndLength(const char* name, StreamCopyFn copy) {
  std::vector<std::byte> src(700);
  for (size_t i = 0; i < src.size(); ++i) src[i] = static_cast<std::byte>(i * 7 + 1);
  for (size_t offset = 0; offset < 65; ++offset) {
    for (size_t bytes = 0; bytes < 330; bytes += 7) {
      alignas(64) std::byte dst[700] = {}, want[700] = {};
      copy(dst + offset, src.data() + 5, bytes, bytes % 2 == 0 ? src.data() + 300 : nullptr);
      cpu::StreamFence();
      std::memcpy(want + offset, src.data() + 5, bytes);
      ASSERT_EQ(std::memcmp(dst, want, sizeof(dst)), 0) << name << " " << offset << " " << bytes;
    }
  }
}

TEST(CpuStream, CopyMatchesMemcpyAtEveryAlignmentAndLength) {
  ExpectCopiesAtEveryAlignmentAndLength("StreamCopy", cpu::StreamCopy);
  ExpectCopiesAtEveryAlignmentAndLength("StreamCopy16", cpu::StreamCopy16);
}

TEST(CpuStream, WholeLineCopyMatchesMemcpyAtEveryAlignmentAndLength) {
  std::byte probe{};
  if (!cpu::StreamCopy64(&probe, &probe, 0)) GTEST_SKIP() << "the CPU has no AVX-512 F";
  ExpectCopiesAtEveryAlignmentAndLength("StreamCopy64", [](std::byte* d, const std::byte* s, uint64_t n,
                                                           const std::byte* next) {
    ASSERT_TRUE(cpu::StreamCopy64(d, s, n, next));
  });
}

// 4 Mi FLOAT32 elements = 16 MiB outputs: the streaming paths.
constexpr uint32_t kRows = 4096, kCols = 1024;

TEST(CpuStream, LargeOneHotAndDiagonalMatrix) {
  std::vector<double> indices(kRows);
  for (uint32_t r = 0; r < kRows; ++r) indices[r] = (r * 37) % (kCols + 5);  // some out of range
  const Tensor idx = MakeTensor(Desc(DataType::kUint32, {kRows, 1}), indices);
  const Tensor values = MakeTensor(Desc(DataType::kFloat32, {1, 2}), {0.5, 7});
  ops::OneHotDesc one_hot{idx.desc, values.desc, Desc(DataType::kFloat32, {kRows, kCols}), 1};
  Tensor out = MakeOutput(one_hot.OutputTensor);
  ASSERT_TRUE(RunOnCpu(one_hot, {&idx, &values}, {&out}, 2).ok());
  const std::vector<double> got = ReadValues(out);
  for (uint32_t r = 0; r < kRows; ++r) {
    for (uint32_t c = 0; c < kCols; ++c) ASSERT_EQ(got[r * kCols + c], c == indices[r] ? 7 : 0.5) << r << "," << c;
  }

  ops::DiagonalMatrixDesc diagonal{Desc(DataType::kFloat32, {kRows, kCols}), -3, 2.5f};
  out = MakeOutput(diagonal.OutputTensor);
  ASSERT_TRUE(RunOnCpu(diagonal, {}, {&out}, 2).ok());
  const std::vector<double> eye = ReadValues(out);
  for (uint32_t r = 0; r < kRows; ++r) {
    for (uint32_t c = 0; c < kCols; ++c) ASSERT_EQ(eye[r * kCols + c], r - 3 == c ? 2.5 : 0) << r << "," << c;
  }
}

TEST(CpuStream, LargeJoinAndGather) {
  std::vector<double> left(kRows * (kCols / 2)), right(left.size());
  std::iota(left.begin(), left.end(), 0.0);
  std::iota(right.begin(), right.end(), 1e7);
  const Tensor a = MakeTensor(Desc(DataType::kFloat32, {kRows, kCols / 2}), left);
  const Tensor b = MakeTensor(Desc(DataType::kFloat32, {kRows, kCols / 2}), right);
  ops::JoinDesc join{{a.desc, b.desc}, Desc(DataType::kFloat32, {kRows, kCols}), 1};
  Tensor joined = MakeOutput(join.OutputTensor);
  ASSERT_TRUE(RunOnCpu(join, {&a, &b}, {&joined}, 2).ok());
  const std::vector<double> got = ReadValues(joined);
  for (uint32_t r = 0; r < kRows; ++r) {
    for (uint32_t c = 0; c < kCols; ++c) {
      const double want = c < kCols / 2 ? left[r * (kCols / 2) + c] : right[r * (kCols / 2) + c - kCols / 2];
      ASSERT_EQ(got[r * kCols + c], want) << r << "," << c;
    }
  }

  // Rows in reverse order.
  std::vector<double> reverse(kRows);
  for (uint32_t r = 0; r < kRows; ++r) reverse[r] = kRows - 1 - r;
  const Tensor indices = MakeTensor(Desc(DataType::kUint32, {kRows, 1}), reverse);
  ops::GatherNd1Desc gather{joined.desc, indices.desc, Desc(DataType::kFloat32, {kRows, kCols}), 2, 2, 0};
  Tensor gathered = MakeOutput(gather.OutputTensor);
  ASSERT_TRUE(RunOnCpu(gather, {&joined, &indices}, {&gathered}, 2).ok());
  const std::vector<double> rows = ReadValues(gathered);
  for (uint32_t r = 0; r < kRows; ++r) {
    ASSERT_TRUE(std::equal(rows.begin() + r * kCols, rows.begin() + (r + 1) * kCols,
                           got.begin() + (kRows - 1 - r) * kCols))
        << r;
  }
}

}  // namespace
}  // namespace dmlc::backends::testing
