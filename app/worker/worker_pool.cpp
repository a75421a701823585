#include "app/worker/worker_pool.h"

#include <algorithm>
#include <array>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <iostream>
#include <memory>
#include <mutex>
#include <thread>

#include "app/worker/process.h"

namespace dmlc::app::worker {
namespace {

using Clock = std::chrono::steady_clock;

enum class Stream { kStdout, kStderr };

// A line a worker wrote, or (no line) the end of one of its streams.
struct Event {
  size_t slot = 0;
  uint64_t generation = 0;  // which worker of the slot: a replaced worker's leftovers are dropped
  Stream stream = Stream::kStdout;
  std::optional<std::string> line;
};

class EventQueue {
 public:
  void Push(Event event) {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      events_.push_back(std::move(event));
    }
    ready_.notify_one();
  }
  std::optional<Event> Pop(Clock::time_point deadline) {
    std::unique_lock<std::mutex> lock(mutex_);
    if (!ready_.wait_until(lock, deadline, [&] { return !events_.empty(); })) return std::nullopt;
    Event e = std::move(events_.front());
    events_.pop_front();
    return e;
  }

 private:
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<Event> events_;
};

// Reads one stream of a worker to its end onto the queue. Detached, and owning what it uses, so that a
// stream some grandchild of the worker keeps open can never hold up the run.
void StartReader(std::shared_ptr<Process> process, std::shared_ptr<EventQueue> queue, Event tag) {
  std::thread([process = std::move(process), queue = std::move(queue), tag] {
    LineSplitter lines;
    std::array<char, 4096> buffer;
    for (;;) {
      Result<size_t> n = tag.stream == Stream::kStdout ? process->ReadStdout(buffer) : process->ReadStderr(buffer);
      if (!n.ok() || *n == 0) break;
      lines.Append({buffer.data(), *n});
      while (std::optional<std::string> line = lines.Next()) queue->Push({tag.slot, tag.generation, tag.stream, std::move(line)});
    }
    if (!lines.Pending().empty()) queue->Push({tag.slot, tag.generation, tag.stream, lines.Pending()});
    queue->Push({tag.slot, tag.generation, tag.stream, std::nullopt});
  }).detach();
}

struct Slot {
  enum class State { kStarting, kIdle, kBusy, kExiting, kStopped };
  std::shared_ptr<Process> process;
  uint64_t generation = 0;
  State state = State::kStopped;
  std::optional<size_t> request;  // the case it runs
  Clock::time_point since;        // when it started, or was given its case
  bool stdout_open = false;
  bool stderr_open = false;
  Clock::time_point exit_deadline;  // while exiting: when to stop waiting for its streams to end
  bool timed_out = false;
  bool died_starting = false;  // it ended before saying it was ready
  std::string protocol_error;
  std::deque<std::string> stderr_tail;
};

// How the case of a worker that ended while running it is settled.
CaseResult Abandoned(const CaseRequest& request, const Slot& slot, const ExitStatus& exit, double timeout_s) {
  CaseResult r;
  r.id = request.id;
  r.file = request.file;
  r.duration_ms = std::chrono::duration<double, std::milli>(Clock::now() - slot.since).count();
  if (slot.timed_out) {
    r.status = CaseStatus::kTimeout;
    char seconds[32];
    std::snprintf(seconds, sizeof(seconds), "%g", timeout_s);
    r.message = std::string("ran past the timeout of ") + seconds + " s; its worker was killed";
  } else if (!slot.protocol_error.empty()) {
    r.status = CaseStatus::kCrash;
    r.message = "the worker running the case broke the protocol and was stopped: " + slot.protocol_error;
  } else {
    r.status = CaseStatus::kCrash;
    r.message = "its worker process ended while running it: " + exit.Describe();
  }
  if (!slot.stderr_tail.empty()) {
    r.message += "; its last stderr lines:";
    for (const std::string& line : slot.stderr_tail) r.message += "\n" + line;
  }
  return r;
}

}  // namespace

// The workers, kept between Run() calls so that each keeps its device (and its warm pipelines).
struct WorkerPool::Live {
  std::shared_ptr<EventQueue> queue = std::make_shared<EventQueue>();
  std::vector<Slot> slots;
  uint64_t generations = 0;

  void Shutdown() {
    for (Slot& s : slots) {
      if (s.process) s.process->Kill();
    }
    for (Slot& s : slots) {
      if (s.process) s.process->Wait();
      s = Slot{};
    }
  }
};

WorkerPool::WorkerPool(PoolOptions options) : options_(std::move(options)), live_(std::make_unique<Live>()) {}

WorkerPool::~WorkerPool() { live_->Shutdown(); }

uint64_t WorkerPool::started() const { return live_->generations; }

Status WorkerPool::Run(const std::vector<CaseRequest>& requests, const PoolCallbacks& callbacks) {
  if (requests.empty()) return OkStatus();
  constexpr int kStartAttempts = 3;
  constexpr auto kPoll = std::chrono::milliseconds(100);
  constexpr auto kExitGrace = std::chrono::seconds(2);

  const std::shared_ptr<EventQueue>& queue = live_->queue;
  std::vector<Slot>& slots = live_->slots;
  uint64_t& generations = live_->generations;
  slots.resize(static_cast<size_t>(std::max(options_.workers, 1)));
  size_t next = 0;
  int failed_starts = 0;
  std::optional<Error> fatal;
  const auto timeout = std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(options_.timeout_s));

  auto more_work = [&] { return next < requests.size() && !callbacks.stop_starting(); };
  auto start = [&](size_t i) {
    Result<std::unique_ptr<Process>> spawned = Process::Spawn(options_.command);
    if (!spawned.ok()) {
      fatal = spawned.error();
      return;
    }
    Slot& s = slots[i];
    s = Slot{};
    s.process = std::move(spawned).value();
    s.generation = ++generations;
    s.state = Slot::State::kStarting;
    s.since = Clock::now();
    s.stdout_open = s.stderr_open = true;
    StartReader(s.process, queue, {i, s.generation, Stream::kStdout, std::nullopt});
    StartReader(s.process, queue, {i, s.generation, Stream::kStderr, std::nullopt});
  };
  auto stop = [&](Slot& s) {
    s.process->Kill();
    s.state = Slot::State::kExiting;
    s.exit_deadline = Clock::now() + kExitGrace;
  };
  // The worker is gone (or given up on): settle its case, then replace it while there is work.
  auto finish = [&](size_t i) {
    Slot& s = slots[i];
    s.process->Kill();
    const ExitStatus exit = s.process->Wait();
    if (s.request) callbacks.on_result(*s.request, Abandoned(requests[*s.request], s, exit, options_.timeout_s));
    if (s.died_starting && ++failed_starts >= kStartAttempts) {
      std::string message = "workers died while starting, " + std::to_string(failed_starts) + " times in a row; the last " +
                            exit.Describe();
      for (const std::string& line : s.stderr_tail) message += "\n" + line;
      fatal = MakeError("worker", "", message);
    }
    s.state = Slot::State::kStopped;
    s.process.reset();
    if (more_work() && !fatal) start(i);
  };
  auto on_stdout = [&](size_t i, const std::string& line) {
    Slot& s = slots[i];
    if (s.state == Slot::State::kExiting) return;  // killed already: its verdict stands
    Result<WorkerMessage> message = DecodeMessage(line);
    if (!message.ok()) {
      s.protocol_error = message.error().message;
      return stop(s);
    }
    if (auto* ready = std::get_if<WorkerReady>(&*message)) {
      if (s.state != Slot::State::kStarting) return;
      s.state = Slot::State::kIdle;
      failed_starts = 0;
      if (!device_) device_ = *ready;
    } else if (auto* unavailable = std::get_if<WorkerUnavailable>(&*message)) {
      fatal = MakeError("worker", "", unavailable->reason);
    } else {
      CaseResult& result = std::get<CaseResult>(*message);
      if (s.state != Slot::State::kBusy || !Answers(result, requests[*s.request])) {
        s.protocol_error = "a result for '" + result.id + "', which it was not running";
        return stop(s);
      }
      const size_t index = *s.request;
      result.id = requests[index].id;
      result.file = requests[index].file;
      s.request.reset();
      s.state = Slot::State::kIdle;
      // After a lost device the worker exits by itself; its replacement brings a fresh device.
      if (result.device_lost) {
        s.state = Slot::State::kExiting;
        s.exit_deadline = Clock::now() + kExitGrace;
      }
      callbacks.on_result(index, std::move(result));
    }
  };
  auto on_event = [&](Event& e) {
    Slot& s = slots[e.slot];
    if (e.generation != s.generation || s.state == Slot::State::kStopped) return;
    if (e.stream == Stream::kStderr && e.line) {
      std::cerr << *e.line << "\n";
      s.stderr_tail.push_back(std::move(*e.line));
      if (s.stderr_tail.size() > options_.stderr_tail_lines) s.stderr_tail.pop_front();
      return;
    }
    if (e.stream == Stream::kStdout && e.line) return on_stdout(e.slot, *e.line);
    (e.stream == Stream::kStdout ? s.stdout_open : s.stderr_open) = false;
    // The protocol's end is the worker's end; stderr may close first, its reader racing stdout's.
    if (e.stream == Stream::kStdout && s.state != Slot::State::kExiting) {
      s.died_starting = s.state == Slot::State::kStarting;
      s.state = Slot::State::kExiting;
      s.exit_deadline = Clock::now() + kExitGrace;
    }
    // Both streams ended: the worker is gone, and every line it wrote to stderr is in the tail.
    if (s.state == Slot::State::kExiting && !s.stdout_open && !s.stderr_open) finish(e.slot);
  };
  // What the workers said while idle between runs (a worker that died meanwhile) is settled first.
  while (std::optional<Event> e = queue->Pop(Clock::now())) on_event(*e);
  // Workers still alive from the last run take cases at once; the others start, as many as there are cases.
  for (size_t i = 0; i < std::min(slots.size(), requests.size()) && !fatal; ++i) {
    if (slots[i].state == Slot::State::kStopped) start(i);
  }
  bool abandoned = false;
  while (!fatal) {
    if (callbacks.abandon()) {
      abandoned = true;
      break;
    }
    bool active = false;
    for (Slot& s : slots) {
      if (s.state == Slot::State::kIdle && more_work()) {
        s.request = next++;
        s.state = Slot::State::kBusy;
        s.since = Clock::now();
        s.stderr_tail.clear();
        // A worker that cannot take the request is dead; its stdout's end settles the case.
        (void)s.process->Write(EncodeRequest(requests[*s.request]));
      }
      active = active || s.state == Slot::State::kBusy || s.state == Slot::State::kExiting ||
               (s.state == Slot::State::kStarting && more_work());
    }
    if (!active) break;

    Clock::time_point deadline = Clock::now() + kPoll;
    for (const Slot& s : slots) {
      const bool timed = s.state == Slot::State::kBusy || s.state == Slot::State::kStarting;
      if (timed && options_.timeout_s > 0) deadline = std::min(deadline, s.since + timeout);
      if (s.state == Slot::State::kExiting) deadline = std::min(deadline, s.exit_deadline);
    }
    if (std::optional<Event> e = queue->Pop(deadline)) on_event(*e);

    const Clock::time_point now = Clock::now();
    for (size_t i = 0; i < slots.size(); ++i) {
      Slot& s = slots[i];
      const bool late = options_.timeout_s > 0 && now >= s.since + timeout;
      if (s.state == Slot::State::kBusy && late) {
        s.timed_out = true;
        stop(s);
      } else if (s.state == Slot::State::kStarting && late) {
        s.died_starting = true;  // a device that never comes up counts as a failed start
        stop(s);
      } else if (s.state == Slot::State::kExiting && now >= s.exit_deadline) {
        finish(i);  // a stream some grandchild holds open: the worker itself is done
      }
    }
  }
  // Idle workers stay for the next run; after a fatal error or an abandoned run none is trusted.
  if (fatal || abandoned) live_->Shutdown();
  if (fatal) return *fatal;
  return OkStatus();
}

}  // namespace dmlc::app::worker
