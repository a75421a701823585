#include "app/bench/parallel_copy.h"

#include <algorithm>
#include <cstring>

namespace dmlc::app::bench {

ParallelCopier::ParallelCopier(unsigned threads) {
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  for (unsigned i = 1; i < threads; ++i) workers_.emplace_back([this, i] { WorkerLoop(i); });
}

ParallelCopier::~ParallelCopier() {
  {
    std::lock_guard lock(mutex_);
    stop_ = true;
  }
  start_.notify_all();
  for (auto& worker : workers_) worker.join();
}

void ParallelCopier::CopyShare(unsigned index) {
  // Shares are split on 4 KiB boundaries so no two threads write one page.
  const size_t pages = (bytes_ + 4095) / 4096;
  const size_t begin = std::min(bytes_, pages * index / threads() * 4096);
  const size_t end = std::min(bytes_, pages * (index + 1) / threads() * 4096);
  if (end > begin) std::memcpy(dst_ + begin, src_ + begin, end - begin);
}

void ParallelCopier::Copy(std::byte* dst, const std::byte* src, size_t bytes) {
  if (workers_.empty() || bytes < kMinParallelBytes) {
    std::memcpy(dst, src, bytes);
    return;
  }
  {
    std::lock_guard lock(mutex_);
    dst_ = dst;
    src_ = src;
    bytes_ = bytes;
    pending_ = static_cast<unsigned>(workers_.size());
    ++generation_;
  }
  start_.notify_all();
  CopyShare(0);
  std::unique_lock lock(mutex_);
  done_.wait(lock, [this] { return pending_ == 0; });
}

void ParallelCopier::WorkerLoop(unsigned index) {
  unsigned long seen = 0;
  while (true) {
    {
      std::unique_lock lock(mutex_);
      start_.wait(lock, [&] { return stop_ || generation_ != seen; });
      if (stop_) return;
      seen = generation_;
    }
    // The job fields do not change until every worker has reported back, so reading them unlocked
    // here is safe.
    CopyShare(index);
    std::lock_guard lock(mutex_);
    if (--pending_ == 0) done_.notify_one();
  }
}

}  // namespace dmlc::app::bench
