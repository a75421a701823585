#include "app/fuzz/sizes.h"

#include <algorithm>
#include <limits>

#include "ops/check.h"
#include "ops/tensor_desc.h"

namespace dmlc::app::fuzz {
namespace {

// Primes near the powers of two (and a few small ones): sizes no vector width divides.
constexpr uint32_t kPrimes[] = {3, 5, 7, 11, 13, 17, 31, 37, 61, 97, 127, 251, 509, 1021, 2039, 4093};
constexpr int kLargestPowerOfTwo = 20;  // sizes past 2^20 elements are beyond any budget worth fuzzing

enum SizeKind : uint64_t { kTiny, kEdge, kAny, kSizeKinds };
constexpr uint64_t kTinyMax = 4;

// The largest r with r^k <= x (k >= 1), in integers: the same on every platform, unlike pow().
uint64_t IntegerRoot(uint64_t x, uint64_t k) {
  auto fits = [x, k](uint64_t r) {
    uint64_t power = 1;
    for (uint64_t i = 0; i < k; ++i) {
      if (power > x / r) return false;
      power *= r;
    }
    return true;
  };
  uint64_t low = 1;
  uint64_t high = x;
  while (low < high) {
    const uint64_t middle = low + (high - low + 1) / 2;
    if (fits(middle)) {
      low = middle;
    } else {
      high = middle - 1;
    }
  }
  return low;
}

}  // namespace

SizePalette::SizePalette(const std::vector<uint32_t>& edge_sizes) {
  edges_.assign(std::begin(kPrimes), std::end(kPrimes));
  auto add_with_neighbours = [this](uint64_t size) {
    for (uint64_t s : {size - 1, size, size + 1}) {
      if (s >= 1 && s <= std::numeric_limits<uint32_t>::max()) edges_.push_back(static_cast<uint32_t>(s));
    }
  };
  for (int k = 0; k <= kLargestPowerOfTwo; ++k) add_with_neighbours(uint64_t{1} << k);
  for (uint32_t size : edge_sizes) {
    if (size != 0) add_with_neighbours(size);
  }
  std::sort(edges_.begin(), edges_.end());
  edges_.erase(std::unique(edges_.begin(), edges_.end()), edges_.end());
}

uint32_t SizePalette::Draw(Choices& choices, uint64_t limit) const {
  limit = std::clamp<uint64_t>(limit, 1, std::numeric_limits<uint32_t>::max());
  switch (choices.Draw(kSizeKinds)) {
    case kTiny:
      return static_cast<uint32_t>(1 + choices.Draw(std::min(limit, kTinyMax)));
    case kEdge: {
      // edges_ starts at 1, so at least one fits any limit.
      const auto fitting = std::upper_bound(edges_.begin(), edges_.end(), limit) - edges_.begin();
      return edges_[choices.Draw(static_cast<uint64_t>(fitting))];
    }
    default:
      return static_cast<uint32_t>(1 + choices.Draw(limit));
  }
}

std::vector<uint32_t> SizePalette::DrawSizes(Choices& choices, size_t count, uint64_t budget) const {
  DMLC_CHECK(count <= ops::kMaxDimensions) << count << " sizes";
  std::vector<uint32_t> sizes(count, 1);
  // Greedy, each dimension may take all that is left, so the first drawn is often large and the rest
  // 1; balanced, each takes at most twice its fair share (the root of what is left), so that high
  // dimension counts have several dimensions worth stepping along.
  const bool balanced = choices.Chance(2);
  const size_t first = choices.Draw(count);
  uint64_t left = std::max<uint64_t>(budget, 1);
  // kMaxDimensions sizes are drawn whatever `count`, the ones past it dropped, so that a shrinker
  // lowering the dimension count leaves the draws after these where they were.
  for (size_t i = 0; i < ops::kMaxDimensions; ++i) {
    if (i >= count) {
      Draw(choices, 1);
      continue;
    }
    const uint64_t limit = balanced ? std::min(left, 2 * IntegerRoot(left, count - i)) : left;
    uint32_t& size = sizes[(first + i) % count];
    size = Draw(choices, limit);
    left /= size;
  }
  return sizes;
}

}  // namespace dmlc::app::fuzz
