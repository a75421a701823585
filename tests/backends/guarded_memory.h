// Test helper: memory that ends where an inaccessible page begins, so a kernel that reads or writes one
// byte past the end of its buffer faults (a crash, or under a structured-exception handler a failed
// test) instead of touching a neighbour's bytes. Masked vector loads and stores fault only on their
// unmasked elements, so this checks the masks of tails, which results cannot show (a lane loaded past
// the end and masked out of the result again leaves no trace). Not thread-safe: one test at a time.
#pragma once

#include <cstddef>
#include <cstring>
#include <vector>

#include "ops/check.h"

namespace dmlc::backends::testing {

class GuardedMemory {
 public:
  // Room for up to `capacity` bytes before the guard page; aborts (DMLC_CHECK) if the OS refuses.
  explicit GuardedMemory(size_t capacity);
  ~GuardedMemory();
  GuardedMemory(const GuardedMemory&) = delete;
  GuardedMemory& operator=(const GuardedMemory&) = delete;

  // A copy of `values` whose last byte is the last one before the guard page. Valid until the next call.
  template <class T>
  T* EndingAtGuard(const std::vector<T>& values) {
    const size_t size = values.size() * sizeof(T);
    DMLC_CHECK(size <= capacity_) << size << " bytes, room for " << capacity_;
    std::byte* p = guard_ - size;
    if (size != 0) std::memcpy(p, values.data(), size);
    return reinterpret_cast<T*>(p);
  }

 private:
  std::byte* base_ = nullptr;
  std::byte* guard_ = nullptr;
  size_t capacity_ = 0;
  size_t mapped_ = 0;
};

}  // namespace dmlc::backends::testing
