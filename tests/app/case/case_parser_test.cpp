// The case format's parser, table-driven: each row breaks one line of a valid case and asserts the
// error's field path, line, column, message and rule.
#include "app/case/case_parser.h"

#include <gtest/gtest.h>

#include "app/case/desc_parser.h"
#include "tests/app/case/case_test_util.h"

namespace dmlc::app {
namespace {

using testing::FirstError;
using testing::LoadText;
using testing::OnlyCase;
using testing::ValuesOf;

// Line numbers in the rows below refer to this text.
const std::string kReduceCase = R"({
  "name": "sum",
  "operator": {
    "type": "REDUCE",
    "desc": {
      "Function": "SUM",
      "InputTensor": {"DataType": "FLOAT32", "Sizes": [1, 3]},
      "OutputTensor": {"DataType": "FLOAT32", "Sizes": [1, 1]},
      "Axes": [1]
    }
  },
  "inputs": {"InputTensor": [1, 2, 3]},
  "expected": {"OutputTensor": [6]}
}
)";

std::string Replace(std::string text, const std::string& from, const std::string& to) {
  const size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

struct ErrorRow {
  const char* name;
  const char* from;  // replaced in kReduceCase
  const char* to;
  const char* path;
  int line;
  int column;
  const char* message;
  const char* rule;
};

class CaseErrorTest : public ::testing::TestWithParam<ErrorRow> {};

TEST_P(CaseErrorTest, ReportsPathLocationAndRule) {
  const ErrorRow& row = GetParam();
  testing::TempDir dir;
  const CaseFile file = LoadText(dir, Replace(kReduceCase, row.from, row.to));
  const Error e = FirstError(file);
  EXPECT_EQ(e.scope, "case");
  EXPECT_EQ(e.path, row.path);
  EXPECT_EQ(e.where.file, file.path);
  EXPECT_EQ(e.where.line, row.line);
  EXPECT_EQ(e.where.column, row.column);
  if (*row.message != '\0') {
    EXPECT_EQ(e.message, std::string(row.path) + ": " + row.message);  // "": asserted by its own test
  }
  EXPECT_EQ(e.rule, row.rule);
  // A broken case still has an id from its name.
  if (!file.cases.empty() && std::string(row.name) != "NameNotString") {
    EXPECT_EQ(file.cases[0].id, "t/sum");
  }
}

constexpr const char* kTyping = "type";
constexpr const char* kKnown = "known fields only";
constexpr const char* kBehaviours = "behaviours name what the operator leaves open (docs/semantics.md)";

INSTANTIATE_TEST_SUITE_P(
    Rows, CaseErrorTest,
    ::testing::Values(
        ErrorRow{"UnknownCaseField", "\"expected\":", "\"expect\":", "/expect", 13, 3,
                 "unknown field \"expect\" (did you mean \"expected\"?)", kKnown},
        ErrorRow{"UnknownOperatorField", "\"type\": \"REDUCE\",", "\"type\": \"REDUCE\", \"dsc\": 1,", "/operator/dsc", 4, 23,
                 "unknown field \"dsc\" (did you mean \"desc\"?)", kKnown},
        ErrorRow{"UnknownDescField", "\"Axes\": [1]", "\"Axs\": [1]", "/operator/desc/Axs", 9, 7,
                 "unknown field \"Axs\" (did you mean \"Axes\"?)", kKnown},
        ErrorRow{"UnknownTensorDescField", "\"Sizes\": [1, 3]", "\"Size\": [1, 3]", "/operator/desc/InputTensor/Size", 7,
                 46, "unknown field \"Size\" (did you mean \"Sizes\"?)", kKnown},
        ErrorRow{"UnknownInputField", "{\"InputTensor\": [1, 2, 3]}", "{\"InputTensr\": [1, 2, 3]}",
                 "/inputs/InputTensr", 12, 14, "unknown field \"InputTensr\" (did you mean \"InputTensor\"?)", kKnown},
        ErrorRow{"UnknownInitializerField", "{\"OutputTensor\": [6]}", "{\"OutputTensor\": {\"valu\": 6}}",
                 "/expected/OutputTensor/valu", 13, 33, "unknown field \"valu\" (did you mean \"value\"?)", kKnown},
        ErrorRow{"UnknownToleranceField", "\"expected\": {\"OutputTensor\": [6]}",
                 "\"expected\": {\"OutputTensor\": [6]}, \"tolerance\": {\"ulps\": 1}", "/tolerance/ulps", 13, 52,
                 "unknown field \"ulps\" (did you mean \"ulp\"?)", kKnown},
        ErrorRow{"BadDataType", "\"FLOAT32\", \"Sizes\": [1, 3]", "\"FLAOT32\", \"Sizes\": [1, 3]",
                 "/operator/desc/InputTensor/DataType", 7, 35, "unknown DataType \"FLAOT32\" (did you mean \"FLOAT32\"?)",
                 "DataType is DML_TENSOR_DATA_TYPE_<name> or <name>"},
        ErrorRow{"BadFunction", "\"SUM\"", "\"DML_REDUCE_FUNCTION_SUMM\"", "/operator/desc/Function", 6, 19,
                 "unknown reduce function \"DML_REDUCE_FUNCTION_SUMM\" (did you mean \"SUM\"?)",
                 "reduce function is DML_REDUCE_FUNCTION_<name> or <name>"},
        ErrorRow{"BadOperatorType", "\"REDUCE\"", "\"REDUSE\"", "/operator/type", 4, 13,
                 "unknown operator type \"REDUSE\" (did you mean \"REDUCE\"?)",
                 "operator type is DML_OPERATOR_<name> or <name>"},
        ErrorRow{"BadFeatureLevel", "\"expected\": {\"OutputTensor\": [6]}",
                 "\"expected\": {\"OutputTensor\": [6]}, \"featureLevel\": \"5-1\"", "/featureLevel", 13, 54,
                 "unknown feature level \"5-1\" (did you mean \"5_1\"?)",
                 "feature level is DML_FEATURE_LEVEL_<name> or <name>"},
        ErrorRow{"BadLongFormType", "{\"DataType\": \"FLOAT32\", \"Sizes\": [1, 1]}",
                 "{\"Type\": \"DML_TENSOR_TYPE_TEXTURE\", \"Desc\": {\"DataType\": \"FLOAT32\", \"Sizes\": [1, 1]}}",
                 "/operator/desc/OutputTensor/Type", 8, 32,
                 "unknown tensor type \"DML_TENSOR_TYPE_TEXTURE\"; expected one of: BUFFER",
                 "tensor type is DML_TENSOR_TYPE_<name> or <name>"},
        ErrorRow{"CountMismatch", "\"Axes\": [1]", "\"AxisCount\": 2, \"Axes\": [1]", "/operator/desc/AxisCount", 9, 20,
                 "AxisCount is 2 but Axes has 1 entries", "AxisCount matches the size of Axes"},
        ErrorRow{"NegativeSize", "[1, 3]", "[1, -3]", "/operator/desc/InputTensor/Sizes/1", 7, 59,
                 "expected a non-negative integer, found the negative integer -3", kTyping},
        ErrorRow{"SizeBeyondUint32", "[1, 3]", "[1, 4294967296]", "/operator/desc/InputTensor/Sizes/1", 7, 59,
                 "4294967296 is larger than 4294967295", "value must fit the field's type"},
        ErrorRow{"FractionalSize", "[1, 3]", "[1, 3.0]", "/operator/desc/InputTensor/Sizes/1", 7, 59,
                 "expected a non-negative integer, found the fractional number 3.0", kTyping},
        ErrorRow{"NameNotString", "\"name\": \"sum\"", "\"name\": 5", "/name", 2, 11,
                 "expected a string, found the integer 5", kTyping},
        ErrorRow{"AxesNotArray", "\"Axes\": [1]", "\"Axes\": \"1\"", "/operator/desc/Axes", 9, 15,
                 "expected an array, found a string", kTyping},
        ErrorRow{"TensorDescNotObject", "{\"DataType\": \"FLOAT32\", \"Sizes\": [1, 1]}", "[1, 1]",
                 "/operator/desc/OutputTensor", 8, 23, "expected an object, found an array", kTyping},
        ErrorRow{"MissingField", "\"Function\": \"SUM\",", "", "/operator/desc/Function", 5, 13,
                 "missing field \"Function\"", "required field"},
        ErrorRow{"MissingInput", "{\"InputTensor\": [1, 2, 3]}", "{}", "/inputs", 12, 13,
                 "missing input \"InputTensor\"", "every input tensor has an initializer"},
        ErrorRow{"BadElement", "[1, 2, 3]", "[1, \"two\", 3]", "/inputs/InputTensor/1", 12, 33,
                 "\"two\" is not a number; strings may be \"nan\", \"inf\", \"-inf\" or a decimal integer",
                 "tensor elements are numbers"},
        ErrorRow{"TwoInitializerKinds", "{\"OutputTensor\": [6]}", "{\"OutputTensor\": {\"value\": 6, \"buffer\": [6]}}",
                 "/expected/OutputTensor", 13, 32,
                 "an initializer object needs exactly one of \"value\", \"valueStart\"/\"valueDelta\", \"sourcePath\", "
                 "\"random\", \"buffer\"; found 2",
                 "one initializer kind"},
        ErrorRow{"SequenceWithoutStart", "{\"OutputTensor\": [6]}", "{\"OutputTensor\": {\"valueDelta\": 6}}",
                 "/expected/OutputTensor/valueStart", 13, 32, "missing field \"valueStart\"", "required field"},
        ErrorRow{"MissingSourceFile", "{\"OutputTensor\": [6]}", "{\"OutputTensor\": {\"sourcePath\": \"nope.npy\"}}",
                 "/expected/OutputTensor/sourcePath", 13, 47, "", "sourcePath names an existing file"},
        ErrorRow{"NegativeTolerance", "\"expected\": {\"OutputTensor\": [6]}",
                 "\"expected\": {\"OutputTensor\": [6]}, \"tolerance\": {\"absolute\": -1}", "/tolerance/absolute", 13, 64,
                 "absolute must be a finite number >= 0", "tolerances are finite and >= 0"},
        ErrorRow{"UnknownBehaviour", "\"expected\": {\"OutputTensor\": [6]}",
                 "\"expected\": {\"OutputTensor\": [6]}, \"behaviours\": [\"nan-ignoring\", \"nan-ignored\"]",
                 "/behaviours/1", 13, 69,
                 "\"nan-ignored\" is no behaviour admitted for NaN in REDUCE MIN, MAX, ARGMIN or ARGMAX "
                 "(nan-ignoring, nan-propagating)",
                 kBehaviours},
        ErrorRow{"BehaviourOfAnotherOperator", "\"expected\": {\"OutputTensor\": [6]}",
                 "\"expected\": {\"OutputTensor\": [6]}, \"behaviours\": [\"coordinate-clamp\"]", "/behaviours/0", 13,
                 53,
                 "\"coordinate-clamp\" is no behaviour admitted for NaN in REDUCE MIN, MAX, ARGMIN or ARGMAX "
                 "(nan-ignoring, nan-propagating)",
                 kBehaviours},
        ErrorRow{"BehavioursNotArray", "\"expected\": {\"OutputTensor\": [6]}",
                 "\"expected\": {\"OutputTensor\": [6]}, \"behaviours\": \"nan-ignoring\"", "/behaviours", 13, 52,
                 "expected an array, found a string", kTyping},
        ErrorRow{"NoBehaviours", "\"expected\": {\"OutputTensor\": [6]}",
                 "\"expected\": {\"OutputTensor\": [6]}, \"behaviours\": []", "/behaviours", 13, 52,
                 "\"behaviours\" is empty", "behaviours name at least one behaviour"},
        ErrorRow{"ExpectErrorNumber", "\"expected\": {\"OutputTensor\": [6]}",
                 "\"expected\": {\"OutputTensor\": [6]}, \"expectError\": 1", "/expectError", 13, 53,
                 "expectError must be true, false or a substring of the expected message", kTyping}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(CaseParserTest, MissingSourceFileNamesTheResolvedPath) {
  testing::TempDir dir;
  const CaseFile file =
      LoadText(dir, Replace(kReduceCase, "{\"OutputTensor\": [6]}", "{\"OutputTensor\": {\"sourcePath\": \"nope.npy\"}}"));
  // The folder as resolved (links followed), then the name.
  const std::string message = FirstError(file).message;
  EXPECT_EQ(message.rfind("/expected/OutputTensor/sourcePath: sourcePath \"", 0), 0u) << message;
  EXPECT_TRUE(message.ends_with((std::filesystem::path("x") / "nope.npy").string().substr(1) + "\" does not exist")) << message;
}

TEST(CaseParserTest, LoadsTheBaseCase) {
  testing::TempDir dir;
  const TestCase tc = OnlyCase(LoadText(dir, kReduceCase));
  EXPECT_EQ(tc.id, "t/sum");
  EXPECT_EQ(tc.name, "sum");
  EXPECT_EQ(tc.where.line, 1);
  EXPECT_EQ(tc.where.column, 1);
  const auto& d = std::get<ops::ReduceDesc>(tc.desc);
  EXPECT_EQ(d.Function, ops::ReduceFunction::kSum);
  EXPECT_EQ(d.Axes, (std::vector<uint32_t>{1}));
  EXPECT_EQ(d.InputTensor.Sizes, (std::vector<uint32_t>{1, 3}));
  EXPECT_EQ(d.InputTensor.TotalTensorSizeInBytes, 12u);  // filled by CalcBufferTensorSize
  EXPECT_EQ(d.OutputTensor.TotalTensorSizeInBytes, 4u);
  ASSERT_EQ(tc.inputs.size(), 1u);
  EXPECT_EQ(tc.inputs[0].kind, Initializer::Kind::kValues);
  EXPECT_EQ(ValuesOf(tc.inputs[0]), (std::vector<Scalar>{int64_t{1}, int64_t{2}, int64_t{3}}));
  EXPECT_EQ(tc.inputs[0].path, "/inputs/InputTensor");
  EXPECT_EQ(tc.inputs[0].where.line, 12);
  EXPECT_EQ(tc.inputs[0].where.column, 29);
  ASSERT_EQ(tc.expected.size(), 1u);
  ASSERT_TRUE(tc.expected[0].has_value());
  EXPECT_EQ(ValuesOf(*tc.expected[0]), (std::vector<Scalar>{int64_t{6}}));
  EXPECT_FALSE(tc.tolerance.has_value());
  EXPECT_FALSE(tc.feature_level.has_value());
  EXPECT_FALSE(tc.expect_error.expected);
}

TEST(CaseParserTest, ExecutionFlagsAreReadAsOneNameOrAnArrayOrNone) {
  testing::TempDir dir;
  EXPECT_EQ(OnlyCase(LoadText(dir, kReduceCase)).execution_flags, ops::kExecutionFlagNone);
  const std::string one = Replace(kReduceCase, "\"type\": \"REDUCE\",",
                                  "\"type\": \"REDUCE\", \"executionFlags\": \"ALLOW_HALF_PRECISION_COMPUTATION\",");
  EXPECT_EQ(OnlyCase(LoadText(dir, one)).execution_flags, ops::kExecutionFlagAllowHalfPrecisionComputation);
  const std::string two = Replace(
      kReduceCase, "\"type\": \"REDUCE\",",
      "\"type\": \"REDUCE\", \"executionFlags\": [\"DML_EXECUTION_FLAG_DISABLE_META_COMMANDS\", \"ALLOW_HALF_PRECISION_COMPUTATION\"],");
  EXPECT_EQ(OnlyCase(LoadText(dir, two)).execution_flags, 0x3u);
}

TEST(CaseParserTest, ExecutionFlagListsOnTheCommandLine) {
  EXPECT_EQ(*ParseExecutionFlagList("DISABLE_META_COMMANDS"), ops::kExecutionFlagDisableMetaCommands);
  EXPECT_EQ(*ParseExecutionFlagList("ALLOW_HALF_PRECISION_COMPUTATION, DML_EXECUTION_FLAG_DISABLE_META_COMMANDS"), 0x3u);
  EXPECT_EQ(*ParseExecutionFlagList("NONE|DESCRIPTORS_VOLATILE"), ops::kExecutionFlagDescriptorsVolatile);
  Result<ops::ExecutionFlags> bad = ParseExecutionFlagList("DISABLE_METACOMMANDS");
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().message, "'DISABLE_METACOMMANDS' is not an execution flag (NONE, ALLOW_HALF_PRECISION_COMPUTATION, "
                                 "DISABLE_META_COMMANDS, DESCRIPTORS_VOLATILE)");
}

TEST(CaseParserTest, FullSpellingsLongFormAndOptionalFields) {
  testing::TempDir dir;
  const TestCase tc = OnlyCase(LoadText(dir, R"({
    "$schema": "../schema.json",
    "name": "argmax",
    "description": "long spellings",
    "tags": ["smoke", "reduce"],
    "featureLevel": "DML_FEATURE_LEVEL_4_1",
    "tolerance": {"ulp": 2, "absolute": 0.5, "relative": 0.25},
    "operator": {
      "type": "DML_OPERATOR_REDUCE",
      "desc": {
        "Function": "DML_REDUCE_FUNCTION_ARGMAX",
        "InputTensor": {"Type": "DML_TENSOR_TYPE_BUFFER", "Desc": {
          "DataType": "DML_TENSOR_DATA_TYPE_FLOAT16", "Flags": "DML_TENSOR_FLAG_NONE", "DimensionCount": 2,
          "Sizes": [2, 2], "Strides": [1, 2], "TotalTensorSizeInBytes": 64, "GuaranteedBaseOffsetAlignment": 16}},
        "OutputTensor": {"Type": "BUFFER", "Desc": {"DataType": "UINT32", "Sizes": [2, 1], "Flags": 1}},
        "AxisCount": 1,
        "Axes": [1]
      }
    },
    "inputs": {"InputTensor": {"valueStart": 1, "valueDelta": 0.5}},
    "expected": {"OutputTensor": {"value": "1"}}
  })"));
  EXPECT_EQ(tc.description, "long spellings");
  EXPECT_EQ(tc.tags, (std::vector<std::string>{"smoke", "reduce"}));
  EXPECT_EQ(tc.feature_level, ops::FeatureLevel::k4_1);
  ASSERT_TRUE(tc.tolerance.has_value());
  EXPECT_EQ(tc.tolerance->ulp, 2u);
  EXPECT_EQ(tc.tolerance->absolute, 0.5);
  EXPECT_EQ(tc.tolerance->relative, 0.25);
  const auto& d = std::get<ops::ReduceDesc>(tc.desc);
  EXPECT_EQ(d.Function, ops::ReduceFunction::kArgMax);
  EXPECT_EQ(d.InputTensor.DataType, ops::DataType::kFloat16);
  EXPECT_EQ(d.InputTensor.Strides, (std::vector<uint32_t>{1, 2}));
  EXPECT_EQ(d.InputTensor.TotalTensorSizeInBytes, 64u);  // as given, not computed
  EXPECT_EQ(d.InputTensor.GuaranteedBaseOffsetAlignment, 16u);
  EXPECT_EQ(d.InputTensor.Flags, 0u);
  EXPECT_EQ(d.OutputTensor.DataType, ops::DataType::kUint32);
  EXPECT_EQ(d.OutputTensor.Flags, 1u);
  EXPECT_EQ(d.OutputTensor.TotalTensorSizeInBytes, 8u);
  EXPECT_EQ(tc.inputs[0].kind, Initializer::Kind::kSequence);
  EXPECT_EQ(tc.inputs[0].value, Scalar{int64_t{1}});
  EXPECT_EQ(tc.inputs[0].delta, Scalar{0.5});
  EXPECT_EQ(tc.expected[0]->kind, Initializer::Kind::kConstant);
  EXPECT_EQ(tc.expected[0]->value, Scalar{int64_t{1}});
}

const std::string kGatherNd = R"({
  "name": "g",
  "operator": {"type": "TYPE", "desc": {
    "InputTensor": {"DataType": "FLOAT32", "Sizes": [1, 1, 2, 2]},
    "IndicesTensor": {"DataType": "UINT32", "Sizes": [1, 1, 2, 1]},
    "OutputTensor": {"DataType": "FLOAT32", "Sizes": [1, 1, 2, 2]},
    "InputDimensionCount": 2, "IndicesDimensionCount": 2BATCH}},
  "inputs": {"IndicesTensor": [1, 0], "InputTensor": {"random": {"seed": 3, "min": -1, "max": 1}}}
})";

TEST(CaseParserTest, GatherNdIsGatherNd1WithoutBatchDimensions) {
  testing::TempDir dir;
  const TestCase tc = OnlyCase(LoadText(dir, Replace(Replace(kGatherNd, "TYPE", "DML_OPERATOR_GATHER_ND"), "BATCH", "")));
  const auto& d = std::get<ops::GatherNd1Desc>(tc.desc);
  EXPECT_EQ(d.BatchDimensionCount, 0u);
  EXPECT_EQ(d.InputDimensionCount, 2u);
  // Inputs come in Bindings() order (InputTensor, IndicesTensor), whatever the order in the file.
  ASSERT_EQ(tc.inputs.size(), 2u);
  EXPECT_EQ(tc.inputs[0].kind, Initializer::Kind::kRandom);
  EXPECT_EQ(tc.inputs[0].seed, 3u);
  EXPECT_EQ(tc.inputs[0].value, Scalar{int64_t{-1}});
  EXPECT_EQ(tc.inputs[0].delta, Scalar{int64_t{1}});
  EXPECT_EQ(ValuesOf(tc.inputs[1]), (std::vector<Scalar>{int64_t{1}, int64_t{0}}));
  ASSERT_EQ(tc.expected.size(), 1u);
  EXPECT_FALSE(tc.expected[0].has_value());  // the reference backend computes it

  const Error e = FirstError(LoadText(dir, Replace(Replace(kGatherNd, "TYPE", "GATHER_ND"), "BATCH", ", \"BatchDimensionCount\": 1")));
  EXPECT_EQ(e.path, "/operator/desc/BatchDimensionCount");
  EXPECT_EQ(e.rule, "known fields only");

  const TestCase nd1 = OnlyCase(LoadText(dir, Replace(Replace(kGatherNd, "TYPE", "GATHER_ND1"), "BATCH", ", \"BatchDimensionCount\": 1")));
  EXPECT_EQ(std::get<ops::GatherNd1Desc>(nd1.desc).BatchDimensionCount, 1u);
}

const std::string kJoin = R"({
  "name": "j",
  "operator": {"type": "JOIN", "desc": {
    "InputCount": 2,
    "InputTensors": [{"DataType": "INT64", "Sizes": [1, 2]}, {"DataType": "INT64", "Sizes": [1, 1]}],
    "OutputTensor": {"DataType": "INT64", "Sizes": [1, 3]},
    "Axis": 1}},
  "inputs": {"InputTensors": INPUTS},
  "expected": {"OutputTensor": ["9007199254740993", "-9223372036854775808", 3]}
})";

TEST(CaseParserTest, JoinTakesOneInitializerPerInputTensor) {
  testing::TempDir dir;
  const TestCase tc = OnlyCase(LoadText(dir, Replace(kJoin, "INPUTS", R"([["9007199254740993", "-9223372036854775808"], [3]])")));
  EXPECT_EQ(std::get<ops::JoinDesc>(tc.desc).InputCount(), 2u);
  ASSERT_EQ(tc.inputs.size(), 2u);
  EXPECT_EQ(ValuesOf(tc.inputs[0]), (std::vector<Scalar>{int64_t{9007199254740993}, std::numeric_limits<int64_t>::min()}));
  EXPECT_EQ(tc.inputs[1].path, "/inputs/InputTensors/1");
  EXPECT_EQ(ValuesOf(*tc.expected[0])[0], Scalar{int64_t{9007199254740993}});

  const Error e = FirstError(LoadText(dir, Replace(kJoin, "INPUTS", "[[1, 2]]")));
  EXPECT_EQ(e.path, "/inputs/InputTensors");
  EXPECT_EQ(e.message, "/inputs/InputTensors: InputTensors has 1 initializers for 2 tensors");
  EXPECT_EQ(e.where.line, 8);
  EXPECT_EQ(e.where.column, 30);

  const Error count = FirstError(LoadText(dir, Replace(Replace(kJoin, "INPUTS", "[[1, 2], [3]]"), "\"InputCount\": 2", "\"InputCount\": 3")));
  EXPECT_EQ(count.path, "/operator/desc/InputCount");
  EXPECT_EQ(count.message, "/operator/desc/InputCount: InputCount is 3 but InputTensors has 2 entries");
}

TEST(CaseParserTest, JoinWithoutInputTensorsAcceptsAnEmptyInitializerList) {
  testing::TempDir dir;
  const TestCase tc = OnlyCase(LoadText(dir, R"({"name": "none", "expectError": true,
    "operator": {"type": "JOIN", "desc": {"InputCount": 0, "InputTensors": [],
      "OutputTensor": {"DataType": "INT8", "Sizes": [1]}, "Axis": 0}},
    "inputs": {"InputTensors": []}})"));
  EXPECT_TRUE(std::get<ops::JoinDesc>(tc.desc).InputTensors.empty());
  EXPECT_TRUE(tc.inputs.empty());
}

TEST(CaseParserTest, ExpectErrorCasesMayOmitInputs) {
  testing::TempDir dir;
  const TestCase tc = OnlyCase(LoadText(dir, R"({"name": "bad-axis", "expectError": "Axis",
    "operator": {"type": "ONE_HOT", "desc": {
      "IndicesTensor": {"DataType": "UINT32", "Sizes": [1, 1, 1, 2]},
      "ValuesTensor": {"DataType": "FLOAT32", "Sizes": [1, 1, 1, 2]},
      "OutputTensor": {"DataType": "FLOAT32", "Sizes": [1, 1, 2, 3]},
      "Axis": 9}}})"));
  EXPECT_TRUE(tc.expect_error.expected);
  EXPECT_EQ(tc.expect_error.substring, "Axis");
  EXPECT_TRUE(tc.inputs.empty());
  EXPECT_EQ(std::get<ops::OneHotDesc>(tc.desc).Axis, 9u);  // loaded, not validated
}

TEST(CaseParserTest, DiagonalMatrixScalars) {
  testing::TempDir dir;
  const TestCase tc = OnlyCase(LoadText(dir, R"({"name": "d",
    "operator": {"type": "DIAGONAL_MATRIX", "desc": {
      "OutputTensor": {"DataType": "FLOAT32", "Sizes": [1, 1, 2, 2]}, "Offset": -1, "Value": 2.5}},
    "expected": {"OutputTensor": [0, 0, 2.5, 0]}})"));
  const auto& d = std::get<ops::DiagonalMatrixDesc>(tc.desc);
  EXPECT_EQ(d.Offset, -1);
  EXPECT_EQ(d.Value, 2.5f);
  EXPECT_TRUE(tc.inputs.empty());
  const Error e = FirstError(LoadText(dir, R"({"name": "d",
    "operator": {"type": "DIAGONAL_MATRIX", "desc": {
      "OutputTensor": {"DataType": "FLOAT32", "Sizes": [1, 1, 2, 2]}, "Offset": 2147483648, "Value": 1}}})"));
  EXPECT_EQ(e.path, "/operator/desc/Offset");
  EXPECT_EQ(e.message, "/operator/desc/Offset: 2147483648 is outside [-2147483648, 2147483647]");
}

// "behaviours" pins what the outputs may show where the inputs leave the answer open: names of the kind
// the operator leaves open, and none for an operator that leaves nothing open.
TEST(CaseParserTest, BehavioursAreReadForTheKindTheOperatorLeavesOpen) {
  testing::TempDir dir;
  const std::string pinned = R"({"name": "g",
    "operator": {"type": "GATHER_ND", "desc": {
      "InputTensor": {"DataType": "FLOAT32", "Sizes": [2, 2]},
      "IndicesTensor": {"DataType": "UINT32", "Sizes": [1, 1]},
      "OutputTensor": {"DataType": "FLOAT32", "Sizes": [1, 2]},
      "InputDimensionCount": 2, "IndicesDimensionCount": 2}},
    "inputs": {"InputTensor": [1, 2, 3, 4], "IndicesTensor": [5]},
    "behaviours": ["coordinate-clamp", "zero"]})";
  EXPECT_EQ(OnlyCase(LoadText(dir, pinned)).behaviours, (std::vector<std::string>{"coordinate-clamp", "zero"}));
  const Error e = FirstError(LoadText(dir, R"({"name": "d",
    "operator": {"type": "DIAGONAL_MATRIX1", "desc": {
      "OutputTensor": {"DataType": "FLOAT32", "Sizes": [2, 2]}, "ValueDataType": "FLOAT32", "Value": 1,
      "DiagonalFillBegin": 0, "DiagonalFillEnd": 1}},
    "behaviours": ["wrap"]})"));
  EXPECT_EQ(e.path, "/behaviours");
  EXPECT_EQ(e.message,
            "/behaviours: DML_OPERATOR_DIAGONAL_MATRIX1 leaves no answer open, so \"behaviours\" has nothing to pin");
  EXPECT_EQ(e.rule, kBehaviours);
}

}  // namespace
}  // namespace dmlc::app
