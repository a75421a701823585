// A crashing, aborting, hanging or early-exiting worker, and a lost device, each cost exactly their own
// case: `run` (the real command, with worker processes that are this test program) marks it crash,
// timeout or error with how it ended, starts a fresh worker and keeps every other case's result.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "app/conform/commands.h"
#include "app/report/report_reader.h"
#include "app/worker/process.h"
#include "app/worker/worker_args.h"
#include "app/worker/worker_pool.h"
#include "tests/app/case/temp_dir.h"
#include "tests/app/faults/diagonal_cases.h"
#include "tests/app/faults/fault_run.h"
#include "tests/app/faults/faulty_backend.h"

namespace dmlc::app::testing {
namespace {

class FaultIsolation : public FaultRun {
 protected:
  RunCommandOptions Options(const std::string& file) {
    RunCommandOptions o = QuietRun(file, "faulty");
    o.junit = (dir_.path() / "report.xml").string();
    return o;
  }
};

TEST_F(FaultIsolation, EachFaultCostsOnlyItsCase) {
  dir_.Write("faults.json", CaseFile({{"ok_a", 1},
                                      {"segfault", static_cast<int>(Fault::kSegfault)},
                                      {"ok_b", 2},
                                      {"abort", static_cast<int>(Fault::kAbort)},
                                      {"ok_c", 3},
                                      {"hang", static_cast<int>(Fault::kHang)},
                                      {"ok_d", 4},
                                      {"exit", static_cast<int>(Fault::kExit)},
                                      {"ok_e", 5},
                                      {"device_lost", static_cast<int>(Fault::kDeviceLost)},
                                      {"ok_f", 6}}));
  for (int jobs : {1, 2}) {
    SCOPED_TRACE("jobs " + std::to_string(jobs));
    RunCommandOptions o = Options("faults.json");
    o.jobs = jobs;
    EXPECT_EQ(RunCommand(o), kExitFailures);

    const RunReport report = Report();
    std::map<std::string, CaseResult> r = ById(report);
    ASSERT_EQ(r.size(), 11u);
    for (const char* ok : {"ok_a", "ok_b", "ok_c", "ok_d", "ok_e", "ok_f"}) {
      EXPECT_EQ(r[std::string("faults/") + ok].status, CaseStatus::kPass) << ok << ": " << r[std::string("faults/") + ok].message;
    }
    const CaseResult& segfault = r["faults/segfault"];
    EXPECT_EQ(segfault.status, CaseStatus::kCrash);
#ifdef _WIN32
    EXPECT_NE(segfault.message.find("0xC0000005 (access violation)"), std::string::npos) << segfault.message;
#else
    EXPECT_NE(segfault.message.find("killed by signal 11 (SIGSEGV)"), std::string::npos) << segfault.message;
#endif
    EXPECT_EQ(segfault.operator_name, "DIAGONAL_MATRIX");  // the parent describes a case its worker never reported
    EXPECT_EQ(r["faults/abort"].status, CaseStatus::kCrash);
#ifndef _WIN32
    EXPECT_NE(r["faults/abort"].message.find("SIGABRT"), std::string::npos) << r["faults/abort"].message;
#endif
    EXPECT_EQ(r["faults/hang"].status, CaseStatus::kTimeout);
    EXPECT_NE(r["faults/hang"].message.find("ran past the timeout of 2 s; its worker was killed"), std::string::npos);
    EXPECT_GE(r["faults/hang"].duration_ms, 2000);
    EXPECT_EQ(r["faults/exit"].status, CaseStatus::kCrash);
    EXPECT_NE(r["faults/exit"].message.find("exited with code 3"), std::string::npos) << r["faults/exit"].message;
    EXPECT_EQ(r["faults/device_lost"].status, CaseStatus::kError);
    EXPECT_TRUE(r["faults/device_lost"].device_lost);
    EXPECT_NE(r["faults/device_lost"].message.find("VK_ERROR_DEVICE_LOST"), std::string::npos);

    EXPECT_EQ(report.context.isolation, "process");
    EXPECT_EQ(report.context.device, "faulty CPU");
    EXPECT_FALSE(report.context.interrupted);
    const RunTotals t = Tally(report.results);
    EXPECT_EQ(t.pass, 6);
    EXPECT_EQ(t.crash, 3);
    EXPECT_EQ(t.timeout, 1);
    EXPECT_EQ(t.error, 1);
    // The journal is gone once the report is written.
    EXPECT_FALSE(std::filesystem::exists(dir_.path() / "report.json.journal"));
  }
}

TEST_F(FaultIsolation, ABaselineExpectsTheCrashAndCatchesAnUnexpectedPass) {
  dir_.Write("faults.json", CaseFile({{"ok", 1}, {"segfault", static_cast<int>(Fault::kSegfault)}}));
  const std::filesystem::path baseline = dir_.Write("baseline.csv", "faults/segfault,crash\nfaults/ok,fail\n");
  RunCommandOptions o = Options("faults.json");
  o.baseline = baseline.string();
  o.retries = 2;
  o.write_baseline = (dir_.path() / "written.csv").string();
  EXPECT_EQ(RunCommand(o), kExitFailures);  // the unexpected pass keeps the baseline honest
  std::map<std::string, CaseResult> r = ById(Report());
  EXPECT_EQ(r["faults/segfault"].status, CaseStatus::kExpectedFail);
  EXPECT_EQ(r["faults/segfault"].attempts, 1);  // an expected failure is not retried
  EXPECT_EQ(r["faults/ok"].status, CaseStatus::kUnexpectedPass);
}

TEST_F(FaultIsolation, RetriesRerunACrashAndKeepItWhenItCrashesAgain) {
  dir_.Write("faults.json", CaseFile({{"ok", 1}, {"segfault", static_cast<int>(Fault::kSegfault)}}));
  RunCommandOptions o = Options("faults.json");
  o.retries = 2;
  EXPECT_EQ(RunCommand(o), kExitFailures);
  std::map<std::string, CaseResult> r = ById(Report());
  EXPECT_EQ(r["faults/segfault"].status, CaseStatus::kCrash);
  EXPECT_EQ(r["faults/segfault"].attempts, 3);
  EXPECT_EQ(r["faults/ok"].attempts, 1);
}

TEST_F(FaultIsolation, AKnownFlakeCountsAsSuccess) {
  dir_.Write("faults.json", CaseFile({{"ok", 1}, {"exit", static_cast<int>(Fault::kExit)}}));
  const std::filesystem::path flakes = dir_.Write("flakes.txt", "# exits now and then\nfaults/ex*\n");
  RunCommandOptions o = Options("faults.json");
  o.flakes = flakes.string();
  EXPECT_EQ(RunCommand(o), kExitOk);
  std::map<std::string, CaseResult> r = ById(Report());
  EXPECT_EQ(r["faults/exit"].status, CaseStatus::kFlake);
}

TEST_F(FaultIsolation, WithoutIsolationTheRunStaysInProcess) {
  dir_.Write("ok.json", CaseFile({{"a", 1}, {"b", 2}, {"lost", static_cast<int>(Fault::kDeviceLost)}}));
  RunCommandOptions o = Options("ok.json");
  o.isolation = "none";
  EXPECT_EQ(RunCommand(o), kExitFailures);
  const RunReport report = Report();
  EXPECT_EQ(report.context.isolation, "none");
  EXPECT_EQ(Tally(report.results).pass, 2);
}

TEST_F(FaultIsolation, AnUnavailableBackendIsAUsageErrorNamingWhy) {
  dir_.Write("ok.json", CaseFile({{"a", 1}}));
  RunCommandOptions o = Options("ok.json");
  o.device = "7";  // the faulty backend's cpu has one device
  o.backend = "cpu";
  EXPECT_EQ(RunCommand(o), kExitUsage);
}

}  // namespace
}  // namespace dmlc::app::testing

namespace dmlc::app::testing {
namespace {

// Workers outlive a run: the next run's cases go to the same process (its device, its warm pipelines),
// cases may come as text with no file on disk, and a worker that crashes in a later run is replaced.
TEST(WorkerPoolReuse, WorkersOutliveARunAndTakeTheNextRunsCases) {
  worker::WorkerOptions w;
  w.backend = "faulty";
  worker::PoolOptions options = worker::WorkerPoolOptions(worker::CurrentExecutable().string(), w);
  options.timeout_s = 30;
  worker::WorkerPool pool(options);

  TempDir dir;
  auto run = [&](int value) {
    // Each run's file is new: a worker's kept parse of the last one must not answer for it.
    const std::string file = dir.Write("run" + std::to_string(value) + ".json", CaseFile({{"case", value}})).string();
    std::vector<CaseResult> results;
    worker::PoolCallbacks callbacks;
    callbacks.on_result = [&](size_t, CaseResult r) { results.push_back(std::move(r)); };
    const std::string id = "run" + std::to_string(value) + "/case";
    EXPECT_TRUE(pool.Run({{file, dir.path().string(), id, ""}}, callbacks).ok());
    EXPECT_EQ(results.size(), 1u);
    return results.empty() ? CaseResult{} : results[0];
  };
  EXPECT_EQ(run(1).status, CaseStatus::kPass);
  EXPECT_EQ(run(2).status, CaseStatus::kPass);
  EXPECT_EQ(pool.started(), 1u);
  EXPECT_EQ(run(static_cast<int>(Fault::kSegfault)).status, CaseStatus::kCrash);
  const CaseResult after = run(3);
  EXPECT_EQ(after.status, CaseStatus::kPass) << after.message;
  EXPECT_EQ(pool.started(), 2u);
}

}  // namespace
}  // namespace dmlc::app::testing
