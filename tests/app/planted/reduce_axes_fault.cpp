// planted-reduce-axes: REDUCE over exactly the axes {0,2} (rank 3 or more, in either order) is reduced over
// {0,1}, as a kernel that takes the first two reduced axes to be adjacent would. cpu computes both: the
// right output, and the {0,1} reduction (shape {1,1,s2,...}) into a packed temporary; then output element
// (0,j,0,...) takes the temporary's (0,0,j,...) for every j < s2, the rows the temporary has (the rest
// keep the right values).
#include <algorithm>
#include <cstring>
#include <utility>
#include <variant>
#include <vector>

#include "tests/app/planted/faults.h"
#include "tests/app/planted/planted_tensor.h"

namespace dmlc::app::testing {
namespace {

bool ReducesAxes0And2(const ops::ReduceDesc& desc) {
  std::vector<uint32_t> axes = desc.Axes;
  std::sort(axes.begin(), axes.end());
  return desc.InputTensor.DimensionCount() >= 3 && axes == std::vector<uint32_t>{0, 2};
}

// The desc reduced over {0,1} instead, into a packed output.
ops::ReduceDesc OverAxes0And1(const ops::ReduceDesc& desc) {
  ops::ReduceDesc wrong = desc;
  wrong.Axes = {0, 1};
  wrong.OutputTensor.Sizes = desc.InputTensor.Sizes;
  wrong.OutputTensor.Sizes[0] = wrong.OutputTensor.Sizes[1] = 1;
  wrong.OutputTensor = PackedDesc(wrong.OutputTensor);
  return wrong;
}

class ReduceAxesOperator : public backends::PreparedOperator {
 public:
  ReduceAxesOperator(std::unique_ptr<backends::PreparedOperator> right, std::unique_ptr<backends::PreparedOperator> wrong,
                     ops::TensorDesc output, ops::TensorDesc wrong_output)
      : right_(std::move(right)), wrong_(std::move(wrong)), output_(std::move(output)),
        wrong_output_(std::move(wrong_output)) {}

  Result<backends::Timing> Execute(std::span<const backends::ConstBuffer> inputs,
                                   std::span<const backends::MutableBuffer> outputs) override {
    Result<backends::Timing> timing = right_->Execute(inputs, outputs);
    if (!timing.ok()) return timing;
    std::vector<std::byte> wrong(wrong_output_.TotalTensorSizeInBytes);
    const backends::MutableBuffer wrong_view = wrong;
    if (Result<backends::Timing> w = wrong_->Execute(inputs, {&wrong_view, 1}); !w.ok()) return w;
    const uint64_t element_size = ops::ElementSize(output_.DataType);
    const uint32_t rows = wrong_output_.Sizes[2];
    ForEachElementByte(output_, [&](uint64_t linear, uint64_t offset) {
      std::vector<uint32_t> coords = CoordinatesOf(linear, output_.Sizes);
      const uint32_t j = coords[1];
      if (j >= rows) return;
      coords[1] = 0;
      coords[2] = j;
      std::memcpy(outputs[0].data() + offset, wrong.data() + LinearIndex(coords, wrong_output_.Sizes) * element_size,
                  element_size);
    });
    return timing;
  }

 private:
  std::unique_ptr<backends::PreparedOperator> right_;
  std::unique_ptr<backends::PreparedOperator> wrong_;
  ops::TensorDesc output_;
  ops::TensorDesc wrong_output_;
};

}  // namespace

PreparedResult PrepareReduceAxesFault(const ops::OperatorDesc& desc, backends::Backend& cpu) {
  PreparedResult right = cpu.Prepare(desc);
  const auto* reduce = std::get_if<ops::ReduceDesc>(&desc);
  if (!right.ok() || reduce == nullptr || !ReducesAxes0And2(*reduce)) return right;
  const ops::ReduceDesc over_0_1 = OverAxes0And1(*reduce);
  PreparedResult wrong = cpu.Prepare(over_0_1);
  if (!wrong.ok()) return wrong;
  return std::unique_ptr<backends::PreparedOperator>(std::make_unique<ReduceAxesOperator>(
      std::move(right).value(), std::move(wrong).value(), reduce->OutputTensor, over_0_1.OutputTensor));
}

}  // namespace dmlc::app::testing
