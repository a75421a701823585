#include "app/fuzz/layouts.h"

#include <algorithm>
#include <numeric>
#include <vector>

#include "ops/check.h"

namespace dmlc::app::fuzz {
namespace {

// Half the draws are packed, so most cases keep some packed tensors to compare the others against.
constexpr Layout kLayouts[] = {Layout::kPacked, Layout::kPacked,   Layout::kPacked,
                               Layout::kPadded, Layout::kPermuted, Layout::kBroadcast};
// Gaps added after each dimension's block: none, a few elements, and one that breaks 16-byte alignment.
constexpr uint32_t kPads[] = {0, 1, 2, 3, 5, 16};
constexpr uint64_t kLargerBufferOneIn = 8;
constexpr uint64_t kMaxExtraWords = 16;
constexpr uint64_t kExplicitPackedOneIn = 4;

// Offset of the last element plus one, or `budget` + 1 once it passes `budget`.
uint64_t Span(const std::vector<uint32_t>& sizes, const std::vector<uint64_t>& strides, uint64_t budget) {
  uint64_t last = 0;
  for (size_t d = 0; d < sizes.size(); ++d) {
    last += uint64_t{sizes[d] - 1} * strides[d];
    if (last >= budget) return budget + 1;
  }
  return last + 1;
}

// Dimensions innermost first: in row-major order, or permuted by the picks (all-zero picks give
// row-major order).
std::vector<size_t> Order(const LayoutDraws& draws, size_t rank, bool permuted) {
  std::vector<size_t> left(rank);
  std::iota(left.rbegin(), left.rend(), size_t{0});  // rank-1 (innermost) first
  if (!permuted) return left;
  std::vector<size_t> order;
  for (size_t i = 0; i < rank; ++i) {
    const size_t pick = static_cast<size_t>(std::min<uint64_t>(draws.picks[i], left.size() - 1));
    order.push_back(left[pick]);
    left.erase(left.begin() + static_cast<std::ptrdiff_t>(pick));
  }
  return order;
}

// Strides that lay dimensions out in `order` (innermost first), each block followed by its gap.
std::vector<uint64_t> OrderedStrides(const LayoutDraws& draws, const std::vector<uint32_t>& sizes,
                                     const std::vector<size_t>& order, uint64_t budget) {
  std::vector<uint64_t> strides(sizes.size(), 0);
  uint64_t span = 1;
  for (size_t i = 0; i < order.size(); ++i) {
    const size_t dim = order[i];
    strides[dim] = span + draws.pads[i];
    span = std::min(budget + 1, span + uint64_t{sizes[dim] - 1} * strides[dim]);
  }
  return strides;
}

// Packed strides over the dimensions not broadcast; 0 for each broadcast one (among sizes > 1).
std::vector<uint64_t> BroadcastStrides(const LayoutDraws& draws, const std::vector<uint32_t>& sizes) {
  std::vector<uint64_t> strides(sizes.size(), 0);
  uint64_t extent = 1;
  for (size_t d = sizes.size(); d-- > 0;) {
    if (sizes[d] > 1 && draws.broadcast[d]) continue;
    strides[d] = extent;
    extent *= sizes[d];
  }
  return strides;
}

// Empty for packed.
std::vector<uint64_t> Strides(const LayoutDraws& draws, const ops::TensorDesc& desc, ops::TensorRole role,
                              uint64_t budget) {
  const size_t rank = desc.Sizes.size();
  Layout layout = draws.layout;
  if (layout == Layout::kBroadcast && role == ops::TensorRole::kOutput) layout = Layout::kPermuted;
  switch (layout) {
    case Layout::kPacked:
      return {};
    case Layout::kPadded:
    case Layout::kPermuted:
      return OrderedStrides(draws, desc.Sizes, Order(draws, rank, layout == Layout::kPermuted), budget);
    case Layout::kBroadcast:
      return BroadcastStrides(draws, desc.Sizes);
  }
  return {};
}

}  // namespace

LayoutDraws DrawLayoutDraws(Choices& choices, uint32_t rank) {
  LayoutDraws draws;
  draws.layout = kLayouts[choices.Draw(std::size(kLayouts))];
  for (uint32_t& pad : draws.pads) pad = kPads[choices.Draw(std::size(kPads))];
  for (size_t i = 0; i < ops::kMaxDimensions; ++i) draws.picks[i] = choices.Draw(i < rank ? rank - i : 1);
  for (bool& broadcast : draws.broadcast) broadcast = choices.Chance(2);
  draws.explicit_packed = choices.Chance(kExplicitPackedOneIn);
  draws.larger_buffer = choices.Chance(kLargerBufferOneIn);
  draws.extra_words = 1 + choices.Draw(kMaxExtraWords);
  return draws;
}

void ApplyLayout(const LayoutDraws& draws, ops::TensorDesc& desc, ops::TensorRole role, uint64_t budget) {
  const uint32_t element_size = ops::ElementSize(desc.DataType);
  DMLC_CHECK(element_size != 0 && budget % 4 == 0 && desc.Sizes.size() <= ops::kMaxDimensions)
      << ops::Describe(desc) << " budget " << budget;
  const std::vector<uint64_t> strides = Strides(draws, desc, role, budget);
  desc.Strides.clear();
  if (!strides.empty() && Span(desc.Sizes, strides, budget) <= budget) {
    desc.Strides.assign(strides.begin(), strides.end());  // each below budget, so within uint32
  } else if (draws.explicit_packed) {
    desc.Strides = ops::PackedStrides(desc.Sizes);
  }
  // Both layouts span at most `budget` elements, a multiple of 4, so rounding up to 4 bytes stays within it.
  const uint64_t needed = ops::CalcBufferTensorSize(desc).value();
  desc.TotalTensorSizeInBytes = needed;
  if (draws.larger_buffer) {
    const uint64_t room_words = (budget * element_size - needed) / 4;
    desc.TotalTensorSizeInBytes += 4 * std::min(room_words, draws.extra_words);
  }
}

void DrawLayout(Choices& choices, ops::TensorDesc& desc, ops::TensorRole role, uint64_t budget) {
  ApplyLayout(DrawLayoutDraws(choices, desc.DimensionCount()), desc, role, budget);
}

}  // namespace dmlc::app::fuzz
