// What a worker pool hears from its workers: each line a worker writes to stdout or stderr, and the end
// of each stream, as events on one queue that the pool's thread waits on. A reader thread per stream
// feeds it. Thread-safe.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "app/worker/process.h"

namespace dmlc::app::worker {

using Clock = std::chrono::steady_clock;

enum class Stream { kStdout, kStderr };

// A line a worker wrote (without its '\n'), or (no line) the end of one of its streams.
struct Event {
  size_t slot = 0;
  uint64_t generation = 0;  // which worker of the slot: a replaced worker's leftovers are dropped
  Stream stream = Stream::kStdout;
  std::optional<std::string> line;
};

class EventQueue {
 public:
  void Push(Event event);
  // The oldest event, waiting for one until `deadline`; nullopt when none came by then.
  std::optional<Event> Pop(Clock::time_point deadline);

 private:
  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<Event> events_;
};

// Reads one stream of a worker to its end onto the queue, as events tagged like `tag`. The thread is
// detached and owns what it uses, so that a stream some grandchild of the worker keeps open can never
// hold up the run.
void StartReader(std::shared_ptr<ChildProcess> process, std::shared_ptr<EventQueue> queue, Event tag);

}  // namespace dmlc::app::worker
