// Streaming (non-temporal) row stores for outputs too large to stay in cache. Ordinary stores first
// read every destination line (read-for-ownership), so writing N bytes moves 2N through memory; the
// streaming stores write whole lines without reading them. Only for outputs of at least
// kStreamMinBytes: smaller ones are read back soon (by the caller's comparison) and are better left in
// cache. x86-64 uses AVX-512 stores where the CPU has them, else SSE2 ones (baseline ISA); elsewhere
// these are plain copies.
// A thread that streamed must call StreamFence() before the data is handed to another thread.
#pragma once

#include <cstddef>
#include <cstdint>

namespace dmlc::backends::cpu {

inline constexpr uint64_t kStreamMinBytes = uint64_t{16} << 20;

// Copies `bytes` from src to dst (not overlapping), bypassing the cache where it can.
void StreamCopy(std::byte* dst, const std::byte* src, uint64_t bytes);

// Copies `count` gathered rows of `row_bytes`: row k from sources[k] to dst + k * dst_stride, as
// StreamCopy does. While row k is copied, a line of sources[k + ahead] is prefetched per line copied:
// gathered rows come from anywhere, so no hardware prefetcher can. `sources` holds count + ahead
// pointers; the last `ahead` are only prefetched, and any address (or null: none) will do, as prefetches
// never fault. `ahead` 0 prefetches nothing. One call per batch of rows rather than a StreamCopy per
// row: with the rows' loop inside one function, random 1 KiB and 4 KiB rows copy measurably faster.
void StreamRows(std::byte* dst, uint64_t dst_stride, const std::byte* const* sources, uint64_t count,
                uint64_t row_bytes, uint64_t ahead);

// StreamRows' two store widths (it takes the widest the CPU has, for rows of 128 bytes and more):
// 16-byte SSE2 stores, and whole 64-byte lines from AVX-512 F registers, which returns false (copying
// nothing) on CPUs without it. Four 16-byte stores a line held a gather of random 1 KiB rows well short
// of the copy; whole lines reach it.
void StreamRows16(std::byte* dst, uint64_t dst_stride, const std::byte* const* sources, uint64_t count,
                  uint64_t row_bytes, uint64_t ahead);
bool StreamRows64(std::byte* dst, uint64_t dst_stride, const std::byte* const* sources, uint64_t count,
                  uint64_t row_bytes, uint64_t ahead);

// Orders this thread's streaming stores before its later stores (and so before the pool's hand-off).
void StreamFence();

// Copies through StreamCopy when `stream`, memcpy otherwise.
void CopyBytes(std::byte* dst, const std::byte* src, uint64_t bytes, bool stream);

}  // namespace dmlc::backends::cpu
