#include "app/report/text.h"

#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <sstream>

#include "app/report/console_report.h"
#include "app/report/json_report.h"
#include "app/report/junit_report.h"
#include "sample_results.h"

namespace dmlc::app {
namespace {

const std::string kFffd = "\xEF\xBF\xBD";

std::string Times(int n, const std::string& s) {
  std::string out;
  for (int i = 0; i < n; ++i) out += s;
  return out;
}

// The U+FFFD counts are those of Python's bytes.decode("utf-8", "replace"), which follows Unicode's
// maximal-subpart practice.
TEST(PrintableText, ReplacesEachMaximalIllFormedSubpart) {
  struct Row {
    std::string in, out;
  };
  const Row rows[] = {
      {"\x80", kFffd},                                  // lone continuation byte
      {"a\xBF\xBF" "b", "a" + Times(2, kFffd) + "b"},   // two of them
      {"\xC0\xAF", Times(2, kFffd)},                    // overlong '/'
      {"\xE0\x80\x80", Times(3, kFffd)},                // overlong, three bytes
      {"\xED\xA0\x80", Times(3, kFffd)},                // surrogate U+D800
      {"\xF4\x90\x80\x80", Times(4, kFffd)},            // past U+10FFFF
      {"\xF8\x88\x80\x80\x80", Times(5, kFffd)},        // five-byte form
      {"\xFF", kFffd},
      {"x\xE2\x82", "x" + kFffd},                       // truncated at the end: one subpart
      {"\xF0\x9F\x98", kFffd},
      {"\xE2\x82x", kFffd + "x"},                       // truncated before an ASCII byte
  };
  for (const Row& r : rows) EXPECT_EQ(PrintableText(r.in), r.out) << ::testing::PrintToString(r.in);
}

TEST(PrintableText, EscapesControlsButTabAndLineBreaks) {
  EXPECT_EQ(PrintableText("a\x1b[31mred\x07\x01"), "a\\u001b[31mred\\u0007\\u0001");
  EXPECT_EQ(PrintableText(std::string("nul\0!", 5)), "nul\\u0000!");
  EXPECT_EQ(PrintableText("\x7f\xC2\x85\xC2\x9B"), "\\u007f\\u0085\\u009b");  // DEL, NEL and CSI
  EXPECT_EQ(PrintableText("\xEF\xBF\xBE\xEF\xBF\xBF"), "\\ufffe\\uffff");     // XML forbids these too
  EXPECT_EQ(PrintableText("\t\n\r"), "\t\n\r");
}

TEST(PrintableText, KeepsValidTextUnchanged) {
  const std::string text = "plain, \xC3\xA9t\xC3\xA9, \xE2\x82\xAC, \xF0\x9F\x98\x80, \xEF\xBF\xBD, \xF4\x8F\xBF\xBF";
  EXPECT_EQ(PrintableText(text), text);
  EXPECT_EQ(PrintableText(""), "");
}

// nlohmann's strict dump throws on ill-formed UTF-8: a check independent of PrintableText's decoder.
bool IsValidUtf8(const std::string& text) {
  try {
    (void)nlohmann::json(text).dump();
    return true;
  } catch (const nlohmann::json::type_error&) {
    return false;
  }
}

// What XML 1.0 forbids: raw C0 controls but tab, line feed and carriage return, and character
// references to any of them (the reporters write only these three as references).
bool HasXmlForbiddenCharacters(const std::string& text) {
  for (char c : text) {
    if (static_cast<unsigned char>(c) < 0x20 && c != '\t' && c != '\n' && c != '\r') return true;
  }
  for (size_t at = text.find("&#"); at != std::string::npos; at = text.find("&#", at + 1)) {
    const std::string ref = text.substr(at, text.find(';', at) - at + 1);
    if (ref != "&#9;" && ref != "&#10;" && ref != "&#13;") return true;
  }
  return false;
}

std::vector<CaseResult> HostileResults() {
  const std::string hostile = "bad \x80 \xC0\xAF \xED\xA0\x80 \x1b[2J\x01\x7f\xC2\x9B\n  tail \xE2\x82";
  std::vector<CaseResult> results = testing::SampleResults();
  for (CaseResult& r : results) {
    r.id += hostile;
    r.file += hostile;
    r.message += hostile;
  }
  return results;
}

TEST(Reports, StayValidWhateverTheMessage) {
  RunContext context = testing::MaskedContext();
  context.device = "gpu \xFF\x1b";
  const std::vector<CaseResult> results = HostileResults();
  ASSERT_FALSE(IsValidUtf8(results[0].message));

  std::ostringstream junit, json, console, quiet;
  WriteJUnitReport(junit, context, results);
  WriteJsonReport(json, context, results);
  WriteConsoleReport(console, context, results, ConsoleOptions{Verbosity::kVerbose, RerunOptions{"cpu", "", ""}});
  WriteConsoleReport(quiet, context, results, ConsoleOptions{Verbosity::kQuiet, RerunOptions{"cpu", "", ""}});

  EXPECT_TRUE(IsValidUtf8(junit.str()));
  EXPECT_FALSE(HasXmlForbiddenCharacters(junit.str()));
  EXPECT_NE(junit.str().find("bad " + kFffd + " " + Times(2, kFffd) + " " + Times(3, kFffd) + " \\u001b[2J"),
            std::string::npos);
  const auto parsed = nlohmann::json::parse(json.str(), nullptr, false);
  ASSERT_FALSE(parsed.is_discarded());
  EXPECT_NE(parsed["cases"][0]["message"].get<std::string>().find("\x1b[2J"), std::string::npos);
  for (const std::string& text : {console.str(), quiet.str()}) {
    EXPECT_TRUE(IsValidUtf8(text));
    EXPECT_EQ(text.find('\x1b'), std::string::npos);
  }
}

}  // namespace
}  // namespace dmlc::app
