#include "backends/cpu/heap_retention.h"

#include <cstdlib>  // defines __GLIBC__ where the C library is glibc

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace dmlc::backends::cpu {

bool RetainFreedHeapMemory() {
  static const bool retained = [] {
#if defined(__GLIBC__)
    // A fixed threshold also turns off glibc's dynamic one, which would otherwise move with each free.
    return mallopt(M_MMAP_THRESHOLD, 32 << 20) == 1 && mallopt(M_TRIM_THRESHOLD, 1 << 30) == 1;
#else
    return false;
#endif
  }();
  return retained;
}

}  // namespace dmlc::backends::cpu
