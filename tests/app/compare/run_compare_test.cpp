#include "app/compare/run_compare.h"

#include <sstream>

#include <gtest/gtest.h>

namespace dmlc::app::compare {
namespace {

const std::string kData = DMLC_COMPARE_TEST_DATA;

struct Outcome {
  int code;
  std::string out;
  std::string err;
};

Outcome CompareFiles(const std::string& base, const std::string& now, OutputFormat format = OutputFormat::kText) {
  CompareOptions options;
  options.base_path = kData + "/" + base;
  options.new_path = kData + "/" + now;
  options.format = format;
  std::ostringstream out;
  std::ostringstream err;
  const int code = RunCompare(options, out, err);
  return {code, out.str(), err.str()};
}

bool Contains(const std::string& text, const std::string& fragment) { return text.find(fragment) != std::string::npos; }

TEST(RunCompareTest, IdenticalInputsPass) {
  for (const char* name : {"conform_base.json", "bench_base.json"}) {
    const Outcome o = CompareFiles(name, name);
    EXPECT_EQ(o.code, kCompareOk) << name;
    EXPECT_TRUE(Contains(o.out, "OK: no regression")) << o.out;
    EXPECT_EQ(o.err, "");
  }
}

TEST(RunCompareTest, TextListsRegressionsAndExitsOne) {
  const Outcome o = CompareFiles("conform_base.json", "conform_new.json");
  EXPECT_EQ(o.code, kCompareRegression);
  EXPECT_TRUE(Contains(o.out, "New failures (1):\n  diagonal/f16  pass -> fail: OutputTensor[0,1]: expected 0, actual 1\n"))
      << o.out;
  EXPECT_TRUE(Contains(o.out, "Missing cases (1):\n  one_hot/dropped\n")) << o.out;
  EXPECT_TRUE(Contains(o.out, "Timing regressions (1):\n  reduce/sum_f32  2.000 ms  3.000 ms  +50.0%\n")) << o.out;
  EXPECT_TRUE(Contains(o.out, "Fixes (1):\n  gather/broken  fail -> pass\n")) << o.out;
  EXPECT_TRUE(Contains(o.out, "Timing improvements (1):\n  diagonal/f16  0.5000 ms  0.2500 ms  -50.0%\n")) << o.out;
  EXPECT_TRUE(Contains(o.out, "REGRESSION: 1 new failure(s), 1 missing case(s), 1 timing regression(s)\n")) << o.out;
}

TEST(RunCompareTest, MarkdownUsesTables) {
  const Outcome o = CompareFiles("bench_base.json", "bench_new.json", OutputFormat::kMarkdown);
  EXPECT_EQ(o.code, kCompareRegression);
  EXPECT_TRUE(Contains(o.out, "## Comparison of Google Benchmark JSONs\n")) << o.out;
  EXPECT_TRUE(Contains(o.out, "### Timing regressions (1)\n\n| id | base | new | change |\n|---|---:|---:|---:|\n"
                              "| `cpu/REDUCE_SUM/FLOAT32/inner/64MiB/manual_time` | 8.000 ms | 12.000 ms | +50.0% |\n"))
      << o.out;
  EXPECT_TRUE(Contains(o.out, "| `cpu/JOIN/FLOAT32/1KiB/manual_time` | pass -> error: Execute: device lost |")) << o.out;
  EXPECT_TRUE(Contains(o.out, "**REGRESSION: 1 new failure(s), 1 timing regression(s)**\n")) << o.out;
}

TEST(RunCompareTest, DifferentKindsAreAUsageError) {
  const Outcome o = CompareFiles("conform_base.json", "bench_base.json");
  EXPECT_EQ(o.code, kCompareUsageError);
  EXPECT_EQ(o.out, "");
  EXPECT_TRUE(Contains(o.err, "is a dml-conform report but")) << o.err;
}

TEST(RunCompareTest, UnreadableFileIsAUsageError) {
  const Outcome o = CompareFiles("conform_base.json", "nope.json");
  EXPECT_EQ(o.code, kCompareUsageError);
  EXPECT_TRUE(Contains(o.err, "nope.json")) << o.err;
  EXPECT_TRUE(Contains(o.err, "cannot be opened")) << o.err;
}

TEST(RunCompareTest, MarkdownEscapesPipesInMessages) {
  auto base = ParseReport(R"({"schemaVersion": 1, "cases": [{"id": "a", "status": "pass"}]})", "b.json");
  auto now = ParseReport(R"({"schemaVersion": 1, "cases": [{"id": "a", "status": "fail", "message": "x|y"}]})",
                         "n.json");
  ASSERT_TRUE(base.ok() && now.ok());
  std::ostringstream out;
  WriteComparison(out, *base, *now, CompareReports(*base, *now, Thresholds{}), Thresholds{}, OutputFormat::kMarkdown);
  EXPECT_TRUE(Contains(out.str(), "| `a` | pass -> fail: x\\|y |\n")) << out.str();
}

// A case that failed and now crashes is a new failure; the crash's stderr lines stay readable in both
// formats and keep a markdown table intact.
TEST(RunCompareTest, CrashWithStderrLinesInTextAndMarkdown) {
  auto base = ParseReport(R"({"schemaVersion": 1, "cases": [{"id": "a", "status": "fail"}]})", "b.json");
  auto now = ParseReport(
      R"({"schemaVersion": 1, "cases": [{"id": "a", "status": "crash", "message": "killed; stderr:\nx|y\nz"}]})",
      "n.json");
  ASSERT_TRUE(base.ok() && now.ok());
  const Comparison c = CompareReports(*base, *now, Thresholds{});
  std::ostringstream text, markdown;
  WriteComparison(text, *base, *now, c, Thresholds{}, OutputFormat::kText);
  WriteComparison(markdown, *base, *now, c, Thresholds{}, OutputFormat::kMarkdown);
  EXPECT_TRUE(Contains(text.str(), "New failures (1):\n  a  fail -> crash: killed; stderr:\n    x|y\n    z\n"))
      << text.str();
  EXPECT_TRUE(Contains(markdown.str(), "| `a` | fail -> crash: killed; stderr:<br>x\\|y<br>z |\n")) << markdown.str();
}

// Issue 47, defect 12: ids and messages reached the terminal raw (an escape sequence could clear the
// screen or retitle it), and an id with a backtick and '|' broke out of its markdown cell.
TEST(RunCompareTest, ControlCharactersAreEscapedAndMarkdownCellsHold) {
  auto base = ParseReport(R"({"schemaVersion": 1, "cases": [{"id": "a`|b", "status": "pass"},
                                                             {"id": "e\u001b[2Jx", "status": "pass"}]})", "b.json");
  auto now = ParseReport(R"({"schemaVersion": 1, "cases": [
      {"id": "a`|b", "status": "fail", "message": "m\u001b]0;title\u0007 <img> \u0085end"},
      {"id": "e\u001b[2Jx", "status": "fail", "message": "line\nnext"}]})", "n.json");
  ASSERT_TRUE(base.ok() && now.ok()) << (base.ok() ? now.error().ToString() : base.error().ToString());
  const Comparison c = CompareReports(*base, *now, Thresholds{});
  std::ostringstream text, markdown;
  WriteComparison(text, *base, *now, c, Thresholds{}, OutputFormat::kText);
  WriteComparison(markdown, *base, *now, c, Thresholds{}, OutputFormat::kMarkdown);
  EXPECT_EQ(text.str().find('\x1b'), std::string::npos) << text.str();
  EXPECT_EQ(markdown.str().find('\x1b'), std::string::npos) << markdown.str();
  EXPECT_TRUE(Contains(text.str(), "  a`|b  pass -> fail: m\\x1b]0;title\\x07 <img> \\u0085end\n")) << text.str();
  EXPECT_TRUE(Contains(text.str(), "  e\\x1b[2Jx  pass -> fail: line\n    next\n")) << text.str();
  EXPECT_TRUE(Contains(markdown.str(), "| ``a`\\|b`` | pass -> fail: m\\x1b]0;title\\x07 &lt;img> \\u0085end |\n"))
      << markdown.str();
  EXPECT_TRUE(Contains(markdown.str(), "| `e\\x1b[2Jx` | pass -> fail: line<br>next |\n")) << markdown.str();
}

TEST(RunCompareTest, ParsesOutputFormats) {
  EXPECT_EQ(ParseOutputFormat("text"), OutputFormat::kText);
  EXPECT_EQ(ParseOutputFormat("markdown"), OutputFormat::kMarkdown);
  EXPECT_EQ(ParseOutputFormat("md"), OutputFormat::kMarkdown);
  EXPECT_EQ(ParseOutputFormat("html"), std::nullopt);
}

}  // namespace
}  // namespace dmlc::app::compare
