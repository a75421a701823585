// JOIN: each input is a strided copy into the output, shifted along Axis by the sizes of the inputs
// before it. Coalescing turns packed layouts into long memcpy rows.
#include <vector>

#include "backends/cpu/copy.h"
#include "backends/cpu/cpu_operator.h"
#include "backends/cpu/kernels.h"

namespace dmlc::backends::cpu {
namespace {

class JoinOperator final : public CpuOperator {
 public:
  JoinOperator(const ops::JoinDesc& desc, std::vector<const ops::TensorDesc*> inputs,
               std::shared_ptr<ThreadPool> pool)
      : CpuOperator("JOIN", inputs, {&desc.OutputTensor}, std::move(pool)),
        element_size_(ops::ElementSize(desc.OutputTensor.DataType)),
        stream_(RequiredBytes(desc.OutputTensor) >= kStreamMinBytes) {
    const std::vector<uint64_t> out_strides = Strides64(desc.OutputTensor);
    uint64_t axis_start = 0;
    for (const ops::TensorDesc* in : inputs) {
      const std::vector<uint64_t> in_strides = Strides64(*in);
      Part part;
      for (size_t d = 0; d < in->Sizes.size(); ++d) part.shape.Append(in->Sizes[d], {in_strides[d], out_strides[d]});
      part.shape.Coalesce();
      part.dst_offset = axis_start * out_strides[desc.Axis];
      axis_start += in->Sizes[desc.Axis];
      parts_.push_back(part);
    }
  }

 protected:
  Status Run(std::span<const ConstBuffer> inputs, std::span<const MutableBuffer> outputs) override {
    DispatchElementSize(element_size_, [&](auto tag) {
      using E = typename decltype(tag)::type;
      for (size_t i = 0; i < parts_.size(); ++i) {
        const Part& part = parts_[i];
        const std::byte* src = inputs[i].data();
        std::byte* dst = outputs[0].data() + part.dst_offset * sizeof(E);
        pool().ParallelFor(part.shape.ElementCount(), kMinElementsPerTask,
                           [&](uint64_t begin, uint64_t end) {
                             CopyElements<E>(part.shape, src, dst, begin, end, stream_);
                             if (stream_) StreamFence();
                           });
      }
    });
    return OkStatus();
  }

 private:
  struct Part {
    StridedShape<2> shape;  // operand 0: the input, operand 1: the output region it fills
    uint64_t dst_offset = 0;
  };
  uint32_t element_size_;
  bool stream_;  // output too large for the cache: streaming stores
  std::vector<Part> parts_;
};

}  // namespace

Result<std::unique_ptr<PreparedOperator>> Prepare(const ops::JoinDesc& desc, std::shared_ptr<ThreadPool> pool) {
  std::vector<const ops::TensorDesc*> inputs;
  for (const auto& t : desc.InputTensors) inputs.push_back(&t);
  return std::unique_ptr<PreparedOperator>(std::make_unique<JoinOperator>(desc, std::move(inputs), std::move(pool)));
}

}  // namespace dmlc::backends::cpu
