// A --baseline file as it is written: every line with its tags, before a run picks the lines that apply
// to it. One file serves many configurations (backends, runtimes, devices, drivers): a line may open
// with a tag group (tag_set.h), Chromium's GPU test expectations' form, and applies only to runs whose
// tags (run_tags.h) meet it; a line without one applies to every run, so deqp-runner's `id,status`
// files read as they always did.
//
//   [ backend=directml runtime=wine-vkd3d-1.6 ] generated/reduce/x,error,"Wine 8 (vkd3d 1.6): ..."
//   generated/one_hot/y,fail,"DirectML 1.15.4: ..."
//
// After the group (and the blanks after it) comes the CSV line of baseline.h: `id,status[,cause]`.
// An id that itself starts with '[' is written in quotes (csv.h's CsvField does), so a line's first
// character tells a group from an id. Two lines for one id whose tag groups could both match one run
// are refused at load, naming both lines: which line applies never depends on their order.
// Loaded Expectations are read-only and thread-safe to share; everything here but LoadExpectations is
// pure.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "app/engine/case_result.h"
#include "app/policy/baseline.h"
#include "app/policy/run_tags.h"
#include "app/policy/tag_set.h"
#include "ops/error.h"

namespace dmlc::app::policy {

struct ExpectationLine {
  int line = 0;  // 1-based line in the file; 0 for a case read from a report
  TagSet tags;   // empty: every run
  std::string id;
  CaseStatus status = CaseStatus::kFail;  // IsFailure() holds
  std::string cause;                      // "" when the line gives none
  bool operator==(const ExpectationLine&) const = default;
};

struct Expectations {
  std::vector<ExpectationLine> lines;  // in file order

  // The baseline of a run with `tags`: each line whose tags it meets (at most one an id: the loader
  // refused overlapping lines).
  Baseline For(const RunTags& tags) const;
  // Whether any line carries a tag group (a run then needs its tags before it can be judged).
  bool Tagged() const;
};

// `source` names the file in errors, as ParseBaseline's do: SOURCE:LINE:COLUMN: baseline: MESSAGE, the
// column at the tag or field that is wrong. A report (first non-space character '{') gives untagged
// lines, as ParseBaseline reads it.
Result<Expectations> ParseExpectations(std::string_view text, const std::string& source);
Result<Expectations> LoadExpectations(const std::filesystem::path& path);

}  // namespace dmlc::app::policy
