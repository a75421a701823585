#include "app/report/console_report.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <map>
#include <sstream>
#include <string>

#include "app/report/text.h"
#include "app/report/timing_lines.h"

namespace dmlc::app {
namespace {

std::string Join(const std::vector<std::string>& parts, const char* separator) {
  std::string out;
  for (const std::string& p : parts) out += (out.empty() ? "" : separator) + p;
  return out;
}

std::string Upper(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  return out;
}

std::string Pad(const std::string& s, size_t width) { return s + std::string(width > s.size() ? width - s.size() : 0, ' '); }
std::string PadLeft(const std::string& s, size_t width) { return std::string(width > s.size() ? width - s.size() : 0, ' ') + s; }

// Pass, fail, error and skip always have a column; the other statuses only when a case in the run has
// one, so a run without worker isolation, baselines or retries prints the table it always printed.
std::vector<CaseStatus> TableColumns(const RunTotals& total) {
  std::vector<CaseStatus> columns;
  for (CaseStatus s : kAllStatuses) {
    const bool always = s == CaseStatus::kPass || s == CaseStatus::kFail || s == CaseStatus::kError ||
                        s == CaseStatus::kSkip;
    if (always || total.Count(s) > 0) columns.push_back(s);
  }
  return columns;
}

void WriteTable(std::ostream& out, const std::vector<CaseResult>& results, const RunTotals& total) {
  // Rows in name order: operator, then data types.
  std::map<std::pair<std::string, std::string>, RunTotals> rows;
  for (const CaseResult& r : results) {
    rows[{r.operator_name.empty() ? "(not loaded)" : r.operator_name, Join(r.data_types, ",")}].Add(r.status);
  }
  size_t op_width = 8, type_width = 10;
  for (const auto& [key, totals] : rows) {
    op_width = std::max(op_width, key.first.size());
    type_width = std::max(type_width, key.second.size());
  }
  const std::vector<CaseStatus> columns = TableColumns(total);
  auto line = [&](const std::string& op, const std::string& types, const auto& cell) {
    out << Pad(op, op_width) << "  " << Pad(types, type_width);
    for (CaseStatus s : columns) out << "  " << PadLeft(cell(s), std::max<size_t>(5, StatusName(s).size()));
    out << "\n";
  };
  line("operator", "data types", [](CaseStatus s) { return std::string(StatusName(s)); });
  for (const auto& [key, t] : rows) {
    line(key.first, key.second, [&t = t](CaseStatus s) { return std::to_string(t.Count(s)); });
  }
  line("total", "", [&](CaseStatus s) { return std::to_string(total.Count(s)); });
}

// ", 1 crashed, 2 timed out, 1 expected failure" for the statuses past the first four that occurred, and
// ", 1 passed under another admitted behaviour" when some pass did.
std::string MoreCounts(const RunTotals& t) {
  struct Phrase {
    CaseStatus status;
    const char* one;
    const char* many;
  };
  constexpr Phrase kPhrases[] = {{CaseStatus::kCrash, "crashed", "crashed"},
                                 {CaseStatus::kTimeout, "timed out", "timed out"},
                                 {CaseStatus::kExpectedFail, "expected failure", "expected failures"},
                                 {CaseStatus::kUnexpectedPass, "unexpected pass", "unexpected passes"},
                                 {CaseStatus::kFlake, "flake", "flakes"}};
  std::string text;
  for (const Phrase& p : kPhrases) {
    const int n = t.Count(p.status);
    if (n > 0) text += ", " + std::to_string(n) + " " + (n == 1 ? p.one : p.many);
  }
  // Of the passes, apart: after the line's fixed start, which scripts read.
  if (t.other_behaviour > 0) {
    text += ", " + std::to_string(t.other_behaviour) + " passed under another admitted behaviour";
  }
  return text;
}

// "FAIL id: message", a multi-line message's further lines indented under it.
std::string OneLine(const CaseResult& r) {
  std::string text = Upper(StatusName(r.status)) + " " + r.id + ": ";
  const std::vector<std::string> lines = MessageLines(r.message);
  for (size_t i = 0; i < lines.size(); ++i) text += (i ? "\n  " : "") + lines[i];
  return text;
}

// The status and id with the file, the detail lines and, given rerun options, the command that reruns it.
void WriteDetails(std::ostream& out, const CaseResult& r, const RerunOptions* rerun) {
  out << "\n" << Upper(StatusName(r.status)) << " " << r.id << " (" << r.file << ")\n";
  for (const std::string& detail : DetailLines(r)) out << "  " << detail << "\n";
  if (rerun != nullptr) out << "  rerun: " << RerunCommand(r, *rerun) << "\n";
}

void WriteContextLine(std::ostream& out, const RunContext& c) {
  out << "dml-conform " << c.tool_version << " (" << c.git_revision << ") on " << c.host << ": backend " << c.backend
      << " [" << c.device << "]";
  if (!c.reference.empty()) out << " judged against reference " << c.reference << " [" << c.reference_device << "]";
  out << ", feature level " << c.feature_level << ", " << c.jobs << " jobs";
  if (!c.isolation.empty()) out << ", isolation " << c.isolation;
  if (!c.shard.empty()) out << ", shard " << c.shard;
  // The tags its --baseline's lines were matched against; on this line, which golden tests leave out.
  if (!c.tags.empty()) {
    out << "; tags";
    for (const auto& [key, value] : c.tags) out << " " << key << "=" << value;
  }
  out << "\n\n";
}

// The timed cases' lines in DxDispatch's words, each case's apart from the next when verbose.
void WriteTimings(std::ostream& out, const std::vector<CaseResult>& results, bool verbose) {
  bool any = false;
  for (const CaseResult& r : results) {
    const std::vector<std::string> lines = TimingLines(r, verbose);
    if (lines.empty()) continue;
    if (verbose && any) out << "\n";
    for (const std::string& line : lines) out << line << "\n";
    any = true;
  }
  if (any) out << "\n";
}

void WriteTotals(std::ostream& out, const RunContext& c, const RunTotals& t) {
  char seconds[32];
  std::snprintf(seconds, sizeof(seconds), "%.2f", c.duration_ms / 1000.0);
  out << t.cases << " cases: " << t.pass << " passed, " << t.fail << " failed, " << t.error << " errors, " << t.skip
      << " skipped" << MoreCounts(t) << " (" << seconds << " s)\n";
  if (c.interrupted) out << "interrupted: " << t.cases << " of " << c.planned_cases << " planned cases finished\n";
}

}  // namespace

// The report is built whole and made printable once on its way out: ids, files and messages come from
// case files and drivers, and a terminal must neither show invalid UTF-8 nor act on an escape sequence.
void WriteConsoleReport(std::ostream& terminal, const RunContext& c, const std::vector<CaseResult>& results,
                        const ConsoleOptions& options) {
  std::ostringstream out;
  const bool quiet = options.verbosity == Verbosity::kQuiet;
  const RunTotals totals = Tally(results);
  if (!quiet) {
    WriteContextLine(out, c);
    WriteTimings(out, results, options.verbosity == Verbosity::kVerbose);
    // A DxDispatch model's print lines, as DxDispatch prints them, so the transcripts diff.
    for (const CaseResult& r : results) {
      if (!r.transcript.empty()) out << r.transcript << "\n";
    }
    WriteTable(out, results, totals);
  }
  // What fails the run gets its details and a rerun command (quiet: one line). What a baseline or a
  // retry turned into success, and a pass under another admitted behaviour than its file expects, gets
  // one line after them, so it stays in sight without reading as a failure; a skip only when verbose.
  std::vector<std::string> noted;
  for (const CaseResult& r : results) {
    if (!CountsAsSuccess(r.status)) {
      if (quiet) {
        out << OneLine(r) << "\n";
      } else {
        WriteDetails(out, r, &options.rerun);
      }
    } else if (r.status == CaseStatus::kSkip && options.verbosity == Verbosity::kVerbose) {
      WriteDetails(out, r, nullptr);
    } else if (!quiet && (r.status == CaseStatus::kExpectedFail || r.status == CaseStatus::kFlake ||
                          PassedUnderAnotherBehaviour(r))) {
      noted.push_back(OneLine(r));
    }
  }
  if (!noted.empty()) out << "\n";
  for (const std::string& line : noted) out << line << "\n";
  out << (quiet ? "" : "\n");
  WriteTotals(out, c, totals);
  terminal << PrintableText(out.str());
}

void ProgressLine::Update(const CaseResult& result, size_t done, size_t total) {
  totals_.Add(result.status);
  if (!enabled_) return;
  std::string id = result.id;
  if (id.size() > 50) id = "..." + id.substr(id.size() - 47);
  id = PrintableText(id);  // after the cut, which may split a character
  // Every status but error that turns the run red counts as a failure here; crashes, the likeliest to
  // be a driver or tool bug rather than an operator's, are also counted on their own.
  const int failed = totals_.fail + totals_.crash + totals_.timeout + totals_.unexpected_pass;
  out_ << "\r\033[K[" << done << "/" << total << "] " << failed << " fail";
  if (totals_.crash > 0) out_ << " (" << totals_.crash << " crashed)";
  out_ << ", " << totals_.error << " error  " << id << std::flush;
}

void ProgressLine::Clear() {
  if (enabled_) out_ << "\r\033[K" << std::flush;
}

}  // namespace dmlc::app
