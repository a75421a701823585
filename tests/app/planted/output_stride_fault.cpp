// planted-output-stride: an output with more than kStrideFaultFrom logical elements has its elements from
// that index on written one element past where its strides say, as a kernel whose second workgroup adds
// one to its base offset would. The element that belongs there keeps what the buffer held; a shifted
// element that would land past TotalTensorSizeInBytes is not written (the fault stays in the buffer).
#include <algorithm>
#include <cstring>
#include <utility>
#include <vector>

#include "tests/app/planted/faults.h"
#include "tests/app/planted/planted_tensor.h"

namespace dmlc::app::testing {
namespace {

bool Long(const ops::TensorDesc& desc) { return ops::ElementCount(desc.Sizes).value() > kStrideFaultFrom; }

// Copies `computed`'s logical elements into `out`, those from kStrideFaultFrom on one element further.
void ShiftedCopy(const ops::TensorDesc& desc, std::span<const std::byte> computed, std::span<std::byte> out) {
  const uint64_t element_size = ops::ElementSize(desc.DataType);
  ForEachElementByte(desc, [&](uint64_t linear, uint64_t offset) {
    const uint64_t target = linear < kStrideFaultFrom ? offset : offset + element_size;
    if (target + element_size > desc.TotalTensorSizeInBytes) return;
    std::memcpy(out.data() + target, computed.data() + offset, element_size);
  });
}

class OutputStrideOperator : public backends::PreparedOperator {
 public:
  OutputStrideOperator(std::unique_ptr<backends::PreparedOperator> cpu, std::vector<ops::TensorDesc> outputs)
      : cpu_(std::move(cpu)), outputs_(std::move(outputs)) {}

  // cpu computes the long outputs into scratch buffers, which are then copied out shifted.
  Result<backends::Timing> Execute(std::span<const backends::ConstBuffer> inputs,
                                   std::span<const backends::MutableBuffer> outputs) override {
    std::vector<std::vector<std::byte>> scratch(outputs.size());
    std::vector<backends::MutableBuffer> targets(outputs.begin(), outputs.end());
    for (size_t i = 0; i < outputs.size(); ++i) {
      if (!Long(outputs_[i])) continue;
      scratch[i].resize(outputs[i].size());
      targets[i] = scratch[i];
    }
    Result<backends::Timing> timing = cpu_->Execute(inputs, targets);
    if (!timing.ok()) return timing;
    for (size_t i = 0; i < outputs.size(); ++i) {
      if (!scratch[i].empty()) ShiftedCopy(outputs_[i], scratch[i], outputs[i]);
    }
    return timing;
  }

 private:
  std::unique_ptr<backends::PreparedOperator> cpu_;
  std::vector<ops::TensorDesc> outputs_;
};

}  // namespace

PreparedResult PrepareOutputStrideFault(const ops::OperatorDesc& desc, backends::Backend& cpu) {
  PreparedResult inner = cpu.Prepare(desc);
  if (!inner.ok()) return inner;
  std::vector<ops::TensorDesc> outputs = OutputDescs(desc);
  if (std::none_of(outputs.begin(), outputs.end(), Long)) return inner;
  return std::unique_ptr<backends::PreparedOperator>(
      std::make_unique<OutputStrideOperator>(std::move(inner).value(), std::move(outputs)));
}

}  // namespace dmlc::app::testing
