// The worker pool's state machine (worker_slot.h) driven through WorkerPool::Run with fake workers
// (fake_worker.h): each fault costs exactly its case, settled with the status and message the pool
// gives, and a fresh worker takes the next case.
#include "app/worker/worker_pool.h"

#include <gtest/gtest.h>

#include <ostream>
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

// A worker that does `act` with case c0, and how the pool settles that case.
struct Fault {
  const char* name;
  FakeAct act;
  CaseStatus status;
  std::string message;
  bool killed = false;        // the pool killed the worker (it did not end by itself)
  double timeout_s = 0;
  bool stderr_held = false;   // a grandchild holds the worker's stderr open
  double at_least_ms = 0;     // the case's duration: the timeout, or the exit grace a held stream costs
  // c1, queued behind c0, reached the worker's stdin before the fault: the worker was still there to
  // take it (it hangs or breaks the protocol rather than ending).
  bool held_c1 = false;
};

// Its name, in test names.
void PrintTo(const Fault& fault, std::ostream* out) { *out << fault.name; }

const std::string kCrashed = "its worker process ended while running it: ";
const std::string kBroke = "the worker running the case broke the protocol and was stopped: ";

const Fault kFaults[] = {
    {"Crash", FakeAct::kCrash, CaseStatus::kCrash,
     kCrashed + kFakeCrash.description + "; its last stderr lines:\nfake: crashing on c0"},
    {"EarlyExit", FakeAct::kExit, CaseStatus::kCrash, kCrashed + "exited with code 5"},
    {"Hang", FakeAct::kHang, CaseStatus::kTimeout, "ran past the timeout of 0.25 s; its worker was killed", true, 0.25,
     false, 250, true},
    {"GarbledLine", FakeAct::kGarble, CaseStatus::kCrash,
     kBroke + "not a worker message: '" + kFakeGarble + "'", true, 0, false, 0, true},
    {"ResultOfAnotherCase", FakeAct::kWrongCase, CaseStatus::kCrash,
     kBroke + "a result for 'someone-else', which it was not running", true, 0, false, 0, true},
    // Its result stands; the worker exits by itself, and its replacement brings a fresh device.
    {"LostDevice", FakeAct::kLoseDevice, CaseStatus::kError, "fake device lost"},
    // The worker is gone, its stderr still open: the case waits the exit grace, no longer.
    {"StreamHeldOpen", FakeAct::kExit, CaseStatus::kCrash, kCrashed + "exited with code 5", false, 0, true, 2000},
};

class WorkerPoolFaultTest : public ::testing::TestWithParam<Fault> {};

// With c1 queued behind c0 (in_flight 2), the fault is still c0's alone: c1, which the faulty worker
// never started, runs on the fresh worker, once.
TEST_P(WorkerPoolFaultTest, CostsOnlyItsCase) {
  const Fault& fault = GetParam();
  FakeLauncher launcher({{}, {{"c0", fault.act}}, fault.stderr_held});
  WorkerPool pool(PoolOf(launcher, 1, fault.timeout_s));
  const Ran ran = RunCases(pool, 2);
  ASSERT_TRUE(ran.status.ok()) << ran.status.error().ToString();
  ASSERT_EQ(ran.results.size(), 2u);
  EXPECT_TRUE(Is(ran.results[0], 0, fault.status, fault.message));
  EXPECT_EQ(ran.results[0].second.device_lost, fault.act == FakeAct::kLoseDevice);
  EXPECT_GE(ran.results[0].second.duration_ms, fault.at_least_ms);
  EXPECT_TRUE(Is(ran.results[1], 1, CaseStatus::kPass, "fake pass"));
  EXPECT_EQ(pool.started(), 2u);
  EXPECT_EQ(launcher.Record(0).requests, fault.held_c1 ? (Ids{"c0", "c1"}) : (Ids{"c0"}));
  EXPECT_EQ(launcher.Record(0).killed, fault.killed);
  EXPECT_EQ(launcher.Record(1).requests, (Ids{"c1"}));
}

// A fault on the case queued second is that case's: the one before it passed, the one after it runs on
// the fresh worker, and its timeout counts from when it began, not from when it was queued.
TEST(WorkerPoolTest, AFaultOnAQueuedCaseIsThatCasesAlone) {
  FakeLauncher launcher({{}, {{"c1", FakeAct::kHang}}});
  WorkerPool pool(PoolOf(launcher, 1, 0.25));
  const Ran ran = RunCases(pool, 3);
  ASSERT_TRUE(ran.status.ok()) << ran.status.error().ToString();
  ASSERT_EQ(ran.results.size(), 3u);
  EXPECT_TRUE(Is(ran.results[0], 0, CaseStatus::kPass, "fake pass"));
  EXPECT_TRUE(Is(ran.results[1], 1, CaseStatus::kTimeout, "ran past the timeout of 0.25 s; its worker was killed"));
  EXPECT_GE(ran.results[1].second.duration_ms, 250);
  EXPECT_TRUE(Is(ran.results[2], 2, CaseStatus::kPass, "fake pass"));
  EXPECT_EQ(launcher.Record(0).requests, (Ids{"c0", "c1", "c2"}));
  EXPECT_EQ(launcher.Record(1).requests, (Ids{"c2"}));
}

INSTANTIATE_TEST_SUITE_P(Faults, WorkerPoolFaultTest, ::testing::ValuesIn(kFaults),
                         [](const ::testing::TestParamInfo<Fault>& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace dmlc::app::worker
