// The line-oriented text files of run policy (--skips, --flakes, a CSV --baseline): one entry a line,
// '#' comment lines and blank lines ignored, surrounding whitespace trimmed. Pure; thread-safe.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "ops/error.h"

namespace dmlc::app::policy {

// One line that carries an entry. `text` views the text given to ContentLines, which must outlive it.
struct ListLine {
  int number = 0;  // 1-based
  int column = 0;  // 1-based column where `text` starts (after the leading whitespace)
  std::string_view text;
};

// The entry lines of `text` in order; '\n' and "\r\n" both end a line. A '#' only starts a comment at
// the start of a (trimmed) line, since a regular expression or a case id may hold one.
std::vector<ListLine> ContentLines(std::string_view text);

// The whole file, less a UTF-8 byte-order mark at its start; an error in `scope` naming the path when it
// cannot be read or is no regular file.
Result<std::string> ReadListFile(const std::filesystem::path& path, const std::string& scope);

// An error at `line` of `source`: "SOURCE:LINE:COLUMN: SCOPE: MESSAGE".
Error LineError(const std::string& scope, const std::string& source, const ListLine& line, std::string message);

}  // namespace dmlc::app::policy
