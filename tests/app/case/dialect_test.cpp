// DxDispatch's dialect in case files and model files, table-driven: what it spells differently loads
// the same, and what is wrong names its field path, line:column and rule.
#include <gtest/gtest.h>

#include <cstring>

#include "app/case/desc_locations.h"
#include "app/case/initializer.h"
#include "ops/float16.h"
#include "tests/app/case/case_test_util.h"

namespace dmlc::app {
namespace {

using testing::FirstError;
using testing::LoadText;
using testing::OnlyCase;

// The same REDUCE in each spelling DxDispatch accepts.
struct SpellingRow {
  const char* name;
  const char* text;
};

class DialectSpellingTest : public ::testing::TestWithParam<SpellingRow> {};

TEST_P(DialectSpellingTest, LoadsTheSameDesc) {
  testing::TempDir dir;
  const TestCase tc = OnlyCase(LoadText(dir, GetParam().text));
  const auto& d = std::get<ops::ReduceDesc>(tc.desc);
  EXPECT_EQ(d.Function, ops::ReduceFunction::kSum);
  EXPECT_EQ(d.InputTensor.Sizes, (std::vector<uint32_t>{1, 3}));
  EXPECT_EQ(d.InputTensor.TotalTensorSizeInBytes, 12u);  // 0 or absent: computed
  EXPECT_EQ(d.OutputTensor.TotalTensorSizeInBytes, 4u);
  EXPECT_EQ(d.Axes, (std::vector<uint32_t>{1}));
}

INSTANTIATE_TEST_SUITE_P(
    Rows, DialectSpellingTest,
    ::testing::Values(
        SpellingRow{"Capitals", R"({"name": "s", "operator": {"Type": "REDUCE", "Desc": {"Function": "SUM",
            "InputTensor": {"DataType": "FLOAT32", "Sizes": [1, 3]},
            "OutputTensor": {"DataType": "FLOAT32", "Sizes": [1, 1]}, "AxisCount": 1, "Axes": [1]}},
            "inputs": {"InputTensor": [1, 2, 3]}})"},
        SpellingRow{"FieldsBesideType", R"({"name": "s", "operator": {"type": "DML_OPERATOR_REDUCE", "Function": "SUM",
            "InputTensor": {"DataType": "FLOAT32", "Sizes": [1, 3]},
            "OutputTensor": {"DataType": "FLOAT32", "Sizes": [1, 1]}, "AxisCount": 1, "Axes": [1],
            "executionFlags": ["DML_EXECUTION_FLAG_DISABLE_META_COMMANDS", "NONE"], "dmlCompileType": "DmlCompileGraph"},
            "inputs": {"InputTensor": [1, 2, 3]}})"},
        SpellingRow{"TensorTypeBesideFields", R"({"name": "s", "operator": {"type": "REDUCE", "desc": {"Function": "SUM",
            "InputTensor": {"Type": "DML_TENSOR_TYPE_BUFFER", "DataType": "FLOAT32", "Sizes": [1, 3],
                            "Flags": ["DML_TENSOR_FLAG_NONE"], "TotalTensorSizeInBytes": 0},
            "OutputTensor": {"Desc": {"DataType": "FLOAT32", "Sizes": [1, 1], "TotalTensorSizeInBytes": 0}},
            "Axes": [1]}}, "inputs": {"InputTensor": [1, 2, 3]}})"},
        SpellingRow{"CommentsAndCapitalNaN", R"({
            // a line comment, and /* a block */ one
            "name": "s", /* "quoted" in a comment */ "operator": {"type": "REDUCE", "desc": {"Function": "SUM",
            "InputTensor": {"DataType": "FLOAT32", "Sizes": [1, 3]},
            "OutputTensor": {"DataType": "FLOAT32", "Sizes": [1, 1]}, "Axes": [1]}},
            "inputs": {"InputTensor": [1, /* inside numbers */ "NaN", "-Inf"]}, "description": "// not a comment"})"}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(DialectTest, CommentsKeepPositionsAndCapitalsReadAsNonFinite) {
  testing::TempDir dir;
  const CaseFile file = LoadText(dir, R"({
    // comment
    "name": "s", /* block
    comment */ "operator": {"type": "REDUCE", "desc": {"Function": "SUM",
      "InputTensor": {"DataType": "FLOAT32", "Sizes": [1, 3]},
      "OutputTensor": {"DataType": "FLOAT32", "Sizes": [1, 1]}, "Axes": [1]}},
    "inputs": {"InputTensor": [1, "NaN", "Inf"]}, "extra": 1})");
  const Error e = FirstError(file);
  EXPECT_EQ(e.path, "/extra");
  EXPECT_EQ(e.where.line, 7);   // counted through the comments
  EXPECT_EQ(e.where.column, 51);
}

TEST(DialectTest, NonFiniteStringsInAnyCase) {
  testing::TempDir dir;
  const TestCase tc = OnlyCase(LoadText(dir, R"({"name": "s", "operator": {"type": "REDUCE", "desc": {
    "Function": "SUM", "InputTensor": {"DataType": "FLOAT32", "Sizes": [1, 3]},
    "OutputTensor": {"DataType": "FLOAT32", "Sizes": [1, 1]}, "Axes": [1]}},
    "inputs": {"InputTensor": ["NaN", "Inf", "-INF"]}})"));
  const Result<std::vector<std::byte>> bytes = Materialize(tc.inputs[0], std::get<ops::ReduceDesc>(tc.desc).InputTensor);
  ASSERT_TRUE(bytes.ok()) << bytes.error().ToString();
  float v[3];
  std::memcpy(v, bytes->data(), sizeof v);
  EXPECT_TRUE(std::isnan(v[0]));
  EXPECT_EQ(v[1], std::numeric_limits<float>::infinity());
  EXPECT_EQ(v[2], -std::numeric_limits<float>::infinity());
}

// What is wrong in the dialect names its field, line:column and rule.
struct DialectErrorRow {
  const char* name;
  const char* text;
  const char* path;
  int line;
  int column;
  const char* message;  // a substring of the message
  const char* rule;
};

class DialectErrorTest : public ::testing::TestWithParam<DialectErrorRow> {};

TEST_P(DialectErrorTest, ReportsPathLocationAndRule) {
  const DialectErrorRow& row = GetParam();
  testing::TempDir dir;
  const Error e = FirstError(LoadText(dir, row.text));
  EXPECT_EQ(e.path, row.path);
  EXPECT_EQ(e.where.line, row.line);
  EXPECT_EQ(e.where.column, row.column);
  EXPECT_NE(e.message.find(row.message), std::string::npos) << e.message;
  EXPECT_EQ(e.rule, row.rule);
}

constexpr const char* kReduceDesc = R"("Function": "SUM", "InputTensor": {"DataType": "FLOAT32", "Sizes": [1, 3]},
  "OutputTensor": {"DataType": "FLOAT32", "Sizes": [1, 1]}, "Axes": [1])";

std::string Reduce(const std::string& operator_extra, const std::string& inputs) {
  return std::string(R"({"name": "s", "operator": {"type": "REDUCE", "desc": {)") + kReduceDesc + "}" + operator_extra +
         R"(}, "inputs": {"InputTensor": )" + inputs + "}}";
}

const std::string kTrailingComma = Reduce("", "[1, 2, 3,]");
const std::string kBothTypes = Reduce(R"(, "Type": "REDUCE")", "[1, 2, 3]");
const std::string kBadExecutionFlag = Reduce(R"(, "executionFlags": ["NONE", "DISABLE_META_COMAND"])", "[1, 2, 3]");
const std::string kBadCompileType = Reduce(R"(, "dmlCompileType": "Graph")", "[1, 2, 3]");
const std::string kValueCount = Reduce("", R"({"value": 1, "valueCount": 4})");
const std::string kValueCountAlone = Reduce("", R"([1, 2, 3], "x": {"valueCount": 4})");
const std::string kBadFlagInArray = std::string(R"({"name": "s", "operator": {"type": "REDUCE", "desc": {
  "Function": "SUM", "InputTensor": {"DataType": "FLOAT32", "Sizes": [1, 3], "Flags": ["NONE", "OWNED"]},
  "OutputTensor": {"DataType": "FLOAT32", "Sizes": [1, 1]}, "Axes": [1]}}, "inputs": {"InputTensor": [1, 2, 3]}})");
const std::string kUnclosedComment = "{\"name\": \"s\" /* never closed\n}";
const std::string kImage = Reduce("", R"({"sourcePath": "dog.jpg"})");

INSTANTIATE_TEST_SUITE_P(
    Rows, DialectErrorTest,
    ::testing::Values(
        DialectErrorRow{"TrailingComma", kTrailingComma.c_str(), "", 2, 111, "trailing comma before ']'",
                        "the file must be valid JSON (RFC 8259)"},
        DialectErrorRow{"UnclosedComment", kUnclosedComment.c_str(), "", 1, 14, "a /* comment is never closed",
                        "comments are // to the end of the line or /* ... */"},
        DialectErrorRow{"BothTypeSpellings", kBothTypes.c_str(), "/operator/Type", 2, 83, "both \"type\" and \"Type\"",
                        "an operator has one \"type\", in either spelling"},
        DialectErrorRow{"BadExecutionFlag", kBadExecutionFlag.c_str(), "/operator/executionFlags/1", 2, 102,
                        "unknown execution flag \"DISABLE_META_COMAND\" (did you mean \"DISABLE_META_COMMANDS\"?)",
                        "execution flag is DML_EXECUTION_FLAG_<name> or <name>"},
        DialectErrorRow{"BadCompileType", kBadCompileType.c_str(), "/operator/dmlCompileType", 2, 93,
                        "unknown dmlCompileType \"Graph\"", "dmlCompileType is <name> or <name>"},
        DialectErrorRow{"BadFlagInArray", kBadFlagInArray.c_str(), "/operator/desc/InputTensor/Flags/1", 2, 96,
                        "unknown tensor flag \"OWNED\"", "tensor flag is DML_TENSOR_FLAG_<name> or <name>"},
        DialectErrorRow{"ValueCountWithoutValues", kValueCountAlone.c_str(), "/inputs/x", 2, 113,
                        "unknown field \"x\"", "known fields only"},
        DialectErrorRow{"ImageSource", kImage.c_str(), "/inputs/InputTensor/sourcePath", 2, 117,
                        "is an image, which dml-conform does not decode", "sourcePath is a .npy or a raw file"}),
    [](const auto& info) { return std::string(info.param.name); });

// The model's rejection of a TotalTensorSizeInBytes points at that field, in the inline form too.
TEST(DialectTest, TotalTensorSizeErrorsPointAtTheField) {
  testing::TempDir dir;
  const TestCase tc = OnlyCase(LoadText(dir, R"({"name": "z",
 "operator": {"Type": "JOIN", "InputCount": 1, "Axis": 0,
   "InputTensors": [{"Type": "BUFFER", "DataType": "FLOAT32", "Sizes": [3], "TotalTensorSizeInBytes": 6}],
   "OutputTensor": {"DataType": "FLOAT32", "Sizes": [3], "TotalTensorSizeInBytes": 0}},
 "inputs": {"InputTensors": [[1, 2, 3]]}})"));
  EXPECT_EQ(std::get<ops::JoinDesc>(tc.desc).OutputTensor.TotalTensorSizeInBytes, 12u);  // 0: computed
  const Status valid = ops::Validate(tc.desc);
  ASSERT_FALSE(valid.ok());
  const Error e = LocateDescError(valid.error(), tc.desc_fields, tc.where);
  EXPECT_EQ(e.where.line, 3);
  EXPECT_EQ(e.where.column, 103);
  EXPECT_NE(e.message.find("InputTensors[0].TotalTensorSizeInBytes is 6"), std::string::npos) << e.message;
}

// valueCount is checked when the case runs, against the logical element count, pointing at the field.
TEST(DialectTest, ValueCountMustBeTheElementCount) {
  testing::TempDir dir;
  const TestCase tc = OnlyCase(LoadText(dir, kValueCount));
  const Result<std::vector<std::byte>> bytes = Materialize(tc.inputs[0], std::get<ops::ReduceDesc>(tc.desc).InputTensor);
  ASSERT_FALSE(bytes.ok());
  EXPECT_EQ(bytes.error().path, "/inputs/InputTensor/valueCount");
  EXPECT_EQ(bytes.error().where.line, 2);
  EXPECT_EQ(bytes.error().where.column, 129);
  EXPECT_EQ(bytes.error().rule, "valueCount, when given, is the logical element count");
}

// DxDispatch's sequences accumulate in the element type: `value += delta` in float for FLOAT32.
TEST(DialectTest, Float32SequenceAccumulatesInFloat) {
  Initializer init;
  init.kind = Initializer::Kind::kSequence;
  init.value = Scalar{int64_t{0}};
  init.delta = Scalar{0.1};
  ops::TensorDesc desc{ops::DataType::kFloat32, 0, {32}, {}, 128, 0};
  const Result<std::vector<std::byte>> bytes = Materialize(init, desc);
  ASSERT_TRUE(bytes.ok()) << bytes.error().ToString();
  float v[32];
  std::memcpy(v, bytes->data(), sizeof v);
  float accumulated = 0;
  int differ = 0;
  for (int i = 0; i < 32; ++i) {
    EXPECT_EQ(v[i], accumulated) << i;
    differ += v[i] != static_cast<float>(i * 0.1);
    accumulated += 0.1f;
  }
  EXPECT_EQ(differ, 23);  // the issue's count: start + i*delta would differ in 23 of 32
  EXPECT_EQ(v[20], 2.0000002384185791f);
}

TEST(DialectTest, IntegerSequencesWrap) {
  Initializer init;
  init.kind = Initializer::Kind::kSequence;
  init.value = Scalar{int64_t{120}};
  init.delta = Scalar{int64_t{5}};
  ops::TensorDesc desc{ops::DataType::kInt8, 0, {6}, {}, 8, 0};
  const Result<std::vector<std::byte>> bytes = Materialize(init, desc);
  ASSERT_TRUE(bytes.ok()) << bytes.error().ToString();
  int8_t v[6];
  std::memcpy(v, bytes->data(), sizeof v);
  EXPECT_EQ(std::vector<int8_t>(v, v + 6), (std::vector<int8_t>{120, 125, -126, -121, -116, -111}));

  init.value = Scalar{int64_t{1}};
  init.delta = Scalar{int64_t{-1}};  // a negative step counts an unsigned sequence down through 0
  desc.DataType = ops::DataType::kUint16;
  desc.TotalTensorSizeInBytes = 12;
  const Result<std::vector<std::byte>> down = Materialize(init, desc);
  ASSERT_TRUE(down.ok()) << down.error().ToString();
  uint16_t u[3];
  std::memcpy(u, down->data(), sizeof u);
  EXPECT_EQ(std::vector<uint16_t>(u, u + 3), (std::vector<uint16_t>{1, 0, 65535}));
}

TEST(DialectTest, Float16SequenceRoundsEachSum) {
  Initializer init;
  init.kind = Initializer::Kind::kSequence;
  init.value = Scalar{int64_t{2048}};
  init.delta = Scalar{int64_t{1}};
  ops::TensorDesc desc{ops::DataType::kFloat16, 0, {3}, {}, 8, 0};
  const Result<std::vector<std::byte>> bytes = Materialize(init, desc);
  ASSERT_TRUE(bytes.ok()) << bytes.error().ToString();
  uint16_t h[3];
  std::memcpy(h, bytes->data(), sizeof h);
  // 2048 + 1 rounds back to 2048 in half (ties to even), so the sequence stands still, as in DxDispatch.
  EXPECT_EQ(ops::HalfToFloat(h[1]), 2048.0f);
  EXPECT_EQ(ops::HalfToFloat(h[2]), 2048.0f);
}

}  // namespace
}  // namespace dmlc::app
