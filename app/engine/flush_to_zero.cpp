#include "app/engine/flush_to_zero.h"

#include <cstdint>
#include <cstring>
#include <variant>

namespace dmlc::app {

bool AdmitsFlushToZero(const ops::OperatorDesc& desc) {
  const auto* reduce = std::get_if<ops::ReduceDesc>(&desc);
  return reduce != nullptr && reduce->InputTensor.DataType == ops::DataType::kFloat32;
}

namespace {

uint32_t WordAt(std::span<const std::byte> buffer, size_t at) {
  uint32_t bits;
  std::memcpy(&bits, buffer.data() + at, sizeof bits);
  return bits;
}

}  // namespace

uint32_t FlushedFloat32(uint32_t bits) {
  constexpr uint32_t kSign = 0x80000000u, kExponent = 0x7f800000u;
  return (bits & kExponent) == 0 ? bits & kSign : bits;  // a zero exponent: a subnormal or a zero
}

bool HasFloat32Subnormal(std::span<const std::byte> buffer) {
  for (size_t at = 0; at + sizeof(uint32_t) <= buffer.size(); at += sizeof(uint32_t)) {
    const uint32_t bits = WordAt(buffer, at);
    if (FlushedFloat32(bits) != bits) return true;
  }
  return false;
}

void FlushFloat32Subnormals(std::span<std::byte> buffer) {
  for (size_t at = 0; at + sizeof(uint32_t) <= buffer.size(); at += sizeof(uint32_t)) {
    const uint32_t flushed = FlushedFloat32(WordAt(buffer, at));
    std::memcpy(buffer.data() + at, &flushed, sizeof flushed);
  }
}

}  // namespace dmlc::app
