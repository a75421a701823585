// The runs of a REDUCE: for each output element, the input values it reduces, read as doubles in
// row-major order of the reduced axes. Shared by the data error bounds (error_bound.h) and the admitted
// NaN behaviours (behaviours.h), so both walk a desc's strides and axes alike. Header-only; pure.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <vector>

#include "app/engine/element_walk.h"
#include "ops/float16.h"
#include "ops/operator_desc.h"

namespace dmlc::app {

// A floating-point element (FLOAT16, FLOAT32 or FLOAT64) at `p`, as a double.
inline double LoadFloat(const std::byte* p, ops::DataType type) {
  switch (type) {
    case ops::DataType::kFloat16: {
      uint16_t bits;
      std::memcpy(&bits, p, sizeof bits);
      return ops::HalfToFloat(bits);
    }
    case ops::DataType::kFloat64: {
      double v;
      std::memcpy(&v, p, sizeof v);
      return v;
    }
    default: {
      float v;
      std::memcpy(&v, p, sizeof v);
      return v;
    }
  }
}

// One output element's reduced input values.
class ReducedRun {
 public:
  ReducedRun(const std::byte* input, ops::DataType type, const std::vector<uint32_t>& sizes,
             const std::vector<uint32_t>& strides, uint64_t base)
      : input_(input), type_(type), sizes_(sizes), strides_(strides), base_(base) {}

  // fn(value) for each value, in row-major order of the reduced axes.
  template <class Fn>
  void ForEach(Fn&& fn) const {
    const uint32_t size = ops::ElementSize(type_);
    ForEachElement(sizes_, strides_,
                   [&](uint64_t, uint64_t offset) { fn(LoadFloat(input_ + (base_ + offset) * size, type_)); });
  }

 private:
  const std::byte* input_;
  ops::DataType type_;
  const std::vector<uint32_t>& sizes_;
  const std::vector<uint32_t>& strides_;
  uint64_t base_;
};

// fn(output, run) for each output element of `desc` (a float REDUCE), output counting row-major; `input`
// holds the input's TotalTensorSizeInBytes.
template <class Fn>
void ForEachReducedRun(const ops::ReduceDesc& desc, std::span<const std::byte> input, Fn&& fn) {
  const std::vector<uint32_t> strides = ops::EffectiveStrides(desc.InputTensor);
  // One walk steps through the output elements (the reduced axes held at 0), the other through one
  // output's reduced run (only the reduced axes move); both through the input's strides.
  std::vector<uint32_t> outer = desc.InputTensor.Sizes;
  std::vector<uint32_t> inner(outer.size(), 1);
  for (uint32_t axis : ops::ReducedAxes(desc)) {
    inner[axis] = outer[axis];
    outer[axis] = 1;
  }
  ForEachElement(outer, strides, [&](uint64_t output, uint64_t base) {
    fn(output, ReducedRun(input.data(), desc.InputTensor.DataType, inner, strides, base));
  });
}

}  // namespace dmlc::app
