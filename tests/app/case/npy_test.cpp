#include "app/case/npy.h"

#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <iterator>
#include <string>

#include "tests/app/case/temp_dir.h"

namespace dmlc::app {
namespace {

using ops::DataType;

std::vector<std::byte> Bytes(std::string_view s) {
  const auto* p = reinterpret_cast<const std::byte*>(s.data());
  return std::vector<std::byte>(p, p + s.size());
}

// A hand-built file: magic, version, little-endian header length of `length_bytes` bytes, header, data.
std::vector<std::byte> MakeNpy(int major, const std::string& header, std::string_view data) {
  std::string out = "\x93NUMPY";
  out += static_cast<char>(major);
  out += '\0';
  const size_t length_bytes = major == 1 ? 2 : 4;
  for (size_t i = 0; i < length_bytes; ++i) out += static_cast<char>((header.size() >> (8 * i)) & 0xff);
  out += header;
  out += data;
  return Bytes(out);
}

TEST(NpyTest, SerializesVersion1WithA64ByteAlignedHeader) {
  NpyArray a{DataType::kFloat32, {2, 3}, std::vector<std::byte>(24, std::byte{0})};
  Result<std::vector<std::byte>> bytes = SerializeNpy(a);
  ASSERT_TRUE(bytes.ok());
  ASSERT_EQ(bytes->size(), 128u + 24u);
  const std::string text(reinterpret_cast<const char*>(bytes->data()), 128);
  EXPECT_EQ(text.substr(0, 8), std::string("\x93NUMPY\x01\x00", 8));
  EXPECT_EQ(static_cast<int>((*bytes)[8]) | (static_cast<int>((*bytes)[9]) << 8), 118);
  EXPECT_EQ(text.substr(10, 59), "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }");
  EXPECT_EQ(text.substr(69, 58), std::string(58, ' '));
  EXPECT_EQ(text[127], '\n');
}

TEST(NpyTest, ShapesFormatAsPythonTuples) {
  for (auto [shape, expected] : {std::pair{std::vector<uint64_t>{}, "'shape': ()"},
                                 std::pair{std::vector<uint64_t>{4}, "'shape': (4,)"}}) {
    uint64_t count = 1;
    for (uint64_t d : shape) count *= d;
    Result<std::vector<std::byte>> bytes = SerializeNpy({DataType::kUint8, shape, std::vector<std::byte>(count)});
    ASSERT_TRUE(bytes.ok());
    const std::string text(reinterpret_cast<const char*>(bytes->data()), bytes->size());
    EXPECT_NE(text.find(expected), std::string::npos) << text;
  }
}

TEST(NpyTest, RoundTripsEveryDataTypeThroughAFile) {
  testing::TempDir dir;
  for (DataType type : ops::kAllDataTypes) {
    SCOPED_TRACE(std::string(ops::DataTypeName(type)));
    NpyArray a{type, {2, 1, 3}, {}};
    for (uint32_t i = 0; i < 6 * ops::ElementSize(type); ++i) a.data.push_back(static_cast<std::byte>(i * 7 + 1));
    const auto path = dir.path() / "a.npy";
    ASSERT_TRUE(WriteNpy(path, a).ok());
    std::ifstream in(path, std::ios::binary);
    const std::string written((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    Result<NpyArray> back = ParseNpy(std::as_bytes(std::span(written)));
    ASSERT_TRUE(back.ok()) << back.error().ToString();
    EXPECT_EQ(back->data_type, type);
    EXPECT_EQ(back->shape, a.shape);
    EXPECT_EQ(back->data, a.data);
  }
}

TEST(NpyTest, ReadsVersions2And3AndOldSpellings) {
  const std::string data("\x01\x00\x02\x00", 4);
  Result<NpyArray> v2 = ParseNpy(MakeNpy(2, "{'descr': '<i2', 'fortran_order': False, 'shape': (2,), }\n", data));
  ASSERT_TRUE(v2.ok()) << v2.error().ToString();
  EXPECT_EQ(v2->data_type, DataType::kInt16);
  EXPECT_EQ(v2->shape, (std::vector<uint64_t>{2}));
  Result<NpyArray> v3 = ParseNpy(MakeNpy(3, "{\"shape\": (1L, 4L), \"fortran_order\": False, \"descr\": \"<u1\"}", data));
  ASSERT_TRUE(v3.ok()) << v3.error().ToString();
  EXPECT_EQ(v3->data_type, DataType::kUint8);
  EXPECT_EQ(v3->shape, (std::vector<uint64_t>{1, 4}));
  EXPECT_EQ(v3->data, Bytes(data));
}

struct BadNpy {
  const char* name;
  std::vector<std::byte> bytes;
  const char* message;
  const char* rule;
};

class NpyErrorTest : public ::testing::TestWithParam<BadNpy> {};

TEST_P(NpyErrorTest, NamesTheRule) {
  Result<NpyArray> r = ParseNpy(GetParam().bytes);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().scope, "npy");
  EXPECT_NE(r.error().message.find(GetParam().message), std::string::npos) << r.error().message;
  EXPECT_EQ(r.error().rule, GetParam().rule);
}

const std::string kFour("\0\0\0\0", 4);

INSTANTIATE_TEST_SUITE_P(
    Cases, NpyErrorTest,
    ::testing::Values(
        BadNpy{"NoMagic", Bytes("PK\x03\x04 not numpy"), "no \\x93NUMPY magic", "NumPy .npy format"},
        BadNpy{"Version9", MakeNpy(9, "{}", ""), "version 9 is not supported", "versions 1, 2 and 3"},
        BadNpy{"BigEndian", MakeNpy(1, "{'descr': '>f4', 'fortran_order': False, 'shape': (1,), }", kFour),
               "dtype '>f4' is not supported", "little-endian float16/32/64, int8-64 or uint8-64"},
        BadNpy{"Bool", MakeNpy(1, "{'descr': '|b1', 'fortran_order': False, 'shape': (4,), }", kFour),
               "dtype '|b1' is not supported", "little-endian float16/32/64, int8-64 or uint8-64"},
        BadNpy{"Fortran", MakeNpy(1, "{'descr': '<f4', 'fortran_order': True, 'shape': (1,), }", kFour),
               "Fortran order", "C-order arrays only"},
        BadNpy{"ShortData", MakeNpy(1, "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }", kFour),
               "the data has 4 bytes; the header promises 8", "data size = product(shape) * itemsize"},
        BadNpy{"MissingShape", MakeNpy(1, "{'descr': '<f4', 'fortran_order': False}", kFour),
               "descr, fortran_order and shape are required", "the header is a Python dict literal"},
        BadNpy{"Truncated", Bytes(std::string("\x93NUMPY\x01\x00\xff\x00{", 11)), "ends inside the header",
               "NumPy .npy format"}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(NpyTest, SerializeRejectsDataThatDoesNotMatchTheShape) {
  Result<std::vector<std::byte>> r = SerializeNpy({DataType::kInt32, {3}, std::vector<std::byte>(8)});
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().rule, "data size = product(shape) * itemsize");
}

}  // namespace
}  // namespace dmlc::app
