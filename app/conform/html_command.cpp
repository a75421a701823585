#include "app/conform/html_command.h"

#include <spdlog/spdlog.h>

#include "app/conform/commands.h"
#include "app/conform/compare_command.h"
#include "app/history/history_inputs.h"
#include "app/html/runs_page.h"

namespace dmlc::app {

HtmlCommand::HtmlCommand(CLI::App& app)
    : command_(app.add_subcommand("html",
                                  "Write one self-contained HTML page of a --report file: the operator x type "
                                  "matrix, the failing cases with heat maps of their wrong elements, and with "
                                  "--base what changed; with --runs, the operators x runs matrix of many runs")) {
  command_->add_option("report", reports_, "The run's JSON report; with --runs, reports or folders of them")
      ->required()
      ->check(CLI::ExistingPath);
  command_->add_flag("--runs", runs_,
                     "Draw many runs: operators by runs grouped by configuration, each cell linking to the run's "
                     "own page, written into a folder beside the page");
  command_->add_option("--base", options_.base, "A report to compare against, as `compare` does")
      ->check(CLI::ExistingFile);
  command_->add_option("-o,--output", options_.output, "The page to write")->required();
  AddThresholdOptions(*command_, options_.thresholds);  // with --base, as compare judges timings
}

int HtmlCommand::Run() {
  if (runs_) return RunsPage();
  if (reports_.size() != 1) {
    spdlog::error("html: one report, or --runs for {}", reports_.size());
    return kExitUsage;
  }
  options_.report = reports_.front();
  if (std::optional<Error> e = html::WriteHtmlReport(options_)) {
    spdlog::error("{}", e->ToString());
    return kExitUsage;
  }
  return kExitOk;
}

int HtmlCommand::RunsPage() const {
  if (!options_.base.empty()) {
    spdlog::error("html: --runs draws runs side by side; --base compares one run with another, not with --runs");
    return kExitUsage;
  }
  Result<std::vector<history::RunInput>> inputs = history::ReadRunReports(reports_);
  if (!inputs.ok()) {
    spdlog::error("{}", inputs.error().ToString());
    return kExitUsage;
  }
  if (std::optional<Error> e = html::WriteRunsPages(history::BuildHistory(*inputs), *inputs, options_.output)) {
    spdlog::error("{}", e->ToString());
    return kExitUsage;
  }
  return kExitOk;
}

}  // namespace dmlc::app
