// The cases a command works on: every case file under the given paths, loaded, and the selection of
// them a filter picks. Files that could not be found or parsed stay in the set as errors, so `run`,
// `list` and `validate` report them and go on.
#pragma once

#include <filesystem>
#include <vector>

#include "app/case/case_loader.h"
#include "app/engine/case_filter.h"
#include "ops/error.h"

namespace dmlc::app {

// One unit of work: a case entry, or (entry == nullptr) a file that could not be parsed as a whole.
struct SelectedCase {
  const CaseFile* file;
  const CaseEntry* entry;

  const std::string& id() const { return entry != nullptr ? entry->id : file->file_id; }
};

struct CaseSet {
  std::vector<CaseFile> files;
  std::vector<Error> path_errors;  // a PATH that does not exist or is no case file nor folder

  // In file order, then case order; pointers stay valid while the set lives and is unchanged.
  std::vector<SelectedCase> Select(const CaseFilter& filter) const;
};

// Files over options.max_file_size bytes are refused unread; the paths files name stay inside their
// folders unless options.paths says otherwise (case_loader.h).
CaseSet LoadCaseSet(const std::vector<std::filesystem::path>& paths, const LoadOptions& options = {});

}  // namespace dmlc::app
