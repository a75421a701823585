// Case-id patterns read from a file, for --skips (cases not to run) and --flakes (known flakes).
// One pattern a line (app/policy/list_file.h: '#' comment lines and blank lines ignored, whitespace
// trimmed). A plain line is a glob with --filter's rules (GlobMatches: '*' also crosses '/'); a line
// starting "re:" is a regular expression that must match the whole id, in the linear-time subset of
// ECMAScript's syntax that LinearRegex reads (app/policy/linear_regex.h): no id or pattern can stall or
// crash a run.
// Immutable after loading; Match is thread-safe (it only reads). The loader validates every line.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/policy/linear_regex.h"
#include "ops/error.h"

namespace dmlc::app::policy {

class CasePatterns {
 public:
  // No patterns: matches nothing.
  CasePatterns() = default;

  // `source` names the file in Match's answers and in errors. An invalid or unsupported regular
  // expression, or "re:" with nothing after it, is an error at its SOURCE:LINE:COLUMN saying why.
  static Result<CasePatterns> Parse(std::string_view text, const std::string& source);

  // Where the first pattern matching `id` stands, "FILE:LINE (PATTERN)" with the line as written
  // ("skips.txt:4 (re:reduce/.*_f16)"); nullopt when none matches.
  std::optional<std::string> Match(std::string_view id) const;

  size_t size() const { return patterns_.size(); }
  bool empty() const { return patterns_.empty(); }

 private:
  struct Pattern {
    std::string glob;                 // the glob; "" for a regular expression
    std::optional<LinearRegex> regex;  // set for a "re:" line
    std::string where;                // "FILE:LINE (PATTERN)"
  };
  std::vector<Pattern> patterns_;
};

// Reads and parses the file; errors name it (unreadable, or FILE:LINE:COLUMN of a bad line).
Result<CasePatterns> LoadCasePatterns(const std::filesystem::path& path);

}  // namespace dmlc::app::policy
