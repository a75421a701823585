// RFC 4180 fields for the baseline's `id,status` lines (deqp-runner's CSV form). Pure; thread-safe.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "ops/error.h"

namespace dmlc::app::policy {

// `text` as one field: as it is when plain, else in double quotes with each '"' doubled. Quoted when it
// holds ',' or '"', starts with '#' (a comment line to list_file.h), with '[' (a tag group to
// expectations.h) or with whitespace, or ends with
// whitespace (list lines are trimmed). Line breaks cannot be written: list files are read line by line.
std::string CsvField(std::string_view text);

// The fields of one line. The error (message only; the caller knows the file and line) says what is
// wrong: a quoted field without its closing quote, text after a closing quote, a '"' in a plain field.
Result<std::vector<std::string>> SplitCsvLine(std::string_view line);

}  // namespace dmlc::app::policy
