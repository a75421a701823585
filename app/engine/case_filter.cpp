#include "app/engine/case_filter.h"

#include <algorithm>

namespace dmlc::app {
namespace {

// Whether `c` matches the bracket expression starting at pattern[i] ('[' itself); sets `end` past ']'.
// "[abc]", "[a-z]", "[!a-z]" as fnmatch has them. An unterminated '[' is a literal.
bool MatchBracket(std::string_view pattern, size_t i, char c, size_t& end) {
  size_t j = i + 1;
  const bool negate = j < pattern.size() && (pattern[j] == '!' || pattern[j] == '^');
  if (negate) ++j;
  bool matched = false;
  for (bool first = true; j < pattern.size() && (first || pattern[j] != ']'); first = false) {
    if (j + 2 < pattern.size() && pattern[j + 1] == '-' && pattern[j + 2] != ']') {
      matched |= pattern[j] <= c && c <= pattern[j + 2];
      j += 3;
    } else {
      matched |= pattern[j] == c;
      ++j;
    }
  }
  if (j >= pattern.size()) {  // no closing ']'
    end = i + 1;
    return c == '[';
  }
  end = j + 1;
  return matched != negate;
}

}  // namespace

// Portable (no fnmatch): the Windows build uses it too. Backtracks to the last '*' only, so it runs
// in O(|pattern| * |id|).
bool GlobMatches(std::string_view pattern, std::string_view id) {
  size_t p = 0, t = 0;
  size_t star = std::string_view::npos, star_t = 0;
  while (t < id.size()) {
    size_t next = p + 1;
    if (p < pattern.size() && pattern[p] == '*') {
      star = p++;
      star_t = t;
      continue;
    }
    bool matched = false;
    if (p < pattern.size()) {
      if (pattern[p] == '\\' && p + 1 < pattern.size()) {  // an escaped character matches itself
        matched = pattern[p + 1] == id[t];
        next = p + 2;
      } else if (pattern[p] == '[') {
        matched = MatchBracket(pattern, p, id[t], next);
      } else {
        matched = pattern[p] == '?' || pattern[p] == id[t];
      }
    }
    if (matched) {
      p = next;
      ++t;
      continue;
    }
    if (star == std::string_view::npos) return false;
    p = star + 1;
    t = ++star_t;
  }
  while (p < pattern.size() && pattern[p] == '*') ++p;
  return p == pattern.size();
}

CaseFilter::CaseFilter(const std::vector<std::string>& globs) {
  for (const std::string& g : globs) {
    if (!g.empty() && g[0] == '-') {
      excludes_.push_back(g.substr(1));
    } else {
      includes_.push_back(g);
    }
  }
}

bool CaseFilter::Matches(std::string_view id) const {
  auto matches = [&](const std::string& g) { return GlobMatches(g, id); };
  if (!includes_.empty() && std::none_of(includes_.begin(), includes_.end(), matches)) return false;
  return std::none_of(excludes_.begin(), excludes_.end(), matches);
}

}  // namespace dmlc::app
