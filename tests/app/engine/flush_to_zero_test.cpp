#include "app/engine/flush_to_zero.h"

#include <gtest/gtest.h>

#include <bit>
#include <cstring>
#include <vector>

#include "tests/app/engine/reduce_desc.h"

namespace dmlc::app {
namespace {

std::vector<std::byte> FloatBytes(const std::vector<float>& values) {
  std::vector<std::byte> bytes(values.size() * sizeof(float));
  std::memcpy(bytes.data(), values.data(), bytes.size());
  return bytes;
}

std::vector<uint32_t> Words(const std::vector<std::byte>& bytes) {
  std::vector<uint32_t> words(bytes.size() / sizeof(uint32_t));
  std::memcpy(words.data(), bytes.data(), words.size() * sizeof(uint32_t));
  return words;
}

TEST(FlushToZero, SubnormalsBecomeZerosOfTheirSignAndNothingElseMoves) {
  const float nan = std::bit_cast<float>(0x7fc00001u), inf = std::bit_cast<float>(0x7f800000u);
  std::vector<std::byte> buffer = FloatBytes({0x1p-149f, -0x1p-130f, 0x1p-126f, -0.0f, 1.5f, nan, -inf,
                                              std::bit_cast<float>(0x807fffffu)});
  buffer.push_back(std::byte{0x01});  // a trailing partial word is left as it is
  ASSERT_TRUE(HasFloat32Subnormal(buffer));
  FlushFloat32Subnormals(buffer);
  EXPECT_EQ(Words(buffer), (std::vector<uint32_t>{0x00000000u, 0x80000000u, 0x00800000u, 0x80000000u, 0x3fc00000u,
                                                   0x7fc00001u, 0xff800000u, 0x80000000u}));
  EXPECT_EQ(buffer.back(), std::byte{0x01});
  EXPECT_FALSE(HasFloat32Subnormal(buffer));
  EXPECT_FALSE(HasFloat32Subnormal(FloatBytes({0x1p-126f, -0.0f, 0, 3})));
}

TEST(FlushToZero, OnlyReductionsOverFloat32Admit) {
  using F = ops::ReduceFunction;
  using DT = ops::DataType;
  EXPECT_TRUE(AdmitsFlushToZero(testing::Reduce(F::kSum, DT::kFloat32, {4}, {0})));
  EXPECT_TRUE(AdmitsFlushToZero(testing::Reduce(F::kArgMin, DT::kFloat32, DT::kUint32, {4}, {0})));
  EXPECT_FALSE(AdmitsFlushToZero(testing::Reduce(F::kSum, DT::kFloat16, {4}, {0})));
  EXPECT_FALSE(AdmitsFlushToZero(testing::Reduce(F::kMax, DT::kFloat64, {4}, {0})));
  EXPECT_FALSE(AdmitsFlushToZero(testing::Reduce(F::kSum, DT::kInt32, {4}, {0})));
  ops::DiagonalMatrixDesc data_movement;
  data_movement.OutputTensor.DataType = DT::kFloat32;
  EXPECT_FALSE(AdmitsFlushToZero(data_movement));
}

}  // namespace
}  // namespace dmlc::app
