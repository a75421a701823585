// Buffer layouts for generated tensors: packed, padded strides, permuted strides, broadcast (stride 0,
// inputs only), and TotalTensorSizeInBytes, sometimes larger than the layout needs. Pure functions of
// the draws; thread-safe.
#pragma once

#include <cstdint>

#include "app/fuzz/choices.h"
#include "ops/operator_desc.h"
#include "ops/tensor_desc.h"

namespace dmlc::app::fuzz {

// Sets desc.Strides and desc.TotalTensorSizeInBytes for desc.Sizes and desc.DataType (both set, the
// element count within `budget`). The buffer (TotalTensorSizeInBytes / element size) stays within
// `budget` elements, `budget` a multiple of 4: a drawn layout that would need more falls back to
// packed. Outputs are never broadcast (elements would share a buffer element). Draw 0 is packed with
// no Strides and the computed size.
void DrawLayout(Choices& choices, ops::TensorDesc& desc, ops::TensorRole role, uint64_t budget);

}  // namespace dmlc::app::fuzz
