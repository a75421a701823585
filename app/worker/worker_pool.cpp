#include "app/worker/worker_pool.h"

#include <algorithm>
#include <chrono>
#include <deque>

#include "app/worker/worker_events.h"
#include "app/worker/worker_slot.h"

namespace dmlc::app::worker {

Result<std::unique_ptr<ChildProcess>> SpawnProcess(const std::vector<std::string>& argv) {
  Result<std::unique_ptr<Process>> spawned = Process::Spawn(argv);
  if (!spawned.ok()) return spawned.error();
  return std::unique_ptr<ChildProcess>(std::move(spawned).value());
}

// The workers, kept between Run() calls so that each keeps its device (and its warm pipelines).
struct WorkerPool::Live {
  explicit Live(const PoolOptions& options)
      : slots(static_cast<size_t>(std::max(options.workers, 1)),
              WorkerSlot(options.timeout_s, options.stderr_tail_lines)) {}

  void Shutdown() {
    for (WorkerSlot& s : slots) s.Kill();
    for (WorkerSlot& s : slots) s.Reap();
  }

  std::shared_ptr<EventQueue> queue = std::make_shared<EventQueue>();
  std::vector<WorkerSlot> slots;
  uint64_t generations = 0;
};

// One Run(): a loop that hands the next case to each idle worker, waits for the next event (or the next
// deadline, or the poll that checks the callbacks), and passes it to the slot it concerns. A slot whose
// worker is gone is finished here: its case settled, a fresh worker started while there is work.
class WorkerPool::Supervisor {
 public:
  Supervisor(WorkerPool& pool, const std::vector<CaseRequest>& requests, const PoolCallbacks& callbacks)
      : options_(pool.options_),
        live_(*pool.live_),
        device_(pool.device_),
        requests_(requests),
        callbacks_(callbacks) {}

  Status Run() {
    // What the workers said while idle between runs (a worker that died meanwhile) is settled first.
    while (std::optional<Event> e = live_.queue->Pop(Clock::now())) OnEvent(*e);
    StartWorkers();
    const bool abandoned = Supervise();
    // Idle workers stay for the next run; after a fatal error or an abandoned run none is trusted.
    if (fatal_ || abandoned) live_.Shutdown();
    if (fatal_) return *fatal_;
    return OkStatus();
  }

 private:
  static constexpr int kStartAttempts = 3;
  static constexpr auto kPoll = std::chrono::milliseconds(100);  // how often the callbacks are asked
  using State = WorkerSlot::State;

  // True when the run was abandoned.
  bool Supervise() {
    while (!fatal_) {
      if (callbacks_.abandon()) return true;
      AssignWork();
      if (!Active()) break;
      if (std::optional<Event> e = live_.queue->Pop(NextWake())) OnEvent(*e);
      const Clock::time_point now = Clock::now();
      for (size_t i = 0; i < live_.slots.size(); ++i) {
        if (live_.slots[i].OnClock(now)) Finish(i);
      }
    }
    return false;
  }

  bool MoreWork() const {
    return (!returned_.empty() || next_ < requests_.size()) && !callbacks_.stop_starting();
  }
  // Requests a dead worker held and never started go first.
  size_t TakeRequest() {
    if (returned_.empty()) return next_++;
    const size_t index = returned_.front();
    returned_.pop_front();
    return index;
  }

  // Workers still alive from the last run take cases at once; the others start, as many as there are cases.
  void StartWorkers() {
    for (size_t i = 0; i < std::min(live_.slots.size(), requests_.size()) && !fatal_; ++i) {
      if (live_.slots[i].state() == State::kStopped) Start(i);
    }
  }

  void Start(size_t i) {
    Result<std::unique_ptr<ChildProcess>> launched = options_.launch(options_.command);
    if (!launched.ok()) {
      fatal_ = launched.error();
      return;
    }
    // A worker that cannot take the line is dead: its stdout's end says so, as a failed start.
    if (!options_.options_line.empty()) (void)(*launched)->Write(options_.options_line);
    live_.slots[i].Start(std::move(launched).value(), i, ++live_.generations, live_.queue);
  }

  // Each idle worker first, then each busy one topped up to in_flight, so that the last cases of a run
  // spread over the workers rather than queue behind one.
  void AssignWork() {
    for (WorkerSlot& s : live_.slots) {
      if (s.state() == State::kIdle && MoreWork()) Assign(s);
    }
    const size_t depth = static_cast<size_t>(std::max(options_.in_flight, 1));
    for (WorkerSlot& s : live_.slots) {
      while (s.state() == State::kBusy && s.queued() < depth && MoreWork()) Assign(s);
    }
  }

  void Assign(WorkerSlot& s) {
    const size_t index = TakeRequest();
    s.Assign(index, requests_[index]);
  }

  // Whether something is still to come: a case's result, a worker's end, or a worker that a case waits for.
  bool Active() const {
    return std::any_of(live_.slots.begin(), live_.slots.end(), [&](const WorkerSlot& s) {
      return s.state() == State::kBusy || s.state() == State::kExiting || (s.state() == State::kStarting && MoreWork());
    });
  }

  Clock::time_point NextWake() const {
    Clock::time_point wake = Clock::now() + kPoll;
    for (const WorkerSlot& s : live_.slots) {
      if (std::optional<Clock::time_point> deadline = s.Deadline()) wake = std::min(wake, *deadline);
    }
    return wake;
  }

  void OnEvent(Event& e) {
    WorkerSlot& s = live_.slots[e.slot];
    if (!s.Hears(e)) return;
    if (!e.line) {
      if (s.OnStreamEnd(e.stream)) Finish(e.slot);
    } else if (e.stream == Stream::kStderr) {
      s.OnStderrLine(std::move(*e.line));
    } else {
      OnHeard(s.OnStdoutLine(*e.line, requests_));
    }
  }

  void OnHeard(WorkerSlot::Heard heard) {
    if (const auto* ready = std::get_if<WorkerReady>(&heard)) {
      failed_starts_ = 0;
      if (!device_) device_ = *ready;
    } else if (const auto* unavailable = std::get_if<WorkerUnavailable>(&heard)) {
      fatal_ = MakeError("worker", "", unavailable->reason);
    } else if (auto* settled = std::get_if<WorkerSlot::Settled>(&heard)) {
      callbacks_.on_result(settled->index, std::move(settled->result));
    }
  }

  // The worker is gone (or given up on): settle its case, take back the ones it never started, then
  // replace it while there is work.
  void Finish(size_t i) {
    WorkerSlot::Ended ended = live_.slots[i].Finish(requests_);
    if (ended.abandoned) callbacks_.on_result(ended.abandoned->index, std::move(ended.abandoned->result));
    returned_.insert(returned_.begin(), ended.unstarted.begin(), ended.unstarted.end());
    if (ended.died_starting && ++failed_starts_ >= kStartAttempts) {
      std::string message = "workers died while starting, " + std::to_string(failed_starts_) +
                            " times in a row; the last " + ended.exit.Describe();
      for (const std::string& line : ended.stderr_tail) message += "\n" + line;
      fatal_ = MakeError("worker", "", message);
    }
    if (MoreWork() && !fatal_) Start(i);
  }

  const PoolOptions& options_;
  Live& live_;
  std::optional<WorkerReady>& device_;
  const std::vector<CaseRequest>& requests_;
  const PoolCallbacks& callbacks_;
  size_t next_ = 0;             // the next request to hand out
  std::deque<size_t> returned_;  // requests a dead worker held and never started
  int failed_starts_ = 0;
  std::optional<Error> fatal_;
};

WorkerPool::WorkerPool(PoolOptions options) : options_(std::move(options)), live_(std::make_unique<Live>(options_)) {}

WorkerPool::~WorkerPool() { live_->Shutdown(); }

uint64_t WorkerPool::started() const { return live_->generations; }

Status WorkerPool::Run(const std::vector<CaseRequest>& requests, const PoolCallbacks& callbacks) {
  if (requests.empty()) return OkStatus();
  return Supervisor(*this, requests, callbacks).Run();
}

}  // namespace dmlc::app::worker
