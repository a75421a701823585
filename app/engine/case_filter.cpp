#include "app/engine/case_filter.h"

#include <fnmatch.h>

#include <algorithm>

namespace dmlc::app {
namespace {

bool Glob(const std::string& pattern, std::string_view id) {
  const std::string text(id);
  return fnmatch(pattern.c_str(), text.c_str(), 0) == 0;
}

}  // namespace

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
  auto matches = [&](const std::string& g) { return Glob(g, id); };
  if (!includes_.empty() && std::none_of(includes_.begin(), includes_.end(), matches)) return false;
  return std::none_of(excludes_.begin(), excludes_.end(), matches);
}

}  // namespace dmlc::app
