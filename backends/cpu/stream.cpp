#include "backends/cpu/stream.h"

#include <algorithm>
#include <cstring>

#if defined(__x86_64__)
#include <emmintrin.h>
#endif

namespace dmlc::backends::cpu {

#if defined(__x86_64__)

void StreamCopy(std::byte* dst, const std::byte* src, uint64_t bytes, const std::byte* next) {
  // Ordinary stores up to the first 16-byte boundary of dst, streaming ones for whole 16-byte chunks.
  const uint64_t head = std::min<uint64_t>(bytes, (16 - reinterpret_cast<uintptr_t>(dst) % 16) % 16);
  std::memcpy(dst, src, head);
  uint64_t i = head;
  for (; i + 64 <= bytes; i += 64) {
    if (next != nullptr) _mm_prefetch(reinterpret_cast<const char*>(next + i), _MM_HINT_T0);
    const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + i));
    const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + i + 16));
    const __m128i c = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + i + 32));
    const __m128i d = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + i + 48));
    _mm_stream_si128(reinterpret_cast<__m128i*>(dst + i), a);
    _mm_stream_si128(reinterpret_cast<__m128i*>(dst + i + 16), b);
    _mm_stream_si128(reinterpret_cast<__m128i*>(dst + i + 32), c);
    _mm_stream_si128(reinterpret_cast<__m128i*>(dst + i + 48), d);
  }
  for (; i + 16 <= bytes; i += 16) {
    _mm_stream_si128(reinterpret_cast<__m128i*>(dst + i), _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + i)));
  }
  std::memcpy(dst + i, src + i, bytes - i);
}

void StreamFence() { _mm_sfence(); }

#else

void StreamCopy(std::byte* dst, const std::byte* src, uint64_t bytes, const std::byte*) { std::memcpy(dst, src, bytes); }
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
