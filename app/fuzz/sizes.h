// Tensor sizes biased to where kernels have edges: 1, small sizes, primes, powers of two and their
// neighbours, and the backend's own workgroup and vector widths with theirs. Immutable after
// construction; thread-safe.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "app/fuzz/choices.h"

namespace dmlc::app::fuzz {

class SizePalette {
 public:
  // `edge_sizes`: extra sizes to favour (GeneratorOptions::edge_sizes); 0s are ignored.
  explicit SizePalette(const std::vector<uint32_t>& edge_sizes);

  // One size in [1, limit] (limit 0 counts as 1): a tiny one, an edge size or any size, always in two
  // draws. All-zero draws give 1; lower draws give smaller sizes.
  uint32_t Draw(Choices& choices, uint64_t limit) const;

  // `count` (at most kMaxDimensions) sizes whose product is at most `budget` (>= 1), either greedy
  // (any dimension may take what the others left) or balanced (each within about its share). Which
  // dimension is drawn first is a draw too, so no position always gets the leftovers; draw 0 starts
  // at dimension 0. Always the same number of draws, whatever `count`.
  std::vector<uint32_t> DrawSizes(Choices& choices, size_t count, uint64_t budget) const;

  const std::vector<uint32_t>& edges() const { return edges_; }

 private:
  std::vector<uint32_t> edges_;  // ascending, distinct
};

}  // namespace dmlc::app::fuzz
