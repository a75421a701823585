// REDUCE descs for the engine's tests: the output keeps the input's rank with the reduced axes at 1.
#pragma once

#include <utility>
#include <vector>

#include "ops/operator_desc.h"
#include "tests/ops/test_util.h"

namespace dmlc::app::testing {

inline ops::ReduceDesc Reduce(ops::ReduceFunction f, ops::DataType in, ops::DataType out, std::vector<uint32_t> sizes,
                              std::vector<uint32_t> axes, std::vector<uint32_t> strides = {}) {
  ops::ReduceDesc d;
  d.Function = f;
  d.InputTensor = ops::testing::Tensor(in, sizes, std::move(strides));
  for (uint32_t a : axes) sizes[a] = 1;
  d.OutputTensor = ops::testing::Tensor(out, sizes);
  d.Axes = std::move(axes);
  return d;
}

inline ops::ReduceDesc Reduce(ops::ReduceFunction f, ops::DataType type, std::vector<uint32_t> sizes,
                              std::vector<uint32_t> axes, std::vector<uint32_t> strides = {}) {
  return Reduce(f, type, type, std::move(sizes), std::move(axes), std::move(strides));
}

}  // namespace dmlc::app::testing
