// planted-argmax-last-tie: REDUCE ARGMAX returns the last position among equal maxima (and the last NaN)
// where DirectML returns the first. cpu runs on a packed copy of the input reversed along every reduced
// axis, whose first maximum is the original's last; a position p there is count - 1 - p here (row-major
// positions within the reduced axes mirror). Without ties the answer is cpu's.
#include <cstring>
#include <utility>
#include <variant>
#include <vector>

#include "backends/cpu/element.h"
#include "tests/app/planted/faults.h"
#include "tests/app/planted/planted_tensor.h"

namespace dmlc::app::testing {
namespace {

class ArgMaxLastTieOperator : public backends::PreparedOperator {
 public:
  // `reversed` is prepared from `desc` with a packed input.
  ArgMaxLastTieOperator(std::unique_ptr<backends::PreparedOperator> reversed, ops::ReduceDesc desc)
      : reversed_(std::move(reversed)), desc_(std::move(desc)), packed_input_(PackedDesc(desc_.InputTensor)) {
    for (uint32_t axis : desc_.Axes) positions_ *= desc_.InputTensor.Sizes[axis];
  }

  Result<backends::Timing> Execute(std::span<const backends::ConstBuffer> inputs,
                                   std::span<const backends::MutableBuffer> outputs) override {
    const std::vector<std::byte> reversed = Reversed(inputs[0]);
    const backends::ConstBuffer reversed_view = reversed;
    Result<backends::Timing> timing = reversed_->Execute({&reversed_view, 1}, outputs);
    if (!timing.ok()) return timing;
    MirrorPositions(outputs[0]);
    return timing;
  }

 private:
  std::vector<std::byte> Reversed(backends::ConstBuffer input) const {
    const std::vector<uint32_t>& sizes = desc_.InputTensor.Sizes;
    const uint64_t element_size = ops::ElementSize(desc_.InputTensor.DataType);
    std::vector<std::byte> reversed(packed_input_.TotalTensorSizeInBytes);
    ForEachElementByte(desc_.InputTensor, [&](uint64_t linear, uint64_t offset) {
      std::vector<uint32_t> coords = CoordinatesOf(linear, sizes);
      for (uint32_t axis : desc_.Axes) coords[axis] = sizes[axis] - 1 - coords[axis];
      std::memcpy(reversed.data() + LinearIndex(coords, sizes) * element_size, input.data() + offset, element_size);
    });
    return reversed;
  }

  void MirrorPositions(std::span<std::byte> out) const {
    backends::cpu::DispatchIndexType(desc_.OutputTensor.DataType, [&](auto tag) {
      using Index = typename decltype(tag)::type;
      ForEachElementByte(desc_.OutputTensor, [&](uint64_t, uint64_t offset) {
        Index position;
        std::memcpy(&position, out.data() + offset, sizeof(position));
        position = static_cast<Index>(positions_ - 1 - static_cast<uint64_t>(position));
        std::memcpy(out.data() + offset, &position, sizeof(position));
      });
    });
  }

  std::unique_ptr<backends::PreparedOperator> reversed_;
  ops::ReduceDesc desc_;
  ops::TensorDesc packed_input_;
  uint64_t positions_ = 1;  // elements each output position is chosen among
};

}  // namespace

PreparedResult PrepareArgMaxLastTieFault(const ops::OperatorDesc& desc, backends::Backend& cpu) {
  const auto* reduce = std::get_if<ops::ReduceDesc>(&desc);
  if (reduce == nullptr || reduce->Function != ops::ReduceFunction::kArgMax) return cpu.Prepare(desc);
  ops::ReduceDesc packed = *reduce;
  packed.InputTensor = PackedDesc(reduce->InputTensor);
  PreparedResult reversed = cpu.Prepare(packed);
  if (!reversed.ok()) return reversed;
  return std::unique_ptr<backends::PreparedOperator>(
      std::make_unique<ArgMaxLastTieOperator>(std::move(reversed).value(), *reduce));
}

}  // namespace dmlc::app::testing
