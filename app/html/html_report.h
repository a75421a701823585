// `dml-conform html REPORT.json [--base BASE.json] -o run.html`, and the `--html FILE` of run, fuzz,
// merge and compare: the page of a run, compared with a base run when one is given (app/compare's rule,
// as `compare` applies it). Errors are values naming the file.
#pragma once

#include <optional>
#include <string>

#include "app/compare/comparison.h"
#include "app/html/page_data.h"
#include "ops/error.h"

namespace dmlc::app::html {

// The whole page of `inputs`, as text.
std::string RunPage(const PageInputs& inputs);

struct HtmlOptions {
  std::string report;  // the run's --report file
  std::string base;    // a --report file to compare against; "" = none
  std::string output;  // the page to write
  compare::Thresholds thresholds;
};

// Reads the reports, compares them when there is a base, and writes the page whole or not at all.
std::optional<Error> WriteHtmlReport(const HtmlOptions& options);

}  // namespace dmlc::app::html
