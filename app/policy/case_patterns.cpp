#include "app/policy/case_patterns.h"

#include "app/engine/case_filter.h"
#include "app/policy/list_file.h"

namespace dmlc::app::policy {
namespace {

constexpr std::string_view kRegexPrefix = "re:";
constexpr const char* kScope = "patterns";

}  // namespace

Result<CasePatterns> CasePatterns::Parse(std::string_view text, const std::string& source) {
  CasePatterns patterns;
  for (const ListLine& line : ContentLines(text)) {
    Pattern p;
    p.where = source + ":" + std::to_string(line.number) + " (" + std::string(line.text) + ")";
    if (line.text.substr(0, kRegexPrefix.size()) != kRegexPrefix) {
      p.glob = line.text;
    } else {
      const std::string regex(line.text.substr(kRegexPrefix.size()));
      if (regex.empty()) return LineError(kScope, source, line, "\"re:\" needs a regular expression after it");
      Result<LinearRegex> compiled = LinearRegex::Compile(regex);
      if (!compiled.ok()) {
        const Error& e = compiled.error();
        return LineError(kScope, source, line, "invalid regular expression '" + regex + "': " + e.message + " (" + e.rule + ")");
      }
      p.regex = std::move(*compiled);
    }
    patterns.patterns_.push_back(std::move(p));
  }
  return patterns;
}

std::optional<std::string> CasePatterns::Match(std::string_view id) const {
  for (const Pattern& p : patterns_) {
    const bool matched = p.regex ? p.regex->FullMatch(id) : GlobMatches(p.glob, id);
    if (matched) return p.where;
  }
  return std::nullopt;
}

Result<CasePatterns> LoadCasePatterns(const std::filesystem::path& path) {
  Result<std::string> text = ReadListFile(path, kScope);
  if (!text.ok()) return text.error();
  return CasePatterns::Parse(*text, path.string());
}

}  // namespace dmlc::app::policy
