// The Vulkan backend on a real device (lavapipe in CI): operators against known values, sub-word
// writes that keep stride gaps intact, device selection, limits and errors. Skips without a device.
#include <gtest/gtest.h>

#include <limits>

#include "backends/vulkan/vulkan_backend.h"
#include "backends/vulkan/vulkan_operator.h"
#include "tests/backends/gpu/tensors.h"

namespace dmlc::backends::vulkan {
namespace {

using ops::DataType;
using gpu::testing::Bytes;
using gpu::testing::Tensor;
using gpu::testing::Values;

class VulkanDevice : public ::testing::Test {
 protected:
  void SetUp() override {
    Result<std::unique_ptr<Backend>> backend = VulkanBackend::Create({});
    if (!backend.ok()) GTEST_SKIP() << "no Vulkan device: " << backend.error().ToString();
    backend_ = std::move(*backend);
  }

  // Runs `desc` on `inputs`; outputs start as `fill` bytes. Returns the outputs' bytes.
  Result<std::vector<std::vector<std::byte>>> Run(const ops::OperatorDesc& desc,
                                                  const std::vector<std::vector<std::byte>>& inputs,
                                                  std::byte fill = std::byte{0}) {
    Support support = backend_->Supports(desc);
    EXPECT_TRUE(support.supported) << support.reason;
    Result<std::unique_ptr<PreparedOperator>> op = backend_->Prepare(desc);
    if (!op.ok()) return op.error();
    std::vector<std::vector<std::byte>> outputs;
    for (const ops::TensorBinding& b : ops::Bindings(desc)) {
      if (b.role == ops::TensorRole::kOutput) outputs.emplace_back(b.desc->TotalTensorSizeInBytes, fill);
    }
    std::vector<ConstBuffer> in(inputs.begin(), inputs.end());
    std::vector<MutableBuffer> out(outputs.begin(), outputs.end());
    Result<Timing> timing = (*op)->Execute(in, out);
    if (!timing.ok()) return timing.error();
    last_timing_ = *timing;
    return outputs;
  }

  std::unique_ptr<Backend> backend_;
  Timing last_timing_;
};

TEST_F(VulkanDevice, JoinSpecExample1) {
  ops::JoinDesc join{{Tensor(DataType::kFloat32, {1, 1, 2, 3}), Tensor(DataType::kFloat32, {1, 1, 2, 4})},
                     Tensor(DataType::kFloat32, {1, 1, 2, 7}),
                     3};
  auto out = Run(join, {Bytes(std::vector<float>{1, 2, 3, 4, 5, 6}, 24),
                        Bytes(std::vector<float>{7, 8, 9, 10, 11, 12, 13, 14}, 32)});
  ASSERT_TRUE(out.ok()) << out.error().ToString();
  EXPECT_EQ(Values<float>((*out)[0]), (std::vector<float>{1, 2, 3, 7, 8, 9, 10, 4, 5, 6, 11, 12, 13, 14}));
}

TEST_F(VulkanDevice, SubWordElementsLeaveStrideGapsUntouched) {
  // UINT8 rows of 5 in a row pitch of 8: bytes 5..7 of each row are gaps that must keep their 0xAA.
  ops::JoinDesc join{{Tensor(DataType::kUint8, {2, 3}), Tensor(DataType::kUint8, {2, 2})},
                     Tensor(DataType::kUint8, {2, 5}, {8, 1}),
                     1};
  auto out = Run(join, {Bytes(std::vector<uint8_t>{1, 2, 3, 4, 5, 6}, 8), Bytes(std::vector<uint8_t>{7, 8, 9, 10}, 4)},
                 std::byte{0xAA});
  ASSERT_TRUE(out.ok()) << out.error().ToString();
  EXPECT_EQ(Values<uint8_t>((*out)[0]),
            (std::vector<uint8_t>{1, 2, 3, 7, 8, 0xAA, 0xAA, 0xAA, 4, 5, 6, 9, 10, 0xAA, 0xAA, 0xAA}));
}

TEST_F(VulkanDevice, GatherNd1SpecExample2) {
  ops::GatherNd1Desc gather{Tensor(DataType::kFloat32, {1, 3, 2, 2}), Tensor(DataType::kUint32, {1, 3, 2, 2}),
                            Tensor(DataType::kFloat32, {1, 1, 3, 2}), 3, 3, 1};
  auto out = Run(gather, {Bytes(std::vector<float>{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, 48),
                          Bytes(std::vector<uint32_t>{0, 0, 1, 1, 1, 1, 0, 0, 0, 1, 1, 0}, 48)});
  ASSERT_TRUE(out.ok()) << out.error().ToString();
  EXPECT_EQ(Values<float>((*out)[0]), (std::vector<float>{0, 3, 7, 4, 9, 10}));
}

TEST_F(VulkanDevice, GatherNd1IndicesOutOfRangeReadTheClampedOffset) {
  // DirectML's offset clamp (ops::GatherClampedElement) on an INT16 {2, 2} input, last element 3: -3
  // counts from the end once, to -1, whose row offset -2 wraps to 2^32 - 2 and clamps to 3; 2 reads
  // offsets 4 and 5, clamped to 3; 2^40 keeps its low 32 bits, row 0; -1 is row 1.
  ops::GatherNd1Desc gather{Tensor(DataType::kInt16, {2, 2}), Tensor(DataType::kInt64, {4, 1}),
                            Tensor(DataType::kInt16, {4, 2}), 2, 2, 0};
  auto out = Run(gather, {Bytes(std::vector<int16_t>{1, 2, 3, 4}, 8),
                          Bytes(std::vector<int64_t>{-3, 2, int64_t{1} << 40, -1}, 32)});
  ASSERT_TRUE(out.ok()) << out.error().ToString();
  EXPECT_EQ(Values<int16_t>((*out)[0]), (std::vector<int16_t>{4, 4, 4, 4, 1, 2, 3, 4}));
}

TEST_F(VulkanDevice, OneHotSpecExample4NegativeAndOutOfRangeIndices) {
  ops::OneHotDesc one_hot{Tensor(DataType::kInt32, {1, 1, 3, 1}), Tensor(DataType::kFloat32, {1, 1, 1, 2}),
                          Tensor(DataType::kFloat32, {1, 1, 3, 4}), 3};
  auto out = Run(one_hot, {Bytes(std::vector<int32_t>{-3, 100, 3}, 12), Bytes(std::vector<float>{0, 1}, 8)});
  ASSERT_TRUE(out.ok()) << out.error().ToString();
  EXPECT_EQ(Values<float>((*out)[0]), (std::vector<float>{0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1}));
}

TEST_F(VulkanDevice, DiagonalMatrixFloat16ShiftedLeft) {
  ops::DiagonalMatrixDesc diag{Tensor(DataType::kFloat16, {1, 1, 3, 2}), -1, 1.0f};
  auto out = Run(diag, {}, std::byte{0xAA});
  ASSERT_TRUE(out.ok()) << out.error().ToString();
  EXPECT_EQ(Values<uint16_t>((*out)[0]), (std::vector<uint16_t>{0, 0, 0x3C00, 0, 0, 0x3C00}));
}

TEST_F(VulkanDevice, ReduceSumSpecExamples) {
  const std::vector<float> input = {1, 2, 3, 3, 0, 4, 2, 4, 2};
  const std::pair<std::vector<uint32_t>, std::vector<float>> rows[] = {
      {{0}, {6, 6, 9}}, {{1}, {6, 7, 8}}, {{0, 1}, {21}}};
  for (const auto& [axes, expected] : rows) {
    std::vector<uint32_t> out_sizes = {axes.size() == 2 || axes[0] == 0 ? 1u : 3u, axes.size() == 2 || axes[0] == 1 ? 1u : 3u};
    ops::ReduceDesc reduce{ops::ReduceFunction::kSum, Tensor(DataType::kFloat32, {3, 3}),
                           Tensor(DataType::kFloat32, out_sizes), axes};
    auto out = Run(reduce, {Bytes(input, 36)});
    ASSERT_TRUE(out.ok()) << out.error().ToString();
    EXPECT_EQ(Values<float>((*out)[0]), expected);
  }
}

TEST_F(VulkanDevice, ReduceIntegersSignednessWrapAndFirstOccurrence) {
  // ARGMIN of INT8 rows into UINT32: the first occurrence wins on ties, and -128 is the smallest.
  ops::ReduceDesc argmin{ops::ReduceFunction::kArgMin, Tensor(DataType::kInt8, {2, 4}), Tensor(DataType::kUint32, {2, 1}), {1}};
  auto a = Run(argmin, {Bytes(std::vector<int8_t>{5, -1, 7, -1, 127, -128, 0, -128}, 8)});
  ASSERT_TRUE(a.ok()) << a.error().ToString();
  EXPECT_EQ(Values<uint32_t>((*a)[0]), (std::vector<uint32_t>{1, 1}));
  // INT64 SUM wraps modulo 2^64.
  ops::ReduceDesc sum{ops::ReduceFunction::kSum, Tensor(DataType::kInt64, {2}), Tensor(DataType::kInt64, {1}), {0}};
  auto s = Run(sum, {Bytes(std::vector<int64_t>{std::numeric_limits<int64_t>::max(), 1}, 16)});
  ASSERT_TRUE(s.ok()) << s.error().ToString();
  EXPECT_EQ(Values<int64_t>((*s)[0]), (std::vector<int64_t>{std::numeric_limits<int64_t>::min()}));
  // MAX of UINT16 compares unsigned; the output's padded stride leaves the gap's bytes alone.
  ops::ReduceDesc max{ops::ReduceFunction::kMax, Tensor(DataType::kUint16, {2, 3}), Tensor(DataType::kUint16, {2, 1}, {2, 1}),
                      {1}};
  auto m = Run(max, {Bytes(std::vector<uint16_t>{1, 0xFFFF, 2, 7, 3, 0x8000}, 12)}, std::byte{0xAA});
  ASSERT_TRUE(m.ok()) << m.error().ToString();
  EXPECT_EQ(Values<uint16_t>((*m)[0]), (std::vector<uint16_t>{0xFFFF, 0xAAAA, 0x8000, 0xAAAA}));
}

TEST_F(VulkanDevice, TimestampsGiveGpuTimeWhereTheDeviceHasThem) {
  ops::DiagonalMatrixDesc diag{Tensor(DataType::kFloat32, {4, 4}), 0, 1.0f};
  ASSERT_TRUE(Run(diag, {}).ok());
  bool has_timestamps = false;
  for (const auto& [key, value] : backend_->Device().properties) {
    if (key == "timestampComputeAndGraphics") has_timestamps = value == "yes";
  }
  EXPECT_EQ(last_timing_.gpu_ms.has_value(), has_timestamps);
  EXPECT_GE(last_timing_.cpu_ms, 0.0);
}

TEST_F(VulkanDevice, TensorsBeyondMaxStorageBufferRangeAreNotSupported) {
  // Two elements 2^30 apart span more than 4 GiB, beyond any 32-bit maxStorageBufferRange.
  ops::JoinDesc join{{Tensor(DataType::kFloat32, {2}, {1u << 30})}, Tensor(DataType::kFloat32, {2}), 0};
  Support s = backend_->Supports(join);
  EXPECT_FALSE(s.supported);
  EXPECT_NE(s.reason.find("InputTensors[0] is 4294967300 bytes, over the device's maxStorageBufferRange of "),
            std::string::npos)
      << s.reason;
  EXPECT_FALSE(backend_->Prepare(join).ok());
  // Asked about another desc in between, Prepare() judges this one itself: an error still, not a crash.
  ops::DiagonalMatrixDesc diag{Tensor(DataType::kFloat32, {4, 4}), 0, 1.0f};
  EXPECT_TRUE(backend_->Supports(diag).supported);
  Result<std::unique_ptr<PreparedOperator>> prepared = backend_->Prepare(join);
  ASSERT_FALSE(prepared.ok());
  EXPECT_NE(prepared.error().message.find("maxStorageBufferRange"), std::string::npos) << prepared.error().message;
}

TEST_F(VulkanDevice, DeviceSelectionByIndexAndNameSubstring) {
  const std::string name = backend_->Device().name;
  Result<std::unique_ptr<Backend>> by_index = VulkanBackend::Create({.device = "0"});
  ASSERT_TRUE(by_index.ok()) << by_index.error().ToString();
  EXPECT_EQ((*by_index)->Device().name, name);
  Result<std::unique_ptr<Backend>> by_name = VulkanBackend::Create({.device = name.substr(0, 4)});
  ASSERT_TRUE(by_name.ok()) << by_name.error().ToString();
  Result<std::unique_ptr<Backend>> missing = VulkanBackend::Create({.device = "no such device"});
  ASSERT_FALSE(missing.ok());
  EXPECT_EQ(missing.error().path, "--device");
  EXPECT_NE(missing.error().rule.find("0: " + name), std::string::npos) << missing.error().rule;
  EXPECT_FALSE(VulkanBackend::Create({.device = "99"}).ok());
}

TEST_F(VulkanDevice, OperatorsOfALostDeviceRefuseToRun) {
  Result<std::shared_ptr<VulkanContext>> context = VulkanContext::Create({});
  ASSERT_TRUE(context.ok()) << context.error().ToString();
  ops::DiagonalMatrixDesc diag{Tensor(DataType::kInt32, {2, 2}), 1, 7.0f};
  Result<std::vector<gpu::Dispatch>> plan = gpu::PlanDispatches(diag, (*context)->limits());
  ASSERT_TRUE(plan.ok());
  Result<std::unique_ptr<PreparedOperator>> op = VulkanOperator::Create(*context, diag, *plan);
  ASSERT_TRUE(op.ok()) << op.error().ToString();
  std::vector<std::byte> out(16, std::byte{0xAA});
  const MutableBuffer views[] = {out};
  ASSERT_TRUE((*op)->Execute({}, views).ok());
  EXPECT_EQ(Values<int32_t>(out), (std::vector<int32_t>{0, 7, 0, 0}));
  (*context)->MarkLost();
  Result<Timing> after = (*op)->Execute({}, views);
  ASSERT_FALSE(after.ok());
  EXPECT_EQ(after.error().rule, "operators run on a working device");
}

}  // namespace
}  // namespace dmlc::backends::vulkan
