#include "app/engine/case_memory.h"

#include <gtest/gtest.h>

#include "app/case/byte_size.h"
#include "app/engine/guarded_buffer.h"
#include "tests/app/case/case_test_util.h"

namespace dmlc::app {
namespace {

// One case of operator `type` with the desc's members `desc`, and `rest` (inputs, expected) after it.
TestCase Load(const std::string& type, const std::string& desc, const std::string& rest) {
  testing::TempDir dir;
  return testing::OnlyCase(testing::LoadText(
      dir, R"({"name": "c", "operator": {"type": ")" + type + R"(", "desc": {)" + desc + "}}" + rest + "}"));
}

struct OperatorRow {
  std::string type, desc, rest;
  uint64_t total;
};

// Every operator: inputs once, outputs as expected and/or reference, plus the backend's guarded copy.
TEST(CaseMemory, EveryOperator) {
  const uint64_t g = kGuardBytes;
  const OperatorRow rows[] = {
      {"DIAGONAL_MATRIX", R"("OutputTensor": {"DataType": "FLOAT32", "Sizes": [1, 1, 2, 2]}, "Offset": 0, "Value": 1)",
       R"(, "expected": {"OutputTensor": [1, 0, 0, 1]})", 16 + 16 + g},
      {"JOIN", R"("InputTensors": [{"DataType": "INT32", "Sizes": [1, 2]}, {"DataType": "INT32", "Sizes": [1, 3]}],
                  "OutputTensor": {"DataType": "INT32", "Sizes": [1, 5]}, "Axis": 1)",
       R"(, "inputs": {"InputTensors": [[1, 2], [3, 4, 5]]})", 8 + 12 + 20 + 20 + g},
      {"ONE_HOT", R"("IndicesTensor": {"DataType": "UINT32", "Sizes": [1, 1, 1, 1]},
                     "ValuesTensor": {"DataType": "FLOAT32", "Sizes": [1, 1, 1, 2]},
                     "OutputTensor": {"DataType": "FLOAT32", "Sizes": [1, 1, 1, 4294967295]}, "Axis": 3)",
       R"(, "inputs": {"IndicesTensor": [7], "ValuesTensor": [0, 1]})", 4 + 8 + 2 * uint64_t{17179869180} + g},
      {"REDUCE", R"("Function": "SUM", "InputTensor": {"DataType": "FLOAT32", "Sizes": [2, 3]},
                    "OutputTensor": {"DataType": "FLOAT32", "Sizes": [2, 1]}, "Axes": [1])",
       R"(, "inputs": {"InputTensor": {"value": 1}}, "expected": {"OutputTensor": [3, 3]})", 24 + 8 + 8 + g},
      {"GATHER_ND1", R"("InputTensor": {"DataType": "FLOAT32", "Sizes": [2, 2]},
                        "IndicesTensor": {"DataType": "UINT32", "Sizes": [1, 1]},
                        "OutputTensor": {"DataType": "FLOAT32", "Sizes": [1, 2]},
                        "InputDimensionCount": 2, "IndicesDimensionCount": 2, "BatchDimensionCount": 0)",
       R"(, "inputs": {"InputTensor": [1, 2, 3, 4], "IndicesTensor": [1]})", 16 + 4 + 8 + 8 + g},
  };
  for (const OperatorRow& row : rows) {
    const CaseMemory m = MeasureCaseMemory(Load(row.type, row.desc, row.rest));
    EXPECT_EQ(m.total, row.total) << row.type;
    EXPECT_FALSE(m.overflow) << row.type;
    EXPECT_EQ(m.tensors.size(), ops::Bindings(Load(row.type, row.desc, row.rest).desc).size()) << row.type;
  }
}

TEST(CaseMemory, NamesWhatHoldsEachTensor) {
  const CaseMemory given = MeasureCaseMemory(Load(
      "DIAGONAL_MATRIX", R"("OutputTensor": {"DataType": "FLOAT32", "Sizes": [1, 1, 2, 2]}, "Offset": 0, "Value": 1)",
      R"(, "expected": {"OutputTensor": [1, 0, 0, 1]})"));
  ASSERT_EQ(given.tensors.size(), 1u);
  EXPECT_EQ(given.tensors[0].tensor, "OutputTensor");
  EXPECT_EQ(given.tensors[0].parts, (std::vector<std::string>{"expected", "backend output", "guard"}));
  const CaseMemory computed = MeasureCaseMemory(
      Load("DIAGONAL_MATRIX", R"("OutputTensor": {"DataType": "FLOAT32", "Sizes": [1, 1, 2, 2]}, "Offset": 0, "Value": 1)", ""));
  EXPECT_EQ(computed.tensors[0].parts, (std::vector<std::string>{"reference", "backend output", "guard"}));
}

// Four elements whose strides span 96 GiB cost what the buffer spans, not what the elements hold.
TEST(CaseMemory, StridesCountTheSpan) {
  const TestCase c = Load("DIAGONAL_MATRIX", R"("OutputTensor": {"DataType": "FLOAT32", "Sizes": [1, 1, 7, 1],
      "Strides": [1, 1, 4294967295, 1]}, "Offset": 0, "Value": 1)", "");
  const uint64_t span = (6 * uint64_t{4294967295} + 1) * 4;
  EXPECT_EQ(MeasureCaseMemory(c).total, 2 * span + kGuardBytes);
  const Status refused = CheckCaseMemory(c, uint64_t{12} << 30);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().message,
            "needs 192.0 GiB (OutputTensor 192.0 GiB: reference + backend output + guard), over --max-case-memory 12.0 GiB");
  EXPECT_EQ(refused.error().where.line, 1);
  EXPECT_NE(refused.error().where.file.find("t.json"), std::string::npos);
  EXPECT_TRUE(CheckCaseMemory(c, 2 * span + kGuardBytes).ok());
  EXPECT_FALSE(CheckCaseMemory(c, 2 * span + kGuardBytes - 1).ok());
}

// A TotalTensorSizeInBytes near 2^64 must not wrap around to a small sum that fits any budget.
TEST(CaseMemory, SumsSaturateInsteadOfWrapping) {
  const TestCase c = Load("DIAGONAL_MATRIX", R"("OutputTensor": {"DataType": "FLOAT32", "Sizes": [1, 1, 2, 2],
      "TotalTensorSizeInBytes": 18446744073709551612}, "Offset": 0, "Value": 1)", "");
  const CaseMemory m = MeasureCaseMemory(c);
  EXPECT_TRUE(m.overflow);
  EXPECT_EQ(m.total, UINT64_MAX);
  const Status refused = CheckCaseMemory(c, UINT64_MAX);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().message.rfind("needs more than 16.0 EiB (", 0), 0u) << refused.error().message;
}

// A JOIN may bind dozens of tensors: the message names the three largest.
TEST(CaseMemory, NamesTheLargestTensors) {
  std::string inputs, values;
  for (int i = 1; i <= 5; ++i) {
    inputs += std::string(i > 1 ? ", " : "") + R"({"DataType": "UINT8", "Sizes": [)" + std::to_string(i * 4) + "]}";
    values += std::string(i > 1 ? ", " : "") + R"({"value": 0})";
  }
  const TestCase c = Load("JOIN", R"("InputTensors": [)" + inputs + R"(], "OutputTensor": {"DataType": "UINT8", "Sizes": [60]}, "Axis": 0)",
                          R"(, "inputs": {"InputTensors": [)" + values + "]}");
  const Status refused = CheckCaseMemory(c, 100);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().message,
            "needs 436 bytes (OutputTensor 376 bytes: reference + backend output + guard; InputTensors[4] 20 bytes: input; "
            "InputTensors[3] 16 bytes: input; and 3 more), over --max-case-memory 100 bytes");
}

// Issue 47, defect 7: a model's resources were not counted, so a model of large resources passed any
// --max-case-memory. They count twice: the run's copy and the state kept for the next dispatch.
TEST(CaseMemory, AModelsResourcesCount) {
  TestCase c = Load("DIAGONAL_MATRIX", R"("OutputTensor": {"DataType": "FLOAT32", "Sizes": [1, 1, 2, 2]}, "Offset": 0, "Value": 1)",
                    R"(, "expected": {"OutputTensor": [1, 0, 0, 1]})");
  auto program = std::make_shared<ModelProgram>();
  program->resources.resize(2);
  program->resources[0].initial.resize(1000);
  program->resources[1].initial.resize(24);
  c.model = program;
  const CaseMemory m = MeasureCaseMemory(c);
  ASSERT_EQ(m.tensors.size(), 2u);
  EXPECT_EQ(m.tensors[1].tensor, "model resources");
  EXPECT_EQ(m.tensors[1].bytes, 2048u);
  EXPECT_EQ(m.total, 16 + 16 + kGuardBytes + 2048);
  const Status refused = CheckCaseMemory(c, 2048);
  ASSERT_FALSE(refused.ok());
  EXPECT_EQ(refused.error().message.substr(0, refused.error().message.find(';')),
            "needs " + FormatBytes(m.total) + " (model resources " + FormatBytes(2048) + ": the run's copy + the kept state");
}

TEST(CaseMemory, DefaultIsHalfThePhysicalMemory) { EXPECT_GT(DefaultMaxCaseMemory(), uint64_t{0}); }

}  // namespace
}  // namespace dmlc::app
