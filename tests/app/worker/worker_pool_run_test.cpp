// The worker pool across starts and runs, with fake workers (fake_worker.h): workers that cannot start
// fail the run after three tries in a row, an interrupt abandons the running cases, and workers outlive
// a run unless it was abandoned or failed.
#include "app/worker/worker_pool.h"

#include <gtest/gtest.h>

#include <chrono>
#include <csignal>
#include <ostream>
#include <string>
#include <thread>
#include <vector>

#include "app/worker/interrupt.h"
#include "tests/app/worker/pool_runs.h"

namespace dmlc::app::worker {
namespace {

// Workers that cannot start, and the run's error.
struct StartFailure {
  const char* name;
  std::vector<FakeStart> starts;
  double timeout_s;
  std::string scope;
  std::string message;
  size_t started;
};

// Its name, in test names.
void PrintTo(const StartFailure& failure, std::ostream* out) { *out << failure.name; }

const std::string kDiedThrice = "workers died while starting, 3 times in a row; the last ";

const StartFailure kStartFailures[] = {
    {"Unavailable", {FakeStart::kUnavailable}, 0, "worker", kFakeUnavailable, 1},
    {"DiedThreeTimes", {FakeStart::kDie, FakeStart::kDie, FakeStart::kDie}, 0, "worker",
     kDiedThrice + "exited with code 7\n" + kFakeNoDevice, 3},
    // A device that never comes up: each worker is killed at the timeout, as a failed start.
    {"NeverReadyThreeTimes", {FakeStart::kHang, FakeStart::kHang, FakeStart::kHang}, 0.1, "worker",
     kDiedThrice + kFakeKilled.description, 3},
    {"NoProgram", {FakeStart::kNoProgram}, 0, "fake launcher", "no such program", 0},
};

class WorkerPoolStartTest : public ::testing::TestWithParam<StartFailure> {};

TEST_P(WorkerPoolStartTest, FailsTheRun) {
  const StartFailure& failure = GetParam();
  FakeLauncher launcher({failure.starts});
  WorkerPool pool(PoolOf(launcher, 1, failure.timeout_s));
  const Ran ran = RunCases(pool, 2);
  ASSERT_FALSE(ran.status.ok());
  EXPECT_EQ(ran.status.error().scope, failure.scope);
  EXPECT_EQ(ran.status.error().message, failure.message);
  EXPECT_TRUE(ran.results.empty());
  EXPECT_EQ(pool.started(), failure.started);
  EXPECT_FALSE(pool.device().has_value());
  for (size_t i = 0; i < launcher.launched(); ++i) {
    EXPECT_EQ(launcher.Record(i).killed, failure.timeout_s > 0) << "worker " << i;
  }
}

INSTANTIATE_TEST_SUITE_P(Failures, WorkerPoolStartTest, ::testing::ValuesIn(kStartFailures),
                         [](const ::testing::TestParamInfo<StartFailure>& info) { return std::string(info.param.name); });

TEST(WorkerPoolRunTest, AReadyWorkerStartsTheCountOfFailedStartsAgain) {
  const FakeStart die = FakeStart::kDie;
  FakeLauncher launcher({{die, die, FakeStart::kReady, die, die}, {{"c0", FakeAct::kCrash}}});
  WorkerPool pool(PoolOf(launcher));
  const Ran ran = RunCases(pool, 2);
  ASSERT_TRUE(ran.status.ok()) << ran.status.error().ToString();
  ASSERT_EQ(ran.results.size(), 2u);
  EXPECT_TRUE(Is(ran.results[0], 0, CaseStatus::kCrash,
                 std::string("its worker process ended while running it: ") + kFakeCrash.description +
                     "; its last stderr lines:\nfake: crashing on c0"));
  EXPECT_TRUE(Is(ran.results[1], 1, CaseStatus::kPass, "fake pass"));
  EXPECT_EQ(pool.started(), 6u);
  EXPECT_EQ(launcher.Record(5).requests, (Ids{"c1"}));
}

// SIGINT as the run command takes it (InterruptSignal() as the abandon callback), raised once the first
// case is settled: the worker hung on the second case is killed, that case left unsettled, and the idle
// worker is killed too; the next run starts afresh.
TEST(WorkerPoolRunTest, InterruptAbandonsTheRunningCasesAndKillsEveryWorker) {
  if (InterruptSignal() != 0) GTEST_SKIP() << "an interrupt latches for the process's life: once per process";
  FakeLauncher launcher({{}, {{"c1", FakeAct::kHang}}});
  // One case a worker, so that c0 and c1 are on two workers and c0's result is the only one.
  PoolOptions options = PoolOf(launcher, 2);
  options.in_flight = 1;
  WorkerPool pool(options);
  InstallInterruptHandlers();
  PoolCallbacks callbacks;
  callbacks.on_result = [](size_t, CaseResult) { std::raise(SIGINT); };
  callbacks.abandon = [] { return InterruptSignal() != 0; };
  const Ran ran = RunCases(pool, 4, callbacks);
  EXPECT_EQ(InterruptSignal(), SIGINT);
  ASSERT_TRUE(ran.status.ok());
  ASSERT_EQ(ran.results.size(), 1u);
  EXPECT_TRUE(Is(ran.results[0], 0, CaseStatus::kPass, "fake pass"));
  EXPECT_EQ(pool.started(), 2u);
  EXPECT_TRUE(launcher.Record(0).killed);
  EXPECT_TRUE(launcher.Record(1).killed);
  const Ran next = RunCases(pool, 1);
  ASSERT_EQ(next.results.size(), 1u);
  EXPECT_TRUE(Is(next.results[0], 0, CaseStatus::kPass, "fake pass"));
  EXPECT_EQ(pool.started(), 3u);
}

TEST(WorkerPoolRunTest, StopStartingLetsTheWorkerOutliveTheRun) {
  FakeLauncher launcher;
  WorkerPool pool(PoolOf(launcher));
  bool stop = false;
  PoolCallbacks callbacks;
  callbacks.on_result = [&](size_t, CaseResult) { stop = true; };
  callbacks.stop_starting = [&] { return stop; };
  const Ran first = RunCases(pool, 3, callbacks);
  ASSERT_TRUE(first.status.ok());
  // c1 was queued behind c0 before c0's result stopped the starting: it still finishes; c2 never goes.
  ASSERT_EQ(first.results.size(), 2u);
  EXPECT_TRUE(Is(first.results[0], 0, CaseStatus::kPass, "fake pass"));
  EXPECT_TRUE(Is(first.results[1], 1, CaseStatus::kPass, "fake pass"));
  const Ran second = RunCases(pool, 2);
  ASSERT_EQ(second.results.size(), 2u);
  EXPECT_TRUE(Is(second.results[1], 1, CaseStatus::kPass, "fake pass"));
  EXPECT_EQ(pool.started(), 1u);
  EXPECT_EQ(launcher.Record(0).requests, (Ids{"c0", "c1", "c0", "c1"}));
  EXPECT_FALSE(launcher.Record(0).killed);
}

TEST(WorkerPoolRunTest, WorkerThatDiedBetweenRunsIsReplaced) {
  FakeLauncher launcher;
  WorkerPool pool(PoolOf(launcher));
  ASSERT_EQ(RunCases(pool, 1).results.size(), 1u);
  launcher.Exit(0, 0);
  // Each reader queues the end of its stream right after reading it: a moment for that.
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  const Ran ran = RunCases(pool, 1);
  ASSERT_EQ(ran.results.size(), 1u);
  EXPECT_TRUE(Is(ran.results[0], 0, CaseStatus::kPass, "fake pass"));
  EXPECT_EQ(pool.started(), 2u);
  EXPECT_EQ(launcher.Record(1).requests, (Ids{"c0"}));
}

// A worker that exits by itself after the run's last case (a lost device) is waited for, not left to
// the next run, which starts a fresh one.
TEST(WorkerPoolRunTest, WorkerExitingAfterTheLastCaseIsReplacedByTheNextRun) {
  FakeLauncher launcher({{}, {{"c0", FakeAct::kLoseDevice}}});
  WorkerPool pool(PoolOf(launcher));
  const Ran first = RunCases(pool, 1);
  ASSERT_EQ(first.results.size(), 1u);
  EXPECT_TRUE(Is(first.results[0], 0, CaseStatus::kError, "fake device lost"));
  EXPECT_EQ(pool.started(), 1u);
  const Ran second = RunCases(pool, 2);
  ASSERT_EQ(second.results.size(), 2u);
  EXPECT_TRUE(Is(second.results[0], 0, CaseStatus::kError, "fake device lost"));
  EXPECT_TRUE(Is(second.results[1], 1, CaseStatus::kPass, "fake pass"));
  EXPECT_EQ(pool.started(), 3u);
  EXPECT_EQ(launcher.Record(1).requests, (Ids{"c0"}));
  EXPECT_EQ(launcher.Record(2).requests, (Ids{"c1"}));
}

}  // namespace
}  // namespace dmlc::app::worker
