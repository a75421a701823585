#include "app/bench/parallel_copy.h"

#include <algorithm>
#include <cstring>

namespace dmlc::app::bench {

void ParallelCopier::Copy(std::byte* dst, const std::byte* src, size_t bytes) {
  if (bytes == 0) return;  // memcpy's pointers must be valid even for zero bytes
  if (pool_.threads() == 1 || bytes < kMinParallelBytes) {
    std::memcpy(dst, src, bytes);
    return;
  }
  // The pool splits pages, so that every chunk but the last starts and ends on a page boundary.
  const uint64_t pages = (bytes + kPageBytes - 1) / kPageBytes;
  pool_.ParallelFor(pages, kMinChunkBytes / kPageBytes, [&](uint64_t begin, uint64_t end) {
    const size_t from = begin * kPageBytes;
    std::memcpy(dst + from, src + from, std::min<size_t>(end * kPageBytes, bytes) - from);
  });
}

}  // namespace dmlc::app::bench
