// The CPU copy baseline: memcpy split over all cores by a small persistent pool, so the baseline pays
// no thread start-up per call (as a tuned memcpy-class routine would not). Not thread-safe: one Copy()
// at a time, from the thread that owns the object.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <thread>
#include <vector>

namespace dmlc::app::bench {

class ParallelCopier {
 public:
  // `threads` = 0 means std::thread::hardware_concurrency(). The calling thread does one share.
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
  void WorkerLoop(unsigned index);
  // The share of worker `index` (0 = the caller) of the current job.
  void CopyShare(unsigned index);

  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable start_;
  std::condition_variable done_;
  // The current job, guarded by mutex_; generation_ changes once per job.
  std::byte* dst_ = nullptr;
  const std::byte* src_ = nullptr;
  size_t bytes_ = 0;
  unsigned long generation_ = 0;
  unsigned pending_ = 0;
  bool stop_ = false;
};

}  // namespace dmlc::app::bench
