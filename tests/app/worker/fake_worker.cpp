#include "tests/app/worker/fake_worker.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <mutex>
#include <optional>

#include "app/worker/protocol.h"

namespace dmlc::app::worker {

// One fake worker's pipes and exit. The pool's threads read and write it through a FakeWorker; the
// launcher keeps it to tell the test what became of it.
class FakeState {
 public:
  FakeState(FakeStart start, const FakeScript& script, std::vector<std::string> argv)
      : acts_(script.acts), stderr_held_(script.stderr_held) {
    record_.argv = std::move(argv);
    switch (start) {
      case FakeStart::kReady: out_.bytes = EncodeMessage(WorkerReady{"fake device", "fake driver"}); break;
      case FakeStart::kUnavailable:
        out_.bytes = EncodeMessage(WorkerUnavailable{kFakeUnavailable});
        End({ExitStatus::Kind::kExited, 1});
        break;
      case FakeStart::kDie:
        err_.bytes = std::string(kFakeNoDevice) + "\n";
        End({ExitStatus::Kind::kExited, 7});
        break;
      case FakeStart::kHang:
      case FakeStart::kNoProgram: break;
    }
  }

  Status Write(std::string_view bytes) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (exit_) return MakeError("fake worker", "", "its stdin is closed: it has exited");
    if (!bytes.empty() && bytes.back() == '\n') bytes.remove_suffix(1);
    Result<CaseRequest> request = DecodeRequest(bytes);
    if (!request.ok()) {
      ADD_FAILURE() << "the pool wrote a bad request: " << request.error().ToString();
      return OkStatus();
    }
    record_.requests.push_back(request->id);
    // As a real worker, one that hangs reads nothing more: what it is sent waits in its stdin.
    if (hung_) return OkStatus();
    const auto act = acts_.find(request->id);
    Act(act == acts_.end() ? FakeAct::kAnswer : act->second, request->id);
    changed_.notify_all();
    return OkStatus();
  }

  Result<size_t> ReadStdout(std::span<char> into) { return Read(out_, into); }
  Result<size_t> ReadStderr(std::span<char> into) { return Read(err_, into); }

  void Kill() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (exit_) return;
    record_.killed = true;
    End(kFakeKilled.status);
  }

  ExitStatus Wait() {
    std::unique_lock<std::mutex> lock(mutex_);
    changed_.wait(lock, [&] { return exit_.has_value(); });
    return *exit_;
  }

  // Ends it, and returns once its readers have been given the end of both streams.
  void Exit(int code) {
    std::unique_lock<std::mutex> lock(mutex_);
    if (!exit_) End({ExitStatus::Kind::kExited, code});
    if (!changed_.wait_for(lock, std::chrono::seconds(10), [&] { return out_.end_read && err_.end_read; })) {
      ADD_FAILURE() << "nothing read the end of the fake worker's streams";
    }
  }

  // Ends a stream held open past the worker's end.
  void Release() {
    std::lock_guard<std::mutex> lock(mutex_);
    err_.open = false;
    changed_.notify_all();
  }

  FakeRecord Record() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return record_;
  }

 private:
  struct Pipe {
    std::string bytes;
    bool open = true;
    bool end_read = false;  // a read has returned its end
  };

  static CaseResult Answer(const std::string& id, CaseStatus status, const char* message) {
    CaseResult r;
    r.id = id;
    r.status = status;
    r.message = message;
    return r;
  }

  // With the lock held.
  void Act(FakeAct act, const std::string& id) {
    switch (act) {
      case FakeAct::kAnswer: out_.bytes += EncodeMessage(Answer(id, CaseStatus::kPass, "fake pass")); break;
      case FakeAct::kCrash:
        err_.bytes += "fake: crashing on " + id + "\n";
        End(kFakeCrash.status);
        break;
      case FakeAct::kHang: hung_ = true; break;
      case FakeAct::kGarble: out_.bytes += std::string(kFakeGarble) + "\n"; break;
      case FakeAct::kWrongCase: out_.bytes += EncodeMessage(Answer("someone-else", CaseStatus::kPass, "")); break;
      case FakeAct::kExit: End({ExitStatus::Kind::kExited, 5}); break;
      case FakeAct::kLoseDevice: {
        CaseResult lost = Answer(id, CaseStatus::kError, "fake device lost");
        lost.device_lost = true;
        out_.bytes += EncodeMessage(lost);
        End({ExitStatus::Kind::kExited, 0});
        break;
      }
    }
  }

  // With the lock held: the worker is gone, and so are its streams but a held stderr.
  void End(ExitStatus status) {
    exit_ = status;
    out_.open = false;
    if (!stderr_held_) err_.open = false;
    changed_.notify_all();
  }

  Result<size_t> Read(Pipe& pipe, std::span<char> into) {
    std::unique_lock<std::mutex> lock(mutex_);
    changed_.wait(lock, [&] { return !pipe.bytes.empty() || !pipe.open; });
    const size_t n = std::min(into.size(), pipe.bytes.size());
    std::memcpy(into.data(), pipe.bytes.data(), n);
    pipe.bytes.erase(0, n);
    if (n == 0) {
      pipe.end_read = true;
      changed_.notify_all();
    }
    return n;
  }

  const std::map<std::string, FakeAct> acts_;
  const bool stderr_held_;
  mutable std::mutex mutex_;
  std::condition_variable changed_;
  Pipe out_;
  Pipe err_;
  std::optional<ExitStatus> exit_;
  bool hung_ = false;  // a request it hangs on came
  FakeRecord record_;
};

namespace {

// What the pool holds: a handle on a state the launcher shares.
class FakeWorker final : public ChildProcess {
 public:
  explicit FakeWorker(std::shared_ptr<FakeState> state) : state_(std::move(state)) {}
  Status Write(std::string_view bytes) override { return state_->Write(bytes); }
  Result<size_t> ReadStdout(std::span<char> into) override { return state_->ReadStdout(into); }
  Result<size_t> ReadStderr(std::span<char> into) override { return state_->ReadStderr(into); }
  void Kill() override { state_->Kill(); }
  ExitStatus Wait() override { return state_->Wait(); }

 private:
  std::shared_ptr<FakeState> state_;
};

}  // namespace

FakeLauncher::FakeLauncher(FakeScript script) : script_(std::move(script)) {}

FakeLauncher::~FakeLauncher() {
  for (const std::shared_ptr<FakeState>& worker : workers_) worker->Release();
}

ProcessLauncher FakeLauncher::Launcher() {
  return [this](const std::vector<std::string>& argv) -> Result<std::unique_ptr<ChildProcess>> {
    const FakeStart start = attempts_ < script_.starts.size() ? script_.starts[attempts_] : FakeStart::kReady;
    ++attempts_;
    if (start == FakeStart::kNoProgram) return MakeError("fake launcher", "", "no such program");
    workers_.push_back(std::make_shared<FakeState>(start, script_, argv));
    return std::unique_ptr<ChildProcess>(std::make_unique<FakeWorker>(workers_.back()));
  };
}

FakeRecord FakeLauncher::Record(size_t n) const { return workers_.at(n)->Record(); }

void FakeLauncher::Exit(size_t n, int code) { workers_.at(n)->Exit(code); }

}  // namespace dmlc::app::worker
