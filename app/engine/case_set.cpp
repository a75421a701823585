#include "app/engine/case_set.h"

namespace dmlc::app {

std::vector<SelectedCase> CaseSet::Select(const CaseFilter& filter) const {
  std::vector<SelectedCase> selected;
  for (const CaseFile& file : files) {
    if (file.error) {
      if (filter.Matches(file.file_id)) selected.push_back({&file, nullptr});
      continue;
    }
    for (const CaseEntry& entry : file.cases) {
      if (filter.Matches(entry.id)) selected.push_back({&file, &entry});
    }
  }
  return selected;
}

CaseSet LoadCaseSet(const std::vector<std::filesystem::path>& paths, const LoadOptions& options) {
  CaseSet set;
  for (const CaseSource& source : FindCaseFiles(paths, set.path_errors)) {
    set.files.push_back(LoadCaseFile(source.file, source.root, options));
  }
  return set;
}

}  // namespace dmlc::app
