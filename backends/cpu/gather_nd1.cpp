// GATHER_ND1: output[batch, i..., rest...] = input[batch, indices[batch, i..., :], rest...].
// Dimension layout (D = DimensionCount, all three tensors): the input's meaningful dimensions are its last
// InputDimensionCount, the indices' their last IndicesDimensionCount; the first BatchDimensionCount of
// each are batches. The indices' last dimension holds T-coordinate tuples addressing the T input
// dimensions after the batches; the remaining input dimensions ("rest") are copied as a block. The output
// is [batch, i..., rest...] right-aligned. Each outer element (batch, i...) reads one tuple and copies one
// rest block. A tuple with an index out of range after negative wrap-around (rare) is read element by
// element through DirectML's clamped offset (ops::GatherClampedElement), never out of bounds.
#include <algorithm>
#include <array>
#include <cstring>
#include <vector>

#include "backends/cpu/copy.h"
#include "backends/cpu/cpu_operator.h"
#include "backends/cpu/element.h"
#include "backends/cpu/kernels.h"

namespace dmlc::backends::cpu {
namespace {

// How far ahead of the row being copied GATHER_ND1 prefetches, in bytes of rows (at least one row).
// 16 KiB rather than 4: 64 MiB of 1 and 2 KiB rows (INT8, FLOAT16 in dml-bench) come measurably closer
// to the copy with it; a random row's latency wants more rows in flight.
constexpr uint64_t kPrefetchBytes = 16384;
constexpr uint64_t kMaxRowsAhead = 32;
// Rows per StreamRows call: enough that the call's cost is spread thin (batches of 32 rows read
// measurably slower than 128), few enough that the sources fit on the stack.
constexpr uint64_t kBatchRows = 128;

struct Layout {
  StridedShape<3> outer;                      // operands: indices, output, input (batch dims only)
  uint64_t tuple_stride = 0;                  // indices stride of the tuple dimension
  std::vector<uint64_t> indexed_sizes;        // of the input dimensions the tuple's coordinates address
  std::vector<uint64_t> indexed_strides;
  StridedShape<2> rest;                       // operands: input, output
};

Error LayoutError(const std::string& message) {
  return MakeError("GATHER_ND1", "", message, "tensor sizes consistent with the desc's dimension counts");
}

// Builds the layout and checks the size relations that keep every access in bounds.
Result<Layout> MakeLayout(const ops::GatherNd1Desc& desc) {
  const auto& in = desc.InputTensor;
  const auto& idx = desc.IndicesTensor;
  const auto& out = desc.OutputTensor;
  const uint32_t d = in.DimensionCount();
  if (idx.DimensionCount() != d || out.DimensionCount() != d || desc.InputDimensionCount > d ||
      desc.IndicesDimensionCount > d || desc.IndicesDimensionCount == 0) {
    return LayoutError("dimension counts do not match");
  }
  const uint32_t batches = desc.BatchDimensionCount;
  const uint32_t tuple = idx.Sizes[d - 1];
  if (batches + 1 > desc.IndicesDimensionCount || batches + tuple > desc.InputDimensionCount) {
    return LayoutError("batch and tuple dimensions exceed the meaningful dimensions");
  }
  const uint32_t outer_count = desc.IndicesDimensionCount - 1;
  const uint32_t rest_count = desc.InputDimensionCount - batches - tuple;
  if (outer_count + rest_count > d) return LayoutError("output needs more dimensions than DimensionCount");

  Layout l;
  const uint32_t in_first = d - desc.InputDimensionCount;
  const uint32_t indices_first = d - desc.IndicesDimensionCount;
  const uint32_t out_first = d - outer_count - rest_count;
  const std::vector<uint64_t> in_s = Strides64(in), idx_s = Strides64(idx), out_s = Strides64(out);
  for (uint32_t o = 0; o < outer_count; ++o) {
    const uint64_t size = idx.Sizes[indices_first + o];
    if (out.Sizes[out_first + o] != size || (o < batches && in.Sizes[in_first + o] != size)) {
      return LayoutError("batch or index dimension " + std::to_string(o) + " differs between tensors");
    }
    l.outer.Append(size, {idx_s[indices_first + o], out_s[out_first + o], o < batches ? in_s[in_first + o] : 0});
  }
  l.outer.Coalesce();
  l.tuple_stride = idx_s[d - 1];
  for (uint32_t t = 0; t < tuple; ++t) {
    const uint32_t dim = in_first + batches + t;
    l.indexed_sizes.push_back(in.Sizes[dim]);
    l.indexed_strides.push_back(in_s[dim]);
  }
  for (uint32_t r = 0; r < rest_count; ++r) {
    const uint32_t in_dim = in_first + batches + tuple + r;
    const uint32_t out_dim = out_first + outer_count + r;
    if (in.Sizes[in_dim] != out.Sizes[out_dim]) return LayoutError("copied dimensions differ");
    l.rest.Append(in.Sizes[in_dim], {in_s[in_dim], out_s[out_dim]});
  }
  l.rest.Coalesce();
  return l;
}

class GatherNd1Operator final : public CpuOperator {
 public:
  GatherNd1Operator(const ops::GatherNd1Desc& desc, Layout layout, std::shared_ptr<ThreadPool> pool)
      : CpuOperator("GATHER_ND1", {&desc.InputTensor, &desc.IndicesTensor}, {&desc.OutputTensor}, std::move(pool)),
        element_size_(ops::ElementSize(desc.InputTensor.DataType)),
        index_type_(desc.IndicesTensor.DataType),
        input_(desc.InputTensor),
        stream_(RequiredBytes(desc.OutputTensor) >= kStreamMinBytes),
        l_(std::move(layout)),
        single_run_(l_.rest.RowCount() == 1 && l_.rest.InnerStride(0) == 1 && l_.rest.InnerStride(1) == 1) {}

 protected:
  Status Run(std::span<const ConstBuffer> inputs, std::span<const MutableBuffer> outputs) override {
    // The clamp reads up to TotalTensorSizeInBytes, which a caller's buffer need not hold (CheckBuffers
    // asks only for the elements' span): never past the buffer given.
    buffer_elements_ = inputs[0].size() / element_size_;
    DispatchIndexType(index_type_, [&](auto index_tag) {
      DispatchElementSize(element_size_, [&](auto element_tag) {
        Gather<typename decltype(index_tag)::type, typename decltype(element_tag)::type>(
            inputs[0].data(), inputs[1].data(), outputs[0].data());
      });
    });
    return OkStatus();
  }

 private:
  template <class I, class E>
  void Gather(const std::byte* in, const std::byte* indices, std::byte* out) const {
    const uint64_t block = l_.rest.ElementCount();
    const uint64_t grain = std::max<uint64_t>(1, kMinElementsPerTask / block);
    pool().ParallelFor(l_.outer.ElementCount(), grain, [&](uint64_t begin, uint64_t end) {
      l_.outer.ForEachSpan(begin, end, [&](const StridedShape<3>::Offsets& o, uint64_t j0, uint64_t n) {
        if (single_run_ && stream_) {
          StreamSpan<I, E>(in, indices, out, o, j0, n);
        } else {
          CopySpan<I, E>(in, indices, out, o, j0, n);
        }
      });
      if (stream_) StreamFence();
    });
  }

  // Copies outer elements [j0, j0 + n) of a span, one row at a time.
  template <class I, class E>
  void CopySpan(const std::byte* in, const std::byte* indices, std::byte* out, const StridedShape<3>::Offsets& o,
                uint64_t j0, uint64_t n) const {
    const uint64_t block = l_.rest.ElementCount();
    for (uint64_t j = j0; j < j0 + n; ++j) {
      uint64_t in_offset;
      if (SourceOffset<I>(indices, o, j, in_offset) != l_.indexed_sizes.size()) {
        CopyClamped<I, E>(in, indices, out, o, j);
        continue;
      }
      const uint64_t out_offset = o[1] + j * l_.outer.InnerStride(1);
      if (single_run_) {
        std::memcpy(out + out_offset * sizeof(E), in + in_offset * sizeof(E), block * sizeof(E));
      } else {
        CopyElements<E>(l_.rest, in + in_offset * sizeof(E), out + out_offset * sizeof(E), 0, block, stream_);
      }
    }
  }

  // CopySpan for contiguous rows into an output too large for the cache: batches of rows, each batch's
  // sources gathered first (a batch with a tuple out of range goes to CopySpan instead), then streamed by
  // one StreamRows call that prefetches the row
  // `ahead` rows on while it copies a row. Gathered rows come from anywhere, so no hardware prefetcher
  // can, and without this prefetch a 64 MiB gather falls well short of the copy. `ahead` is about
  // kPrefetchBytes of rows, so short rows of narrow types keep as much in flight as 4 KiB rows do one
  // row ahead. A row beyond the span, or with an index out of range, is not prefetched.
  template <class I, class E>
  void StreamSpan(const std::byte* in, const std::byte* indices, std::byte* out, const StridedShape<3>::Offsets& o,
                  uint64_t j0, uint64_t n) const {
    const uint64_t row_bytes = l_.rest.ElementCount() * sizeof(E);
    const uint64_t ahead = std::clamp<uint64_t>(kPrefetchBytes / row_bytes, 1, kMaxRowsAhead);
    const uint64_t out_stride = l_.outer.InnerStride(1) * sizeof(E);
    std::array<const std::byte*, kBatchRows + kMaxRowsAhead> sources;
    for (uint64_t b = j0; b < j0 + n; b += kBatchRows) {
      const uint64_t count = std::min(kBatchRows, j0 + n - b);
      bool in_range = true;
      for (uint64_t k = 0; k < count && in_range; ++k) {
        uint64_t in_offset;
        in_range = SourceOffset<I>(indices, o, b + k, in_offset) == l_.indexed_sizes.size();
        sources[k] = in + in_offset * sizeof(E);
      }
      if (!in_range) {
        CopySpan<I, E>(in, indices, out, o, b, count);
        continue;
      }
      for (uint64_t k = count; k < count + ahead; ++k) {
        uint64_t in_offset;
        const bool valid = b + k < j0 + n && SourceOffset<I>(indices, o, b + k, in_offset) == l_.indexed_sizes.size();
        sources[k] = valid ? in + in_offset * sizeof(E) : nullptr;
      }
      StreamRows(out + (o[1] + b * l_.outer.InnerStride(1)) * sizeof(E), out_stride, sources.data(), count, row_bytes,
                 ahead);
    }
  }

  // Outer element j of a span whose tuple has an index out of range: each of its rest elements is read
  // through DirectML's clamped offset (ops/operators/gather_nd1.h).
  template <class I, class E>
  void CopyClamped(const std::byte* in, const std::byte* indices, std::byte* out, const StridedShape<3>::Offsets& o,
                   uint64_t j) const {
    auto offset = static_cast<uint32_t>(o[2] + j * l_.outer.InnerStride(2));  // DirectML's offsets wrap at 32 bits
    for (size_t t = 0; t < l_.indexed_sizes.size(); ++t) {
      const auto value = static_cast<uint64_t>(static_cast<int64_t>(Load<I>(IndexAt<I>(indices, o, j, t))));
      const auto size = static_cast<uint32_t>(l_.indexed_sizes[t]);
      offset += ops::GatherCoordinateBits(value, index_type_, size) * static_cast<uint32_t>(l_.indexed_strides[t]);
    }
    const uint64_t out_base = o[1] + j * l_.outer.InnerStride(1);
    const StridedShape<2>& rest = l_.rest;
    rest.ForEachSpan(0, rest.ElementCount(), [&](const StridedShape<2>::Offsets& r, uint64_t k0, uint64_t n) {
      for (uint64_t k = k0; k < k0 + n; ++k) {
        const auto at = static_cast<uint32_t>(offset + r[0] + k * rest.InnerStride(0));
        const uint64_t source = std::min(ops::GatherClampedElement(at, input_), buffer_elements_ - 1);
        std::memcpy(out + (out_base + r[1] + k * rest.InnerStride(1)) * sizeof(E), in + source * sizeof(E), sizeof(E));
      }
    });
  }

  // Outer element j's source offset (in elements) into `offset`. Returns the tuple position of its first
  // index out of range (`offset` then incomplete), or the tuple's size when every index is in range.
  template <class I>
  size_t SourceOffset(const std::byte* indices, const StridedShape<3>::Offsets& o, uint64_t j,
                      uint64_t& offset) const {
    offset = o[2] + j * l_.outer.InnerStride(2);
    for (size_t t = 0; t < l_.indexed_sizes.size(); ++t) {
      uint64_t index;
      if (!Normalize(Load<I>(IndexAt<I>(indices, o, j, t)), l_.indexed_sizes[t], index)) return t;
      offset += index * l_.indexed_strides[t];
    }
    return l_.indexed_sizes.size();
  }

  // Index t of outer element j's tuple.
  template <class I>
  const std::byte* IndexAt(const std::byte* indices, const StridedShape<3>::Offsets& o, uint64_t j, size_t t) const {
    return indices + (o[0] + j * l_.outer.InnerStride(0) + t * l_.tuple_stride) * sizeof(I);
  }

  // Negative indices of signed types count from the end; true when the result lies in [0, size).
  template <class I>
  static bool Normalize(I raw, uint64_t size, uint64_t& index) {
    if constexpr (std::is_signed_v<I>) {
      int64_t v = raw;
      if (v < 0) v += static_cast<int64_t>(size);
      if (v < 0 || static_cast<uint64_t>(v) >= size) return false;
      index = static_cast<uint64_t>(v);
      return true;
    } else {
      if (static_cast<uint64_t>(raw) >= size) return false;
      index = raw;
      return true;
    }
  }

  uint32_t element_size_;
  ops::DataType index_type_;
  ops::TensorDesc input_;
  uint64_t buffer_elements_ = 0;  // of this Run()'s input buffer
  bool stream_;  // output too large for the cache: streaming stores
  Layout l_;
  bool single_run_;  // each gathered block is one contiguous run in both tensors
};

}  // namespace

Result<std::unique_ptr<PreparedOperator>> Prepare(const ops::GatherNd1Desc& desc,
                                                           std::shared_ptr<ThreadPool> pool) {
  Result<Layout> layout = MakeLayout(desc);
  if (!layout.ok()) return layout.error();
  return std::unique_ptr<PreparedOperator>(
      std::make_unique<GatherNd1Operator>(desc, std::move(*layout), std::move(pool)));
}

}  // namespace dmlc::backends::cpu
