// planted-f16-subnormal: every FLOAT16 output element that cpu computed as a subnormal is flushed to zero
// of its sign, as hardware running with denormals-are-zero would store it. Any operator, any output.
#include <algorithm>
#include <cstring>
#include <utility>
#include <vector>

#include "tests/app/planted/faults.h"
#include "tests/app/planted/planted_tensor.h"

namespace dmlc::app::testing {
namespace {

bool IsFloat16(const ops::TensorDesc& desc) { return desc.DataType == ops::DataType::kFloat16; }

void FlushSubnormals(const ops::TensorDesc& desc, std::span<std::byte> out) {
  ForEachElementByte(desc, [&](uint64_t, uint64_t offset) {
    uint16_t bits;
    std::memcpy(&bits, out.data() + offset, sizeof(bits));
    const bool subnormal = (bits & 0x7C00u) == 0 && (bits & 0x03FFu) != 0;
    if (!subnormal) return;
    bits &= 0x8000u;
    std::memcpy(out.data() + offset, &bits, sizeof(bits));
  });
}

class F16SubnormalOperator : public backends::PreparedOperator {
 public:
  F16SubnormalOperator(std::unique_ptr<backends::PreparedOperator> cpu, std::vector<ops::TensorDesc> outputs)
      : cpu_(std::move(cpu)), outputs_(std::move(outputs)) {}

  Result<backends::Timing> Execute(std::span<const backends::ConstBuffer> inputs,
                                   std::span<const backends::MutableBuffer> outputs) override {
    Result<backends::Timing> timing = cpu_->Execute(inputs, outputs);
    if (!timing.ok()) return timing;
    for (size_t i = 0; i < outputs.size(); ++i) {
      if (IsFloat16(outputs_[i])) FlushSubnormals(outputs_[i], outputs[i]);
    }
    return timing;
  }

 private:
  std::unique_ptr<backends::PreparedOperator> cpu_;
  std::vector<ops::TensorDesc> outputs_;
};

}  // namespace

PreparedResult PrepareF16SubnormalFault(const ops::OperatorDesc& desc, backends::Backend& cpu) {
  PreparedResult inner = cpu.Prepare(desc);
  if (!inner.ok()) return inner;
  std::vector<ops::TensorDesc> outputs = OutputDescs(desc);
  if (std::none_of(outputs.begin(), outputs.end(), IsFloat16)) return inner;
  return std::unique_ptr<backends::PreparedOperator>(
      std::make_unique<F16SubnormalOperator>(std::move(inner).value(), std::move(outputs)));
}

}  // namespace dmlc::app::testing
