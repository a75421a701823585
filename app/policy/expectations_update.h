// `dml-conform expectations update FILE REPORT...`: a tagged expectations file (expectations.h) made
// true again from the reports of the runs it judges, as deqp-runner's unexpected passes ask a person to
// do by hand. Every line the reports say nothing against stays byte for byte, comments and blank lines
// with it; what changes, changes for a reason the reports give:
//
//  - removed: at least one report whose tags meet the line ran its case, and every such report that ran
//    it saw it pass (an unexpected pass is a pass; so is a pass under another admitted behaviour);
//  - status changed: every matching report that ran the case saw it fail with one other failing status
//    than the line's (crash where the line says fail): the status is rewritten, the tags and cause kept;
//  - added: a failure no line covers, one line for each failing status, with the key=value tags every
//    report where it failed so has in common but `driver` (tomorrow's build is another; a driver range
//    is a person's to write); when that group would also meet a report where the case did something
//    else, or could overlap another line for the id, one line per failing report with its own tags
//    (but `driver`) instead. A new line has no cause (the reports cannot say whose behaviour a failure
//    is; CI refuses a line without one until a person writes it) and goes after the last line with the
//    same tags, else at the end.
//
// No evidence (the case skipped, flaked, was not run where the line applies, or a differential run's
// reference failed it: referenceFault) keeps a line. An existing line whose matching reports disagree
// (it failed on one, passed on another, or failed with two statuses), and an addition no tag group can
// hold, are left for a person: each is a note, and the file is not true until it is handled. Causes
// are never dropped or invented.
// Pure; thread-safe.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "app/engine/case_result.h"
#include "app/policy/run_tags.h"
#include "app/report/report_reader.h"
#include "ops/error.h"

namespace dmlc::app::policy {

// What one report says about the cases it ran.
struct ReportEvidence {
  std::string name;  // how changes cite it: the report's path
  RunTags tags;      // its context's tags; derived from its context when it has none (an older report)
  // Case id -> what running it gave before any baseline judged it: kPass, or the failing status.
  // Skips, flakes and reference faults are absent: they say neither that a case passes nor that it fails.
  std::map<std::string, CaseStatus, std::less<>> outcomes;
  bool derived_tags = false;  // `tags` were derived: runtime=native, and this program's os
};
ReportEvidence EvidenceOf(const RunReport& report, std::string name);

struct ExpectationChange {
  enum class Kind { kRemoved, kStatusChanged, kAdded };
  Kind kind = Kind::kRemoved;
  int old_line = 0;      // the line in the file given; 0 for an added line
  int new_line = 0;      // the line in the updated file; 0 for a removed line
  std::string old_text;  // as the file had it, without its line ending; "" for an added line
  std::string new_text;  // "" for a removed line
  std::string why;       // "passed on backend=directml runtime=vkd3d-proton (directml.vkd3d-proton.json)"
};

struct ExpectationsUpdate {
  std::string text;                         // the updated file; equal to the given text when nothing changed
  std::vector<ExpectationChange> changes;   // removed and changed lines in file order, then the added ones
  std::vector<std::string> notes;           // what a person must decide: "line 12: failed on ..., passed on ..."
  int kept = 0;                             // lines of the given file left as they were

  bool Changed() const { return !changes.empty(); }
  // Changed, or a note says the file cannot be made true by this command alone.
  bool Stale() const { return Changed() || !notes.empty(); }
};

// `text` is the file as read (a CSV, never a report); `source` names it in errors. An error when `text`
// does not parse (ParseExpectations' error), or, as a broken invariant caught rather than written, when
// the updated text would not.
Result<ExpectationsUpdate> UpdateExpectations(std::string_view text, const std::string& source,
                                              const std::vector<ReportEvidence>& reports);

}  // namespace dmlc::app::policy
