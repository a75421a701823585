#include "app/policy/csv.h"

#include <algorithm>

namespace dmlc::app::policy {
namespace {

bool IsSpace(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v'; }

Error CsvError(std::string message) { return MakeError("csv", "", std::move(message)); }

}  // namespace

std::string CsvField(std::string_view text) {
  const bool quote = text.find_first_of(",\"") != std::string_view::npos ||
                     (!text.empty() && (text.front() == '#' || text.front() == '[' || IsSpace(text.front()) || IsSpace(text.back())));
  if (!quote) return std::string(text);
  std::string field = "\"";
  for (char c : text) {
    if (c == '"') field += '"';
    field += c;
  }
  return field + "\"";
}

Result<std::vector<std::string>> SplitCsvLine(std::string_view line) {
  std::vector<std::string> fields;
  size_t i = 0;
  while (true) {
    std::string field;
    if (i < line.size() && line[i] == '"') {
      for (++i;; ++i) {
        if (i >= line.size()) return CsvError("a quoted field has no closing '\"'");
        if (line[i] != '"') {
          field += line[i];
        } else if (i + 1 < line.size() && line[i + 1] == '"') {
          field += '"';
          ++i;
        } else {
          break;
        }
      }
      ++i;  // past the closing quote
      if (i < line.size() && line[i] != ',') {
        return CsvError("'" + std::string(1, line[i]) + "' follows a closing '\"'; a quoted field ends at it");
      }
    } else {
      const size_t end = std::min(line.find(',', i), line.size());
      field = line.substr(i, end - i);
      if (field.find('"') != std::string::npos) {
        return CsvError("'\"' in the unquoted field '" + field + "' (quote the field and double its '\"')");
      }
      i = end;
    }
    fields.push_back(std::move(field));
    if (i >= line.size()) return fields;
    ++i;  // past the ','
  }
}

}  // namespace dmlc::app::policy
