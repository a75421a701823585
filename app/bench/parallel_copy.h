// The CPU copy baseline: memcpy split over all cores by a small persistent pool, so the baseline pays
// no thread start-up per call (as a tuned memcpy-class routine would not). The caller and the workers
// take chunks from a shared counter, so a worker the (shared, noisy) machine schedules late costs
// little: the others take its chunks. Not thread-safe: one Copy() at a time, from the owning thread.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace dmlc::app::bench {

class ParallelCopier {
 public:
  // `threads` = 0 means std::thread::hardware_concurrency(). The calling thread is one of them.
  explicit ParallelCopier(unsigned threads);
  ~ParallelCopier();
  ParallelCopier(const ParallelCopier&) = delete;
  ParallelCopier& operator=(const ParallelCopier&) = delete;

  // Copies `bytes` from `src` to `dst` (non-overlapping). Sizes below kMinParallelBytes use one
  // thread: waking workers costs more than it saves there.
  void Copy(std::byte* dst, const std::byte* src, size_t bytes);
  unsigned threads() const { return static_cast<unsigned>(workers_.size()) + 1; }

  static constexpr size_t kMinParallelBytes = size_t{1} << 20;

 private:
  // One Copy() call. Workers hold it by shared_ptr, so one that wakes after the call has returned
  // only finds a job with no chunks left, never the next call's buffers.
  struct Job {
    std::byte* dst;
    const std::byte* src;
    size_t bytes;
    size_t chunk;   // bytes per chunk, a multiple of 4 KiB
    size_t chunks;
    std::atomic<size_t> next{0};
    std::atomic<size_t> done{0};
  };

  void WorkerLoop();
  void RunChunks(Job& job);

  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable start_;
  std::condition_variable finished_;
  std::shared_ptr<Job> job_;  // guarded by mutex_; replaced once per Copy()
  unsigned long generation_ = 0;
  bool stop_ = false;
};

}  // namespace dmlc::app::bench
