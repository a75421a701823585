// `compare BASE.json NEW.json`: the whole command as a function, so dml-conform's subcommand and the
// tests call the same code. Exit codes: 0 no regression, 1 any regression (new failure, missing case,
// timing regression), 2 when a file cannot be read or the two files are of different kinds.
#pragma once

#include <ostream>
#include <string>

#include "app/compare/compare_format.h"
#include "app/compare/comparison.h"

namespace dmlc::app::compare {

struct CompareOptions {
  std::string base_path;
  std::string new_path;
  Thresholds thresholds;
  OutputFormat format = OutputFormat::kText;
};

inline constexpr int kCompareOk = 0;
inline constexpr int kCompareRegression = 1;
inline constexpr int kCompareUsageError = 2;

// Writes the comparison to `out` and load errors to `err`; returns the exit code.
int RunCompare(const CompareOptions& options, std::ostream& out, std::ostream& err);

}  // namespace dmlc::app::compare
