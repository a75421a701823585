// Buffer layouts for generated tensors: packed, padded strides, permuted strides, broadcast (stride 0,
// inputs only), and TotalTensorSizeInBytes, sometimes larger than the layout needs. Pure functions of
// the draws; thread-safe.
#pragma once

#include <array>
#include <cstdint>

#include "app/fuzz/choices.h"
#include "ops/operator_desc.h"
#include "ops/tensor_desc.h"

namespace dmlc::app::fuzz {

enum class Layout { kPacked, kPadded, kPermuted, kBroadcast };

// Everything one tensor's layout draws, drawn at once and always the same number of draws whatever
// the layout and dimension count, so that a shrinker lowering one draw (padded to packed, 3
// dimensions to 2) leaves every later draw where it was.
struct LayoutDraws {
  Layout layout = Layout::kPacked;
  std::array<uint32_t, ops::kMaxDimensions> pads{};   // gap after each dimension's block, innermost first
  std::array<uint64_t, ops::kMaxDimensions> picks{};  // permutation, innermost first, among the dimensions left
  std::array<bool, ops::kMaxDimensions> broadcast{};  // stride 0, for dimensions larger than 1
  bool explicit_packed = false;                       // packed, with Strides written out
  bool larger_buffer = false;
  uint64_t extra_words = 0;  // 4-byte words a larger TotalTensorSizeInBytes adds
};
LayoutDraws DrawLayoutDraws(Choices& choices, uint32_t rank);

// Sets desc.Strides and desc.TotalTensorSizeInBytes for desc.Sizes and desc.DataType (both set, the
// element count within `budget`). The buffer (TotalTensorSizeInBytes / element size) stays within
// `budget` elements, `budget` a multiple of 4: a drawn layout that would need more falls back to
// packed. Outputs are never broadcast (elements would share a buffer element). All-zero draws give
// packed with no Strides and the computed size.
void ApplyLayout(const LayoutDraws& draws, ops::TensorDesc& desc, ops::TensorRole role, uint64_t budget);

// DrawLayoutDraws() for desc's dimension count, then ApplyLayout().
void DrawLayout(Choices& choices, ops::TensorDesc& desc, ops::TensorRole role, uint64_t budget);

}  // namespace dmlc::app::fuzz
