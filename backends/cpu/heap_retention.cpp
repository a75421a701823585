#include "backends/cpu/heap_retention.h"

#include <mutex>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace dmlc::backends::cpu {

void RetainFreedHeapMemory() {
  static std::once_flag once;
  std::call_once(once, [] {
#if defined(__GLIBC__)
    // A fixed threshold also turns off glibc's dynamic one, which would otherwise move with each free.
    mallopt(M_MMAP_THRESHOLD, 32 << 20);
    mallopt(M_TRIM_THRESHOLD, 1 << 30);
#endif
  });
}

}  // namespace dmlc::backends::cpu
