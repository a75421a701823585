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

constexpr uint32_t kSign = 0x80000000u, kExponent = 0x7f800000u;

// A zero exponent with a nonzero fraction.
bool IsSubnormal(uint32_t bits) { return (bits & kExponent) == 0 && (bits & ~kSign) != 0; }

uint32_t WordAt(std::span<const std::byte> buffer, size_t at) {
  uint32_t bits;
  std::memcpy(&bits, buffer.data() + at, sizeof bits);
  return bits;
}

}  // namespace

bool HasFloat32Subnormal(std::span<const std::byte> buffer) {
  for (size_t at = 0; at + sizeof(uint32_t) <= buffer.size(); at += sizeof(uint32_t)) {
    if (IsSubnormal(WordAt(buffer, at))) return true;
  }
  return false;
}

void FlushFloat32Subnormals(std::span<std::byte> buffer) {
  for (size_t at = 0; at + sizeof(uint32_t) <= buffer.size(); at += sizeof(uint32_t)) {
    const uint32_t bits = WordAt(buffer, at);
    if (!IsSubnormal(bits)) continue;
    const uint32_t zero = bits & kSign;
    std::memcpy(buffer.data() + at, &zero, sizeof zero);
  }
}

}  // namespace dmlc::app
