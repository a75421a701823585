#include "app/history/history.h"

#include <algorithm>
#include <numeric>
#include <optional>

namespace dmlc::app::history {
namespace {

// What one run says of a case (history.h: "Outcomes").
struct Outcome {
  bool passed = false;
  bool failed = false;
};

Outcome OutcomeOf(const CaseRun& run) {
  if (run.reference_fault) return {};  // the reference's fault says nothing of the backend under test
  switch (run.status) {
    case CaseStatus::kPass:
    case CaseStatus::kUnexpectedPass:
      return {true, false};
    case CaseStatus::kFlake:
      return {true, true};
    case CaseStatus::kSkip:
      return {};
    case CaseStatus::kExpectedFail:
      return {false, true};
    default:
      return {false, IsFailure(run.status)};
  }
}

// One revision of one case in one configuration: its runs and what they said.
struct RevisionRuns {
  std::string revision;
  std::vector<CaseRun> runs;
  bool passed = false;
  bool failed = false;
  std::optional<size_t> last_pass_run;
  std::optional<size_t> first_fail_run;

  bool Good() const { return passed && !failed; }
  bool Bad() const { return failed && !passed; }
};

// The case's runs in `configuration`, grouped by revision in the order each revision first came.
std::vector<RevisionRuns> ByRevision(const History& h, const std::vector<CaseRun>& runs, const std::string& configuration) {
  std::vector<RevisionRuns> revisions;
  for (const CaseRun& r : runs) {
    const RunEntry& run = h.runs[r.run];
    if (run.configuration != configuration) continue;
    auto it = std::find_if(revisions.begin(), revisions.end(), [&](const RevisionRuns& v) { return v.revision == run.revision; });
    if (it == revisions.end()) it = revisions.insert(revisions.end(), RevisionRuns{run.revision});
    it->runs.push_back(r);
    const Outcome o = OutcomeOf(r);
    if (o.passed) {
      it->passed = true;
      it->last_pass_run = r.run;
    }
    if (o.failed) {
      it->failed = true;
      if (!it->first_fail_run) it->first_fail_run = r.run;
    }
  }
  // A revision whose runs all skipped says nothing of the case.
  std::erase_if(revisions, [](const RevisionRuns& v) { return !v.passed && !v.failed; });
  return revisions;
}

// Flakes, and the regression or failing verdict, of one case in one configuration.
void Judge(History& h, const std::string& id, const std::string& configuration, const std::vector<CaseRun>& runs) {
  const std::vector<RevisionRuns> revisions = ByRevision(h, runs, configuration);
  if (revisions.empty()) return;
  for (const RevisionRuns& v : revisions) {
    if (v.passed && v.failed) h.flakes.push_back(Flake{id, configuration, v.revision, v.runs});
  }
  if (!revisions.back().Bad()) return;
  const CaseStatus latest = revisions.back().runs.back().status;
  const auto good = std::find_if(revisions.rbegin(), revisions.rend(), [](const RevisionRuns& v) { return v.Good(); });
  if (good == revisions.rend()) {
    const auto first_failed = std::find_if(revisions.begin(), revisions.end(), [](const RevisionRuns& v) { return v.failed; });
    h.failing.push_back(Failing{id, configuration, first_failed->revision, latest});
    return;
  }
  // The latest revision is bad, so some revision after the last good one is not good.
  const RevisionRuns& last_good = *good;
  const RevisionRuns& first_bad = *std::prev(good);
  h.regressions.push_back(Regression{id, configuration, last_good.revision, first_bad.revision, *last_good.last_pass_run,
                                     *first_bad.first_fail_run, latest});
}

}  // namespace

std::string RunRevision(const RunContext& context) {
  return context.revision.empty() ? context.git_revision : context.revision;
}

policy::RunTags ConfigurationTags(const RunContext& context) {
  policy::RunTags tags = context.tags.empty() ? policy::DeriveRunTags(context, {}) : context.tags;
  std::erase_if(tags, [](const auto& tag) { return tag.first == "driver"; });
  return tags;
}

History BuildHistory(const std::vector<RunInput>& inputs) {
  std::vector<size_t> order(inputs.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return inputs[a].report.context.date < inputs[b].report.context.date; });

  History h;
  for (size_t input : order) {
    const RunReport& report = inputs[input].report;
    RunEntry run{input, inputs[input].file, RunRevision(report.context), report.context.date, "",
                 ConfigurationTags(report.context), Tally(report.results)};
    run.configuration = policy::FormatTags(run.tags);
    if (std::find(h.configurations.begin(), h.configurations.end(), run.configuration) == h.configurations.end()) {
      h.configurations.push_back(run.configuration);
    }
    const size_t index = h.runs.size();
    h.runs.push_back(std::move(run));
    for (const CaseResult& r : report.results) h.cases[r.id].push_back(CaseRun{index, r.status, !r.reference_fault.empty()});
  }
  for (const auto& [id, runs] : h.cases) {
    for (const std::string& configuration : h.configurations) Judge(h, id, configuration, runs);
  }
  return h;
}

}  // namespace dmlc::app::history
