#include <cstdint>
#include <vector>

#include "app/fuzz/generator.h"

namespace dmlc::app::fuzz {
namespace {

struct Shape {
  bool broadcast = false;  // a stride 0 along a dimension larger than 1
  bool permuted = false;   // strides of the dimensions larger than 1 not decreasing
  bool padded = false;     // not packed otherwise
};

// Dimensions of size 1 are never stepped along, so their strides say nothing about the layout.
Shape ShapeOf(const ops::TensorDesc& desc) {
  const std::vector<uint32_t> strides = ops::EffectiveStrides(desc);
  const std::vector<uint32_t> packed = ops::PackedStrides(desc.Sizes);
  Shape shape;
  uint64_t previous = UINT64_MAX;
  // An invalid desc may have fewer strides than sizes; the dimensions both cover still classify it.
  for (size_t d = 0; d < desc.Sizes.size() && d < strides.size(); ++d) {
    if (desc.Sizes[d] == 1) continue;
    if (strides[d] == 0) {
      shape.broadcast = true;
      continue;
    }
    if (strides[d] >= previous) shape.permuted = true;
    if (strides[d] != packed[d]) shape.padded = true;
    previous = strides[d];
  }
  return shape;
}

}  // namespace

std::string LayoutClass(const ops::OperatorDesc& desc) {
  Shape inputs;
  bool output_packed = true;
  for (const ops::TensorBinding& binding : ops::Bindings(desc)) {
    const Shape shape = ShapeOf(*binding.desc);
    if (binding.role == ops::TensorRole::kOutput) {
      output_packed = output_packed && !shape.broadcast && !shape.permuted && !shape.padded;
      continue;
    }
    inputs.broadcast = inputs.broadcast || shape.broadcast;
    inputs.permuted = inputs.permuted || shape.permuted;
    inputs.padded = inputs.padded || (shape.padded && !shape.permuted && !shape.broadcast);
  }
  if (inputs.padded) return "padded";
  if (inputs.permuted) return "permuted";
  if (inputs.broadcast) return "broadcast";
  if (!output_packed) return "padded-output";
  return "packed";
}

}  // namespace dmlc::app::fuzz
