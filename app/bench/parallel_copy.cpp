#include "app/bench/parallel_copy.h"

#include <algorithm>
#include <cstring>

namespace dmlc::app::bench {

ParallelCopier::ParallelCopier(unsigned threads) {
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  for (unsigned i = 1; i < threads; ++i) workers_.emplace_back([this] { WorkerLoop(); });
}

ParallelCopier::~ParallelCopier() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  start_.notify_all();
  for (auto& worker : workers_) worker.join();
}

void ParallelCopier::RunChunks(Job& job) {
  for (size_t i = job.next.fetch_add(1); i < job.chunks; i = job.next.fetch_add(1)) {
    const size_t begin = i * job.chunk;
    std::memcpy(job.dst + begin, job.src + begin, std::min(job.chunk, job.bytes - begin));
    if (job.done.fetch_add(1) + 1 == job.chunks) {
      // Taking the lock orders this notify after the caller's predicate check, so it is not lost.
      { std::lock_guard lock(mutex_); }
      finished_.notify_all();
    }
  }
}

void ParallelCopier::Copy(std::byte* dst, const std::byte* src, size_t bytes) {
  if (bytes == 0) return;  // memcpy's pointers must be valid even for zero bytes
  if (workers_.empty() || bytes < kMinParallelBytes) {
    std::memcpy(dst, src, bytes);
    return;
  }
  // About four chunks per thread: enough to even out a late worker, few enough to stay streaming.
  const size_t chunk = std::max<size_t>(size_t{256} << 10, (bytes / (threads() * 4) + 4095) / 4096 * 4096);
  auto job = std::make_shared<Job>();
  job->dst = dst;
  job->src = src;
  job->bytes = bytes;
  job->chunk = chunk;
  job->chunks = (bytes + chunk - 1) / chunk;
  {
    std::lock_guard lock(mutex_);
    job_ = job;
    ++generation_;
  }
  start_.notify_all();
  RunChunks(*job);
  std::unique_lock lock(mutex_);
  finished_.wait(lock, [&] { return job->done.load() == job->chunks; });
}

void ParallelCopier::WorkerLoop() {
  unsigned long seen = 0;
  while (true) {
    std::shared_ptr<Job> job;
    {
      std::unique_lock lock(mutex_);
      start_.wait(lock, [&] { return stop_ || generation_ != seen; });
      if (stop_) return;
      seen = generation_;
      job = job_;
    }
    RunChunks(*job);
  }
}

}  // namespace dmlc::app::bench
