// Byte-level helpers the planted faults share: walking a tensor's logical elements by byte offset, and
// the packed twin of a desc (for the copies and temporaries a fault computes through). Header-only; the
// walk is app/engine's, so the faults and the comparison agree on which bytes are logical.
#pragma once

#include <cstdint>
#include <vector>

#include "app/engine/element_walk.h"
#include "ops/operator_desc.h"
#include "ops/tensor_desc.h"

namespace dmlc::app::testing {

// Calls fn(linear_index, byte_offset) for every logical element of a validated desc, in row-major order.
template <class Fn>
void ForEachElementByte(const ops::TensorDesc& desc, Fn&& fn) {
  const uint64_t element_size = ops::ElementSize(desc.DataType);
  ForEachElement(desc.Sizes, ops::EffectiveStrides(desc),
                 [&](uint64_t linear, uint64_t offset) { fn(linear, offset * element_size); });
}

// The desc with its strides dropped (packed row-major) and TotalTensorSizeInBytes computed for that.
inline ops::TensorDesc PackedDesc(ops::TensorDesc desc) {
  desc.Strides.clear();
  desc.TotalTensorSizeInBytes = ops::CalcBufferTensorSize(desc).value();
  return desc;
}

// Copies of the desc's output tensor descs, in binding order (an operator outlives the desc it was prepared from).
inline std::vector<ops::TensorDesc> OutputDescs(const ops::OperatorDesc& desc) {
  std::vector<ops::TensorDesc> outputs;
  for (const ops::TensorBinding& b : ops::Bindings(desc)) {
    if (b.role == ops::TensorRole::kOutput) outputs.push_back(*b.desc);
  }
  return outputs;
}

// The row-major linear index of `coords` in a tensor of `sizes` (its packed element offset).
inline uint64_t LinearIndex(const std::vector<uint32_t>& coords, const std::vector<uint32_t>& sizes) {
  uint64_t linear = 0;
  for (size_t d = 0; d < sizes.size(); ++d) linear = linear * sizes[d] + coords[d];
  return linear;
}

}  // namespace dmlc::app::testing
