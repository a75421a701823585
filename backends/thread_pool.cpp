#include "backends/thread_pool.h"

#include <algorithm>
#include <atomic>

namespace dmlc::backends {

struct ThreadPool::Job {
  const std::function<void(uint64_t, uint64_t)>* fn;
  uint64_t count;
  uint64_t chunk;
  uint64_t chunks;
  std::atomic<uint64_t> next{0};
  std::atomic<uint64_t> done{0};
  std::mutex mutex;
  std::condition_variable finished;
};

ThreadPool::ThreadPool(int threads) {
  if (threads <= 0) threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  threads_ = threads;
  for (int i = 1; i < threads_; ++i) workers_.emplace_back([this] { WorkerLoop(); });
}

ThreadPool::~ThreadPool() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  for (auto& w : workers_) w.join();
}

// Takes chunks until none are left; the thread that completes the last chunk wakes the caller.
void ThreadPool::RunChunks(Job& job) {
  for (;;) {
    const uint64_t c = job.next.fetch_add(1);
    if (c >= job.chunks) return;
    const uint64_t begin = c * job.chunk;
    (*job.fn)(begin, std::min(job.count, begin + job.chunk));
    if (job.done.fetch_add(1) + 1 == job.chunks) {
      std::lock_guard lock(job.mutex);
      job.finished.notify_all();
    }
  }
}

void ThreadPool::WorkerLoop() {
  for (;;) {
    std::shared_ptr<Job> job;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (stopping_) return;
      job = queue_.front();
      // A job leaves the queue once all its chunks are handed out; later workers move on.
      if (job->next.load() + 1 >= job->chunks) queue_.pop_front();
    }
    RunChunks(*job);
  }
}

void ThreadPool::ParallelFor(uint64_t count, uint64_t grain, const std::function<void(uint64_t, uint64_t)>& fn) {
  if (count == 0) return;
  grain = std::max<uint64_t>(grain, 1);
  // A few chunks per thread balance uneven rows without making chunks tiny.
  const uint64_t target_chunks = static_cast<uint64_t>(threads_) * 4;
  const uint64_t chunk = std::max(grain, (count + target_chunks - 1) / target_chunks);
  const uint64_t chunks = (count + chunk - 1) / chunk;
  if (threads_ == 1 || chunks == 1) {
    fn(0, count);
    return;
  }
  auto job = std::make_shared<Job>();
  job->fn = &fn;
  job->count = count;
  job->chunk = chunk;
  job->chunks = chunks;
  {
    std::lock_guard lock(mutex_);
    queue_.push_back(job);
  }
  wake_.notify_all();
  RunChunks(*job);
  {
    std::unique_lock lock(job->mutex);
    job->finished.wait(lock, [&] { return job->done.load() == job->chunks; });
  }
  // Drop the job from the queue if no worker got to it, so its fn pointer never outlives this call.
  std::lock_guard lock(mutex_);
  auto it = std::find(queue_.begin(), queue_.end(), job);
  if (it != queue_.end()) queue_.erase(it);
}

}  // namespace dmlc::backends
