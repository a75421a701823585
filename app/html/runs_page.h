// `dml-conform html --runs REPORT... -o runs.html` and `history --html`: many runs as wpt.fyi draws
// them, one row per operator and one column per run, the runs grouped by configuration and in time
// order within each (app/history/history.h says what a configuration and a revision are). A cell counts
// the operator's cases that passed in that run over those that ran (skips left out) and links to the
// run's own page, the page `dml-conform html` makes of its report, written beside the matrix:
// runs.html -> runs.runs/run-1.html ... (numbered in time order). Below the matrix, the history's
// regressions and flakes, each run they name linked. Errors are values naming the file.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/history/history.h"
#include "ops/error.h"

namespace dmlc::app::html {

// The folder of the run pages beside `output`, as a link from it (UTF-8): "runs.runs" for "out/runs.html".
std::string RunPagesFolder(const std::string& output);
// The link of run `index` (History::runs) from the matrix page: "runs.runs/run-1.html", each byte
// outside [A-Za-z0-9._~-] percent-encoded.
std::string RunPageLink(const std::string& output, size_t index);

// What the runs page's script draws: {"configurations": [{"name", "runs": [run indexes]}],
// "runs": [{"file", "revision", "date", "configuration" (index), "page" (link), "passed", "ran", "cases"}],
// "operators": [{"name", "cells": [one per run: {"passed", "ran"}, or null where the run has none]}],
// "regressions": [{"id", "configuration", "lastGoodRevision", "lastGoodRun", "firstBadRevision", "firstBadRun",
// "latestStatus"}], "flakes": [{"id", "configuration", "revision", "runs": [{"run", "status"}]}]}: History's,
// configurations by index.
// Operators are CaseResult::operator_type ("(not loaded)" when empty), in name order. Pure.
nlohmann::ordered_json RunsPageData(const history::History& history, const std::vector<history::RunInput>& inputs,
                                    const std::string& output);

// Writes each run's page, then the matrix page at `output`, each whole or not at all.
std::optional<Error> WriteRunsPages(const history::History& history, const std::vector<history::RunInput>& inputs,
                                    const std::string& output);

}  // namespace dmlc::app::html
