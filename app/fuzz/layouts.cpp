#include "app/fuzz/layouts.h"

#include <algorithm>
#include <numeric>
#include <vector>

#include "ops/check.h"

namespace dmlc::app::fuzz {
namespace {

// Half the draws are packed, so most cases keep some packed tensors to compare the others against.
enum class Layout { kPacked, kPadded, kPermuted, kBroadcast };
constexpr Layout kLayouts[] = {Layout::kPacked, Layout::kPacked,   Layout::kPacked,
                               Layout::kPadded, Layout::kPermuted, Layout::kBroadcast};
// Gaps added after each dimension's block: none, a few elements, and one that breaks 16-byte alignment.
constexpr uint32_t kPads[] = {0, 1, 2, 3, 5, 16};
constexpr uint64_t kLargerBufferOneIn = 8;
constexpr uint64_t kMaxExtraWords = 16;  // 4-byte words a larger TotalTensorSizeInBytes adds at most
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

// Strides that lay dimensions out in `order` (innermost first), each block followed by a drawn gap.
std::vector<uint64_t> OrderedStrides(Choices& choices, const std::vector<uint32_t>& sizes,
                                     const std::vector<size_t>& order, uint64_t budget) {
  std::vector<uint64_t> strides(sizes.size(), 0);
  uint64_t span = 1;
  for (size_t dim : order) {
    const uint64_t pad = kPads[choices.Draw(std::size(kPads))];
    strides[dim] = span + pad;
    span = std::min(budget + 1, span + uint64_t{sizes[dim] - 1} * strides[dim]);
  }
  return strides;
}

// A permutation of the dimensions, innermost first, by successive draws among those left; all-zero
// draws give row-major order.
std::vector<size_t> DrawOrder(Choices& choices, size_t rank) {
  std::vector<size_t> left(rank);
  std::iota(left.rbegin(), left.rend(), size_t{0});  // rank-1 (innermost) first
  std::vector<size_t> order;
  while (!left.empty()) {
    const size_t pick = choices.Draw(left.size());
    order.push_back(left[pick]);
    left.erase(left.begin() + static_cast<std::ptrdiff_t>(pick));
  }
  return order;
}

// Packed strides over the dimensions not broadcast; 0 for each broadcast one (drawn among sizes > 1).
std::vector<uint64_t> BroadcastStrides(Choices& choices, const std::vector<uint32_t>& sizes) {
  std::vector<uint64_t> strides(sizes.size(), 0);
  uint64_t extent = 1;
  for (size_t d = sizes.size(); d-- > 0;) {
    if (sizes[d] > 1 && choices.Chance(2)) continue;
    strides[d] = extent;
    extent *= sizes[d];
  }
  return strides;
}

std::vector<uint64_t> DrawStrides(Choices& choices, const ops::TensorDesc& desc, ops::TensorRole role,
                                  uint64_t budget) {
  const size_t rank = desc.Sizes.size();
  std::vector<size_t> row_major(rank);
  std::iota(row_major.rbegin(), row_major.rend(), size_t{0});
  Layout layout = kLayouts[choices.Draw(std::size(kLayouts))];
  if (layout == Layout::kBroadcast && role == ops::TensorRole::kOutput) layout = Layout::kPermuted;
  switch (layout) {
    case Layout::kPacked:
      return {};
    case Layout::kPadded:
      return OrderedStrides(choices, desc.Sizes, row_major, budget);
    case Layout::kPermuted:
      return OrderedStrides(choices, desc.Sizes, DrawOrder(choices, rank), budget);
    case Layout::kBroadcast:
      return BroadcastStrides(choices, desc.Sizes);
  }
  return {};
}

}  // namespace

void DrawLayout(Choices& choices, ops::TensorDesc& desc, ops::TensorRole role, uint64_t budget) {
  const uint32_t element_size = ops::ElementSize(desc.DataType);
  DMLC_CHECK(element_size != 0 && budget % 4 == 0) << ops::Describe(desc) << " budget " << budget;
  const std::vector<uint64_t> strides = DrawStrides(choices, desc, role, budget);
  desc.Strides.clear();
  if (!strides.empty() && Span(desc.Sizes, strides, budget) <= budget) {
    desc.Strides.assign(strides.begin(), strides.end());  // each below budget, so within uint32
  } else if (choices.Chance(kExplicitPackedOneIn)) {
    desc.Strides = ops::PackedStrides(desc.Sizes);
  }
  // Both layouts span at most `budget` elements, a multiple of 4, so rounding up to 4 bytes stays within it.
  const uint64_t needed = ops::CalcBufferTensorSize(desc).value();
  desc.TotalTensorSizeInBytes = needed;
  if (choices.Chance(kLargerBufferOneIn)) {
    const uint64_t room_words = (budget * element_size - needed) / 4;
    desc.TotalTensorSizeInBytes += 4 * std::min(room_words, 1 + choices.Draw(kMaxExtraWords));
  }
}

}  // namespace dmlc::app::fuzz
