// The worker pool's state machine (worker_slot.h) driven through WorkerPool::Run with fake workers
// (fake_worker.h): each fault costs exactly its case, settled with the status and message the pool
// gives, and the tests count the workers started, as the pool's restart rules say.
#include "app/worker/worker_pool.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/app/worker/pool_runs.h"

namespace dmlc::app::worker {
namespace {

TEST(WorkerPoolTest, OneWorkerAnswersEveryCaseInOrder) {
  FakeLauncher launcher;
  WorkerPool pool(PoolOf(launcher));
  const Ran ran = RunCases(pool, 3);
  ASSERT_TRUE(ran.status.ok()) << ran.status.error().ToString();
  ASSERT_EQ(ran.results.size(), 3u);
  for (size_t i = 0; i < 3; ++i) EXPECT_TRUE(Is(ran.results[i], i, CaseStatus::kPass, "fake pass"));
  EXPECT_EQ(pool.started(), 1u);
  ASSERT_EQ(launcher.launched(), 1u);
  EXPECT_EQ(launcher.Record(0).argv, (Ids{"fake-worker", "--worker"}));
  EXPECT_EQ(launcher.Record(0).requests, (Ids{"c0", "c1", "c2"}));
  ASSERT_TRUE(pool.device().has_value());
  EXPECT_EQ(pool.device()->device, "fake device");
  EXPECT_EQ(pool.device()->driver, "fake driver");
}

TEST(WorkerPoolTest, CasesSpreadOverTheWorkers) {
  FakeLauncher launcher;
  WorkerPool pool(PoolOf(launcher, 2));
  const Ran ran = RunCases(pool, 4);
  ASSERT_TRUE(ran.status.ok());
  std::vector<bool> seen(4, false);
  for (const auto& result : ran.results) {
    ASSERT_LT(result.first, 4u);
    EXPECT_TRUE(Is(result, result.first, CaseStatus::kPass, "fake pass"));
    seen[result.first] = true;
  }
  EXPECT_EQ(seen, std::vector<bool>(4, true));
  EXPECT_EQ(pool.started(), 2u);
  EXPECT_EQ(launcher.Record(0).requests.size() + launcher.Record(1).requests.size(), 4u);
}

TEST(WorkerPoolTest, CrashSettlesItsCaseWithItsStderrAndAFreshWorkerGoesOn) {
  FakeLauncher launcher({{}, {{"c1", FakeAct::kCrash}}});
  WorkerPool pool(PoolOf(launcher));
  const Ran ran = RunCases(pool, 3);
  ASSERT_TRUE(ran.status.ok());
  ASSERT_EQ(ran.results.size(), 3u);
  EXPECT_TRUE(Is(ran.results[0], 0, CaseStatus::kPass, "fake pass"));
  EXPECT_TRUE(Is(ran.results[1], 1, CaseStatus::kCrash,
                 std::string("its worker process ended while running it: ") + kFakeCrash.description +
                     "; its last stderr lines:\nfake: crashing on c1"));
  EXPECT_TRUE(Is(ran.results[2], 2, CaseStatus::kPass, "fake pass"));
  EXPECT_EQ(pool.started(), 2u);
  EXPECT_EQ(launcher.Record(0).requests, (Ids{"c0", "c1"}));
  EXPECT_FALSE(launcher.Record(0).killed);
  EXPECT_EQ(launcher.Record(1).requests, (Ids{"c2"}));
}

TEST(WorkerPoolTest, EarlyExitBeforeAnsweringIsACrash) {
  FakeLauncher launcher({{}, {{"c0", FakeAct::kExit}}});
  WorkerPool pool(PoolOf(launcher));
  const Ran ran = RunCases(pool, 2);
  ASSERT_TRUE(ran.status.ok());
  ASSERT_EQ(ran.results.size(), 2u);
  EXPECT_TRUE(Is(ran.results[0], 0, CaseStatus::kCrash, "its worker process ended while running it: exited with code 5"));
  EXPECT_TRUE(Is(ran.results[1], 1, CaseStatus::kPass, "fake pass"));
  EXPECT_EQ(pool.started(), 2u);
}

TEST(WorkerPoolTest, HungCaseTimesOutAndItsWorkerIsKilledAndReplaced) {
  FakeLauncher launcher({{}, {{"c0", FakeAct::kHang}}});
  WorkerPool pool(PoolOf(launcher, 1, 0.25));
  const Ran ran = RunCases(pool, 2);
  ASSERT_TRUE(ran.status.ok());
  ASSERT_EQ(ran.results.size(), 2u);
  EXPECT_TRUE(Is(ran.results[0], 0, CaseStatus::kTimeout, "ran past the timeout of 0.25 s; its worker was killed"));
  EXPECT_GE(ran.results[0].second.duration_ms, 250);
  EXPECT_TRUE(Is(ran.results[1], 1, CaseStatus::kPass, "fake pass"));
  EXPECT_EQ(pool.started(), 2u);
  EXPECT_TRUE(launcher.Record(0).killed);
  EXPECT_EQ(launcher.Record(1).requests, (Ids{"c1"}));
}

TEST(WorkerPoolTest, GarbledLineStopsTheWorkerAndCrashesItsCase) {
  FakeLauncher launcher({{}, {{"c0", FakeAct::kGarble}}});
  WorkerPool pool(PoolOf(launcher));
  const Ran ran = RunCases(pool, 2);
  ASSERT_TRUE(ran.status.ok());
  ASSERT_EQ(ran.results.size(), 2u);
  EXPECT_TRUE(Is(ran.results[0], 0, CaseStatus::kCrash,
                 "the worker running the case broke the protocol and was stopped: not a worker message: '" +
                     std::string(kFakeGarble) + "'"));
  EXPECT_TRUE(Is(ran.results[1], 1, CaseStatus::kPass, "fake pass"));
  EXPECT_EQ(pool.started(), 2u);
  EXPECT_TRUE(launcher.Record(0).killed);
}

TEST(WorkerPoolTest, ResultOfAnotherCaseBreaksTheProtocol) {
  FakeLauncher launcher({{}, {{"c0", FakeAct::kWrongCase}}});
  WorkerPool pool(PoolOf(launcher));
  const Ran ran = RunCases(pool, 1);
  ASSERT_TRUE(ran.status.ok());
  ASSERT_EQ(ran.results.size(), 1u);
  EXPECT_TRUE(Is(ran.results[0], 0, CaseStatus::kCrash,
                 "the worker running the case broke the protocol and was stopped: a result for 'someone-else', "
                 "which it was not running"));
  EXPECT_TRUE(launcher.Record(0).killed);
  EXPECT_EQ(pool.started(), 1u);  // no case left to start another for
}

TEST(WorkerPoolTest, LostDeviceKeepsItsResultAndTheNextCaseGetsAFreshWorker) {
  FakeLauncher launcher({{}, {{"c0", FakeAct::kLoseDevice}}});
  WorkerPool pool(PoolOf(launcher));
  const Ran ran = RunCases(pool, 2);
  ASSERT_TRUE(ran.status.ok());
  ASSERT_EQ(ran.results.size(), 2u);
  EXPECT_TRUE(Is(ran.results[0], 0, CaseStatus::kError, "fake device lost"));
  EXPECT_TRUE(ran.results[0].second.device_lost);
  EXPECT_TRUE(Is(ran.results[1], 1, CaseStatus::kPass, "fake pass"));
  EXPECT_EQ(pool.started(), 2u);
  EXPECT_FALSE(launcher.Record(0).killed);  // it exited by itself
}

}  // namespace
}  // namespace dmlc::app::worker
