// First-fit allocation of descriptor ranges in a heap of fixed capacity, freed ranges merged with their
// neighbours: the bookkeeping of DescriptorArena (descriptor_arena.h), which calls no D3D12 function.
// Not thread-safe.
#pragma once

#include <cstdint>
#include <map>
#include <optional>

namespace dmlc::backends::d3d12 {

class DescriptorFreeList {
 public:
  explicit DescriptorFreeList(uint32_t capacity);

  // The first offset of `count` free descriptors (count > 0), now in use; nullopt when no free run is
  // that long.
  std::optional<uint32_t> Allocate(uint32_t count);
  // Returns [offset, offset + count), which Allocate() handed out. Aborts on a range past the capacity or
  // overlapping a free run (a double free): a bookkeeping bug that would hand one descriptor out twice.
  void Free(uint32_t offset, uint32_t count);

  uint32_t capacity() const { return capacity_; }
  uint32_t in_use() const { return in_use_; }
  size_t free_runs() const { return free_.size(); }

 private:
  uint32_t capacity_;
  uint32_t in_use_ = 0;
  std::map<uint32_t, uint32_t> free_;  // offset -> length of each free run, runs apart from each other
};

}  // namespace dmlc::backends::d3d12
