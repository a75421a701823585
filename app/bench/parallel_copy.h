// The CPU copy baseline: memcpy split over all cores by the backends' persistent thread pool
// (backends/thread_pool.h), the one the cpu kernels run on, so the baseline pays no thread start-up per
// call (as a tuned memcpy-class routine would not). Not thread-safe: one Copy() at a time, from the
// owning thread.
#pragma once

#include <cstddef>

#include "backends/thread_pool.h"

namespace dmlc::app::bench {

class ParallelCopier {
 public:
  // `threads` = 0 means std::thread::hardware_concurrency(). The calling thread is one of them.
  explicit ParallelCopier(unsigned threads) : pool_(static_cast<int>(threads)) {}

  // Copies `bytes` from `src` to `dst` (non-overlapping). Sizes below kMinParallelBytes use one
  // thread: waking workers costs more than it saves there.
  void Copy(std::byte* dst, const std::byte* src, size_t bytes);
  unsigned threads() const { return static_cast<unsigned>(pool_.threads()); }

  static constexpr size_t kMinParallelBytes = size_t{1} << 20;
  // Chunks are whole pages, at least kMinChunkBytes: enough to stay streaming.
  static constexpr size_t kPageBytes = 4096;
  static constexpr size_t kMinChunkBytes = size_t{256} << 10;

 private:
  backends::ThreadPool pool_;
};

}  // namespace dmlc::app::bench
