#include "app/worker/worker_slot.h"

#include <cstdio>
#include <iostream>

namespace dmlc::app::worker {
namespace {

// How long an exiting worker's streams may stay open once it is killed or has said its last: a stream
// that a grandchild of the worker holds open must not hold up the run.
constexpr auto kExitGrace = std::chrono::seconds(2);

}  // namespace

WorkerSlot::WorkerSlot(double timeout_s, size_t stderr_tail_lines)
    : timeout_s_(timeout_s),
      timeout_(std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(timeout_s))),
      stderr_tail_lines_(stderr_tail_lines) {}

void WorkerSlot::Start(std::shared_ptr<ChildProcess> process, size_t index, uint64_t generation,
                       const std::shared_ptr<EventQueue>& queue) {
  Forget();
  process_ = std::move(process);
  generation_ = generation;
  state_ = State::kStarting;
  since_ = Clock::now();
  stdout_open_ = stderr_open_ = true;
  StartReader(process_, queue, {index, generation, Stream::kStdout, std::nullopt});
  StartReader(process_, queue, {index, generation, Stream::kStderr, std::nullopt});
}

void WorkerSlot::Assign(size_t index, const CaseRequest& request) {
  if (queued_.empty()) {
    since_ = Clock::now();
    stderr_tail_.clear();
  }
  queued_.push_back(index);
  state_ = State::kBusy;
  (void)process_->Write(EncodeRequest(request));
}

WorkerSlot::Heard WorkerSlot::OnStdoutLine(const std::string& line, const std::vector<CaseRequest>& requests) {
  if (state_ == State::kExiting) return {};  // killed already: its verdict stands
  Result<WorkerMessage> message = DecodeMessage(line);
  if (!message.ok()) return BreakProtocol(message.error().message);
  if (const auto* ready = std::get_if<WorkerReady>(&*message)) return OnReady(*ready);
  if (const auto* unavailable = std::get_if<WorkerUnavailable>(&*message)) return *unavailable;
  return OnResult(std::get<CaseResult>(std::move(*message)), requests);
}

WorkerSlot::Heard WorkerSlot::OnReady(const WorkerReady& ready) {
  if (state_ != State::kStarting) return {};
  state_ = State::kIdle;
  return ready;
}

WorkerSlot::Heard WorkerSlot::OnResult(CaseResult result, const std::vector<CaseRequest>& requests) {
  if (state_ != State::kBusy || !Answers(result, requests[queued_.front()])) {
    return BreakProtocol("a result for '" + result.id + "', which it was not running");
  }
  const size_t index = queued_.front();
  queued_.pop_front();
  result.id = requests[index].id;
  result.file = requests[index].file;
  // The worker reads the next queued request now: that case's time and stderr begin here.
  since_ = Clock::now();
  stderr_tail_.clear();
  state_ = queued_.empty() ? State::kIdle : State::kBusy;
  // After a lost device the worker exits by itself, reading nothing more; its replacement brings a fresh
  // device and takes the requests queued here.
  if (result.device_lost) {
    exits_unasked_ = true;
    BeginExit();
  }
  return Settled{index, std::move(result)};
}

void WorkerSlot::OnStderrLine(std::string line) {
  std::cerr << line << "\n";
  stderr_tail_.push_back(std::move(line));
  if (stderr_tail_.size() > stderr_tail_lines_) stderr_tail_.pop_front();
}

bool WorkerSlot::OnStreamEnd(Stream stream) {
  (stream == Stream::kStdout ? stdout_open_ : stderr_open_) = false;
  // The protocol's end is the worker's end; stderr may close first, its reader racing stdout's.
  if (stream == Stream::kStdout && state_ != State::kExiting) {
    died_starting_ = state_ == State::kStarting;
    BeginExit();
  }
  // Both streams ended: the worker is gone, and every line it wrote to stderr is in the tail.
  return state_ == State::kExiting && !stdout_open_ && !stderr_open_;
}

bool WorkerSlot::OnClock(Clock::time_point now) {
  const bool late = timeout_s_ > 0 && now >= since_ + timeout_;
  if (late && (state_ == State::kBusy || state_ == State::kStarting)) {
    // A device that never comes up counts as a failed start.
    (state_ == State::kBusy ? timed_out_ : died_starting_) = true;
    Stop();
    return false;
  }
  return state_ == State::kExiting && now >= exit_deadline_;
}

std::optional<Clock::time_point> WorkerSlot::Deadline() const {
  if (state_ == State::kExiting) return exit_deadline_;
  const bool timed = state_ == State::kBusy || state_ == State::kStarting;
  if (timed && timeout_s_ > 0) return since_ + timeout_;
  return std::nullopt;
}

WorkerSlot::Ended WorkerSlot::Finish(const std::vector<CaseRequest>& requests) {
  process_->Kill();
  Ended ended{process_->Wait(), std::nullopt, {}, died_starting_, stderr_tail_};
  if (!queued_.empty() && !exits_unasked_) {
    ended.abandoned = Settled{queued_.front(), Abandoned(requests[queued_.front()], ended.exit)};
    queued_.pop_front();
  }
  ended.unstarted.assign(queued_.begin(), queued_.end());
  Forget();
  return ended;
}

void WorkerSlot::Kill() {
  if (process_) process_->Kill();
}

void WorkerSlot::Reap() {
  if (process_) process_->Wait();
  Forget();
}

WorkerSlot::Heard WorkerSlot::BreakProtocol(std::string why) {
  protocol_error_ = std::move(why);
  Stop();
  return {};
}

void WorkerSlot::Stop() {
  process_->Kill();
  BeginExit();
}

void WorkerSlot::BeginExit() {
  state_ = State::kExiting;
  exit_deadline_ = Clock::now() + kExitGrace;
}

void WorkerSlot::Forget() { *this = WorkerSlot(timeout_s_, stderr_tail_lines_); }

CaseResult WorkerSlot::Abandoned(const CaseRequest& request, const ExitStatus& exit) const {
  CaseResult r;
  r.id = request.id;
  r.file = request.file;
  r.duration_ms = std::chrono::duration<double, std::milli>(Clock::now() - since_).count();
  if (timed_out_) {
    r.status = CaseStatus::kTimeout;
    char seconds[32];
    std::snprintf(seconds, sizeof(seconds), "%g", timeout_s_);
    r.message = std::string("ran past the timeout of ") + seconds + " s; its worker was killed";
  } else if (!protocol_error_.empty()) {
    r.status = CaseStatus::kCrash;
    r.message = "the worker running the case broke the protocol and was stopped: " + protocol_error_;
  } else {
    r.status = CaseStatus::kCrash;
    r.message = "its worker process ended while running it: " + exit.Describe();
  }
  if (!stderr_tail_.empty()) {
    r.message += "; its last stderr lines:";
    for (const std::string& line : stderr_tail_) r.message += "\n" + line;
  }
  return r;
}

}  // namespace dmlc::app::worker
