#include "app/policy/list_file.h"

#include <algorithm>

#include "app/report/report_reader.h"

namespace dmlc::app::policy {

std::vector<ListLine> ContentLines(std::string_view text) {
  constexpr std::string_view kSpace = " \t\r\f\v";
  std::vector<ListLine> lines;
  int number = 0;
  for (size_t start = 0; start < text.size();) {
    const size_t end = std::min(text.find('\n', start), text.size());
    std::string_view line = text.substr(start, end - start);
    start = end + 1;
    ++number;
    const size_t first = line.find_first_not_of(kSpace);
    if (first == std::string_view::npos || line[first] == '#') continue;
    line = line.substr(first, line.find_last_not_of(kSpace) - first + 1);
    lines.push_back(ListLine{number, static_cast<int>(first) + 1, line});
  }
  return lines;
}

Result<std::string> ReadListFile(const std::filesystem::path& path, const std::string& scope) {
  Result<std::string> text = ReadTextFile(path);
  // ReadTextFile speaks for reports; the file here is a list, so its errors say whose.
  if (!text.ok()) text.error().scope = scope;
  // Windows editors start a UTF-8 file with a byte-order mark; it is no part of the first entry
  // (issue 47, defect 14). Its column numbers then count from after it.
  else if (text->compare(0, 3, "\xEF\xBB\xBF") == 0) text->erase(0, 3);
  return text;
}

Error LineError(const std::string& scope, const std::string& source, const ListLine& line, std::string message) {
  Error e = MakeError(scope, "", std::move(message));
  e.where = SourceLocation{source, line.number, line.column};
  return e;
}

}  // namespace dmlc::app::policy
