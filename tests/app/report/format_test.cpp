#include "app/report/format.h"
#include "app/report/junit_report.h"

#include <gtest/gtest.h>

#include <limits>

namespace dmlc::app {
namespace {

TEST(FormatScalar, ShortestAtTheTypesPrecision) {
  EXPECT_EQ(FormatScalar(static_cast<double>(0.1f), ops::DataType::kFloat32), "0.1");
  EXPECT_EQ(FormatScalar(static_cast<double>(0.1f), ops::DataType::kFloat64), "0.10000000149011612");
  EXPECT_EQ(FormatScalar(1.0 + 0x1p-10, ops::DataType::kFloat16), "1.0009766");
  EXPECT_EQ(FormatScalar(std::numeric_limits<double>::quiet_NaN(), ops::DataType::kFloat32), "nan");
  EXPECT_EQ(FormatScalar(-std::numeric_limits<double>::infinity(), ops::DataType::kFloat16), "-inf");
  EXPECT_EQ(FormatScalar(-0.0, ops::DataType::kFloat32), "-0");
  EXPECT_EQ(FormatScalar(int64_t{-5}, ops::DataType::kInt8), "-5");
  EXPECT_EQ(FormatScalar(uint64_t{18446744073709551615u}, ops::DataType::kUint64), "18446744073709551615");
}

TEST(DescribeMismatch, NamesCoordinatesValuesAndErrors) {
  const Mismatch m{"OutputTensor", {0, 2}, ops::DataType::kFloat32, 6.0, 7.0, 8388608.0, 1.0};
  EXPECT_EQ(DescribeMismatch(m), "OutputTensor[0,2]: expected 6, actual 7 (ulp 8388608, abs error 1)");
}

TEST(RerunCommand, FilterIsRelativeToTheFilesFolder) {
  CaseResult r;
  r.id = "reduce/sum/f32_rows";
  r.file = "testcases/reduce/sum.json";
  r.file_id = "reduce/sum";
  EXPECT_EQ(RerunCommand(r, {"cpu", "", ""}),
            "dml-conform run testcases/reduce/sum.json --filter 'sum/f32_rows' --backend cpu");
  EXPECT_EQ(RerunCommand(r, {"vulkan", "1", "4_1"}),
            "dml-conform run testcases/reduce/sum.json --filter 'sum/f32_rows' --backend vulkan --device 1 "
            "--feature-level 4_1");
  EXPECT_EQ(RerunCommand(r, {"directml", "1", "", "directml:NPU 2"}),
            "dml-conform run testcases/reduce/sum.json --filter 'sum/f32_rows' --backend directml --device 1 "
            "--reference 'directml:NPU 2'");
}

TEST(RerunCommand, QuotesAndEscapesNames) {
  CaseResult r;
  r.id = "odd/it's [1]*";
  r.file = "my cases/odd.json";
  r.file_id = "odd";
  EXPECT_EQ(RerunCommand(r, {"cpu", "", ""}),
            "dml-conform run 'my cases/odd.json' --filter 'odd/it'\\''s \\[1]\\*' --backend cpu");
  // A file-level error: the id is the file's, so the filter is its stem.
  CaseResult file_error;
  file_error.id = "broken";
  file_error.file = "cases/broken.json";
  file_error.file_id = "broken";
  EXPECT_EQ(RerunCommand(file_error, {"cpu", "", ""}), "dml-conform run cases/broken.json --filter 'broken' --backend cpu");
}

// An ONNX node test's id is the same whatever the run root: the filter is the whole id.
TEST(RerunCommand, AnOnnxNodeTestIsFilteredByItsWholeId) {
  CaseResult r;
  r.id = "onnx/test_concat_1d_axis_0";
  r.file = "build/onnx-node/node/test_concat_1d_axis_0/model.onnx";
  r.file_id = "onnx/test_concat_1d_axis_0";
  EXPECT_EQ(RerunCommand(r, {"cpu", "", ""}),
            "dml-conform run build/onnx-node/node/test_concat_1d_axis_0/model.onnx --filter "
            "'onnx/test_concat_1d_axis_0' --backend cpu");
}

TEST(DetailLines, MessageToleranceAndMismatches) {
  CaseResult r;
  r.status = CaseStatus::kFail;
  r.message = "2 of 4 elements differ beyond the tolerance (exact)";
  r.tolerance = "default: exact (data movement)";
  r.comparison.mismatches = 2;
  r.comparison.max_ulp = 3;
  r.comparison.max_abs_error = 0.5;
  r.comparison.first = {Mismatch{"OutputTensor", {1}, ops::DataType::kInt32, int64_t{1}, int64_t{4}, 3, 3}};
  const std::vector<std::string> lines = DetailLines(r);
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_EQ(lines[1], "tolerance: default: exact (data movement); max ulp 3, max abs error 0.5");
  EXPECT_EQ(lines[2], "OutputTensor[1]: expected 1, actual 4 (ulp 3, abs error 3)");
  EXPECT_EQ(lines[3], "... 1 more");
  r.status = CaseStatus::kPass;
  EXPECT_TRUE(DetailLines(r).empty());
}

TEST(DetailLines, MessageLinesAfterTheFirstAreIndented) {
  CaseResult r;
  r.status = CaseStatus::kCrash;
  r.message = "worker killed by signal 6 (SIGABRT); its last stderr lines:\nassert failed\n\nbye";
  EXPECT_EQ(DetailLines(r), (std::vector<std::string>{"worker killed by signal 6 (SIGABRT); its last stderr lines:",
                                                      "  assert failed", "", "  bye"}));
}

TEST(XmlEscape, EscapesMarkupAndShowsControlCharacters) {
  EXPECT_EQ(XmlEscape("a<b>&\"c'\x01\n\x80"), "a&lt;b&gt;&amp;&quot;c&apos;\\u0001\n\xEF\xBF\xBD");
  EXPECT_EQ(XmlAttribute("a<b\n\tc\r"), "a&lt;b&#10;&#9;c&#13;");
}

}  // namespace
}  // namespace dmlc::app
