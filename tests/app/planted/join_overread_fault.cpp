// planted-join-overread: JOIN reads the last logical element of each input whose strides are not packed
// from one element past it (stride padding, or whatever element lies there), as a kernel whose loop bound
// is off by one on strided inputs would. cpu runs on a copy of such an input with that element replaced;
// where one element past it would leave TotalTensorSizeInBytes the input is read right.
#include <algorithm>
#include <cstring>
#include <utility>
#include <variant>
#include <vector>

#include "tests/app/planted/faults.h"
#include "tests/app/planted/planted_tensor.h"

namespace dmlc::app::testing {
namespace {

// Byte offset of the row-major last logical element.
uint64_t LastElementOffset(const ops::TensorDesc& desc) {
  const std::vector<uint32_t> strides = ops::EffectiveStrides(desc);
  uint64_t last = 0;
  for (size_t d = 0; d < strides.size(); ++d) last += uint64_t{desc.Sizes[d] - 1} * strides[d];
  return last * ops::ElementSize(desc.DataType);
}

// True when the input is strided and has an element's room past its last element.
bool Overreads(const ops::TensorDesc& input) {
  return !ops::IsPacked(input) &&
         LastElementOffset(input) + 2 * uint64_t{ops::ElementSize(input.DataType)} <= input.TotalTensorSizeInBytes;
}

class JoinOverreadOperator : public backends::PreparedOperator {
 public:
  JoinOverreadOperator(std::unique_ptr<backends::PreparedOperator> cpu, std::vector<ops::TensorDesc> inputs)
      : cpu_(std::move(cpu)), inputs_(std::move(inputs)) {}

  Result<backends::Timing> Execute(std::span<const backends::ConstBuffer> inputs,
                                   std::span<const backends::MutableBuffer> outputs) override {
    std::vector<std::vector<std::byte>> copies(inputs.size());
    std::vector<backends::ConstBuffer> read(inputs.begin(), inputs.end());
    for (size_t i = 0; i < inputs.size(); ++i) {
      if (!Overreads(inputs_[i])) continue;
      copies[i].assign(inputs[i].begin(), inputs[i].end());
      const uint64_t last = LastElementOffset(inputs_[i]);
      const uint64_t element_size = ops::ElementSize(inputs_[i].DataType);
      std::memcpy(copies[i].data() + last, copies[i].data() + last + element_size, element_size);
      read[i] = copies[i];
    }
    return cpu_->Execute(read, outputs);
  }

 private:
  std::unique_ptr<backends::PreparedOperator> cpu_;
  std::vector<ops::TensorDesc> inputs_;
};

}  // namespace

PreparedResult PrepareJoinOverreadFault(const ops::OperatorDesc& desc, backends::Backend& cpu) {
  PreparedResult inner = cpu.Prepare(desc);
  const auto* join = std::get_if<ops::JoinDesc>(&desc);
  if (!inner.ok() || join == nullptr || std::none_of(join->InputTensors.begin(), join->InputTensors.end(), Overreads)) {
    return inner;
  }
  return std::unique_ptr<backends::PreparedOperator>(
      std::make_unique<JoinOverreadOperator>(std::move(inner).value(), join->InputTensors));
}

}  // namespace dmlc::app::testing
