// The d3d12 backend's kernels, compiled by each HLSL compiler the runtime takes (DMLC_D3D12_COMPILER),
// against the cpu reference on shapes whose kernels read the parameter block at run-time indices: the row
// walk's row length and last strides (Param(SIZES + rank - 1)) and the loops over dimensions. vkd3d-proton
// 2.14.1 cannot index root constants at run time: it refuses DXIL that does (dxil-spirv: "Cannot
// dynamically index into root constants"), and its DXBC translator keeps only the constant part of the
// index (vkd3d-shader's spirv.c unrolls root constants to members), so with root constants FXC's
// GATHER_ND1 row walk wrote 16 of 32,768 elements there. The parameter block is a root CBV since
// (root_layout.h). Part of dmlc_d3d12_smoke: needs a runtime. A compiler whose kernels the runtime does
// not run skips naming why, unless DMLC_REQUIRE_D3D12_COMPILERS (e.g. "fxc" or "dxc,fxc", set by
// scripts/windows_ci.sh per runtime) names it.
#include <cstdlib>
#include <memory>
#include <random>
#include <string>

#include <gtest/gtest.h>

#include "backends/registry.h"
#include "tests/backends/gpu/tensors.h"

namespace dmlc::backends::d3d12 {
namespace {

using gpu::testing::Tensor;
using ops::DataType;

void SetCompiler(const std::string& name) {
#ifdef _WIN32
  _putenv_s("DMLC_D3D12_COMPILER", name.c_str());
#else
  setenv("DMLC_D3D12_COMPILER", name.c_str(), 1);
#endif
}

bool Required(const std::string& compiler) {
  const char* value = std::getenv("DMLC_REQUIRE_D3D12_COMPILERS");
  const std::string list = value == nullptr ? "" : "," + std::string(value) + ",";
  return list.find("," + compiler + ",") != std::string::npos;
}

class D3D12CompilerAgreesWithCpu : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    SetCompiler(GetParam());
    Result<std::unique_ptr<Backend>> d3d12 = CreateBackend("d3d12", BackendOptions{});
    SetCompiler("");
    if (!d3d12.ok()) {
      if (Required(GetParam())) FAIL() << d3d12.error().ToString();
      GTEST_SKIP() << d3d12.error().ToString();
    }
    d3d12_ = std::move(*d3d12);
    Result<std::unique_ptr<Backend>> cpu = CreateBackend("cpu", {});
    ASSERT_TRUE(cpu.ok()) << cpu.error().ToString();
    cpu_ = std::move(*cpu);
  }

  // Random input bytes (index tensors below `index_limit`), the same on both backends; outputs start as
  // 0xCD bytes, as the runner's do, so unwritten elements show. Compares the outputs byte for byte.
  void ExpectSameBytes(const ops::OperatorDesc& desc, uint32_t index_limit) {
    const Support support = d3d12_->Supports(desc);
    if (!support.supported) {
      if (Required(GetParam())) FAIL() << support.reason;
      GTEST_SKIP() << support.reason;
    }
    std::mt19937 rng(11);
    std::vector<std::vector<std::byte>> inputs;
    std::vector<std::byte> expected, actual;
    for (const ops::TensorBinding& b : ops::Bindings(desc)) {
      if (b.role == ops::TensorRole::kOutput) {
        expected.assign(b.desc->TotalTensorSizeInBytes, std::byte{0xCD});
        actual = expected;
        continue;
      }
      const bool is_index = b.name.find("Indices") != std::string::npos;
      std::vector<std::byte> bytes(b.desc->TotalTensorSizeInBytes);
      for (size_t i = 0; i + 4 <= bytes.size(); i += 4) {
        const uint32_t word = is_index ? rng() % index_limit : static_cast<uint32_t>(rng());
        std::memcpy(bytes.data() + i, &word, 4);
      }
      inputs.push_back(std::move(bytes));
    }
    const std::vector<ConstBuffer> in(inputs.begin(), inputs.end());
    for (auto [backend, bytes] : {std::pair{cpu_.get(), &expected}, std::pair{d3d12_.get(), &actual}}) {
      Result<std::unique_ptr<PreparedOperator>> op = backend->Prepare(desc);
      ASSERT_TRUE(op.ok()) << op.error().ToString();
      const std::vector<MutableBuffer> outs = {MutableBuffer(*bytes)};
      Result<Timing> timing = (*op)->Execute(in, outs);
      ASSERT_TRUE(timing.ok()) << timing.error().ToString();
    }
    size_t differ = 0, first = expected.size();
    for (size_t i = 0; i < expected.size(); ++i) {
      if (expected[i] != actual[i] && differ++ == 0) first = i;
    }
    EXPECT_EQ(differ, 0u) << differ << " of " << expected.size() << " bytes differ, the first at " << first;
  }

  std::unique_ptr<Backend> d3d12_;
  std::unique_ptr<Backend> cpu_;
};

TEST_P(D3D12CompilerAgreesWithCpu, GatherRowWalk) {
  // The corpus's large_random_float32_rows: 128 rows of 256, each row's tuple resolved once per pass.
  ExpectSameBytes(ops::GatherNd1Desc{Tensor(DataType::kFloat32, {128, 256}), Tensor(DataType::kInt32, {128, 1}),
                                     Tensor(DataType::kFloat32, {128, 256}), 2, 2, 0},
                  128);
}

TEST_P(D3D12CompilerAgreesWithCpu, GatherBatchedRows) {
  ExpectSameBytes(ops::GatherNd1Desc{Tensor(DataType::kInt32, {8, 50, 32}), Tensor(DataType::kUint32, {8, 100, 1}),
                                     Tensor(DataType::kInt32, {8, 100, 32}), 3, 3, 1},
                  50);
}

TEST_P(D3D12CompilerAgreesWithCpu, ReduceOverTwoOfFourAxes) {
  ExpectSameBytes(ops::ReduceDesc{ops::ReduceFunction::kMax, Tensor(DataType::kInt32, {3, 5, 7, 9}),
                                  Tensor(DataType::kInt32, {3, 1, 7, 1}), {1, 3}},
                  0);
}

INSTANTIATE_TEST_SUITE_P(EachCompiler, D3D12CompilerAgreesWithCpu, ::testing::Values("dxc", "fxc"),
                         [](const ::testing::TestParamInfo<std::string>& info) { return info.param; });

}  // namespace
}  // namespace dmlc::backends::d3d12
