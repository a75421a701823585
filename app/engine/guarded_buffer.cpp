#include "app/engine/guarded_buffer.h"

#include <algorithm>

#include "app/engine/element_walk.h"

namespace dmlc::app {
namespace {

std::string Describe(size_t offset, size_t size, const char* where) {
  return "out-of-bounds write: byte " + std::to_string(offset) + " (" + where + ", TotalTensorSizeInBytes " +
         std::to_string(size) + ") was changed";
}

}  // namespace

GuardedBuffer::GuardedBuffer(const ops::TensorDesc& desc)
    : desc_(desc), size_(static_cast<size_t>(desc.TotalTensorSizeInBytes)), storage_(size_ + kGuardBytes, kSentinelByte) {}

GuardedBuffer::GuardedBuffer(const ops::TensorDesc& desc, std::span<const std::byte> initial) : GuardedBuffer(desc) {
  initial_.assign(initial.begin(), initial.begin() + static_cast<std::ptrdiff_t>(std::min(initial.size(), size_)));
  std::copy(initial_.begin(), initial_.end(), storage_.begin());
}

std::optional<std::string> GuardedBuffer::FindOutOfBoundsWrite() const {
  const size_t element_size = ops::ElementSize(desc_.DataType);
  uint64_t count = 1;
  for (uint32_t s : desc_.Sizes) count *= s;
  auto first_changed = [&](size_t begin, size_t end) -> std::optional<size_t> {
    for (size_t i = begin; i < end; ++i) {
      if (storage_[i] != (i < initial_.size() ? initial_[i] : kSentinelByte)) return i;
    }
    return std::nullopt;
  };
  if (ops::IsPacked(desc_)) {
    // Packed: the logical elements are exactly the first count * element_size bytes.
    const size_t logical_end = static_cast<size_t>(count * element_size);
    if (auto at = first_changed(logical_end, size_)) return Describe(*at, size_, "padding after the last element");
  } else {
    // Strided: mark the element slots the logical view touches; every other slot is a gap.
    const size_t slots = (size_ + element_size - 1) / element_size;
    std::vector<bool> logical(slots, false);
    ForEachElement(desc_.Sizes, ops::EffectiveStrides(desc_), [&](uint64_t, uint64_t offset) {
      if (offset < slots) logical[offset] = true;
    });
    for (size_t slot = 0; slot < slots; ++slot) {
      if (logical[slot]) continue;
      const size_t begin = slot * element_size;
      if (auto at = first_changed(begin, std::min(begin + element_size, size_))) {
        return Describe(*at, size_, "stride gap");
      }
    }
  }
  if (auto at = first_changed(size_, storage_.size())) return Describe(*at, size_, "guard region");
  return std::nullopt;
}

std::vector<GuardedBuffer> GuardedOutputs(const std::vector<const ops::TensorBinding*>& outs,
                                          const std::vector<std::span<const std::byte>>& initial) {
  std::vector<GuardedBuffer> outputs;
  for (size_t k = 0; k < outs.size(); ++k) {
    if (initial.empty()) outputs.emplace_back(*outs[k]->desc);
    else outputs.emplace_back(*outs[k]->desc, initial[k]);
  }
  return outputs;
}

std::vector<std::span<std::byte>> Views(std::vector<GuardedBuffer>& outputs) {
  std::vector<std::span<std::byte>> views;
  for (GuardedBuffer& o : outputs) views.push_back(o.buffer());
  return views;
}

}  // namespace dmlc::app
