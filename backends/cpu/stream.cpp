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

__attribute__((target("avx512f"))) void StreamLines64(std::byte* dst, const std::byte* src, uint64_t bytes,
                                                      const std::byte* next) {
  const uint64_t head = CopyHead(dst, src, bytes, 64);
  uint64_t i = head;
  for (; i + 64 <= bytes; i += 64) {
    PrefetchLine(next, i - head);
    _mm512_stream_si512(reinterpret_cast<__m512i*>(dst + i), _mm512_loadu_si512(src + i));
  }
  if (bytes > 0) PrefetchLine(next, bytes - 1);
  std::memcpy(dst + i, src + i, bytes - i);
}

bool HasAvx512() {
  static const bool supported = __builtin_cpu_supports("avx512f");
  return supported;
}

}  // namespace

void StreamCopy16(std::byte* dst, const std::byte* src, uint64_t bytes, const std::byte* next) {
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

bool StreamCopy64(std::byte* dst, const std::byte* src, uint64_t bytes, const std::byte* next) {
  if (!HasAvx512()) return false;
  StreamLines64(dst, src, bytes, next);
  return true;
}

void StreamCopy(std::byte* dst, const std::byte* src, uint64_t bytes, const std::byte* next) {
  if (bytes < kWideMinBytes || !StreamCopy64(dst, src, bytes, next)) StreamCopy16(dst, src, bytes, next);
}

void StreamFence() { _mm_sfence(); }

#else

void StreamCopy16(std::byte* dst, const std::byte* src, uint64_t bytes, const std::byte*) { std::memcpy(dst, src, bytes); }
bool StreamCopy64(std::byte*, const std::byte*, uint64_t, const std::byte*) { return false; }
void StreamCopy(std::byte* dst, const std::byte* src, uint64_t bytes, const std::byte* next) {
  StreamCopy16(dst, src, bytes, next);
}
void StreamFence() {}

#endif

void CopyBytes(std::byte* dst, const std::byte* src, uint64_t bytes, bool stream, const std::byte* next) {
  if (stream) {
    StreamCopy(dst, src, bytes, next);
  } else {
    std::memcpy(dst, src, bytes);
  }
}

}  // namespace dmlc::backends::cpu
