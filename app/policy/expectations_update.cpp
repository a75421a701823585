#include "app/policy/expectations_update.h"

#include <algorithm>
#include <optional>
#include <set>

#include "app/policy/baseline.h"
#include "app/policy/csv.h"
#include "app/policy/expectations.h"

namespace dmlc::app::policy {
namespace {

using Kind = ExpectationChange::Kind;
constexpr const char* kScope = "expectations update";

// One line of the file as read: its text without the line ending, and that ending ("\n", "\r\n", or ""
// for a last line without one), so that lines left alone are written back byte for byte.
struct RawLine {
  std::string body;
  std::string ending;
};

std::vector<RawLine> SplitRawLines(std::string_view text) {
  std::vector<RawLine> lines;
  while (!text.empty()) {
    const size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    std::string ending = end == std::string_view::npos ? "" : "\n";
    if (!ending.empty() && line.ends_with('\r')) {
      line.remove_suffix(1);
      ending = "\r\n";
    }
    lines.push_back({std::string(line), ending});
    text = end == std::string_view::npos ? std::string_view() : text.substr(end + 1);
  }
  return lines;
}

// How the reports are named in a change's reason: the tags that tell the given reports apart (the
// backend always), then the report's path: "backend=directml runtime=vkd3d-proton (directml.json)".
class ReportNames {
 public:
  explicit ReportNames(const std::vector<ReportEvidence>& reports) : reports_(reports) {
    for (std::string_view key : kTagKeys) {
      std::set<std::string> values;
      for (const ReportEvidence& r : reports) {
        const std::string* value = FindTag(r.tags, key);
        values.insert(value == nullptr ? "" : "=" + *value);  // absent differs from any value
      }
      if (key == "backend" || values.size() > 1) keys_.emplace_back(key);
    }
  }

  std::string Name(size_t report) const {
    RunTags shown;
    for (const std::string& key : keys_) {
      if (const std::string* value = FindTag(reports_[report].tags, key)) shown.emplace_back(key, *value);
    }
    return FormatTags(shown) + " (" + reports_[report].name + ")";
  }
  std::string Names(const std::vector<size_t>& reports) const {
    std::string text;
    for (size_t r : reports) text += (text.empty() ? "" : ", ") + Name(r);
    return text;
  }

 private:
  const std::vector<ReportEvidence>& reports_;
  std::vector<std::string> keys_;
};

std::string LineText(const TagSet& tags, const std::string& id, CaseStatus status, const std::string& cause) {
  std::string text = tags.constraints.empty() ? "" : tags.ToString() + " ";
  text += CsvField(id) + "," + std::string(StatusName(status));
  if (!cause.empty()) text += "," + CsvField(cause);
  return text;
}

// What the matching reports say of one line's case.
struct LineEvidence {
  std::vector<size_t> passed;                           // reports where it passed
  std::map<CaseStatus, std::vector<size_t>> failed;     // failing status -> reports where it failed so
};

LineEvidence EvidenceFor(const ExpectationLine& line, const std::vector<ReportEvidence>& reports) {
  LineEvidence evidence;
  for (size_t r = 0; r < reports.size(); ++r) {
    if (!line.tags.Matches(reports[r].tags)) continue;
    const auto outcome = reports[r].outcomes.find(line.id);
    if (outcome == reports[r].outcomes.end()) continue;
    if (outcome->second == CaseStatus::kPass) {
      evidence.passed.push_back(r);
    } else {
      evidence.failed[outcome->second].push_back(r);
    }
  }
  return evidence;
}

// A line of the updated file: the given file's lines first, additions put among them.
struct OutLine {
  RawLine raw;
  std::optional<TagSet> tags;  // an expectation line's group (empty for an untagged one); none for comments
  int change = -1;             // its index in the changes, or -1 when left as it was
};

// One update: the file's lines judged against the reports in order (removed, status changed, kept, or
// kept with a note), then the failures no remaining line covers added.
class Updater {
 public:
  Updater(const Expectations& parsed, const std::vector<ReportEvidence>& reports)
      : parsed_(parsed), reports_(reports), names_(reports) {}

  ExpectationsUpdate Run(std::string_view text) {
    std::vector<RawLine> raw = SplitRawLines(text);
    std::map<int, const ExpectationLine*> by_number;
    for (const ExpectationLine& line : parsed_.lines) by_number[line.line] = &line;
    for (size_t i = 0; i < raw.size(); ++i) {
      const auto found = by_number.find(static_cast<int>(i) + 1);
      if (found == by_number.end()) {
        out_.push_back({std::move(raw[i]), std::nullopt, -1});
      } else {
        Judge(*found->second, std::move(raw[i]));
      }
    }
    AddUncoveredFailures();
    return Finish();
  }

 private:
  void Judge(const ExpectationLine& line, RawLine raw) {
    const LineEvidence e = EvidenceFor(line, reports_);
    const std::string where = "line " + std::to_string(line.line) + " (" + line.id + "): ";
    if (!e.passed.empty() && e.failed.empty()) {
      Change({Kind::kRemoved, line.line, 0, raw.body, "", "passed on " + names_.Names(e.passed)});
      return;
    }
    if (!e.passed.empty()) {
      std::vector<size_t> failed;
      for (const auto& [status, reports] : e.failed) failed.insert(failed.end(), reports.begin(), reports.end());
      update_.notes.push_back(where + "failed on " + names_.Names(failed) + "; passed on " + names_.Names(e.passed) +
                              ": its tags meet runs where it passes; narrow them by hand");
    } else if (e.failed.size() > 1) {
      std::string statuses;
      for (const auto& [status, reports] : e.failed) {
        statuses += (statuses.empty() ? "" : "; ") + std::string(StatusName(status)) + " on " + names_.Names(reports);
      }
      update_.notes.push_back(where + statuses + ": one line holds one status; split it by tags by hand");
    } else if (e.failed.size() == 1 && e.failed.begin()->first != line.status) {
      const auto& [status, reports] = *e.failed.begin();
      remaining_.push_back({line.tags, line.id});
      const std::string text = LineText(line.tags, line.id, status, line.cause);
      out_.push_back({{text, raw.ending}, line.tags, static_cast<int>(update_.changes.size())});
      Change({Kind::kStatusChanged, line.line, 0, raw.body, text,
              std::string(StatusName(status)) + " on " + names_.Names(reports) + ", not " + std::string(StatusName(line.status))});
      return;
    }
    remaining_.push_back({line.tags, line.id});
    ++update_.kept;
    out_.push_back({std::move(raw), line.tags, -1});
  }

  void Change(ExpectationChange change) { update_.changes.push_back(std::move(change)); }

  bool Covered(const std::string& id, const RunTags& tags) const {
    return std::any_of(remaining_.begin(), remaining_.end(),
                       [&](const auto& line) { return line.second == id && line.first.Matches(tags); });
  }

  // Failures no remaining line covers, by id and status in the order the reports first show them.
  struct Uncovered {
    std::string id;
    CaseStatus status;
    std::vector<size_t> failing;
  };
  std::vector<Uncovered> FindUncovered() const {
    std::vector<Uncovered> found;
    std::map<std::pair<std::string, CaseStatus>, size_t> index;
    for (size_t r = 0; r < reports_.size(); ++r) {
      for (const auto& [id, status] : reports_[r].outcomes) {
        if (status == CaseStatus::kPass || Covered(id, reports_[r].tags)) continue;
        const auto [at, inserted] = index.try_emplace({id, status}, found.size());
        if (inserted) found.push_back({id, status, {}});
        found[at->second].failing.push_back(r);
      }
    }
    return found;
  }

  // Why `group` cannot hold `failure`'s line: it meets a report where the case did something else, or
  // could match a run another line for the id matches. "" when it can.
  std::string Refusal(const TagSet& group, const Uncovered& failure) const {
    for (size_t r = 0; r < reports_.size(); ++r) {
      const auto outcome = reports_[r].outcomes.find(failure.id);
      if (outcome == reports_[r].outcomes.end() || outcome->second == failure.status) continue;
      if (group.Matches(reports_[r].tags)) return std::string(StatusName(outcome->second)) + " on " + names_.Name(r);
    }
    for (const auto& [tags, id] : remaining_) {
      if (id == failure.id && MayOverlap(tags, group)) return "it could match the runs " + tags.ToString() + " matches";
    }
    return "";
  }

  void AddUncoveredFailures() {
    for (const Uncovered& failure : FindUncovered()) {
      const std::string what = std::string(StatusName(failure.status)) + " on ";
      TagSet common = CommonTags(failure.failing);
      if (Refusal(common, failure).empty()) {
        Add(common, failure, what + names_.Names(failure.failing));
        continue;
      }
      // One line per failing configuration: its report's tags (but the driver).
      for (size_t r : failure.failing) {
        const TagSet own = CommonTags({r});
        if (std::count(remaining_.begin(), remaining_.end(), std::make_pair(own, failure.id)) > 0) continue;
        if (const std::string refusal = Refusal(own, failure); !refusal.empty()) {
          update_.notes.push_back(failure.id + ": " + what + names_.Name(r) + " cannot be added: " + refusal);
        } else {
          Add(own, failure, what + names_.Name(r));
        }
      }
    }
  }

  // The key=value tags every one of `reports` has, in key order, but `driver`: a fleet installs another
  // build every night, so a line pinned to tonight's would not apply tomorrow and the failure would be
  // added again; a driver range (driver>=V) is a person's to write, knowing which builds have the bug.
  TagSet CommonTags(const std::vector<size_t>& reports) const {
    TagSet group;
    for (const auto& [key, value] : reports_[reports.front()].tags) {
      if (key == "driver") continue;
      const bool shared = std::all_of(reports.begin(), reports.end(), [&](size_t r) {
        const std::string* other = FindTag(reports_[r].tags, key);
        return other != nullptr && *other == value;
      });
      if (shared) group.constraints.push_back({key, TagConstraint::Op::kEquals, value});
    }
    return group;
  }

  // Puts the new line after the last line with the same tags, else at the end.
  void Add(const TagSet& tags, const Uncovered& failure, const std::string& where) {
    const std::string text = LineText(tags, failure.id, failure.status, "");
    remaining_.push_back({tags, failure.id});
    const int index = static_cast<int>(update_.changes.size());
    Change({Kind::kAdded, 0, 0, "", text, where + "; give it a cause"});
    auto after = std::find_if(out_.rbegin(), out_.rend(), [&](const OutLine& l) { return l.tags && *l.tags == tags; });
    out_.insert(after == out_.rend() ? out_.end() : after.base(), {{text, Ending()}, tags, index});
  }

  // The line ending the file uses (its first), "\n" for a file of one line or none.
  std::string Ending() const {
    for (const OutLine& l : out_) {
      if (!l.raw.ending.empty()) return l.raw.ending;
    }
    return "\n";
  }

  ExpectationsUpdate Finish() {
    for (size_t i = 0; i < out_.size(); ++i) {
      if (out_[i].change >= 0) update_.changes[out_[i].change].new_line = static_cast<int>(i) + 1;
      // A last line without an ending that an added line now follows gets one.
      if (out_[i].raw.ending.empty() && i + 1 < out_.size()) out_[i].raw.ending = Ending();
      update_.text += out_[i].raw.body + out_[i].raw.ending;
    }
    // Removed and changed lines were recorded in file order; the added ones go in the order they stand.
    auto order = [](const ExpectationChange& c) {
      const bool added = c.kind == Kind::kAdded;
      return std::make_pair(added, added ? c.new_line : 0);
    };
    std::stable_sort(update_.changes.begin(), update_.changes.end(),
                     [&](const ExpectationChange& a, const ExpectationChange& b) { return order(a) < order(b); });
    return std::move(update_);
  }

  const Expectations& parsed_;
  const std::vector<ReportEvidence>& reports_;
  ReportNames names_;
  std::vector<std::pair<TagSet, std::string>> remaining_;  // the lines the updated file has: tags, id
  std::vector<OutLine> out_;
  ExpectationsUpdate update_;
};

}  // namespace

ReportEvidence EvidenceOf(const RunReport& report, std::string name) {
  ReportEvidence evidence;
  evidence.name = std::move(name);
  evidence.derived_tags = report.context.tags.empty();
  evidence.tags = evidence.derived_tags ? DeriveRunTags(report.context, {}) : RunTags(report.context.tags);
  for (const CaseResult& r : report.results) {
    // A differential run's reference that crashed, hung or failed says nothing of the backend under test.
    if (!r.reference_fault.empty()) continue;
    std::optional<CaseStatus> outcome = RawFailure(r);
    if (!outcome && (r.status == CaseStatus::kPass || r.status == CaseStatus::kUnexpectedPass)) outcome = CaseStatus::kPass;
    if (!outcome) continue;  // a skip or a flake: no evidence either way
    // One id twice in a report (it should not be): a failure outweighs a pass.
    auto [at, inserted] = evidence.outcomes.emplace(r.id, *outcome);
    if (!inserted && at->second == CaseStatus::kPass) at->second = *outcome;
  }
  return evidence;
}

Result<ExpectationsUpdate> UpdateExpectations(std::string_view text, const std::string& source,
                                              const std::vector<ReportEvidence>& reports) {
  const size_t first = text.find_first_not_of(" \t\r\n");
  if (first != std::string_view::npos && text[first] == '{') {
    Error e = MakeError(kScope, "", "a report is no expectations file to update: give the CSV of [ tags ] id,status,cause lines");
    e.where.file = source;
    return e;
  }
  Result<Expectations> parsed = ParseExpectations(text, source);
  if (!parsed.ok()) return parsed.error();
  ExpectationsUpdate update = Updater(*parsed, reports).Run(text);
  if (Result<Expectations> again = ParseExpectations(update.text, source + " (updated)"); !again.ok()) {
    // A broken invariant of the Updater (its own overlap checks are the parser's), reported, not written.
    return MakeError(kScope, "", "the updated file would be refused, so it is not written: " + again.error().ToString());
  }
  return update;
}

}  // namespace dmlc::app::policy
