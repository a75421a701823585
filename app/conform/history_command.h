// `dml-conform history REPORT... | FOLDER [--json FILE] [--html FILE]`: the runs' reports as one
// history (app/history): the console summary, its JSON, and the runs page (app/html/runs_page.h).
// Exit 0 when no case regressed, 1 when one did (flakes and always failing cases leave it 0), 2 when a
// report cannot be read or a file cannot be written. Owns its parsed options; lives as long as `app`.
#pragma once

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace dmlc::app {

class HistoryCommand {
 public:
  explicit HistoryCommand(CLI::App& app);
  HistoryCommand(const HistoryCommand&) = delete;
  HistoryCommand& operator=(const HistoryCommand&) = delete;

  bool parsed() const { return command_->parsed(); }
  int Run() const;

 private:
  CLI::App* command_;
  std::vector<std::string> reports_;
  std::string json_;
  std::string html_;
};

}  // namespace dmlc::app
