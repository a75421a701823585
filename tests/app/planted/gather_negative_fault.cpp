// planted-gather-negative: GATHER_ND1 indices below zero are not wrapped (index + dimension size) but read
// as 0, as a kernel that clamps before it wraps would: cpu runs on a copy of the indices with every
// negative one set to 0. An index of -size wraps to 0 anyway, so only the other negatives go wrong.
#include <cstring>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "backends/cpu/element.h"
#include "tests/app/planted/faults.h"
#include "tests/app/planted/planted_tensor.h"

namespace dmlc::app::testing {
namespace {

// Bindings() order of GATHER_ND1: InputTensor, IndicesTensor, OutputTensor.
constexpr size_t kIndicesBinding = 1;

template <class Index>
void ZeroNegatives(const ops::TensorDesc& desc, std::span<std::byte> indices) {
  ForEachElementByte(desc, [&](uint64_t, uint64_t offset) {
    Index index;
    std::memcpy(&index, indices.data() + offset, sizeof(index));
    if (index >= 0) return;
    index = 0;
    std::memcpy(indices.data() + offset, &index, sizeof(index));
  });
}

class GatherNegativeOperator : public backends::PreparedOperator {
 public:
  GatherNegativeOperator(std::unique_ptr<backends::PreparedOperator> cpu, ops::TensorDesc indices)
      : cpu_(std::move(cpu)), indices_(std::move(indices)) {}

  Result<backends::Timing> Execute(std::span<const backends::ConstBuffer> inputs,
                                   std::span<const backends::MutableBuffer> outputs) override {
    std::vector<std::byte> indices(inputs[kIndicesBinding].begin(), inputs[kIndicesBinding].end());
    backends::cpu::DispatchIndexType(indices_.DataType, [&](auto tag) {
      using Index = typename decltype(tag)::type;
      if constexpr (std::is_signed_v<Index>) ZeroNegatives<Index>(indices_, indices);
    });
    std::vector<backends::ConstBuffer> rewritten(inputs.begin(), inputs.end());
    rewritten[kIndicesBinding] = indices;
    return cpu_->Execute(rewritten, outputs);
  }

 private:
  std::unique_ptr<backends::PreparedOperator> cpu_;
  ops::TensorDesc indices_;
};

}  // namespace

PreparedResult PrepareGatherNegativeFault(const ops::OperatorDesc& desc, backends::Backend& cpu) {
  PreparedResult inner = cpu.Prepare(desc);
  const auto* gather = std::get_if<ops::GatherNd1Desc>(&desc);
  if (!inner.ok() || gather == nullptr || !ops::IsSignedInteger(gather->IndicesTensor.DataType)) return inner;
  return std::unique_ptr<backends::PreparedOperator>(
      std::make_unique<GatherNegativeOperator>(std::move(inner).value(), gather->IndicesTensor));
}

}  // namespace dmlc::app::testing
