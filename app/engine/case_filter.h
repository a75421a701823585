// --filter: shell globs (fnmatch, '*' also crosses '/') matched against case ids. A leading '-' makes
// a glob exclude. A case is selected when it matches at least one include (or none are given) and no
// exclude. Immutable after construction; thread-safe.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace dmlc::app {

// Whether the shell glob `pattern` matches the whole `id`: '*' any run (also across '/'), '?' one
// character, brackets ("[a-z]", "[!a-z]"), '\\' escaping the next character. No leading '-' rule: that
// is CaseFilter's. Also the glob of --skips and --flakes lines (app/policy/case_patterns.h).
bool GlobMatches(std::string_view pattern, std::string_view id);

class CaseFilter {
 public:
  CaseFilter() = default;
  explicit CaseFilter(const std::vector<std::string>& globs);

  bool Matches(std::string_view id) const;
  bool empty() const { return includes_.empty() && excludes_.empty(); }

 private:
  std::vector<std::string> includes_;
  std::vector<std::string> excludes_;
};

}  // namespace dmlc::app
