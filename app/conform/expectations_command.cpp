#include "app/conform/expectations_command.h"

#include <iostream>

#include <spdlog/spdlog.h>

#include "app/conform/commands.h"
#include "app/history/history_inputs.h"
#include "app/policy/expectations_update.h"
#include "app/report/report_reader.h"
#include "backends/cache_files.h"

namespace dmlc::app {
namespace {

using policy::ExpectationChange;

constexpr std::string_view kByteOrderMark = "\xEF\xBB\xBF";

// Reports as `history` reads them (a folder: its *.json files, in name order).
Result<std::vector<policy::ReportEvidence>> ReadEvidence(const std::vector<std::string>& paths) {
  Result<std::vector<history::RunInput>> read = history::ReadRunReports(paths);
  if (!read.ok()) return read.error();
  std::vector<policy::ReportEvidence> reports;
  for (const auto& [file, report] : *read) {
    reports.push_back(policy::EvidenceOf(report, file));
    if (reports.back().derived_tags) {
      spdlog::warn("{}: the report has no context.tags (written before tags existed); its tags are derived: {}", file,
                   policy::FormatTags(reports.back().tags));
    }
  }
  return reports;
}

// `-LINE: TEXT` for what goes, `+LINE: TEXT` for what comes (a status change is both), then why,
// indented, as a diff a reviewer reads: the file's old line numbers on '-', its new ones on '+'.
void PrintChange(std::ostream& out, const ExpectationChange& c) {
  if (c.old_line > 0) out << "-" << c.old_line << ": " << c.old_text << "\n";
  if (c.new_line > 0) out << "+" << c.new_line << ": " << c.new_text << "\n";
  out << "    " << c.why << "\n";
}

}  // namespace

ExpectationsCommand::ExpectationsCommand(CLI::App& app) {
  CLI::App* expectations = app.add_subcommand("expectations", "Keep a tagged expectations file (--baseline) true");
  expectations->require_subcommand(1);
  update_ = expectations->add_subcommand(
      "update",
      "Remove the lines whose cases passed on every matching run in the reports, add the failures no line "
      "covers; exit 1 when the file changed");
  update_->add_option("file", file_, "The expectations file: [ tags ] id,status,cause lines")->required();
  update_->add_option("reports", reports_, "JSON reports of the runs it judges, or folders of them")->required();
  update_->add_flag("--dry-run", dry_run_, "Print the changes and write nothing");
}

int ExpectationsCommand::Run() const {
  Result<std::string> read = ReadTextFile(file_);
  if (!read.ok()) {
    spdlog::error("{}", read.error().ToString());
    return kExitUsage;
  }
  // A byte-order mark is no part of the first line; it is written back as it was.
  std::string_view text = *read;
  const bool marked = text.starts_with(kByteOrderMark);
  if (marked) text.remove_prefix(kByteOrderMark.size());

  Result<std::vector<policy::ReportEvidence>> reports = ReadEvidence(reports_);
  if (!reports.ok()) {
    spdlog::error("{}", reports.error().ToString());
    return kExitUsage;
  }
  Result<policy::ExpectationsUpdate> update = policy::UpdateExpectations(text, file_, *reports);
  if (!update.ok()) {
    spdlog::error("{}", update.error().ToString());
    return kExitUsage;
  }

  int removed = 0, added = 0, changed = 0;
  for (const ExpectationChange& c : update->changes) {
    PrintChange(std::cout, c);
    removed += c.kind == ExpectationChange::Kind::kRemoved;
    added += c.kind == ExpectationChange::Kind::kAdded;
    changed += c.kind == ExpectationChange::Kind::kStatusChanged;
  }
  for (const std::string& note : update->notes) std::cout << "note: " << note << "\n";
  std::cout << file_ << ": " << removed << " removed, " << added << " added, " << changed << " changed, " << update->kept
            << " kept (" << reports->size() << (reports->size() == 1 ? " report)" : " reports)");
  if (update->Changed()) std::cout << (dry_run_ ? "; dry run, not written" : "; written");
  std::cout << std::endl;

  if (update->Changed() && !dry_run_) {
    const std::string bytes = (marked ? std::string(kByteOrderMark) : "") + update->text;
    if (Status written = backends::WriteFileAtomically(file_, bytes); !written.ok()) {
      spdlog::error("{}", written.error().ToString());
      return kExitUsage;
    }
  }
  return update->Stale() ? kExitFailures : kExitOk;
}

}  // namespace dmlc::app
