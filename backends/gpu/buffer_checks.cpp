#include "backends/gpu/buffer_checks.h"

#include <vector>

namespace dmlc::backends::gpu {

Status CheckBuffers(const std::string& scope, const ops::OperatorDesc& desc, std::span<const ConstBuffer> inputs,
                    std::span<const MutableBuffer> outputs) {
  const std::vector<ops::TensorBinding> bindings = ops::Bindings(desc);
  size_t input_count = 0;
  for (const ops::TensorBinding& b : bindings) input_count += b.role == ops::TensorRole::kInput ? 1 : 0;
  if (inputs.size() != input_count || outputs.size() != bindings.size() - input_count) {
    return MakeError(scope, "", "wrong number of buffers for the desc's bindings", "one buffer per binding");
  }
  for (size_t t = 0; t < bindings.size(); ++t) {
    const size_t have = t < input_count ? inputs[t].size() : outputs[t - input_count].size();
    const uint64_t needed = bindings[t].desc->TotalTensorSizeInBytes;
    if (have < needed) {
      return MakeError(scope, bindings[t].name,
                       "buffer has " + std::to_string(have) + " bytes, fewer than TotalTensorSizeInBytes " +
                           std::to_string(needed),
                       "buffers hold TotalTensorSizeInBytes bytes");
    }
  }
  return OkStatus();
}

}  // namespace dmlc::backends::gpu
