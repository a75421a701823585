// A small persistent worker pool: the cpu backend's kernels and dml-bench's host copy baseline
// (app/bench/parallel_copy.h) both run on it, so the baseline every fraction_of_copy divides by is split
// the way the kernels it is compared with are. ParallelFor() splits [0, count) into chunks that the
// calling thread and the workers take from a shared counter (a worker the machine schedules late costs
// little: the others take its chunks), and returns when all are done. Thread-safe: several threads may
// call ParallelFor() at once (each call is its own job in the queue), which is what lets the cpu backend
// report ThreadSafe(). The cpu backend shares its pool with the operators it prepares, so an operator
// stays runnable after its backend is gone.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace dmlc::backends {

class ThreadPool {
 public:
  // `threads` counts the caller: 1 means no workers (everything runs inline); 0 means one per core.
  explicit ThreadPool(int threads);
  ~ThreadPool();
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  int threads() const { return threads_; }

  // Runs fn(begin, end) over [0, count) in chunks of at least `grain` items; inline when one chunk
  // covers everything. fn must not throw.
  void ParallelFor(uint64_t count, uint64_t grain, const std::function<void(uint64_t, uint64_t)>& fn);

 private:
  struct Job;
  void WorkerLoop();
  static void RunChunks(Job& job);

  int threads_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<std::shared_ptr<Job>> queue_;
  bool stopping_ = false;
  std::vector<std::thread> workers_;
};

}  // namespace dmlc::backends
