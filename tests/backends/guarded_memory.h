// Test helper: memory that ends where an inaccessible page begins, so a kernel that reads one byte past
// the end of its data faults (a crash the test run reports) instead of reading a neighbour's bytes.
// Masked vector loads fault only on their unmasked elements, so this checks the masks of tails, which
// results cannot show (a lane loaded past the end and then masked out of the result leaves no trace).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace dmlc::backends::testing {

class GuardedMemory {
 public:
  // Room for up to `capacity` bytes before the guard page.
  explicit GuardedMemory(size_t capacity);
  ~GuardedMemory();
  GuardedMemory(const GuardedMemory&) = delete;
  GuardedMemory& operator=(const GuardedMemory&) = delete;

  // `size` bytes (<= capacity) whose last byte is the last one before the guard page, copied from `src`.
  // Valid until the next call.
  std::byte* EndingAtGuard(const void* src, size_t size) {
    std::byte* p = guard_ - size;
    std::memcpy(p, src, size);
    return p;
  }

 private:
  std::byte* base_ = nullptr;
  std::byte* guard_ = nullptr;
  size_t mapped_ = 0;
};

}  // namespace dmlc::backends::testing
