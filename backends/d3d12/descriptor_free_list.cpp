#include "backends/d3d12/descriptor_free_list.h"

#include <iterator>

#include "ops/check.h"

namespace dmlc::backends::d3d12 {

DescriptorFreeList::DescriptorFreeList(uint32_t capacity) : capacity_(capacity) {
  if (capacity > 0) free_.emplace(0, capacity);
}

std::optional<uint32_t> DescriptorFreeList::Allocate(uint32_t count) {
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

void DescriptorFreeList::Free(uint32_t offset, uint32_t count) {
  DMLC_CHECK(count > 0 && count <= in_use_ && offset <= capacity_ - count)
      << "freeing descriptors [" << offset << ", +" << count << ") of " << capacity_ << " with " << in_use_ << " in use";
  auto next = free_.lower_bound(offset);
  DMLC_CHECK(next == free_.end() || offset + count <= next->first)
      << "descriptors [" << offset << ", +" << count << ") overlap a free run at " << next->first;
  in_use_ -= count;
  if (next != free_.begin()) {
    auto previous = std::prev(next);
    DMLC_CHECK(previous->first + previous->second <= offset)
        << "descriptors [" << offset << ", +" << count << ") overlap a free run at " << previous->first;
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
