#include "app/conform/compare_command.h"

#include <iostream>

#include "app/html/html_report.h"

namespace dmlc::app {

void AddThresholdOptions(CLI::App& command, compare::Thresholds& thresholds) {
  command.add_option("--threshold", thresholds.relative,
                     "Relative slowdown of a median that counts as a regression (0.1 = 10%)")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  command.add_option("--noise-floor-ms", thresholds.noise_floor_ms,
                     "Slowdowns of at most this many milliseconds are noise, whatever their ratio")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
}

CompareCommand::CompareCommand(CLI::App& app)
    : command_(app.add_subcommand("compare",
                                  "Compare two JSON reports (dml-conform --report or dml-bench "
                                  "--benchmark_format=json): new failures, fixes, missing cases, timing "
                                  "regressions; exit 1 on any regression")) {
  command_->add_option("base", options_.base_path, "The baseline report")->required()->check(CLI::ExistingFile);
  command_->add_option("new", options_.new_path, "The report to judge")->required()->check(CLI::ExistingFile);
  AddThresholdOptions(*command_, options_.thresholds);
  command_->add_option("--format", format_, "Output format")
      ->check(CLI::IsMember({"text", "markdown"}))
      ->capture_default_str();
  command_->add_option("--html", html_,
                       "Also write NEW as one self-contained HTML page, its changes since BASE at the top "
                       "(dml-conform reports only)");
}

int CompareCommand::Run() const {
  compare::CompareOptions options = options_;
  // CLI::IsMember has already limited format_ to the names ParseOutputFormat accepts.
  options.format = compare::ParseOutputFormat(format_).value_or(compare::OutputFormat::kText);
  const int code = compare::RunCompare(options, std::cout, std::cerr);
  if (html_.empty() || code == compare::kCompareUsageError) return code;
  if (std::optional<Error> e = html::WriteHtmlReport({options.new_path, options.base_path, html_, options.thresholds})) {
    std::cerr << e->ToString() << "\n";
    return compare::kCompareUsageError;
  }
  return code;
}

}  // namespace dmlc::app
