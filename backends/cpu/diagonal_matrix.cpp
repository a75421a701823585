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

// y + bound clipped to [0, width]; y < 2^32 and |bound| <= 2^31 + 1, so the sum fits.
uint64_t ClipColumn(uint64_t y, int64_t bound, uint64_t width) {
  const int64_t column = static_cast<int64_t>(y) + bound;
  return column <= 0 ? 0 : std::min(static_cast<uint64_t>(column), width);
}

// The row index within its matrix of consecutive rows, from the first's: one division per task, not
// one per row (a small matrix's rows cost little more than the division).
class RowInMatrix {
 public:
  RowInMatrix(uint64_t first_row, uint64_t height) : y_(first_row % height), height_(height) {}
  uint64_t Next() {
    const uint64_t y = y_;
    if (++y_ == height_) y_ = 0;
    return y;
  }

 private:
  uint64_t y_;
  uint64_t height_;
};

// The band's columns [lo, hi) of a row; hi >= lo.
struct BandColumns {
  uint64_t lo;
  uint64_t hi;
};

// The band as the rows see it. Copied into each task: its stores are bytes, which may alias anything the
// task reads through a pointer, so members read in the row loop would be loaded again after each store.
struct Band {
  int64_t begin;
  int64_t end;
  bool inverted;
  BandColumns Columns(uint64_t y, uint64_t width) const {
    const uint64_t lo = ClipColumn(y, begin, width);
    return {lo, std::max(lo, ClipColumn(y, end, width))};
  }
};

class DiagonalFillOperator final : public CpuOperator {
 public:
  DiagonalFillOperator(std::string scope, const ops::DiagonalFill& fill, std::shared_ptr<ThreadPool> pool)
      : CpuOperator(std::move(scope), InputsOf(fill), {fill.output}, std::move(pool)),
        element_size_(ops::ElementSize(fill.output->DataType)),
        band_{fill.begin, fill.end, fill.inverted},
        value_bits_(fill.value_bits),
        stream_(fill.input == nullptr && RequiredBytes(*fill.output) >= kStreamMinBytes),
        packed_(ops::IsPacked(*fill.output)) {
    const ops::TensorDesc& out = *fill.output;
    const std::vector<uint64_t> out_strides = Strides64(out);
    // Not coalesced: the row index within each matrix must stay recoverable from the row number. An
    // output alone walks a one-operand shape: the second operand's offsets cost a small matrix's rows.
    if (fill.input == nullptr) {
      for (size_t d = 0; d < out_strides.size(); ++d) output_shape_.Append(out.Sizes[d], {out_strides[d]});
    } else {
      const std::vector<uint64_t> in_strides = Strides64(*fill.input);
      for (size_t d = 0; d < out_strides.size(); ++d) {
        input_shape_.Append(out.Sizes[d], {out_strides[d], in_strides[d]});
      }
    }
    height_ = out.Sizes[out.Sizes.size() - 2];
  }

 protected:
  Status Run(std::span<const ConstBuffer> inputs, std::span<const MutableBuffer> outputs) override {
    DispatchElementSize(element_size_, [&](auto tag) {
      using E = typename decltype(tag)::type;
      E value;
      std::memcpy(&value, &value_bits_, sizeof(E));
      if (inputs.empty()) {
        FillWithoutInput(value, outputs[0].data());
      } else {
        FillOverInput(value, inputs[0].data(), outputs[0].data());
      }
    });
    return OkStatus();
  }

 private:
  // Zeros outside the band (inside it when inverted).
  template <class E>
  void FillWithoutInput(E value_bits, std::byte* output) const {
    pool().ParallelFor(output_shape_.RowCount(), RowGrain(output_shape_.RowLength()), [&](uint64_t first, uint64_t last) {
      // What the rows read, in locals: the rows' stores cannot alias them.
      const Band band_rule = band_;
      const StridedShape<1> shape = output_shape_;
      const uint64_t width = shape.RowLength();
      const uint64_t step = shape.InnerStride(0);
      const E value = value_bits;
      std::byte* const out = output;
      // Streamed rows are built in a cached image and copied out whole: a streaming store and an
      // ordinary one to the same line would make the line be read after all.
      std::vector<E> image;
      if (stream_ && step == 1) image.resize(width);
      std::byte* const image_row = reinterpret_cast<std::byte*>(image.data());  // null when not streamed
      // A unit-stride row: Value in the band (outside it when inverted), zeros elsewhere.
      auto fill = [&](std::byte* dst, BandColumns band) {
        if (!band_rule.inverted && band.hi - band.lo <= 1) {
          // A band of one column in zeros (DIAGONAL_MATRIX's): one clear and one store cost less
          // than three runs' calls, which is most of a small matrix's time.
          std::memset(dst, 0, width * sizeof(E));
          if (band.hi > band.lo) StoreRaw(dst + band.lo * sizeof(E), value);
          return;
        }
        const E outside = band_rule.inverted ? value : E{0};
        const E inside = band_rule.inverted ? E{0} : value;
        FillRow(dst, outside, band.lo);
        FillRow(dst + band.lo * sizeof(E), inside, band.hi - band.lo);
        FillRow(dst + band.hi * sizeof(E), outside, width - band.hi);
      };
      RowInMatrix y(first, height_);
      if (packed_ && image_row == nullptr) {
        // A packed output's rows follow one another: no odometer, which is most of a small row's time.
        for (uint64_t r = first; r < last; ++r) fill(out + r * width * sizeof(E), band_rule.Columns(y.Next(), width));
        return;
      }
      shape.ForEachRow(first, last, [&](const StridedShape<1>::Offsets& o) {
        const BandColumns band = band_rule.Columns(y.Next(), width);
        std::byte* row = out + o[0] * sizeof(E);
        if (image_row != nullptr) {
          fill(image_row, band);
          return StreamCopy(row, image_row, width * sizeof(E));
        }
        if (step == 1) return fill(row, band);
        for (uint64_t j = 0; j < width; ++j) {
          StoreRaw(row + j * step * sizeof(E), (j >= band.lo && j < band.hi) != band_rule.inverted ? value : E{0});
        }
      });
      if (image_row != nullptr) StreamFence();
    });
  }

  // The input's elements copied bit for bit outside the band (inside it when inverted).
  template <class E>
  void FillOverInput(E value_bits, const std::byte* input, std::byte* output) const {
    pool().ParallelFor(input_shape_.RowCount(), RowGrain(input_shape_.RowLength()), [&](uint64_t first, uint64_t last) {
      // What the rows read, in locals: the rows' stores cannot alias them.
      const Band band_rule = band_;
      const StridedShape<2> shape = input_shape_;
      const uint64_t width = shape.RowLength();
      const uint64_t out_step = shape.InnerStride(0);
      const uint64_t in_step = shape.InnerStride(1);
      const E value = value_bits;
      const std::byte* const in = input;
      std::byte* const out = output;
      RowInMatrix y(first, height_);
      shape.ForEachRow(first, last, [&](const StridedShape<2>::Offsets& o) {
        const BandColumns band = band_rule.Columns(y.Next(), width);
        std::byte* dst = out + o[0] * sizeof(E);
        const std::byte* src = in + o[1] * sizeof(E);
        // Columns [j0, j1): Value, or the input's elements.
        auto put = [&](uint64_t j0, uint64_t j1, bool takes_value) {
          std::byte* p = dst + j0 * out_step * sizeof(E);
          const std::byte* q = src + j0 * in_step * sizeof(E);
          if (takes_value && out_step == 1) return FillRow(p, value, j1 - j0);
          if (!takes_value && out_step == 1 && in_step == 1) return void(std::memcpy(p, q, (j1 - j0) * sizeof(E)));
          for (uint64_t j = j0; j < j1; ++j, p += out_step * sizeof(E), q += in_step * sizeof(E)) {
            if (takes_value) {
              StoreRaw(p, value);
            } else {
              std::memcpy(p, q, sizeof(E));
            }
          }
        };
        put(0, band.lo, band_rule.inverted);
        put(band.lo, band.hi, !band_rule.inverted);
        put(band.hi, width, band_rule.inverted);
      });
    });
  }

  uint32_t element_size_;
  Band band_;
  uint64_t value_bits_;
  bool stream_;  // output too large for the cache and no input: streaming stores
  bool packed_;  // the output's rows one after another
  uint64_t height_ = 1;
  StridedShape<1> output_shape_;  // without an input
  StridedShape<2> input_shape_;   // with one: output, input
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
