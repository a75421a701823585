// The reports `history` and `html --runs` read: files as named, and of each folder named its *.json
// files (not its subfolders), in name order. Errors are values naming the file or folder.
#pragma once

#include <string>
#include <vector>

#include "app/history/history.h"
#include "ops/error.h"

namespace dmlc::app::history {

// Every report read, as `history` and `expectations update` take them (a folder: its *.json files, not
// its subfolders', in name order); the first error stops the reading. A folder with no *.json file is an
// error, as is a file that is not a dml-conform --report (ReadJsonReport's error).
Result<std::vector<RunInput>> ReadRunReports(const std::vector<std::string>& paths);

}  // namespace dmlc::app::history
