// DIAGONAL_MATRIX: OutputTensor[..., i, j] = (i + Offset == j) ? Value : 0, leading dimensions are
// batches. Value is converted once at Prepare (ops::DiagonalValueBits); Execute clears each row (zero is all-zero bits in every type) and sets the one diagonal element.
#include <array>
#include <cstring>
#include <vector>

#include "backends/cpu/cpu_operator.h"
#include "backends/cpu/element.h"
#include "backends/cpu/kernels.h"
#include "backends/cpu/stream.h"
#include "backends/cpu/strided.h"

namespace dmlc::backends::cpu {
namespace {

using ValueBytes = std::array<std::byte, 8>;

// Value's element bytes (ops::DiagonalValueBits), little-endian.
ValueBytes ConvertValue(float value, ops::DataType type) {
  const uint64_t bits = ops::DiagonalValueBits(value, type);
  ValueBytes bytes{};
  std::memcpy(bytes.data(), &bits, bytes.size());
  return bytes;
}

class DiagonalMatrixOperator final : public CpuOperator {
 public:
  DiagonalMatrixOperator(const ops::DiagonalMatrixDesc& desc, ValueBytes value, std::shared_ptr<ThreadPool> pool)
      : CpuOperator("DIAGONAL_MATRIX", {}, {&desc.OutputTensor}, std::move(pool)),
        element_size_(ops::ElementSize(desc.OutputTensor.DataType)),
        offset_(desc.Offset),
        stream_(RequiredBytes(desc.OutputTensor) >= kStreamMinBytes),
        value_(value) {
    const std::vector<uint64_t> strides = Strides64(desc.OutputTensor);
    // Not coalesced: the row index within each matrix must stay recoverable from the row number.
    for (size_t d = 0; d < strides.size(); ++d) shape_.Append(desc.OutputTensor.Sizes[d], {strides[d]});
    const size_t rank = desc.OutputTensor.Sizes.size();
    height_ = rank >= 2 ? desc.OutputTensor.Sizes[rank - 2] : 1;
  }

 protected:
  Status Run(std::span<const ConstBuffer>, std::span<const MutableBuffer> outputs) override {
    DispatchElementSize(element_size_, [&](auto tag) {
      using E = typename decltype(tag)::type;
      E value;
      std::memcpy(&value, value_.data(), sizeof(E));
      std::byte* out = outputs[0].data();
      const uint64_t width = shape_.RowLength();
      const uint64_t stride = shape_.InnerStride(0);
      pool().ParallelFor(shape_.RowCount(), RowGrain(width), [&](uint64_t begin, uint64_t end) {
        // Streamed rows are built in a cached image (zeros) and copied out whole: a streaming store and
        // an ordinary one to the same line would make the line be read after all.
        std::vector<E> image;
        if (stream_ && stride == 1) image.assign(width, E{0});
        uint64_t row = begin;
        shape_.ForEachRow(begin, end, [&](const StridedShape<1>::Offsets& o) {
          std::byte* p = out + o[0] * sizeof(E);
          const int64_t j = static_cast<int64_t>(row % height_) + offset_;
          const bool hit = j >= 0 && static_cast<uint64_t>(j) < width;
          ++row;
          if (!image.empty()) {
            if (hit) image[j] = value;
            StreamCopy(p, reinterpret_cast<const std::byte*>(image.data()), width * sizeof(E));
            if (hit) image[j] = E{0};
            return;
          }
          if (stride == 1) {
            std::memset(p, 0, width * sizeof(E));
          } else {
            for (uint64_t j = 0; j < width; ++j) StoreRaw(p + j * stride * sizeof(E), E{0});
          }
          if (hit) StoreRaw(p + j * stride * sizeof(E), value);
        });
        if (!image.empty()) StreamFence();
      });
    });
    return OkStatus();
  }

 private:
  uint32_t element_size_;
  int64_t offset_;
  bool stream_;  // output too large for the cache: streaming stores
  ValueBytes value_;
  uint64_t height_ = 1;
  StridedShape<1> shape_;
};

}  // namespace

Result<std::unique_ptr<PreparedOperator>> Prepare(const ops::DiagonalMatrixDesc& desc,
                                                                 std::shared_ptr<ThreadPool> pool) {
  return std::unique_ptr<PreparedOperator>(std::make_unique<DiagonalMatrixOperator>(
      desc, ConvertValue(desc.Value, desc.OutputTensor.DataType), std::move(pool)));
}

}  // namespace dmlc::backends::cpu
