// Fake worker processes for the worker pool's tests: threads and buffers that speak the protocol
// (protocol.h) as a real worker does, or fail as their script says, so that every fault is injected
// from outside the pool and no program is spawned. A FakeLauncher hands the pool one per start.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "app/worker/process.h"
#include "app/worker/worker_pool.h"
#include "tests/app/worker/child.h"

namespace dmlc::app::worker {

// What a fake worker does when it starts.
enum class FakeStart {
  kReady,        // says it is ready ("fake device", "fake driver")
  kUnavailable,  // says its backend is unavailable (kFakeUnavailable), then exits with code 1
  kDie,          // writes kFakeNoDevice to stderr and exits with code 7
  kHang,         // says nothing; only Kill() ends it
  kNoProgram,    // never runs: the launcher fails to start it
};
inline constexpr const char* kFakeUnavailable = "no fake device here";
inline constexpr const char* kFakeNoDevice = "fake: no device";

// What a ready fake worker does with a request.
enum class FakeAct {
  kAnswer,      // answers with a pass whose message is "fake pass"
  kCrash,       // writes "fake: crashing on ID" to stderr and dies as kFakeCrash says
  kHang,        // never answers
  kGarble,      // writes the line kFakeGarble
  kWrongCase,   // answers with a result for the case "someone-else"
  kExit,        // exits with code 5 without answering
  kLoseDevice,  // answers with an error whose device_lost is set, then exits with code 0
};
inline constexpr const char* kFakeGarble = "{\"result\": {\"id\":";

// How a crashing fake worker ends, and how a killed one does, as the platform's processes do.
#ifdef _WIN32
inline const DescribedStatus kFakeCrash = {{ExitStatus::Kind::kExited, static_cast<int>(0xC0000005u)},
                                           "exited with code 0xC0000005 (access violation)"};
inline const DescribedStatus kFakeKilled = {{ExitStatus::Kind::kExited, kKilledExitCode}, "exited with code 1"};
#else
inline const DescribedStatus kFakeCrash = {{ExitStatus::Kind::kSignaled, 11}, "killed by signal 11 (SIGSEGV)"};
inline const DescribedStatus kFakeKilled = {{ExitStatus::Kind::kSignaled, 9}, "killed by signal 9 (SIGKILL)"};
#endif

// What the fake workers of one launcher do.
struct FakeScript {
  std::vector<FakeStart> starts;        // how the nth worker launched starts; past the end kReady
  std::map<std::string, FakeAct> acts;  // what a worker does with the case of this id; kAnswer if none
  // A worker's stderr stays open after it ends, as when a grandchild inherited it (until the launcher
  // is gone).
  bool stderr_held = false;
};

// What became of one fake worker.
struct FakeRecord {
  std::vector<std::string> argv;      // what it was started as
  std::vector<std::string> requests;  // the ids of the requests it was given, in order
  bool killed = false;                // Kill() ended it (not a no-op on a worker already gone)
};

class FakeState;  // one fake worker's pipes and exit (fake_worker.cpp)

// Hands out fake workers that follow `script`. Must outlive the pool it launches for. Launcher() is
// called on the pool's thread, as are the other methods on the test's.
class FakeLauncher {
 public:
  explicit FakeLauncher(FakeScript script = {});
  ~FakeLauncher();  // ends the streams a fake still holds open

  ProcessLauncher Launcher();
  // Workers launched so far (kNoProgram ones not counted), and what became of the nth.
  size_t launched() const { return workers_.size(); }
  FakeRecord Record(size_t n) const;
  // Ends the nth worker as if it exited by itself with `code`, and returns once the pool's readers have
  // read the end of both its streams.
  void Exit(size_t n, int code);

 private:
  FakeScript script_;
  size_t attempts_ = 0;  // launches, failed ones included
  std::vector<std::shared_ptr<FakeState>> workers_;
};

}  // namespace dmlc::app::worker
