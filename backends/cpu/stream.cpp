#include "backends/cpu/stream.h"

#include <algorithm>
#include <cstring>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

namespace dmlc::backends::cpu {

#if defined(__x86_64__)

namespace {

// Rows shorter than this stream 16 bytes at a time: a 64-byte-aligned line may not fit in them at all.
constexpr uint64_t kWideMinBytes = 128;

// Ordinary stores up to dst's first `align`-byte boundary; returns how many bytes they took.
uint64_t CopyHead(std::byte* dst, const std::byte* src, uint64_t bytes, uint64_t align) {
  const uint64_t head = std::min<uint64_t>(bytes, (align - reinterpret_cast<uintptr_t>(dst) % align) % align);
  std::memcpy(dst, src, head);
  return head;
}

// A line of `next` per line copied, from the start of the row, and its last line once the copy ends.
void PrefetchLine(const std::byte* next, uint64_t offset) {
  if (next != nullptr) _mm_prefetch(reinterpret_cast<const char*>(next + offset), _MM_HINT_T0);
}

// Row k's row to prefetch.
const std::byte* NextRow(const std::byte* const* sources, uint64_t k, uint64_t ahead) {
  return ahead == 0 ? nullptr : sources[k + ahead];
}

void StreamRow16(std::byte* dst, const std::byte* src, uint64_t bytes, const std::byte* next) {
  const uint64_t head = CopyHead(dst, src, bytes, 16);
  uint64_t i = head;
  for (; i + 64 <= bytes; i += 64) {
    PrefetchLine(next, i - head);
    const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + i));
    const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + i + 16));
    const __m128i c = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + i + 32));
    const __m128i d = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + i + 48));
    _mm_stream_si128(reinterpret_cast<__m128i*>(dst + i), a);
    _mm_stream_si128(reinterpret_cast<__m128i*>(dst + i + 16), b);
    _mm_stream_si128(reinterpret_cast<__m128i*>(dst + i + 32), c);
    _mm_stream_si128(reinterpret_cast<__m128i*>(dst + i + 48), d);
  }
  if (bytes > 0) PrefetchLine(next, bytes - 1);
  for (; i + 16 <= bytes; i += 16) {
    _mm_stream_si128(reinterpret_cast<__m128i*>(dst + i), _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + i)));
  }
  std::memcpy(dst + i, src + i, bytes - i);
}

// StreamRow16 with whole lines, over rows.
__attribute__((target("avx512f"))) void StreamRowsLines64(std::byte* dst, uint64_t dst_stride,
                                                          const std::byte* const* sources, uint64_t count,
                                                          uint64_t row_bytes, uint64_t ahead) {
  for (uint64_t k = 0; k < count; ++k, dst += dst_stride) {
    const std::byte* src = sources[k];
    const std::byte* next = NextRow(sources, k, ahead);
    const uint64_t head = CopyHead(dst, src, row_bytes, 64);
    uint64_t i = head;
    for (; i + 64 <= row_bytes; i += 64) {
      PrefetchLine(next, i - head);
      _mm512_stream_si512(reinterpret_cast<__m512i*>(dst + i), _mm512_loadu_si512(src + i));
    }
    if (row_bytes > 0) PrefetchLine(next, row_bytes - 1);
    if (i < row_bytes) std::memcpy(dst + i, src + i, row_bytes - i);
  }
}

bool HasAvx512() {
  static const bool supported = __builtin_cpu_supports("avx512f");
  return supported;
}

}  // namespace

void StreamRows16(std::byte* dst, uint64_t dst_stride, const std::byte* const* sources, uint64_t count,
                  uint64_t row_bytes, uint64_t ahead) {
  for (uint64_t k = 0; k < count; ++k) {
    StreamRow16(dst + k * dst_stride, sources[k], row_bytes, NextRow(sources, k, ahead));
  }
}

bool StreamRows64(std::byte* dst, uint64_t dst_stride, const std::byte* const* sources, uint64_t count,
                  uint64_t row_bytes, uint64_t ahead) {
  if (!HasAvx512()) return false;
  StreamRowsLines64(dst, dst_stride, sources, count, row_bytes, ahead);
  return true;
}

void StreamRows(std::byte* dst, uint64_t dst_stride, const std::byte* const* sources, uint64_t count,
                uint64_t row_bytes, uint64_t ahead) {
  if (row_bytes < kWideMinBytes || !StreamRows64(dst, dst_stride, sources, count, row_bytes, ahead)) {
    StreamRows16(dst, dst_stride, sources, count, row_bytes, ahead);
  }
}

void StreamFence() { _mm_sfence(); }

#else

void StreamRows16(std::byte* dst, uint64_t dst_stride, const std::byte* const* sources, uint64_t count,
                  uint64_t row_bytes, uint64_t) {
  for (uint64_t k = 0; k < count; ++k) std::memcpy(dst + k * dst_stride, sources[k], row_bytes);
}
bool StreamRows64(std::byte*, uint64_t, const std::byte* const*, uint64_t, uint64_t, uint64_t) { return false; }
void StreamRows(std::byte* dst, uint64_t dst_stride, const std::byte* const* sources, uint64_t count,
                uint64_t row_bytes, uint64_t ahead) {
  StreamRows16(dst, dst_stride, sources, count, row_bytes, ahead);
}
void StreamFence() {}

#endif

void StreamCopy(std::byte* dst, const std::byte* src, uint64_t bytes) { StreamRows(dst, 0, &src, 1, bytes, 0); }

void CopyBytes(std::byte* dst, const std::byte* src, uint64_t bytes, bool stream) {
  if (stream) {
    StreamCopy(dst, src, bytes);
  } else {
    std::memcpy(dst, src, bytes);
  }
}

}  // namespace dmlc::backends::cpu
