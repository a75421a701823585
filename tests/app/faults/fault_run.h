// What the fault tests share: a folder of case files, a quiet run of one of them through the real `run`
// command with a short timeout, and its report read back.
#pragma once

#include <gtest/gtest.h>

#include <string>

#include "app/conform/commands.h"
#include "app/report/report_reader.h"
#include "tests/app/case/temp_dir.h"

namespace dmlc::app::testing {

class FaultRun : public ::testing::Test {
 protected:
  // `file` of the test's folder on `backend`, 2 s a case, its report in the folder's report.json.
  RunCommandOptions QuietRun(const std::string& file, const std::string& backend) {
    RunCommandOptions o;
    o.paths = {(dir_.path() / file).string()};
    o.backend = backend;
    o.report = (dir_.path() / "report.json").string();
    o.verbosity = Verbosity::kQuiet;
    o.timeout_s = 2;
    return o;
  }
  RunReport Report() {
    Result<RunReport> report = ReadJsonReport(dir_.path() / "report.json");
    EXPECT_TRUE(report.ok()) << report.error().ToString();
    return report.ok() ? *report : RunReport{};
  }
  TempDir dir_;
};

}  // namespace dmlc::app::testing
