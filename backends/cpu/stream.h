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

// Copies `bytes` from src to dst (not overlapping), bypassing the cache where it can. `next`, when given,
// is where the caller's next copy will read: its first `bytes` are prefetched a line per line copied, for
// sources no hardware prefetcher can predict (a gathered row). Any address will do: prefetches never
// fault.
void StreamCopy(std::byte* dst, const std::byte* src, uint64_t bytes, const std::byte* next = nullptr);

// StreamCopy's two store widths (it takes the widest the CPU has, for rows of 128 bytes and more):
// 16-byte SSE2 stores, and whole 64-byte lines from AVX-512 F registers, which returns false (copying
// nothing) on CPUs without it. Four 16-byte stores a line held a gather of random 1 KiB rows to 0.67 of
// the copy; whole lines reach 1.0-1.1x in a standalone test.
void StreamCopy16(std::byte* dst, const std::byte* src, uint64_t bytes, const std::byte* next = nullptr);
bool StreamCopy64(std::byte* dst, const std::byte* src, uint64_t bytes, const std::byte* next = nullptr);

// Orders this thread's streaming stores before its later stores (and so before the pool's hand-off).
void StreamFence();

// Copies through StreamCopy when `stream` (passing `next` on), memcpy otherwise.
void CopyBytes(std::byte* dst, const std::byte* src, uint64_t bytes, bool stream, const std::byte* next = nullptr);

}  // namespace dmlc::backends::cpu
