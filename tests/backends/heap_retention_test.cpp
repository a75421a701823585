// RetainFreedHeapMemory (backends/cpu/heap_retention.h): memory freed after a run is reused by the next
// without page faults. Counted with the process's minor faults: a round allocates sixteen 256 KiB
// blocks (each past glibc's default 128 KiB mmap threshold), touches every page and frees them. With
// glibc's defaults every round maps fresh pages (1024 faults a round); retained, the second round reuses
// the first's.
#include <gtest/gtest.h>

#include <cstdlib>
#include <vector>

#include "backends/cpu/heap_retention.h"

#if defined(__GLIBC__)
#include <sys/resource.h>
#endif

namespace dmlc::backends::testing {
namespace {

#if defined(__GLIBC__)
long MinorFaults() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_minflt;
}

// The minor faults of one round.
long Round() {
  constexpr size_t kBlocks = 16, kBlockBytes = 256 << 10, kPage = 4096;
  const long before = MinorFaults();
  std::vector<void*> blocks;
  for (size_t b = 0; b < kBlocks; ++b) {
    auto* p = static_cast<volatile char*>(std::malloc(kBlockBytes));
    for (size_t i = 0; i < kBlockBytes; i += kPage) p[i] = 1;
    blocks.push_back(const_cast<char*>(p));
  }
  for (void* p : blocks) std::free(p);
  return MinorFaults() - before;
}
#endif

// AddressSanitizer's allocator stands in for glibc's and ignores mallopt.
#if defined(__SANITIZE_ADDRESS__)
constexpr bool kSanitizedAllocator = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kSanitizedAllocator = true;
#else
constexpr bool kSanitizedAllocator = false;
#endif
#else
constexpr bool kSanitizedAllocator = false;
#endif

TEST(HeapRetention, AFreedRunsMemoryServesTheNextWithoutPageFaults) {
#if defined(__GLIBC__)
  if (kSanitizedAllocator) GTEST_SKIP() << "AddressSanitizer's allocator ignores mallopt";
  ASSERT_TRUE(cpu::RetainFreedHeapMemory());
  Round();
  const long faults = Round();
  EXPECT_LT(faults, 64) << "a round of 1024 pages faulted " << faults << " times";
#else
  GTEST_SKIP() << "only glibc's allocator is tuned";
#endif
}

}  // namespace
}  // namespace dmlc::backends::testing
