// -v and -q take no value here, while DxDispatch gives its -v a timing verbosity (`-v 1`) and its -q a
// queue type (`-q compute`). Without this check CLI11 would take such a value as a case path and the
// run would fail on a file that does not exist; with it the value is named as what it is.
#pragma once

#include <string>
#include <vector>

#include "ops/error.h"

namespace dmlc::app {

// An error naming the first stray value in `args` (the command line without the program name): a number
// after -v, --verbose, -q or --quiet (`-v 1`), `compute` or `direct` after -q or --quiet, or any value
// joined to one of them (`-v=1`, `--verbose=2`, `-v1`). A case path that really is such a word is
// written `./1`. Scanning stops at `--`.
Status CheckFlagsTakeNoValue(const std::vector<std::string>& args);

}  // namespace dmlc::app
