// DIAGONAL_MATRIX1 on the cpu backend: the shared hand-computed cases (diagonal_matrix1_cases.h) on one
// and on several threads, and Value's and the input's bits kept.
#include <gtest/gtest.h>

#include <cstring>

#include "tests/backends/diagonal_matrix1_cases.h"

namespace dmlc::backends::testing {
namespace {

TEST(CpuDiagonalMatrix1, HandComputedCases) {
  for (int threads : {1, 4}) {
    SCOPED_TRACE(threads);
    ExpectDiagonal1Cases([threads](const ops::OperatorDesc& desc, const std::vector<const Tensor*>& inputs,
                                   const std::vector<Tensor*>& outputs) {
      return RunOnCpu(desc, inputs, outputs, threads);
    });
  }
}

TEST(CpuDiagonalMatrix1, KeepsValueAndInputBits) {
  ExpectDiagonal1BitsKept([](const ops::OperatorDesc& desc, const std::vector<const Tensor*>& inputs,
                             const std::vector<Tensor*>& outputs) { return RunOnCpu(desc, inputs, outputs); });
}

// Large enough for the streamed path (no input): a wide band over 2 MiB of FLOAT32.
TEST(CpuDiagonalMatrix1, StreamedRowsMatchTheBand) {
  ops::DiagonalMatrix1Desc desc;
  desc.OutputTensor = Desc(ops::DataType::kFloat32, {3, 512, 512});
  desc.DiagonalFillBegin = -2;
  desc.DiagonalFillEnd = 3;
  Tensor out = MakeOutput(desc.OutputTensor);
  ASSERT_TRUE(RunOnCpu(desc, {}, {&out}, 4).ok());
  const std::vector<double> v = ReadValues(out);
  for (size_t i = 0; i < v.size(); ++i) {
    const int64_t y = static_cast<int64_t>(i / 512 % 512);
    const int64_t x = static_cast<int64_t>(i % 512);
    ASSERT_EQ(v[i], (x - y >= -2 && x - y < 3) ? 1.0 : 0.0) << i;
  }
}

}  // namespace
}  // namespace dmlc::backends::testing
