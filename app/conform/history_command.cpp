#include "app/conform/history_command.h"

#include <iostream>

#include <spdlog/spdlog.h>

#include "app/conform/commands.h"
#include "app/conform/report_files.h"
#include "app/history/history_format.h"
#include "app/history/history_inputs.h"
#include "app/html/runs_page.h"

namespace dmlc::app {

HistoryCommand::HistoryCommand(CLI::App& app)
    : command_(app.add_subcommand("history",
                                  "Read many runs' --report files as one history: each case's statuses across "
                                  "runs and configurations, flakes, and each regression's last good and first "
                                  "bad revision")) {
  command_->add_option("reports", reports_, "JSON reports, or folders of them (their *.json files)")
      ->required()
      ->check(CLI::ExistingPath);
  command_->add_option("--json", json_, "Write the history as JSON to this file");
  command_->add_option("--html", html_,
                       "Write the operators x runs matrix to this page, each run's own page in a folder beside it");
}

int HistoryCommand::Run() const {
  Result<std::vector<history::RunInput>> inputs = history::ReadRunReports(reports_);
  if (!inputs.ok()) {
    spdlog::error("{}", inputs.error().ToString());
    return kExitUsage;
  }
  const history::History h = history::BuildHistory(*inputs);
  history::WriteHistorySummary(std::cout, h);
  if (!json_.empty() &&
      !WriteReportFile(json_, "history", [&](std::ostream& out) { out << history::HistoryJson(h).dump(2) << "\n"; })) {
    return kExitUsage;
  }
  if (!html_.empty()) {
    if (std::optional<Error> e = html::WriteRunsPages(h, *inputs, html_)) {
      spdlog::error("{}", e->ToString());
      return kExitUsage;
    }
    spdlog::info("runs page written to {}", html_);
  }
  return h.regressions.empty() ? kExitOk : kExitFailures;
}

}  // namespace dmlc::app
