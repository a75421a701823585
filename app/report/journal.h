// The journal beside a --report file (REPORT.journal): the context, then one line per case as it
// finishes, each flushed at once, so that a run killed outright (SIGKILL, a lost machine) leaves every
// result it finished. The report itself is written whole at the end, to a temporary file renamed over
// it, so it is never half-written; then the journal is removed. `run --resume REPORT` reads both.
// Not thread-safe: one writer.
#pragma once

#include <cstdio>
#include <filesystem>
#include <memory>
#include <vector>

#include "app/engine/case_result.h"
#include "app/report/report_reader.h"
#include "ops/error.h"

namespace dmlc::app {

class Journal {
 public:
  static std::filesystem::path PathFor(const std::filesystem::path& report);
  // Starts the journal of `report` afresh with the run's context.
  static Result<Journal> Create(const std::filesystem::path& report, const RunContext& context);

  // One line, flushed; an error when it could not be written (the disk is full).
  Status Append(const CaseResult& result);
  // Once the report is written: the journal has nothing left to save.
  void Remove();

 private:
  struct Closer {
    void operator()(std::FILE* f) const { std::fclose(f); }
  };
  std::filesystem::path path_;
  std::unique_ptr<std::FILE, Closer> file_;
};

// A journal's context and results, the last line for an id winning; a torn last line (the process died
// while writing it) is left out.
Result<RunReport> ReadJournal(const std::filesystem::path& path);

// The results of `report` and of its journal, either of which may be missing (not both): what a run
// that wrote `report` finished. The journal's results replace the report's of the same id.
Result<RunReport> ReadFinished(const std::filesystem::path& report);

}  // namespace dmlc::app
