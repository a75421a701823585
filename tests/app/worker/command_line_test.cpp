// The Windows command line, checked against the MSVCRT rules here on every platform; ProcessTest's
// ArgumentsArriveUnchanged checks it against a real C runtime on Windows.
#include "app/worker/command_line.h"

#include <gtest/gtest.h>

namespace dmlc::app::worker {
namespace {

struct QuoteCase {
  const char* argument;
  const char* quoted;
};

TEST(CommandLineTest, QuotesByMsvcrtRules) {
  const QuoteCase cases[] = {
      {"plain", "plain"},
      {"C:\\dir\\file.exe", "C:\\dir\\file.exe"},  // backslashes before no quote are literal
      {"", "\"\""},
      {"two words", "\"two words\""},
      {"tab\there", "\"tab\there\""},
      {"line\nbreak", "\"line\nbreak\""},
      {"quote\"inside", "\"quote\\\"inside\""},
      {"\"", "\"\\\"\""},
      {"back\\\"quote", "\"back\\\\\\\"quote\""},  // n backslashes before a quote: 2n + 1
      {"trailing\\", "trailing\\"},                // no quotes needed, so nothing to escape
      {"trailing \\", "\"trailing \\\\\""},        // before the closing quote: doubled
      {"two \\\\", "\"two \\\\\\\\\""},
      {"\\\\server\\share", "\\\\server\\share"},
      {"mid\\dle space", "\"mid\\dle space\""},
      {"\xC3\xBC \xF0\x9D\x84\x9E", "\"\xC3\xBC \xF0\x9D\x84\x9E\""},  // UTF-8 passes through
  };
  for (const QuoteCase& c : cases) EXPECT_EQ(QuoteWindowsArgument(c.argument), c.quoted) << c.argument;
}

TEST(CommandLineTest, JoinsQuotedArgumentsWithSpaces) {
  EXPECT_EQ(BuildWindowsCommandLine({"C:\\Program Files\\x.exe", "--child", "", "a b"}),
            "\"C:\\Program Files\\x.exe\" --child \"\" \"a b\"");
  EXPECT_EQ(BuildWindowsCommandLine({"x.exe"}), "x.exe");
}

}  // namespace
}  // namespace dmlc::app::worker
