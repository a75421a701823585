// Initializers keep an array of numbers as the case file's text and read it when the case runs: a long
// array loads without a node or a Scalar per element, materializes to the same bytes, and an error
// about element k still names its line:column and JSON pointer, at load and when read later.
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "app/case/initializer.h"
#include "app/case/initializer_values.h"
#include "tests/app/case/case_test_util.h"

namespace dmlc::app {
namespace {

using testing::FirstError;
using testing::LoadText;
using testing::OnlyCase;

constexpr uint32_t kCount = 1'000'000;

// A JOIN of one FLOAT32 tensor of `count` elements whose initializer is `init`; it starts on line 4.
std::string JoinCase(uint32_t count, const std::string& init) {
  const std::string sizes = "[1, 1, 1, " + std::to_string(count) + "]";
  return "{\"name\": \"n\", \"operator\": {\"type\": \"JOIN\", \"desc\": {\"Axis\": 0,\n"
         "  \"InputTensors\": [{\"DataType\": \"FLOAT32\", \"Sizes\": " + sizes + "}],\n"
         "  \"OutputTensor\": {\"DataType\": \"FLOAT32\", \"Sizes\": " + sizes + "}}},\n"
         "  \"inputs\": {\"InputTensors\": [" + init + "]}}";
}

// Element i is (i % 1000) / 4, written as "0.25" and so on, ten to a line: element i stands on line
// 5 + i / 10. `bad` (when not empty) replaces element `bad_index`.
std::string Numbers(uint32_t count, const std::string& bad = "", uint32_t bad_index = 0) {
  std::string out = "[\n";
  for (uint32_t i = 0; i < count; ++i) {
    out += i == bad_index && !bad.empty() ? bad : std::to_string((i % 1000) / 4.0).substr(0, 6);
    out += i + 1 == count ? "]" : i % 10 == 9 ? ",\n" : ", ";
  }
  return out;
}

TEST(TextValuesTest, AMillionElementsLoadAsTextAndMaterializeExactly) {
  testing::TempDir dir;
  const TestCase tc = OnlyCase(LoadText(dir, JoinCase(kCount, Numbers(kCount))));
  ASSERT_EQ(tc.inputs.size(), 1u);
  const Initializer& init = tc.inputs[0];
  ASSERT_TRUE(init.text.has_value());
  EXPECT_TRUE(init.values.empty());  // no Scalar per element
  EXPECT_EQ(ValueCount(init), kCount);
  Result<std::vector<std::byte>> bytes = Materialize(init, std::get<ops::JoinDesc>(tc.desc).InputTensors[0]);
  ASSERT_TRUE(bytes.ok()) << bytes.error().ToString();
  ASSERT_EQ(bytes->size(), kCount * sizeof(float));
  std::vector<float> floats(kCount);
  std::memcpy(floats.data(), bytes->data(), bytes->size());
  for (uint32_t i : {0u, 1u, 3u, 999u, 1000u, 123457u, kCount - 1}) EXPECT_EQ(floats[i], (i % 1000) / 4.0f) << i;
  uint32_t wrong = 0;
  for (uint32_t i = 0; i < kCount; ++i) wrong += floats[i] != (i % 1000) / 4.0f;
  EXPECT_EQ(wrong, 0u);
}

TEST(TextValuesTest, AnErrorAtElementKNamesItsLineColumnAndPointer) {
  testing::TempDir dir;
  const uint32_t k = 700'003;  // line 5 + 70000, the fourth on its line: column 1 + 3 * 8
  const Error e = FirstError(LoadText(dir, JoinCase(kCount, Numbers(kCount, "1e39", k))));
  EXPECT_EQ(e.path, "/inputs/InputTensors/0/700003");
  EXPECT_EQ(e.message, "/inputs/InputTensors/0/700003: 1e39 overflows FLOAT32");
  EXPECT_EQ(e.where.line, 70005);
  EXPECT_EQ(e.where.column, 25);
}

TEST(TextValuesTest, ReadingLaterLocatesTheElementFromTheText) {
  // The loader checked every number; an error found later (here, by the reader) still points at it.
  testing::TempDir dir;
  const TestCase tc = OnlyCase(LoadText(dir, JoinCase(1000, Numbers(1000))));
  const Initializer& init = tc.inputs[0];
  const Status s = ForEachValue(init, [](uint64_t i, const Scalar&) -> Status {
    if (i == 123) return MakeError("case", "", "refused", "a test's rule");
    return OkStatus();
  });
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().path, "/inputs/InputTensors/0/123");
  EXPECT_EQ(s.error().where.file, init.where.file);
  EXPECT_EQ(s.error().where.line, 5 + 12);
  EXPECT_EQ(s.error().where.column, 1 + 3 * 8);
}

TEST(TextValuesTest, BufferNumbersAreTextAndTheirErrorsNameBuffer) {
  testing::TempDir dir;
  const TestCase tc = OnlyCase(LoadText(dir, JoinCase(3, "{\"buffer\": [0.5, -0, 2]}")));
  const Initializer& init = tc.inputs[0];
  ASSERT_TRUE(init.text.has_value());
  EXPECT_EQ(ValuesPointer(init), "/inputs/InputTensors/0/buffer");
  Result<std::vector<Scalar>> values = Values(init);
  ASSERT_TRUE(values.ok());
  ASSERT_EQ(values->size(), 3u);
  EXPECT_EQ((*values)[0], Scalar{0.5});
  EXPECT_TRUE(std::signbit(std::get<double>((*values)[1])));  // "-0" keeps its sign for FLOAT32
  EXPECT_EQ((*values)[2], Scalar{int64_t{2}});

  const Error e = FirstError(LoadText(dir, JoinCase(3, "{\"buffer\": [0.5, 1e39, 2]}")));
  EXPECT_EQ(e.path, "/inputs/InputTensors/0/buffer/1");
  EXPECT_EQ(e.where.line, 4);
  EXPECT_EQ(e.where.column, 48);
}

TEST(TextValuesTest, ArraysWithStringsKeepScalars) {
  testing::TempDir dir;
  const TestCase tc = OnlyCase(LoadText(dir, JoinCase(3, "[1, \"nan\", \"-inf\"]")));
  const Initializer& init = tc.inputs[0];
  EXPECT_FALSE(init.text.has_value());
  ASSERT_EQ(init.values.size(), 3u);
  EXPECT_TRUE(std::isnan(std::get<double>(init.values[1])));
  EXPECT_EQ(ValueCount(init), 3u);
}

TEST(TextValuesTest, BuiltInCodeValuesReadTheSameWay) {
  Initializer init;
  init.kind = Initializer::Kind::kBuffer;
  init.path = "/expected/OutputTensor";
  init.values = {Scalar{int64_t{1}}, Scalar{2.5}};
  EXPECT_EQ(ValueCount(init), 2u);
  Result<std::vector<Scalar>> values = Values(init);
  ASSERT_TRUE(values.ok());
  EXPECT_EQ(*values, init.values);
  const Status s = ForEachValue(init, [](uint64_t i, const Scalar&) -> Status {
    return i == 1 ? Status(MakeError("case", "", "no")) : OkStatus();
  });
  ASSERT_FALSE(s.ok());
  EXPECT_EQ(s.error().path, "/expected/OutputTensor/buffer/1");
}

}  // namespace
}  // namespace dmlc::app
