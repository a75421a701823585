// ONE_HOT: OutputTensor[c] = (c[Axis] == index(c)) ? OnValue : OffValue, where index(c) is the indices
// element at c with c[Axis] = 0, negative values (signed types) counting from the end of the sequence and
// values outside [-depth, depth-1] matching nothing. Off and on values are copied as raw bits, so the
// kernel is templated on the index type and the element width only. The iteration space is the output,
// with three operands: output, indices (stride 0 along Axis, broadcasting each index over its sequence)
// and a counter whose offset is c[Axis] (stride 1 along Axis, 0 elsewhere).
#include <array>
#include <cstring>
#include <limits>
#include <vector>

#include "backends/cpu/cpu_operator.h"
#include "backends/cpu/element.h"
#include "backends/cpu/kernels.h"
#include "backends/cpu/stream.h"
#include "backends/cpu/strided.h"

namespace dmlc::backends::cpu {
namespace {

// Offset in elements of the logical (row-major) element `index` of `desc`.
uint64_t OffsetOf(const ops::TensorDesc& desc, uint64_t index) {
  const std::vector<uint64_t> strides = Strides64(desc);
  uint64_t offset = 0;
  for (size_t d = desc.Sizes.size(); d-- > 0;) {
    offset += (index % desc.Sizes[d]) * strides[d];
    index /= desc.Sizes[d];
  }
  return offset;
}

class OneHotOperator final : public CpuOperator {
 public:
  OneHotOperator(const ops::OneHotDesc& desc, std::shared_ptr<ThreadPool> pool)
      : CpuOperator("ONE_HOT", {&desc.IndicesTensor, &desc.ValuesTensor}, {&desc.OutputTensor}, std::move(pool)),
        element_size_(ops::ElementSize(desc.OutputTensor.DataType)),
        index_type_(desc.IndicesTensor.DataType),
        depth_(desc.OutputTensor.Sizes[desc.Axis]),
        stream_(RequiredBytes(desc.OutputTensor) >= kStreamMinBytes),
        on_offset_(OffsetOf(desc.ValuesTensor, ops::OneHotOnValueIndex(desc.ValuesTensor))) {
    const std::vector<uint64_t> out_s = Strides64(desc.OutputTensor), idx_s = Strides64(desc.IndicesTensor);
    for (size_t d = 0; d < out_s.size(); ++d) {
      const bool axis = d == desc.Axis;
      shape_.Append(desc.OutputTensor.Sizes[d], {out_s[d], axis ? 0 : idx_s[d], axis ? 1u : 0u});
    }
    shape_.Coalesce();
  }

 protected:
  Status Run(std::span<const ConstBuffer> inputs, std::span<const MutableBuffer> outputs) override {
    DispatchIndexType(index_type_, [&](auto index_tag) {
      DispatchElementSize(element_size_, [&](auto element_tag) {
        using I = typename decltype(index_tag)::type;
        using E = typename decltype(element_tag)::type;
        E off, on;
        std::memcpy(&off, inputs[1].data(), sizeof(E));
        std::memcpy(&on, inputs[1].data() + on_offset_ * sizeof(E), sizeof(E));
        Fill<I, E>(inputs[0].data(), off, on, outputs[0].data());
      });
    });
    return OkStatus();
  }

 private:
  // The sequence position an index selects, or depth_ (matching no position) when out of range.
  template <class I>
  uint64_t Position(I raw) const {
    if constexpr (std::is_signed_v<I>) {
      int64_t v = raw;
      if (v < 0) v += static_cast<int64_t>(depth_);
      return v < 0 || static_cast<uint64_t>(v) >= depth_ ? depth_ : static_cast<uint64_t>(v);
    } else {
      return static_cast<uint64_t>(raw) >= depth_ ? depth_ : static_cast<uint64_t>(raw);
    }
  }

  template <class I, class E>
  void Fill(const std::byte* indices, E off, E on, std::byte* out) const {
    const uint64_t os = shape_.InnerStride(0), is = shape_.InnerStride(1), ks = shape_.InnerStride(2);
    pool().ParallelFor(shape_.ElementCount(), kMinElementsPerTask, [&](uint64_t begin, uint64_t end) {
      // Streamed rows are built in a cached image (all OffValue) and copied out whole: a streaming store
      // and an ordinary one to the same line would make the line be read after all.
      std::vector<E> image;
      if (stream_ && ks == 1 && os == 1) image.assign(shape_.RowLength(), off);
      shape_.ForEachSpan(begin, end, [&](const StridedShape<3>::Offsets& o, uint64_t j0, uint64_t n) {
        std::byte* row = out + (o[0] + j0 * os) * sizeof(E);
        if (ks == 1) {  // Axis is the innermost dimension: one index per row, one OnValue in it
          const uint64_t position = Position(Load<I>(indices + o[1] * sizeof(I)));
          const bool hit = position >= o[2] + j0 && position < o[2] + j0 + n;
          if (!image.empty()) {
            if (hit) image[position - o[2] - j0] = on;
            StreamCopy(row, reinterpret_cast<const std::byte*>(image.data()), n * sizeof(E));
            if (hit) image[position - o[2] - j0] = off;
            return;
          }
          if (os == 1) {
            FillRow(row, off, n);
          } else {
            for (uint64_t j = 0; j < n; ++j) StoreRaw(row + j * os * sizeof(E), off);
          }
          if (hit) StoreRaw(row + (position - o[2] - j0) * os * sizeof(E), on);
          return;
        }
        const uint64_t k = o[2];  // Axis coordinate, constant along the row
        const std::byte* idx = indices + (o[1] + j0 * is) * sizeof(I);
        for (uint64_t j = 0; j < n; ++j) {
          StoreRaw(row + j * os * sizeof(E), Position(Load<I>(idx + j * is * sizeof(I))) == k ? on : off);
        }
      });
      if (!image.empty()) StreamFence();
    });
  }

  uint32_t element_size_;
  ops::DataType index_type_;
  uint64_t depth_;
  bool stream_;  // output too large for the cache: streaming stores
  uint64_t on_offset_;
  StridedShape<3> shape_;  // operands: output, indices, Axis counter
};

}  // namespace

Result<std::unique_ptr<PreparedOperator>> Prepare(const ops::OneHotDesc& desc, std::shared_ptr<ThreadPool> pool) {
  return std::unique_ptr<PreparedOperator>(std::make_unique<OneHotOperator>(desc, std::move(pool)));
}

}  // namespace dmlc::backends::cpu
