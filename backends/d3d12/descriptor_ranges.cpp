#include "backends/d3d12/descriptor_ranges.h"

#include <iterator>

namespace dmlc::backends::d3d12 {

DescriptorRanges::DescriptorRanges(uint32_t capacity) : capacity_(capacity) {
  if (capacity > 0) free_.emplace(0, capacity);
}

std::optional<uint32_t> DescriptorRanges::Allocate(uint32_t count) {
  for (auto it = free_.begin(); it != free_.end(); ++it) {
    if (it->second < count) continue;
    const uint32_t offset = it->first;
    const uint32_t rest = it->second - count;
    free_.erase(it);
    if (rest > 0) free_.emplace(offset + count, rest);
    in_use_ += count;
    return offset;
  }
  return std::nullopt;
}

void DescriptorRanges::Free(uint32_t offset, uint32_t count) {
  in_use_ -= count;
  auto next = free_.lower_bound(offset);
  if (next != free_.begin()) {
    auto previous = std::prev(next);
    if (previous->first + previous->second == offset) {
      offset = previous->first;
      count += previous->second;
      free_.erase(previous);
    }
  }
  if (next != free_.end() && offset + count == next->first) {
    count += next->second;
    free_.erase(next);
  }
  free_.emplace(offset, count);
}

}  // namespace dmlc::backends::d3d12
