#include "app/report/console_report.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <map>
#include <string>

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

void WriteTable(std::ostream& out, const std::vector<CaseResult>& results) {
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
  auto line = [&](const std::string& op, const std::string& types, const std::string& pass, const std::string& fail,
                  const std::string& error, const std::string& skip) {
    out << Pad(op, op_width) << "  " << Pad(types, type_width) << "  " << PadLeft(pass, 5) << "  " << PadLeft(fail, 5)
        << "  " << PadLeft(error, 5) << "  " << PadLeft(skip, 5) << "\n";
  };
  line("operator", "data types", "pass", "fail", "error", "skip");
  for (const auto& [key, t] : rows) {
    line(key.first, key.second, std::to_string(t.pass), std::to_string(t.fail), std::to_string(t.error),
         std::to_string(t.skip));
  }
  const RunTotals t = Tally(results);
  line("total", "", std::to_string(t.pass), std::to_string(t.fail), std::to_string(t.error), std::to_string(t.skip));
}

}  // namespace

void WriteConsoleReport(std::ostream& out, const RunContext& c, const std::vector<CaseResult>& results,
                        const ConsoleOptions& options) {
  const bool quiet = options.verbosity == Verbosity::kQuiet;
  if (!quiet) {
    out << "dml-conform " << c.tool_version << " (" << c.git_revision << ") on " << c.host << ": backend " << c.backend
        << " [" << c.device << "], feature level " << c.feature_level << ", " << c.jobs << " jobs\n\n";
    WriteTable(out, results);
  }
  for (const CaseResult& r : results) {
    const bool show = r.status == CaseStatus::kFail || r.status == CaseStatus::kError ||
                      (r.status == CaseStatus::kSkip && options.verbosity == Verbosity::kVerbose);
    if (!show) continue;
    if (quiet) {
      out << Upper(StatusName(r.status)) << " " << r.id << ": " << r.message << "\n";
      continue;
    }
    out << "\n" << Upper(StatusName(r.status)) << " " << r.id << " (" << r.file << ")\n";
    for (const std::string& detail : DetailLines(r)) out << "  " << detail << "\n";
    if (r.status != CaseStatus::kSkip) out << "  rerun: " << RerunCommand(r, options.rerun) << "\n";
  }
  const RunTotals t = Tally(results);
  char seconds[32];
  std::snprintf(seconds, sizeof(seconds), "%.2f", c.duration_ms / 1000.0);
  out << (quiet ? "" : "\n") << t.cases << " cases: " << t.pass << " passed, " << t.fail << " failed, " << t.error
      << " errors, " << t.skip << " skipped (" << seconds << " s)\n";
}

void ProgressLine::Update(const CaseResult& result, size_t done, size_t total) {
  totals_.Add(result.status);
  if (!enabled_) return;
  std::string id = result.id;
  if (id.size() > 50) id = "..." + id.substr(id.size() - 47);
  out_ << "\r\033[K[" << done << "/" << total << "] " << totals_.fail << " fail, " << totals_.error << " error  " << id
       << std::flush;
}

void ProgressLine::Clear() {
  if (enabled_) out_ << "\r\033[K" << std::flush;
}

}  // namespace dmlc::app
