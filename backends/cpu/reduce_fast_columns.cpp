// The columns layout of the float REDUCE fast paths (reduce_fast.h says how it tiles and folds), by
// ReduceTiles (reduce_skeleton.h) over the column kernels of reduce_simd.h.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include "backends/cpu/cpu_operator.h"
#include "backends/cpu/reduce_fast_parts.h"

namespace dmlc::backends::cpu::fast {
namespace {

constexpr uint64_t kMaxColumnStrip = 1024;

// The columns strategy tiles the work: a tile is a strip of up to kMaxColumnStrip adjacent outputs
// times a block of kColumnBlock reduced positions. Each tile reduces its block sequentially per column;
// tiles of one strip are then folded in block order. Whole rows per tile keep reads sequential within
// each page, and blocks give every worker a share even when there is a single strip.
constexpr uint64_t kColumnBlock = 512;
// Whether `rows` halves a column, summed from +0, stay exact in double: what lets the kernel sets add a
// tile's rows as runs or one by one and give the same numbers (reduce_simd.h RunLength).
constexpr bool ColumnSumsStayExact(uint64_t rows) { return rows * 65504.0 < 0x1p29; }
static_assert(ColumnSumsStayExact(kColumnBlock));
// MIN, MAX, ARGMIN and ARGMAX give the same result for any blocks, so they take longer ones: about this
// many tiles a worker, in whole blocks. Each tile's state is allocated per run, and 64 tiles a strip (64
// MiB FLOAT16 outer ARGMAX) spent a quarter of the run in malloc and the kernel's page clearing; that was
// measured before freed memory was kept between runs (heap_retention.h), which makes the allocations
// cheap for every family, so fewer tiles now save only their folds.
constexpr uint64_t kExactTilesPerThread = 4;
// LOG_SUM_EXP takes a tile's rows this many at a time: their maxima, then their exps while the rows are
// still in L2 (a strip of 1024 FLOAT32 columns: 128 KiB).
constexpr uint64_t kExpRows = 32;
// ARGMIN/ARGMAX take a tile's rows this many at a time (ScanArgGroups).
constexpr uint64_t kArgRows = 32;

// Per-column state of a tile, or of a whole strip once folded.
struct Columns {
  std::vector<double> sums;
  std::vector<float> values;  // extremes, arg bests, LOG_SUM_EXP maxima
  std::vector<uint32_t> positions;
};

// What a worker reuses from tile to tile: rows widened to float, and the extremes of a row group
// (LOG_SUM_EXP's maxima, ARGMIN/ARGMAX's bests).
struct TileScratch {
  explicit TileScratch(uint64_t width) : floats(width), group(width) {}
  std::vector<float> floats, group;
};

// Tiles for ReduceTiles (reduce_skeleton.h).
template <class T>
class ColumnReducer {
 public:
  using State = Columns;
  using Scratch = TileScratch;

  ColumnReducer(const ReducePlan& p, Function f, ops::DataType out_type, const std::byte* in, std::byte* out,
                int threads)
      : p_(p), f_(f), out_type_(out_type), in_(in), out_(out), k_(simd::ActiveReduceKernels<T>()),
        kf_(simd::ActiveReduceKernels<float>()),
        a_(f.accumulate),
        tiles_(p, kMaxColumnStrip, [&](uint64_t strips) { return BlockRows(p.count, strips, threads); }),
        out_size_(f.family == Family::kArg ? ops::ElementSize(out_type) : sizeof(T)) {}

  const ColumnTiles& tiles() const { return tiles_; }
  TileScratch MakeScratch() const { return TileScratch(tiles_.strip()); }

  // Reduces tile (strip s, block b) into `c`. LOG_SUM_EXP works through the tile kExpRows rows at a time,
  // keeping a running maximum per column: the rows' maxima, then their exps against the raised maximum,
  // so the data is read once from memory and once from L2.
  void Reduce(uint64_t s, uint64_t b, Columns& c, TileScratch& scratch) const {
    const uint64_t w = tiles_.Width(s), r0 = tiles_.RowBegin(b), r1 = tiles_.RowEnd(b);
    Init(c, w);
    if (f_.family != Family::kLogSumExp) return Rows(s, r0, r1, c, scratch);
    const auto reset_peaks = [&] {
      std::fill(scratch.group.begin(), scratch.group.begin() + static_cast<std::ptrdiff_t>(w),
                -std::numeric_limits<float>::infinity());
    };
    for (uint64_t g = r0; g < r1; g += kExpRows) {
      const uint64_t g1 = std::min(r1, g + kExpRows);
      reset_peaks();
      if (!Peaks(s, g, g1, scratch)) {
        reset_peaks();
        Rows(s, g, g1, c, scratch);
      }
      RaisePeaks(c, scratch.group.data(), w);
      Exps(s, g, g1, c, scratch);
    }
  }

  // Rows [r0, r1) of strip s into `c` (LOG_SUM_EXP: the rows' maxima, into scratch.group). Rows in place
  // go to the kernels a span at a time; misaligned rows one at a time, widened.
  void Rows(uint64_t s, uint64_t r0, uint64_t r1, Columns& c, TileScratch& scratch) const {
    const uint64_t w = tiles_.Width(s);
    const std::byte* base = in_ + tiles_.InputOffset(s) * sizeof(T);
    const uint64_t rs = p_.reduced.InnerStride(0);
    uint64_t r = r0;
    const auto reduce = [&](const auto& k, const auto* x, uint64_t rows, uint64_t stride) {
      switch (f_.family) {
        case Family::kAccumulate: return k.column(a_, x, rows, stride, w, c.sums.data());
        case Family::kExtreme: return k.column_extreme(f_.max, x, rows, stride, w, c.values.data());
        case Family::kArg: return Args(k, x, rows, stride, w, static_cast<uint32_t>(r), c, scratch.group.data());
        case Family::kLogSumExp: return PropagatingMaxima(x, rows, stride, w, scratch.group.data());
      }
    };
    p_.reduced.ForEachSpan(r0, r1, [&](const StridedShape<1>::Offsets& ro, uint64_t e0, uint64_t n) {
      const std::byte* span = base + (ro[0] + e0 * rs) * sizeof(T);
      if (InPlace<T>(base)) {
        reduce(k_, reinterpret_cast<const T*>(span), n, rs);
        r += n;
        return;
      }
      for (uint64_t e = 0; e < n; ++e, ++r) {
        reduce(kf_, Floats<T>(span + e * rs * sizeof(T), w, scratch.floats.data()), 1, 0);
      }
    });
  }

  // ARGMIN/ARGMAX of `rows` rows from x (the first is row r) into c by ScanArgGroups: column_extreme for
  // the groups, column_arg on the chunks they moved (where column_arg takes a row: one better than the
  // best). Row 0 of the run seeds the bests, NaN or not (ArgMinMax).
  template <class K, class E>
  void Args(const K& k, const E* x, uint64_t rows, uint64_t stride, uint64_t w, uint32_t r, Columns& c,
            float* group) const {
    if (r == 0 && rows > 0) {
      for (uint64_t i = 0; i < w; ++i) c.values[i] = simd::Widen(x[i]);  // positions are 0 already
      x += stride;
      --rows;
      ++r;
    }
    ScanArgGroups(
        rows, kArgRows, w, c.values.data(), group,
        [&](uint64_t g, uint64_t n, float* extremes) {
          k.column_extreme(f_.max, x + g * stride, n, stride, w, extremes);
        },
        [&](uint64_t g, uint64_t n, uint64_t i, uint64_t m) {
          k.column_arg(f_.max, x + g * stride + i, n, stride, m, r + static_cast<uint32_t>(g), c.values.data() + i,
                       c.positions.data() + i);
        });
  }

  // LOG_SUM_EXP's maxima of rows [r0, r1) of strip s, into scratch.group (reset by the caller), by the
  // row-group kernel a span at a time. False when it cannot give them: rows that are not in place, or a
  // NaN among them. Then Rows does, a row at a time.
  bool Peaks(uint64_t s, uint64_t r0, uint64_t r1, TileScratch& scratch) const {
    const std::byte* base = in_ + tiles_.InputOffset(s) * sizeof(T);
    if (!InPlace<T>(base)) return false;
    const uint64_t rs = p_.reduced.InnerStride(0);
    bool numbers = true;
    p_.reduced.ForEachSpan(r0, r1, [&](const StridedShape<1>::Offsets& ro, uint64_t e0, uint64_t n) {
      const auto* x = reinterpret_cast<const T*>(base + (ro[0] + e0 * rs) * sizeof(T));
      numbers = numbers && k_.column_max(x, n, rs, tiles_.Width(s), scratch.group.data());
    });
    return numbers;
  }

  // LOG_SUM_EXP's exp sums of rows [r0, r1) of strip s against the running maxima. Rows in place go to
  // the kernel a span at a time; misaligned rows one at a time, widened. Each row prefetches the same row
  // of the next group, where the next maximum pass starts.
  void Exps(uint64_t s, uint64_t r0, uint64_t r1, Columns& c, TileScratch& scratch) const {
    const uint64_t w = tiles_.Width(s);
    const std::byte* base = in_ + tiles_.InputOffset(s) * sizeof(T);
    const uint64_t rs = p_.reduced.InnerStride(0);
    p_.reduced.ForEachSpan(r0, r1, [&](const StridedShape<1>::Offsets& ro, uint64_t e0, uint64_t n) {
      const auto row = [&](uint64_t e) { return base + (ro[0] + e * rs) * sizeof(T); };
      const auto next = [&](uint64_t e) { return simd::NextData{row(e + kExpRows), w * sizeof(T)}; };
      if (InPlace<T>(base)) {
        return k_.column_exp(reinterpret_cast<const T*>(row(e0)), n, rs, w, c.values.data(), c.sums.data(),
                             next(e0));
      }
      for (uint64_t e = e0; e < e0 + n; ++e) {
        kf_.column_exp(Floats<T>(row(e), w, scratch.floats.data()), 1, 0, w, c.values.data(), c.sums.data(), next(e));
      }
    });
  }

  // Folds a later tile's state into `acc` (same strip, earlier blocks): for all but LOG_SUM_EXP the same
  // result as running the later block's elements through the sequential update. LOG_SUM_EXP keeps
  // (maximum, sum of exp(x - maximum)) per column; the sums are rescaled to the larger maximum.
  void Fold(Columns& acc, const Columns& later, uint64_t w) const {
    switch (f_.family) {
      case Family::kAccumulate:
        for (uint64_t c = 0; c < w; ++c) acc.sums[c] = fast::Fold(a_, acc.sums[c], later.sums[c]);
        return;
      case Family::kExtreme: return kf_.column_extreme(f_.max, later.values.data(), 1, 0, w, acc.values.data());
      case Family::kArg:
        for (uint64_t c = 0; c < w; ++c) {
          simd::ArgStep(f_.max, acc.values[c], acc.positions[c], later.values[c], later.positions[c]);
        }
        return;
      case Family::kLogSumExp:
        for (uint64_t c = 0; c < w; ++c) {
          const float ma = acc.values[c], mb = later.values[c];
          const float m = RunningMax(ma, mb);
          // A non-finite maximum is the result by itself (StoreLogSumExp); then the sum is not used.
          if (std::isfinite(m)) acc.sums[c] = Rescaled(acc.sums[c], ma, m) + Rescaled(later.sums[c], mb, m);
          acc.values[c] = m;
        }
        return;
    }
  }

  void Store(uint64_t s, const Columns& c) const {
    const uint64_t w = tiles_.Width(s), kout = p_.kept.InnerStride(1);
    std::byte* dst = out_ + tiles_.OutputOffset(s) * out_size_;
    if (f_.family == Family::kAccumulate) {
      return StoreSums<T>(f_.kind, dst, kout * out_size_, c.sums.data(), w, p_.count);
    }
    for (uint64_t i = 0; i < w; ++i) {
      std::byte* o = dst + i * kout * out_size_;
      switch (f_.family) {
        case Family::kAccumulate: break;  // stored above
        case Family::kExtreme: reduce::MinMax<T, true>::Store(o, c.values[i], 0); break;
        case Family::kArg: StoreIndex(out_type_, o, c.positions[i]); break;
        case Family::kLogSumExp: StoreLogSumExp<T>(o, c.values[i], c.sums[i]); break;
      }
    }
  }

 private:
  // Rows a tile: kColumnBlock, where the result depends on the blocks (the sums' order, LOG_SUM_EXP's
  // rescaling); for the exact families, whole blocks enough for kExactTilesPerThread tiles a worker.
  uint64_t BlockRows(uint64_t count, uint64_t strips, int threads) const {
    // Sums keep kColumnBlock: longer tiles could leave ColumnSumsStayExact.
    if (f_.family != Family::kExtreme && f_.family != Family::kArg) return kColumnBlock;
    return ColumnTileRows(count, strips, threads, kExactTilesPerThread, kColumnBlock);
  }

  // LOG_SUM_EXP's running maximum after a later value: a later NaN replaces and a NaN stays, as the
  // result is NaN when any element is.
  static float RunningMax(float was, float later) { return later > was || later != later ? later : was; }

  // LOG_SUM_EXP's maxima of `rows` rows from x into peaks, NaN where a column holds one: for the rows
  // column_max declines (a NaN among them, or rows not in place), element by element.
  template <class E>
  static void PropagatingMaxima(const E* x, uint64_t rows, uint64_t stride, uint64_t w, float* peaks) {
    for (uint64_t r = 0; r < rows; ++r) {
      for (uint64_t i = 0; i < w; ++i) peaks[i] = RunningMax(peaks[i], simd::Widen(x[r * stride + i]));
    }
  }

  // Merges a row group's maxima into the running ones, rescaling the sums of the columns whose finite
  // maximum rose.
  void RaisePeaks(Columns& c, const float* peaks, uint64_t w) const {
    // Past a tile's first groups the maxima seldom rise: a branch-free (vectorised) scan settles that.
    bool rises = false;
    for (uint64_t i = 0; i < w; ++i) rises |= !(peaks[i] <= c.values[i]);  // NaN on either side counts
    if (!rises) return;
    for (uint64_t i = 0; i < w; ++i) {
      const float was = c.values[i];
      const float m = RunningMax(was, peaks[i]);
      if (m != was && std::isfinite(m)) c.sums[i] = Rescaled(c.sums[i], was, m);
      c.values[i] = m;
    }
  }

  // sum (of exp(x - tile_max)) as a sum of exp(x - m), m >= tile_max finite. A tile of -inf only adds 0
  // (its sum, taken against a maximum of -inf, holds nothing meaningful).
  static double Rescaled(double sum, float tile_max, float m) {
    if (tile_max == m) return sum;
    if (tile_max == -std::numeric_limits<float>::infinity()) return 0;
    return sum * std::exp(static_cast<double>(tile_max) - static_cast<double>(m));
  }

  void Init(Columns& c, uint64_t w) const {
    const float extreme = f_.max || f_.family == Family::kLogSumExp ? -std::numeric_limits<float>::infinity()
                                                                      : std::numeric_limits<float>::infinity();
    if (f_.family == Family::kAccumulate || f_.family == Family::kLogSumExp) {
      c.sums.assign(w, a_ == Accumulate::kProduct && f_.family == Family::kAccumulate ? 1.0 : 0.0);
    }
    if (f_.family != Family::kAccumulate) {
      c.values.assign(w, extreme);
      if (f_.family == Family::kArg) c.positions.assign(w, 0);
    }
  }

  const ReducePlan& p_;
  Function f_;
  ops::DataType out_type_;
  const std::byte* in_;
  std::byte* out_;
  const simd::ReduceKernelsOf<T>& k_;  // on the input where it lies
  const simd::ReduceKernels& kf_;      // on widened copies, and on tile states
  Accumulate a_;
  ColumnTiles tiles_;
  size_t out_size_;
};

}  // namespace

void ReduceColumns(const ReducePlan& plan, const Function& f, ops::DataType input_type, ops::DataType output_type,
                   const std::byte* in, std::byte* out, ThreadPool& pool) {
  const auto run = [&](auto tag) {
    using T = typename decltype(tag)::type;
    const ColumnReducer<T> reducer(plan, f, output_type, in, out, pool.threads());
    const ColumnTiles& tiles = reducer.tiles();
    const uint64_t grain = std::max<uint64_t>(1, kMinElementsPerTask / (tiles.block_rows() * tiles.strip()));
    ReduceTiles(tiles, reducer, grain, pool);
  };
  if (input_type == ops::DataType::kFloat16) {
    run(TypeTag<Half>{});
  } else {
    run(TypeTag<float>{});
  }
}

}  // namespace dmlc::backends::cpu::fast
