#include "app/conform/html_command.h"

#include <spdlog/spdlog.h>

#include "app/conform/commands.h"
#include "app/conform/compare_command.h"

namespace dmlc::app {

HtmlCommand::HtmlCommand(CLI::App& app)
    : command_(app.add_subcommand("html",
                                  "Write one self-contained HTML page of a --report file: the operator x type "
                                  "matrix, the failing cases with heat maps of their wrong elements, and with "
                                  "--base what changed")) {
  command_->add_option("report", options_.report, "The run's JSON report")->required()->check(CLI::ExistingFile);
  command_->add_option("--base", options_.base, "A report to compare against, as `compare` does")
      ->check(CLI::ExistingFile);
  command_->add_option("-o,--output", options_.output, "The page to write")->required();
  AddThresholdOptions(*command_, options_.thresholds);  // with --base, as compare judges timings
}

int HtmlCommand::Run() const {
  if (std::optional<Error> e = html::WriteHtmlReport(options_)) {
    spdlog::error("{}", e->ToString());
    return kExitUsage;
  }
  return kExitOk;
}

}  // namespace dmlc::app
