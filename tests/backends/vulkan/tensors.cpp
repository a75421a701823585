#include "tests/backends/vulkan/tensors.h"

namespace dmlc::backends::vulkan::testing {

ops::TensorDesc Tensor(ops::DataType type, std::vector<uint32_t> sizes, std::vector<uint32_t> strides) {
  ops::TensorDesc t;
  t.DataType = type;
  t.Sizes = std::move(sizes);
  t.Strides = std::move(strides);
  t.TotalTensorSizeInBytes = ops::CalcBufferTensorSize(t).value();
  return t;
}

}  // namespace dmlc::backends::vulkan::testing
