#include "ops/tensor_desc.h"

#include <gtest/gtest.h>

#include <functional>

#include "test_util.h"

namespace dmlc::ops {
namespace {

using testing::Accepted;
using testing::Rejected;
using testing::Tensor;

TensorDesc Strided(DataType type, std::vector<uint32_t> sizes, std::vector<uint32_t> strides) {
  TensorDesc desc;
  desc.DataType = type;
  desc.Sizes = std::move(sizes);
  desc.Strides = std::move(strides);
  return desc;
}

TEST(TensorDesc, PackedAndEffectiveStrides) {
  EXPECT_EQ(PackedStrides({2, 3, 4}), (std::vector<uint32_t>{12, 4, 1}));
  EXPECT_EQ(PackedStrides({7}), (std::vector<uint32_t>{1}));
  EXPECT_EQ(EffectiveStrides(Tensor(DataType::kFloat32, {2, 3})), (std::vector<uint32_t>{3, 1}));
  EXPECT_EQ(EffectiveStrides(Strided(DataType::kFloat32, {2, 3}, {0, 1})), (std::vector<uint32_t>{0, 1}));
  EXPECT_TRUE(IsPacked(Tensor(DataType::kFloat32, {2, 3})));
  EXPECT_TRUE(IsPacked(Strided(DataType::kFloat32, {2, 3}, {3, 1})));
  EXPECT_FALSE(IsPacked(Strided(DataType::kFloat32, {2, 3}, {4, 1})));
  EXPECT_FALSE(IsPacked(Strided(DataType::kFloat32, {2, 3}, {0, 1})));
}

TEST(TensorDesc, ElementCount) {
  EXPECT_EQ(ElementCount({2, 3, 4}).value(), 24u);
  EXPECT_EQ(ElementCount({}).value(), 1u);
  EXPECT_EQ(ElementCount({5, 0}).value(), 0u);
  const std::vector<uint32_t> huge(8, 0xFFFFFFFFu);
  EXPECT_FALSE(ElementCount(huge).ok());
  EXPECT_EQ(ElementCount({0xFFFFFFFFu, 0xFFFFFFFFu}).value(), 0xFFFFFFFE00000001ull);
}

struct SizeCase {
  const char* name;
  TensorDesc desc;
  uint64_t bytes;
};

TEST(TensorDesc, CalcBufferTensorSizeMatchesDirectML) {
  const SizeCase cases[] = {
      {"packed float32", Strided(DataType::kFloat32, {2, 3}, {}), 24},
      {"uint8 rounds up to 4", Strided(DataType::kUint8, {3}, {}), 4},
      {"uint8 exact multiple", Strided(DataType::kUint8, {2, 4}, {}), 8},
      {"float16 odd count", Strided(DataType::kFloat16, {1, 5}, {}), 12},
      {"int64 single", Strided(DataType::kInt64, {1}, {}), 8},
      {"padded rows", Strided(DataType::kFloat32, {2, 3}, {4, 1}), 28},
      {"broadcast rows", Strided(DataType::kFloat16, {2, 2}, {0, 1}), 4},
      {"all broadcast", Strided(DataType::kFloat64, {5, 7}, {0, 0}), 8},
      {"transposed", Strided(DataType::kInt32, {3, 2}, {1, 3}), 24},
      {"zero size", Strided(DataType::kFloat32, {4, 0}, {}), 0},
  };
  for (const SizeCase& c : cases) {
    SCOPED_TRACE(c.name);
    const Result<uint64_t> bytes = CalcBufferTensorSize(c.desc);
    ASSERT_TRUE(bytes.ok()) << bytes.error().ToString();
    EXPECT_EQ(*bytes, c.bytes);
  }
}

TEST(TensorDesc, CalcBufferTensorSizeErrors) {
  // (2^32 - 2) * (2^32 - 1) fits 64 bits; times 8 bytes does not.
  EXPECT_FALSE(CalcBufferTensorSize(Strided(DataType::kFloat64, {0xFFFFFFFFu}, {0xFFFFFFFFu})).ok());
  EXPECT_EQ(CalcBufferTensorSize(Strided(DataType::kUint8, {0xFFFFFFFFu}, {0xFFFFFFFFu})).value(),
            0xFFFFFFFD00000004ull);
  EXPECT_FALSE(CalcBufferTensorSize(Strided(DataType::kUnknown, {2}, {})).ok());
  EXPECT_FALSE(CalcBufferTensorSize(Strided(DataType::kFloat32, {2, 2}, {1})).ok());
}

struct RuleCase {
  const char* name;
  std::function<void(TensorDesc&)> mutate;
  const char* path;
  const char* rule;
};

TEST(TensorDesc, ValidateRejectsEachRule) {
  const RuleCase cases[] = {
      {"unknown type", [](TensorDesc& d) { d.DataType = DataType::kUnknown; }, "X.DataType",
       "DataType must be one of the 11 tensor data types"},
      {"type out of range", [](TensorDesc& d) { d.DataType = static_cast<DataType>(12); }, "X.DataType",
       "DataType must be one of the 11 tensor data types"},
      {"unknown flag", [](TensorDesc& d) { d.Flags = 2; }, "X.Flags", "Flags must be NONE (0) or OWNED_BY_DML (1)"},
      {"no dimensions", [](TensorDesc& d) { d.Sizes.clear(); }, "X.Sizes", "DimensionCount must be 1 to 8"},
      {"nine dimensions", [](TensorDesc& d) { d.Sizes.assign(9, 1); }, "X.Sizes", "DimensionCount must be 1 to 8"},
      {"zero size", [](TensorDesc& d) { d.Sizes[1] = 0; }, "X.Sizes[1]", "sizes must be nonzero"},
      {"too few strides", [](TensorDesc& d) { d.Strides = {1}; }, "X.Strides",
       "Strides must have as many entries as Sizes"},
      {"too many elements",
       [](TensorDesc& d) {
         d.Sizes = {65536, 65536};
       },
       "X.Sizes", "the element count must fit in UINT"},
      {"size overflow",
       [](TensorDesc& d) {
         d.DataType = DataType::kFloat64;
         d.Sizes = {0xFFFFFFFFu};
         d.Strides = {0xFFFFFFFFu};
       },
       "X.Strides", "size arithmetic must not overflow"},
      {"total too small", [](TensorDesc& d) { d.TotalTensorSizeInBytes = 20; }, "X.TotalTensorSizeInBytes",
       "TotalTensorSizeInBytes must be at least the computed size"},
      {"strides need more",
       [](TensorDesc& d) {
         d.Strides = {4, 1};
       },
       "X.TotalTensorSizeInBytes", "TotalTensorSizeInBytes must be at least the computed size"},
      {"total not multiple of 4", [](TensorDesc& d) { d.TotalTensorSizeInBytes = 26; }, "X.TotalTensorSizeInBytes",
       "TotalTensorSizeInBytes must be a multiple of 4"},
      {"alignment 8", [](TensorDesc& d) { d.GuaranteedBaseOffsetAlignment = 8; }, "X.GuaranteedBaseOffsetAlignment",
       "GuaranteedBaseOffsetAlignment must be 0 or a power of two >= 16"},
      {"alignment 24", [](TensorDesc& d) { d.GuaranteedBaseOffsetAlignment = 24; }, "X.GuaranteedBaseOffsetAlignment",
       "GuaranteedBaseOffsetAlignment must be 0 or a power of two >= 16"},
  };
  for (const RuleCase& c : cases) {
    SCOPED_TRACE(c.name);
    TensorDesc desc = Tensor(DataType::kFloat32, {2, 3});
    c.mutate(desc);
    EXPECT_TRUE(Rejected(ValidateTensorDesc(desc, "X"), "tensor", c.path, c.rule));
  }
}

TEST(TensorDesc, ValidateAccepts) {
  TensorDesc desc = Tensor(DataType::kFloat32, {2, 3});
  EXPECT_TRUE(Accepted(ValidateTensorDesc(desc, "X")));
  desc.TotalTensorSizeInBytes = 64;  // larger than needed is fine
  desc.Flags = 1;
  for (uint32_t alignment : {0u, 16u, 32u, 4096u}) {
    desc.GuaranteedBaseOffsetAlignment = alignment;
    EXPECT_TRUE(Accepted(ValidateTensorDesc(desc, "X"))) << alignment;
  }
  TensorDesc broadcast = Strided(DataType::kFloat16, {8, 2}, {0, 1});
  broadcast.TotalTensorSizeInBytes = 4;
  EXPECT_TRUE(Accepted(ValidateTensorDesc(broadcast, "")));
  TensorDesc eight = Tensor(DataType::kUint8, std::vector<uint32_t>(8, 2));
  EXPECT_TRUE(Accepted(ValidateTensorDesc(eight, "X")));
  // Without a path prefix, fields are named bare.
  eight.Sizes[0] = 0;
  EXPECT_TRUE(Rejected(ValidateTensorDesc(eight, ""), "tensor", "Sizes[0]", "sizes must be nonzero"));
}

TEST(TensorDesc, DescribeAndFormat) {
  EXPECT_EQ(FormatSizes({2, 3}), "{2,3}");
  EXPECT_EQ(FormatSizes({}), "{}");
  EXPECT_EQ(Describe(Tensor(DataType::kFloat32, {2, 3})), "FLOAT32{2,3}");
  EXPECT_EQ(Describe(Strided(DataType::kUint8, {2, 3}, {0, 1})), "UINT8{2,3}/s{0,1}");
}

}  // namespace
}  // namespace dmlc::ops
