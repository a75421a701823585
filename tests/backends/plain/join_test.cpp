// JOIN on the plain backend: each axis, strided and broadcast inputs, exact bits.
#include <gtest/gtest.h>

#include <cmath>

#include "tests/backends/plain/run_plain.h"

namespace dmlc::backends::testing {
namespace {

using ops::DataType;

TEST(PlainJoin, InnerAxis) {
  Tensor a = MakeTensor(Desc(DataType::kInt32, {2, 1}), {1, 2});
  Tensor b = MakeTensor(Desc(DataType::kInt32, {2, 2}), {3, 4, 5, 6});
  Tensor out = MakeOutput(Desc(DataType::kInt32, {2, 3}));
  ASSERT_TRUE(RunOnPlain(ops::JoinDesc{{a.desc, b.desc}, out.desc, 1}, {&a, &b}, {&out}).ok());
  EXPECT_EQ(ReadValues(out), (std::vector<double>{1, 3, 4, 2, 5, 6}));
}

TEST(PlainJoin, OuterAxisWithBroadcastAndStridedInputs) {
  Tensor a = MakeTensor(Desc(DataType::kFloat16, {2, 2}, {0, 1}), {1, 2, 1, 2});  // one row, read twice
  Tensor b = MakeTensor(Desc(DataType::kFloat16, {1, 2}, {2, 2}), {3, 4});     // every other element
  Tensor c = MakeTensor(Desc(DataType::kFloat16, {1, 2}), {5, 6});
  Tensor out = MakeOutput(Desc(DataType::kFloat16, {4, 2}, {1, 4}));          // column-major
  ASSERT_TRUE(RunOnPlain(ops::JoinDesc{{a.desc, b.desc, c.desc}, out.desc, 0}, {&a, &b, &c}, {&out}).ok());
  EXPECT_EQ(ReadValues(out), (std::vector<double>{1, 2, 1, 2, 3, 4, 5, 6}));
  EXPECT_TRUE(GapsUntouched(out));
}

TEST(PlainJoin, BitsAreCopiedAsTheyAre) {
  const uint32_t payload_nan = 0x7FA00001;  // a signalling NaN with a payload
  Tensor a = MakeRawTensor<uint32_t>(Desc(DataType::kFloat32, {1}), {payload_nan});
  Tensor b = MakeRawTensor<uint64_t>(Desc(DataType::kUint64, {1}), {~uint64_t{0}});
  Tensor a_out = MakeOutput(Desc(DataType::kFloat32, {2}));
  ASSERT_TRUE(RunOnPlain(ops::JoinDesc{{a.desc, a.desc}, a_out.desc, 0}, {&a, &a}, {&a_out}).ok());
  EXPECT_EQ(ReadRaw<uint32_t>(a_out), (std::vector<uint32_t>{payload_nan, payload_nan}));
  Tensor b_out = MakeOutput(Desc(DataType::kUint64, {2}));
  ASSERT_TRUE(RunOnPlain(ops::JoinDesc{{b.desc, b.desc}, b_out.desc, 0}, {&b, &b}, {&b_out}).ok());
  EXPECT_EQ(ReadRaw<uint64_t>(b_out), (std::vector<uint64_t>{~uint64_t{0}, ~uint64_t{0}}));
}

}  // namespace
}  // namespace dmlc::backends::testing
