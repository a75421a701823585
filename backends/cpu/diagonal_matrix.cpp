// DIAGONAL_MATRIX and DIAGONAL_MATRIX1 through one ops::DiagonalFill: in row y of each matrix the band's
// columns are [y + begin, y + end) clipped to the row, so a row is at most three runs (before, in and
// after the band), each filled whole: Value's bits in the band (outside it when inverted), elsewhere
// the input's elements copied bit for bit or zeros. Leading dimensions are batches. Large outputs with
// no input are built row by row in a cached image and streamed out.
#include <algorithm>
#include <cstring>
#include <vector>

#include "backends/cpu/cpu_operator.h"
#include "backends/cpu/element.h"
#include "backends/cpu/kernels.h"
#include "backends/cpu/stream.h"
#include "backends/cpu/strided.h"

namespace dmlc::backends::cpu {
namespace {

std::vector<const ops::TensorDesc*> InputsOf(const ops::DiagonalFill& fill) {
  if (fill.input == nullptr) return {};
  return {fill.input};
}

constexpr uint64_t kFewBandElements = 8;

// y + bound clipped to [0, width]; y < 2^32 and |bound| <= 2^31 + 1, so the sum fits.
uint64_t ClipColumn(uint64_t y, int64_t bound, uint64_t width) {
  const int64_t column = static_cast<int64_t>(y) + bound;
  return column <= 0 ? 0 : std::min(static_cast<uint64_t>(column), width);
}

class DiagonalFillOperator final : public CpuOperator {
 public:
  DiagonalFillOperator(std::string scope, const ops::DiagonalFill& fill, std::shared_ptr<ThreadPool> pool)
      : CpuOperator(std::move(scope), InputsOf(fill), {fill.output}, std::move(pool)),
        element_size_(ops::ElementSize(fill.output->DataType)),
        begin_(fill.begin),
        end_(fill.end),
        inverted_(fill.inverted),
        value_bits_(fill.value_bits),
        has_input_(fill.input != nullptr),
        stream_(fill.input == nullptr && RequiredBytes(*fill.output) >= kStreamMinBytes) {
    const ops::TensorDesc& out = *fill.output;
    const std::vector<uint64_t> out_strides = Strides64(out);
    const std::vector<uint64_t> in_strides =
        has_input_ ? Strides64(*fill.input) : std::vector<uint64_t>(out_strides.size(), 0);
    // Not coalesced: the row index within each matrix must stay recoverable from the row number.
    for (size_t d = 0; d < out_strides.size(); ++d) shape_.Append(out.Sizes[d], {out_strides[d], in_strides[d]});
    height_ = out.Sizes[out.Sizes.size() - 2];
  }

 protected:
  Status Run(std::span<const ConstBuffer> inputs, std::span<const MutableBuffer> outputs) override {
    DispatchElementSize(element_size_, [&](auto tag) {
      using E = typename decltype(tag)::type;
      E value;
      std::memcpy(&value, &value_bits_, sizeof(E));
      std::byte* out = outputs[0].data();
      const std::byte* in = has_input_ ? inputs[0].data() : nullptr;
      const uint64_t width = shape_.RowLength();
      const uint64_t in_step = shape_.InnerStride(1);
      pool().ParallelFor(shape_.RowCount(), RowGrain(width), [&](uint64_t first, uint64_t last) {
        // Streamed rows are built in a cached image and copied out whole: a streaming store and an
        // ordinary one to the same line would make the line be read after all.
        std::vector<E> image;
        if (stream_ && shape_.InnerStride(0) == 1) image.resize(width);
        uint64_t row = first;
        shape_.ForEachRow(first, last, [&](const StridedShape<2>::Offsets& o) {
          const uint64_t y = row++ % height_;
          std::byte* dst = image.empty() ? out + o[0] * sizeof(E) : reinterpret_cast<std::byte*>(image.data());
          const uint64_t step = image.empty() ? shape_.InnerStride(0) : 1;
          // Columns [j0, j1): Value, or what lies outside the band.
          auto put = [&](uint64_t j0, uint64_t j1, bool band) {
            if (j0 >= j1) return;
            std::byte* p = dst + j0 * step * sizeof(E);
            if (band) {
              if (step == 1) return FillRow(p, value, j1 - j0);
              for (uint64_t j = j0; j < j1; ++j, p += step * sizeof(E)) StoreRaw(p, value);
            } else if (in != nullptr) {
              const std::byte* q = in + (o[1] + j0 * in_step) * sizeof(E);
              if (step == 1 && in_step == 1) return void(std::memcpy(p, q, (j1 - j0) * sizeof(E)));
              for (uint64_t j = j0; j < j1; ++j, p += step * sizeof(E), q += in_step * sizeof(E)) {
                std::memcpy(p, q, sizeof(E));
              }
            } else {
              if (step == 1) return void(std::memset(p, 0, (j1 - j0) * sizeof(E)));
              for (uint64_t j = j0; j < j1; ++j, p += step * sizeof(E)) StoreRaw(p, E{0});
            }
          };
          const uint64_t lo = ClipColumn(y, begin_, width);
          const uint64_t hi = std::max(lo, ClipColumn(y, end_, width));
          if (in == nullptr && step == 1 && !inverted_ && hi - lo <= kFewBandElements) {
            // A narrow band in zeros (DIAGONAL_MATRIX's one element): one clear and a few stores cost
            // less than three runs' calls, which is most of a small matrix's time.
            std::memset(dst, 0, width * sizeof(E));
            for (uint64_t j = lo; j < hi; ++j) StoreRaw(dst + j * sizeof(E), value);
          } else {
            put(0, lo, inverted_);
            put(lo, hi, !inverted_);
            put(hi, width, inverted_);
          }
          if (!image.empty()) StreamCopy(out + o[0] * sizeof(E), dst, width * sizeof(E));
        });
        if (!image.empty()) StreamFence();
      });
    });
    return OkStatus();
  }

 private:
  uint32_t element_size_;
  int64_t begin_;
  int64_t end_;
  bool inverted_;
  uint64_t value_bits_;
  bool has_input_;
  bool stream_;  // output too large for the cache and no input: streaming stores
  uint64_t height_ = 1;
  StridedShape<2> shape_;  // output, input
};

}  // namespace

Result<std::unique_ptr<PreparedOperator>> Prepare(const ops::DiagonalMatrixDesc& desc,
                                                                 std::shared_ptr<ThreadPool> pool) {
  return std::unique_ptr<PreparedOperator>(
      std::make_unique<DiagonalFillOperator>("DIAGONAL_MATRIX", ops::FillOf(desc), std::move(pool)));
}

Result<std::unique_ptr<PreparedOperator>> Prepare(const ops::DiagonalMatrix1Desc& desc,
                                                                 std::shared_ptr<ThreadPool> pool) {
  return std::unique_ptr<PreparedOperator>(
      std::make_unique<DiagonalFillOperator>("DIAGONAL_MATRIX1", ops::FillOf(desc), std::move(pool)));
}

}  // namespace dmlc::backends::cpu
