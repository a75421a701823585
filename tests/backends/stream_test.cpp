// Streaming stores: StreamRows (both store widths) and StreamCopy at every alignment and length against
// memcpy, and the data-movement operators with outputs of kStreamMinBytes and more (the streaming paths)
// against plain loops.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <numeric>

#include "backends/cpu/stream.h"
#include "tests/backends/test_tensor.h"

namespace dmlc::backends::testing {
namespace {

using ops::DataType;

using StreamRowsFn = void (*)(std::byte*, uint64_t, const std::byte* const*, uint64_t, uint64_t, uint64_t);

// `rows` against memcpy: three rows gathered from a source in reverse order, at every alignment of a
// 64-byte line and row lengths from none to several lines with every tail, packed or with gaps between
// them; prefetching one or two rows ahead (rows that exist, a null one) or none, which must change nothing.
void ExpectRowsAtEveryAlignmentAndLength(const char* name, StreamRowsFn rows) {
  std::vector<std::byte> src(1300);
  for (size_t i = 0; i < src.size(); ++i) src[i] = static_cast<std::byte>(i * 7 + 1);
  for (size_t offset = 0; offset < 65; ++offset) {
    for (size_t bytes = 0; bytes < 330; bytes += 7) {
      const uint64_t stride = bytes + offset % 3;
      const uint64_t ahead = bytes % 3;
      const std::byte* sources[5] = {src.data() + 700, src.data() + 350, src.data() + 5, src.data() + 900, nullptr};
      alignas(64) std::byte dst[1100] = {}, want[1100] = {};
      rows(dst + offset, stride, sources, 3, bytes, ahead);
      cpu::StreamFence();
      for (int k = 0; k < 3; ++k) std::memcpy(want + offset + k * stride, sources[k], bytes);
      ASSERT_EQ(std::memcmp(dst, want, sizeof(dst)), 0) << name << " " << offset << " " << bytes;
    }
  }
}

TEST(CpuStream, RowsMatchMemcpyAtEveryAlignmentAndLength) {
  ExpectRowsAtEveryAlignmentAndLength("StreamRows", cpu::StreamRows);
  ExpectRowsAtEveryAlignmentAndLength("StreamRows16", cpu::StreamRows16);
}

TEST(CpuStream, WholeLineRowsMatchMemcpyAtEveryAlignmentAndLength) {
  if (!cpu::StreamRows64(nullptr, 0, nullptr, 0, 0, 0)) GTEST_SKIP() << "the CPU has no AVX-512 F";
  ExpectRowsAtEveryAlignmentAndLength("StreamRows64", [](std::byte* d, uint64_t stride, const std::byte* const* s,
                                                         uint64_t count, uint64_t bytes, uint64_t ahead) {
    ASSERT_TRUE(cpu::StreamRows64(d, stride, s, count, bytes, ahead));
  });
}

TEST(CpuStream, CopyMatchesMemcpyAtEveryAlignmentAndLength) {
  std::vector<std::byte> src(400);
  for (size_t i = 0; i < src.size(); ++i) src[i] = static_cast<std::byte>(i * 5 + 3);
  for (size_t offset = 0; offset < 65; ++offset) {
    for (size_t bytes = 0; bytes < 330; bytes += 3) {
      alignas(64) std::byte dst[400] = {}, want[400] = {};
      cpu::StreamCopy(dst + offset, src.data() + 1, bytes);
      cpu::StreamFence();
      std::memcpy(want + offset, src.data() + 1, bytes);
      ASSERT_EQ(std::memcmp(dst, want, sizeof(dst)), 0) << offset << " " << bytes;
    }
  }
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

// 200-byte rows (a head, three whole lines and a tail at most) gathered into an output of more than
// kStreamMinBytes whose rows have 8-byte gaps, in ten batches (a span each) of 8190 rows: spans that end
// mid-batch, tasks of more than one span, and StreamRows batches prefetching across their ends. Then one
// index past its batch in the middle of a batch of a task's second span, and one later: each reads on
// into the next batch, whatever the thread count.
TEST(CpuStream, LargeBatchedGatherOfShortRowsIntoAGappedOutput) {
  constexpr uint32_t batches = 10, rows = 8190, cols = 50, stride = 52;
  std::vector<double> values(uint64_t{batches} * rows * cols), picks(uint64_t{batches} * rows);
  for (uint64_t i = 0; i < values.size(); ++i) values[i] = static_cast<double>(i % 1000003);
  for (uint64_t i = 0; i < picks.size(); ++i) picks[i] = static_cast<double>((i * 7919) % rows);
  const Tensor input = MakeTensor(Desc(DataType::kInt32, {batches, rows, cols}), values);
  Tensor indices = MakeTensor(Desc(DataType::kUint32, {batches, rows, 1}), picks);
  const ops::TensorDesc out_desc = Desc(DataType::kInt32, {batches, rows, cols}, {rows * stride, stride, 1});
  ASSERT_GE(out_desc.TotalTensorSizeInBytes, cpu::kStreamMinBytes);
  const ops::GatherNd1Desc gather{input.desc, indices.desc, out_desc, 3, 3, 1};
  Tensor out = MakeOutput(out_desc);
  ASSERT_TRUE(RunOnCpu(gather, {&input, &indices}, {&out}, 2).ok());
  const std::vector<double> got = ReadValues(out);
  for (uint64_t i = 0; i < picks.size(); ++i) {
    const auto from = values.begin() + static_cast<int64_t>((i / rows * rows + static_cast<uint64_t>(picks[i])) * cols);
    ASSERT_TRUE(std::equal(from, from + cols, got.begin() + static_cast<int64_t>(i * cols))) << i;
  }
  EXPECT_TRUE(GapsUntouched(out));

  // An index past its batch reads on into the next batch (DirectML's clamped offset), whichever thread's
  // span and batch of streamed rows it falls in.
  std::vector<double> past = picks;
  past[40005] = rows;      // batch 4, row 7245: with two threads, in the second span of the task from row 30714
  past[70000] = rows + 1;  // batch 8
  indices = MakeTensor(Desc(DataType::kUint32, {batches, rows, 1}), past);
  for (int threads : {1, 2, 4}) {
    ASSERT_TRUE(RunOnCpu(gather, {&input, &indices}, {&out}, threads).ok());
    const std::vector<double> now = ReadValues(out);
    auto row_of = [&](uint64_t first) { return std::vector<double>(values.begin() + first, values.begin() + first + cols); };
    auto out_row = [&](uint64_t i) { return std::vector<double>(now.begin() + i * cols, now.begin() + (i + 1) * cols); };
    EXPECT_EQ(out_row(40005), row_of(uint64_t{5} * rows * cols)) << threads;        // batch 5's row 0
    EXPECT_EQ(out_row(70000), row_of((uint64_t{9} * rows + 1) * cols)) << threads;  // batch 9's row 1
    EXPECT_EQ(out_row(40006), row_of((4 * uint64_t{rows} + static_cast<uint64_t>(picks[40006])) * cols)) << threads;
    EXPECT_TRUE(GapsUntouched(out));
  }
}

}  // namespace
}  // namespace dmlc::backends::testing
