// What `dml-conform html` puts in the page: one JSON object the page's script draws from. The run's
// context and totals, every case (a passing one by its id, operator, types, status and time; any other
// with its message, tolerance, mismatches, error maps and the command that reruns it), and, given a
// base run, what `compare` says changed and each case's mark: "new" (a new failure), "fixed", "skipped"
// (newly), "added", "slower", "faster" or "" (unchanged). Pure; thread-safe.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/compare/comparison.h"
#include "app/report/report_reader.h"

namespace dmlc::app::html {

struct PageInputs {
  const RunContext* context = nullptr;               // required
  const std::vector<CaseResult>* results = nullptr;  // required
  std::string run_path;  // the report's file as named; "" for a run still in memory (run, merge)
  // With a base run: the comparison of BASE against this run, and BASE's file as named.
  const compare::Comparison* comparison = nullptr;
  std::string base_path;
};

nlohmann::ordered_json PageData(const PageInputs& inputs);

// "fuzz --replay 31:1234 --backend vulkan" for a case `fuzz` generated ("fuzz-31/1234"); "" otherwise.
std::string ReplayCommand(const CaseResult& result, const RunContext& context);

}  // namespace dmlc::app::html
