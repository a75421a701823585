#include "app/worker/worker_events.h"

#include <array>
#include <thread>

#include "app/worker/protocol.h"

namespace dmlc::app::worker {

void EventQueue::Push(Event event) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    events_.push_back(std::move(event));
  }
  ready_.notify_one();
}

std::optional<Event> EventQueue::Pop(Clock::time_point deadline) {
  std::unique_lock<std::mutex> lock(mutex_);
  if (!ready_.wait_until(lock, deadline, [&] { return !events_.empty(); })) return std::nullopt;
  Event e = std::move(events_.front());
  events_.pop_front();
  return e;
}

void StartReader(std::shared_ptr<ChildProcess> process, std::shared_ptr<EventQueue> queue, Event tag) {
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

}  // namespace dmlc::app::worker
