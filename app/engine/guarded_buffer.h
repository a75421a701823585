// An output buffer that catches out-of-bounds writes: every byte starts as a sentinel, and a guard
// region follows TotalTensorSizeInBytes. After execution, any byte outside the logical elements (a
// stride gap, the padding up to TotalTensorSizeInBytes, the guard) that no longer holds the sentinel is
// an out-of-bounds write. Owns its storage; not thread-safe.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "ops/operator_desc.h"
#include "ops/tensor_desc.h"

namespace dmlc::app {

// 0xCD, the debug-heap "clean memory" byte: as FLOAT32 it is -4.3e8, not a value outputs happen to hold.
inline constexpr std::byte kSentinelByte{0xCD};
inline constexpr size_t kGuardBytes = 256;

class GuardedBuffer {
 public:
  explicit GuardedBuffer(const ops::TensorDesc& desc);
  // Starts from `initial` (a model's resource contents, up to TotalTensorSizeInBytes) instead of the
  // sentinel: a byte outside the logical elements is then a write when it no longer holds its initial
  // value, so a stray write of the value already there goes unseen. The guard region stays sentinel.
  GuardedBuffer(const ops::TensorDesc& desc, std::span<const std::byte> initial);

  // The TotalTensorSizeInBytes bytes a backend may address.
  std::span<std::byte> buffer() { return {storage_.data(), size_}; }
  std::span<const std::byte> buffer() const { return {storage_.data(), size_}; }
  // Buffer plus guard, for tests that simulate a stray write.
  std::span<std::byte> storage() { return storage_; }

  // A description of the lowest changed byte outside the logical elements ("byte 12 (stride gap) was
  // written"), or nullopt when there is none.
  std::optional<std::string> FindOutOfBoundsWrite() const;

 private:
  ops::TensorDesc desc_;
  size_t size_;
  std::vector<std::byte> storage_;
  std::vector<std::byte> initial_;  // what the first initial_.size() bytes held before execution
};

// A run's outputs for the output bindings `outs`, each starting as initial[k] where `initial` is not
// empty (a model's resources as its earlier commands left them), else as the sentinel.
std::vector<GuardedBuffer> GuardedOutputs(const std::vector<const ops::TensorBinding*>& outs,
                                          const std::vector<std::span<const std::byte>>& initial);
// The buffers a backend writes, in order.
std::vector<std::span<std::byte>> Views(std::vector<GuardedBuffer>& outputs);

}  // namespace dmlc::app
