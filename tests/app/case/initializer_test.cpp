#include "app/case/initializer.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>

#include "app/case/layout.h"
#include "app/case/npy.h"
#include "tests/app/case/temp_dir.h"
#include "tests/ops/test_util.h"

namespace dmlc::app {
namespace {

using ops::DataType;
using Bytes = std::vector<std::byte>;

template <class T>
Bytes Pack(std::initializer_list<T> values) {
  Bytes out(values.size() * sizeof(T));
  std::memcpy(out.data(), values.begin(), out.size());
  return out;
}

using ops::testing::Tensor;

Initializer Values(std::vector<Scalar> values) {
  Initializer init;
  init.kind = Initializer::Kind::kValues;
  init.values = std::move(values);
  init.path = "/inputs/InputTensor";
  init.where = {"case.json", 12, 30};
  return init;
}

Initializer Buffer(std::vector<Scalar> values) {
  Initializer init = Values(std::move(values));
  init.kind = Initializer::Kind::kBuffer;
  return init;
}

Scalar I(int64_t v) { return Scalar{v}; }
Scalar D(double v) { return Scalar{v}; }

Bytes Ok(const Initializer& init, const ops::TensorDesc& desc) {
  Result<Bytes> r = Materialize(init, desc);
  EXPECT_TRUE(r.ok()) << r.error().ToString();
  return r.ok() ? *r : Bytes{};
}

Error Fails(const Initializer& init, const ops::TensorDesc& desc) {
  Result<Bytes> r = Materialize(init, desc);
  EXPECT_FALSE(r.ok());
  if (r.ok()) return Error{};
  // Every error points at the initializer in the case file.
  EXPECT_EQ(r.error().where.file, init.where.file);
  EXPECT_EQ(r.error().where.line, init.where.line);
  EXPECT_EQ(r.error().scope, "case");
  return r.error();
}

TEST(InitializerTest, ValuesFillLogicalElementsInRowMajorOrder) {
  const double inf = std::numeric_limits<double>::infinity();
  EXPECT_EQ(Ok(Values({I(1), D(-2.5), D(inf), D(-inf)}), Tensor(DataType::kFloat32, {2, 2})),
            Pack<float>({1.0f, -2.5f, std::numeric_limits<float>::infinity(), -std::numeric_limits<float>::infinity()}));
  Bytes nan = Ok(Values({D(std::numeric_limits<double>::quiet_NaN())}), Tensor(DataType::kFloat64, {1}));
  double back;
  std::memcpy(&back, nan.data(), 8);
  EXPECT_TRUE(std::isnan(back));
}

TEST(InitializerTest, IntegersMustFitAndBeWhole) {
  EXPECT_EQ(Ok(Values({I(-128), I(127), D(2.0)}), Tensor(DataType::kInt8, {3})), Pack<int8_t>({-128, 127, 2, 0}));
  Error range = Fails(Values({I(1), I(256)}), Tensor(DataType::kUint8, {2}));
  EXPECT_EQ(range.path, "/inputs/InputTensor/1");
  EXPECT_EQ(range.message, "256 is out of range for UINT8");
  EXPECT_EQ(range.rule, "values must fit the data type");
  Error fraction = Fails(Values({D(1.5)}), Tensor(DataType::kInt32, {1}));
  EXPECT_EQ(fraction.path, "/inputs/InputTensor/0");
  EXPECT_EQ(fraction.message, "1.5 is not an integer, as required by INT32");
  Error negative = Fails(Values({I(-1)}), Tensor(DataType::kUint32, {1}));
  EXPECT_EQ(negative.message, "-1 is out of range for UINT32");
}

TEST(InitializerTest, SixtyFourBitIntegersKeepEveryBit) {
  // Decimal strings in the file arrive here as int64/uint64 (json_node.cpp); no double in between.
  EXPECT_EQ(Ok(Values({I(9007199254740993), I(std::numeric_limits<int64_t>::min())}), Tensor(DataType::kInt64, {2})),
            Pack<int64_t>({9007199254740993, std::numeric_limits<int64_t>::min()}));
  EXPECT_EQ(Ok(Values({Scalar{uint64_t{18446744073709551615ull}}}), Tensor(DataType::kUint64, {1})),
            Pack<uint64_t>({18446744073709551615ull}));
  Error e = Fails(Values({Scalar{uint64_t{9223372036854775808ull}}}), Tensor(DataType::kInt64, {1}));
  EXPECT_EQ(e.message, "9223372036854775808 is out of range for INT64");
}

TEST(InitializerTest, Float16RoundsToNearestAndRejectsOverflow) {
  EXPECT_EQ(Ok(Values({I(1), D(0.1), D(65504), D(-std::numeric_limits<double>::infinity()), D(-0.0)}),
               Tensor(DataType::kFloat16, {5})),
            Pack<uint16_t>({0x3C00, 0x2E66, 0x7BFF, 0xFC00, 0x8000, 0}));
  Error e = Fails(Values({D(70000)}), Tensor(DataType::kFloat16, {1}));
  EXPECT_EQ(e.message, "70000 overflows FLOAT16");
  Error f = Fails(Values({D(1e39)}), Tensor(DataType::kFloat32, {1}));
  EXPECT_EQ(f.message, "1e+39 overflows FLOAT32");
}

TEST(InitializerTest, CountMustMatchTheLogicalElements) {
  Error e = Fails(Values({I(1), I(2)}), Tensor(DataType::kInt32, {3}));
  EXPECT_EQ(e.path, "/inputs/InputTensor");
  EXPECT_EQ(e.message, "2 values for Sizes {3}, which has 3 elements");
  EXPECT_EQ(e.rule, "one value per logical element");
}

TEST(InitializerTest, ConstantAndSequence) {
  Initializer constant;
  constant.kind = Initializer::Kind::kConstant;
  constant.value = I(7);
  EXPECT_EQ(Ok(constant, Tensor(DataType::kInt16, {3})), Pack<int16_t>({7, 7, 7, 0}));

  Initializer seq;
  seq.kind = Initializer::Kind::kSequence;
  seq.value = D(0.5);
  seq.delta = D(0.25);
  EXPECT_EQ(Ok(seq, Tensor(DataType::kFloat32, {3})), Pack<float>({0.5f, 0.75f, 1.0f}));
  // 2^53 + i: exact in 64-bit integer arithmetic, unrepresentable through double.
  seq.value = I(9007199254740992);
  seq.delta = I(1);
  EXPECT_EQ(Ok(seq, Tensor(DataType::kInt64, {3})),
            Pack<int64_t>({9007199254740992, 9007199254740993, 9007199254740994}));
  // Integers wrap in the element type, as DxDispatch's `value += delta` does.
  seq.value = I(250);
  seq.delta = I(3);
  EXPECT_EQ(Ok(seq, Tensor(DataType::kUint8, {3})), Pack<uint8_t>({250, 253, 0, 0}));
  seq.delta = D(0.5);
  Error e = Fails(seq, Tensor(DataType::kUint8, {3}));
  EXPECT_EQ(e.message, "valueStart and valueDelta must be integers for UINT8");
}

TEST(InitializerTest, RandomIsPinned) {
  Initializer random;
  random.kind = Initializer::Kind::kRandom;
  random.seed = 0;
  random.value = I(0);
  random.delta = I(8);
  EXPECT_EQ(Ok(random, Tensor(DataType::kFloat32, {1})), Pack<float>({7.066486358642578f}));
  random.value = I(-5);
  random.delta = I(4);
  EXPECT_EQ(Ok(random, Tensor(DataType::kInt8, {3})), Pack<int8_t>({0, -5, 4, 0}));
  random.value = I(5);
  Error e = Fails(random, Tensor(DataType::kInt8, {3}));
  EXPECT_EQ(e.message, "random min 5 is greater than max 4");
}

TEST(InitializerTest, StridesPlaceLogicalElements) {
  // Transposed: element {r,c} at r + 2c.
  EXPECT_EQ(Ok(Values({I(1), I(2), I(3), I(4)}), Tensor(DataType::kFloat32, {2, 2}, {1, 2})),
            Pack<float>({1, 3, 2, 4}));
  // Padded rows: the gap element stays zero.
  EXPECT_EQ(Ok(Values({I(1), I(2), I(3), I(4)}), Tensor(DataType::kInt32, {2, 2}, {3, 1})),
            Pack<int32_t>({1, 2, 0, 3, 4}));
}

TEST(InitializerTest, BroadcastAliasesMustAgree) {
  const ops::TensorDesc broadcast = Tensor(DataType::kFloat32, {2, 3}, {0, 1});
  ASSERT_EQ(broadcast.TotalTensorSizeInBytes, 12u);
  EXPECT_EQ(Ok(Values({I(1), I(2), I(3), I(1), I(2), I(3)}), broadcast), Pack<float>({1, 2, 3}));
  Error e = Fails(Values({I(1), I(2), I(3), I(1), I(5), I(3)}), broadcast);
  EXPECT_EQ(e.message, "elements {0,1} and {1,1} share buffer element 1 but have different values");
  EXPECT_EQ(e.rule, "logical elements that alias one buffer element must agree");
  EXPECT_EQ(e.path, "/inputs/InputTensor");
}

TEST(InitializerTest, BufferGivesRawElements) {
  const ops::TensorDesc broadcast = Tensor(DataType::kFloat32, {2, 3}, {0, 1});
  EXPECT_EQ(Ok(Buffer({I(1), I(2), I(3)}), broadcast), Pack<float>({1, 2, 3}));
  ops::TensorDesc roomy = broadcast;
  roomy.TotalTensorSizeInBytes = 20;
  EXPECT_EQ(Ok(Buffer({I(1), I(2), I(3), I(4)}), roomy), Pack<float>({1, 2, 3, 4, 0}));
  Error short_buffer = Fails(Buffer({I(1), I(2)}), broadcast);
  EXPECT_EQ(short_buffer.message, "buffer has 2 elements; FLOAT32{2,3}/s{0,1} needs at least 3 and holds at most 3");
  EXPECT_EQ(Fails(Buffer({I(1), I(2), I(3), I(4)}), broadcast).rule,
            "buffer elements cover the layout and fit TotalTensorSizeInBytes");
  EXPECT_EQ(Fails(Buffer({I(1), I(2), I(300)}), Tensor(DataType::kUint8, {3})).path, "/inputs/InputTensor/buffer/2");
}

TEST(InitializerTest, TooSmallBufferIsAnErrorNotAnOverrun) {
  ops::TensorDesc desc = Tensor(DataType::kFloat32, {3});
  desc.TotalTensorSizeInBytes = 8;
  Error e = Fails(Values({I(1), I(2), I(3)}), desc);
  EXPECT_EQ(e.message, "element {2} at element offset 2 lies outside the 8-byte buffer");
  EXPECT_EQ(e.rule, "TotalTensorSizeInBytes covers every element");
}

class FileInitializerTest : public ::testing::Test {
 protected:
  Initializer File(const std::string& name) {
    Initializer init = Values({});
    init.kind = Initializer::Kind::kFile;
    init.source_path = NamedPath{dir_.path(), name};
    return init;
  }
  testing::TempDir dir_;
};

TEST_F(FileInitializerTest, NpyRoundTripThroughWriteNpy) {
  ASSERT_TRUE(WriteNpy(dir_.path() / "x.npy", {DataType::kInt32, {2, 2}, Pack<int32_t>({5, 6, 7, 8})}).ok());
  // Strides lay the .npy's elements out as usual.
  EXPECT_EQ(Ok(File("x.npy"), Tensor(DataType::kInt32, {1, 2, 2}, {4, 1, 2})), Pack<int32_t>({5, 7, 6, 8}));
}

TEST_F(FileInitializerTest, NpyDtypeAndCountMustMatchNotTheShape) {
  ASSERT_TRUE(WriteNpy(dir_.path() / "x.npy", {DataType::kInt32, {2}, Pack<int32_t>({5, 6})}).ok());
  const std::string path = (dir_.path() / "x.npy").string();
  Error dtype = Fails(File("x.npy"), Tensor(DataType::kFloat32, {2}));
  EXPECT_EQ(dtype.message, path + " has dtype '<i4' (INT32) but the tensor's DataType is FLOAT32");
  EXPECT_EQ(dtype.rule, "the .npy dtype matches DataType");
  EXPECT_EQ(dtype.path, "/inputs/InputTensor");
  // DxDispatch reads only the data: shape (2,) fills Sizes {2,1}, and {1,2} too.
  EXPECT_EQ(Ok(File("x.npy"), Tensor(DataType::kInt32, {2, 1})), Pack<int32_t>({5, 6}));
  Error count = Fails(File("x.npy"), Tensor(DataType::kInt32, {3, 1}));
  EXPECT_EQ(count.message, path + " holds 2 elements but Sizes {3,1} has 3");
  EXPECT_EQ(count.rule, "the .npy holds one element per logical element");
}

TEST_F(FileInitializerTest, MissingNpyNamesTheFile) {
  Error e = Fails(File("gone.npy"), Tensor(DataType::kInt32, {2}));
  EXPECT_EQ(e.message.rfind((dir_.path() / "gone.npy").string() + ": cannot open: ", 0), 0u) << e.message;
  EXPECT_EQ(e.rule, "the file can be opened, read and written");
  EXPECT_EQ(e.where.column, 30);
}

TEST_F(FileInitializerTest, RawFilesOfAnyExtensionHoldThePackedLogicalElements) {
  for (const char* name : {"x.bin", "x.dat", "x"}) {
    dir_.Write(name, std::string("\x01\x02\x03\x04\x05\x06", 6));
    EXPECT_EQ(Ok(File(name), Tensor(DataType::kUint16, {3})), Pack<uint16_t>({0x0201, 0x0403, 0x0605, 0}));
    Error e = Fails(File(name), Tensor(DataType::kUint16, {2}));
    EXPECT_EQ(e.rule, "a raw file holds exactly the logical elements, packed");
  }
}

TEST(LayoutTest, GatherReadsLogicalElementsBack) {
  const ops::TensorDesc desc = Tensor(DataType::kInt32, {2, 2}, {3, 1});
  Result<Bytes> logical = GatherLogical(Pack<int32_t>({1, 2, 99, 3, 4}), desc);
  ASSERT_TRUE(logical.ok());
  EXPECT_EQ(*logical, Pack<int32_t>({1, 2, 3, 4}));
  EXPECT_FALSE(GatherLogical(Pack<int32_t>({1, 2, 99}), desc).ok());
  EXPECT_EQ(CoordinateOf(5, {2, 3}), (std::vector<uint32_t>{1, 2}));
}

}  // namespace
}  // namespace dmlc::app
