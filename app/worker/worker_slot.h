// One place of a worker pool and the worker process in it, as a state machine driven by what the worker
// says (worker_events.h) and by the clock:
//
//   kStopped  --Start--------------------------------------------------------> kStarting
//   kStarting --"ready"------------------------------------------------------> kIdle
//   kIdle     --Assign: the request written to its stdin---------------------> kBusy
//   kBusy     --Assign: another request queued behind the one it runs--------> kBusy
//   kBusy     --the result of its case: the next queued one is now running-----> kBusy
//   kBusy     --the result of its last case-------------------------------------> kIdle
//                (kExiting after a lost device: the worker then exits by itself)
//   kStarting, kIdle, kBusy --its stdout ended; or a line breaking the protocol, or the timeout:
//                             killed-----------------------------------------> kExiting
//   kExiting  --both its streams ended, or the exit grace passed: Finish-----> kStopped
//
// A worker runs its requests one at a time, in order, answering each before it reads the next, so the
// requests queued behind the first are only waiting in its stdin: it never waits on the parent between
// cases, and the case it runs is always the oldest unanswered one. Its stdout is the protocol
// (protocol.h); its stderr is passed on to this process's stderr, the last lines kept for the message
// of a case it dies running. The slot settles such a case (crash, timeout) and hands back the requests
// queued behind it, never started; what to do next (start a fresh worker, give up, run those) is the
// pool's. Not thread-safe: the pool's thread
// alone drives it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "app/engine/case_result.h"
#include "app/worker/process.h"
#include "app/worker/protocol.h"
#include "app/worker/worker_events.h"

namespace dmlc::app::worker {

class WorkerSlot {
 public:
  enum class State { kStopped, kStarting, kIdle, kBusy, kExiting };

  // A case's result, under the case's index in the run's requests.
  struct Settled {
    size_t index = 0;
    CaseResult result;
  };
  // What a line on stdout tells the pool: nothing more than the slot's new state, the worker's ready
  // (first time only) or unavailable message, or the result of its case.
  using Heard = std::variant<std::monostate, WorkerReady, WorkerUnavailable, Settled>;
  // How a worker ended.
  struct Ended {
    ExitStatus exit;
    std::optional<Settled> abandoned;  // the case it was running, settled as crash or timeout
    std::vector<size_t> unstarted;     // the requests queued behind it, in order: for another worker
    bool died_starting = false;        // it ended (or was killed) before it was ready
    std::deque<std::string> stderr_tail;
  };

  // `timeout_s` limits a case, and a worker's start; 0 = none. `stderr_tail_lines` of a dead worker's
  // stderr are quoted in its case's message.
  WorkerSlot(double timeout_s, size_t stderr_tail_lines);

  State state() const { return state_; }
  // Requests given and not yet answered: the one it runs and those queued behind it.
  size_t queued() const { return queued_.size(); }
  // Whether the event concerns this slot's live worker, not a replaced one's leftovers.
  bool Hears(const Event& event) const { return event.generation == generation_ && state_ != State::kStopped; }

  // kStopped -> kStarting: `process`, the slot's `generation`th worker, its streams read onto `queue` as
  // events of slot `index`.
  void Start(std::shared_ptr<ChildProcess> process, size_t index, uint64_t generation,
             const std::shared_ptr<EventQueue>& queue);
  // kIdle -> kBusy, running requests[index]; or, kBusy, queues it behind the others. A worker that cannot
  // take the request is dead; its stdout's end settles the case it runs.
  void Assign(size_t index, const CaseRequest& request);

  // The worker's events, `requests` being the run's.
  Heard OnStdoutLine(const std::string& line, const std::vector<CaseRequest>& requests);
  void OnStderrLine(std::string line);
  // True once the worker is gone (both streams ended): then Finish it.
  bool OnStreamEnd(Stream stream);

  // The clock: a busy worker past the timeout is killed and its case times out; a starting one is killed
  // as a failed start (a device that never comes up). True when an exiting worker is past its grace:
  // a stream some grandchild holds open, the worker itself done; then Finish it.
  bool OnClock(Clock::time_point now);
  // When OnClock has something to do next; nullopt when nothing is due.
  std::optional<Clock::time_point> Deadline() const;

  // -> kStopped: kills the worker if it still runs, reaps it, settles the case it was running and hands
  // back the ones queued behind it.
  Ended Finish(const std::vector<CaseRequest>& requests);
  // Ends the worker at once (a pool shutting down kills all first, then reaps each).
  void Kill();
  // -> kStopped, forgetting the worker: after Kill().
  void Reap();

 private:
  Heard OnReady(const WorkerReady& ready);
  Heard OnResult(CaseResult result, const std::vector<CaseRequest>& requests);
  // A line breaking the protocol: the worker is stopped and its case a crash that says why.
  Heard BreakProtocol(std::string why);
  // Kills the worker: -> kExiting.
  void Stop();
  // -> kExiting, its streams given the exit grace to end.
  void BeginExit();
  // Back to a fresh kStopped slot.
  void Forget();
  CaseResult Abandoned(const CaseRequest& request, const ExitStatus& exit) const;

  double timeout_s_;
  Clock::duration timeout_;
  size_t stderr_tail_lines_;

  std::shared_ptr<ChildProcess> process_;
  uint64_t generation_ = 0;
  State state_ = State::kStopped;
  std::deque<size_t> queued_;  // the requests given and not answered; the first is the case it runs
  Clock::time_point since_;    // when it started, or began its case
  bool stdout_open_ = false;
  bool stderr_open_ = false;
  Clock::time_point exit_deadline_;  // while exiting: when to stop waiting for its streams to end
  bool timed_out_ = false;
  bool exits_unasked_ = false;  // it said its last (a lost device): what it still holds never started
  bool died_starting_ = false;
  std::string protocol_error_;
  std::deque<std::string> stderr_tail_;
};

}  // namespace dmlc::app::worker
