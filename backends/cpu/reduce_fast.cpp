#include "backends/cpu/reduce_fast.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include "backends/cpu/cpu_operator.h"
#include "backends/cpu/element.h"
#include "backends/cpu/reduce_functions.h"
#include "backends/cpu/reduce_simd.h"
#include "backends/cpu/reduce_skeleton.h"

namespace dmlc::backends::cpu {
namespace {

using ops::ReduceFunction;
using reduce::FloatKind;

constexpr uint64_t kMaxColumnStrip = 1024;

// A function's family (reduce_skeleton.h) and, for the sum family, the transform before its store.
struct Function : ReduceClass {
  FloatKind kind = FloatKind::kSum;
};

Function FloatFunction(ReduceFunction f) {
  const auto kind = [&] {
    switch (f) {
      case ReduceFunction::kAverage: return FloatKind::kAverage;
      case ReduceFunction::kL1: return FloatKind::kL1;
      case ReduceFunction::kL2: return FloatKind::kL2;
      case ReduceFunction::kLogSum: return FloatKind::kLogSum;
      case ReduceFunction::kMultiply: return FloatKind::kMultiply;
      case ReduceFunction::kSumSquare: return FloatKind::kSumSquare;
      default: return FloatKind::kSum;
    }
  };
  return {Classify(f), kind()};
}

double Fold(Accumulate a, double x, double y) { return a == Accumulate::kProduct ? x * y : x + y; }

// Whether the kernels can read elements of T at p where they lie (FLOAT16 widened as they load).
template <class T>
bool InPlace(const std::byte* p) {
  return reinterpret_cast<uintptr_t>(p) % alignof(T) == 0;
}

// n elements of T at a misaligned p, widened (or copied) into `scratch` as floats.
template <class T>
const float* Floats(const std::byte* p, uint64_t n, float* scratch) {
  for (uint64_t k = 0; k < n; ++k) scratch[k] = Load<T>(p + k * sizeof(T));
  return scratch;
}

// fn(kernels, elements) on n elements of T at p by the T kernels: in place when p is aligned for T, else
// on a copy of the bytes in `scratch` (n floats' room: aligned for either type), so that an input's
// address never changes its arithmetic (FLOAT16's exact runs included).
template <class T, class Fn>
decltype(auto) OnElements(const std::byte* p, uint64_t n, float* scratch, Fn&& fn) {
  if (!InPlace<T>(p)) {
    std::memcpy(scratch, p, n * sizeof(T));
    p = reinterpret_cast<const std::byte*>(scratch);
  }
  return fn(simd::ActiveReduceKernels<T>(), reinterpret_cast<const T*>(p));
}

// Stores `count` outputs of the sum family, sums[i] (of n elements each) at p + i * step.
template <class T>
void StoreSums(FloatKind kind, std::byte* p, uint64_t step, const double* sums, uint64_t count, uint64_t n) {
  const auto each = [&]<FloatKind kKind>() {
    for (uint64_t i = 0; i < count; ++i) reduce::FloatReduce<T, kKind>::Store(p + i * step, sums[i], n);
  };
  switch (kind) {
    case FloatKind::kSum: return each.template operator()<FloatKind::kSum>();
    case FloatKind::kAverage: return each.template operator()<FloatKind::kAverage>();
    case FloatKind::kL1: return each.template operator()<FloatKind::kL1>();
    case FloatKind::kL2: return each.template operator()<FloatKind::kL2>();
    case FloatKind::kLogSum: return each.template operator()<FloatKind::kLogSum>();
    case FloatKind::kSumSquare: return each.template operator()<FloatKind::kSumSquare>();
    case FloatKind::kMultiply: return each.template operator()<FloatKind::kMultiply>();
  }
}

template <class T>
void StoreLogSumExp(std::byte* p, float max, double sum) {
  // A NaN or infinite maximum is the result; the sum only matters for a finite one.
  reduce::LogSumExp<T>::Store(p, {max, std::isfinite(max) ? sum : 1.0}, 0);
}

// The extreme of the numbers of a run of elements and where it first occurs, and its NaNs: MIN and MAX
// give `value`, ARGMIN and ARGMAX `position` (0 when the run's first element is NaN), LOG_SUM_EXP NaN
// when there is any (reduce_functions.h).
struct Extreme {
  float value = 0;        // the first occurrence's bits; +-inf when no element is a number
  uint64_t position = 0;  // of `value`, when asked for and there is a number
  bool nan = false;       // some element is NaN
  bool leads_with_nan = false;

  uint64_t ArgPosition() const { return leads_with_nan ? 0 : position; }
};

template <class E>
Extreme ExtremeOf(const simd::ReduceKernelsOf<E>& k, bool max, bool want_position, const E* x, uint64_t n,
                  uint64_t base) {
  Extreme e;
  e.value = k.row_extreme(max, x, n, &e.nan);
  e.leads_with_nan = base == 0 && e.nan && simd::Widen(x[0]) != simd::Widen(x[0]);
  // Equal values differ in bits only for +0 and -0: the first occurrence decides.
  if (want_position || e.value == 0) {
    const uint64_t at = k.find(x, n, e.value);
    if (at < n) {  // else no element is a number
      e.value = simd::Widen(x[at]);
      e.position = base + at;
    }
  }
  return e;
}

// `later` covers positions after `earlier`'s: ties keep the earlier one.
Extreme Merge(bool max, const Extreme& earlier, const Extreme& later) {
  Extreme e = (max ? later.value > earlier.value : later.value < earlier.value) ? later : earlier;
  e.nan = earlier.nan || later.nan;
  e.leads_with_nan = earlier.leads_with_nan;
  return e;
}

// How many outputs of the sum family a row reduction sums before it stores them (RowReducer::SumSpan).
constexpr uint64_t kSumBatch = 32;

// Whether LOG_SUM_EXP sums exps against this maximum: a finite number (a NaN or infinite one is the
// result by itself).
bool SumsExps(const Extreme& e) { return !e.nan && std::isfinite(e.value); }

// Rows for ReduceRuns (reduce_skeleton.h). A block's part: its sum, or its Extreme (and LOG_SUM_EXP's
// exp sum, from the second pass against the run's maximum).
template <class T>
class RowReducer {
 public:
  struct Part {
    double sum = 0;
    Extreme extreme;
    double exp = 0;
  };
  // Room for a block widened to floats (OnElements).
  struct Scratch {
    std::vector<float> floats;
  };

  RowReducer(const ReducePlan& p, Function f, ops::DataType out_type)
      : p_(p), f_(f), out_type_(out_type), blocks_((p.count + kReduceBlock - 1) / kReduceBlock) {}

  uint64_t blocks() const { return blocks_; }
  size_t out_size() const { return f_.family == Family::kArg ? ops::ElementSize(out_type_) : sizeof(T); }
  Scratch MakeScratch() const { return {std::vector<float>(std::min(kReduceBlock, p_.count))}; }

  Part Block(const std::byte* run, uint64_t b, Scratch& scratch) const {
    Part part;
    if (f_.family != Family::kAccumulate) {
      part.extreme = BlockExtreme(run, b, scratch.floats.data());
    } else {
      part.sum = BlockSum(run, b, scratch.floats.data());
    }
    return part;
  }

  // n outputs with one block a run, the first at t and the others `in_step` and `out_step` bytes apart,
  // without parts: SumSpan or ExtremeSpan by the family.
  void Span(const RowTarget& t, uint64_t in_step, uint64_t out_step, uint64_t n, Scratch& scratch) const {
    if (f_.family == Family::kAccumulate) return SumSpan(t, in_step, out_step, n, scratch.floats.data());
    ExtremeSpan(t, in_step, out_step, n, scratch.floats.data());
  }

  // LOG_SUM_EXP's second pass: each block's exp sum against the run's maximum (NaN when any element is;
  // only a finite one is summed against).
  bool TwoPasses() const { return f_.family == Family::kLogSumExp; }
  float Between(const Part* parts) const {
    const Extreme e = MergeAll(parts);
    return e.nan ? std::numeric_limits<float>::quiet_NaN() : e.value;
  }
  void SecondPass(const std::byte* run, uint64_t b, float max, Part& part, Scratch& scratch) const {
    if (std::isfinite(max)) part.exp = BlockExp(run, b, max, scratch.floats.data());
  }

  // Folds the per-block results (in block order) and stores the output element.
  void Finish(const RowTarget& t, const Part* parts) const {
    switch (f_.family) {
      case Family::kAccumulate: {
        double total = parts[0].sum;
        for (uint64_t b = 1; b < blocks_; ++b) total = Fold(f_.accumulate, total, parts[b].sum);
        return StoreSums<T>(f_.kind, t.out, 0, &total, 1, p_.count);
      }
      case Family::kExtreme:
      case Family::kArg: return StoreExtreme(t.out, MergeAll(parts));
      case Family::kLogSumExp: {
        const Extreme e = MergeAll(parts);
        double total = 0;
        if (SumsExps(e)) {
          total = parts[0].exp;
          for (uint64_t b = 1; b < blocks_; ++b) total += parts[b].exp;
        }
        return StoreLogSumExpOf(t.out, e, total);
      }
    }
  }

 private:
  uint64_t Length(uint64_t b) const { return std::min(kReduceBlock, p_.count - b * kReduceBlock); }

  Extreme MergeAll(const Part* parts) const {
    Extreme e = parts[0].extreme;
    for (uint64_t b = 1; b < blocks_; ++b) e = Merge(f_.max, e, parts[b].extreme);
    return e;
  }

  // The partial result of block b of a run; `scratch` holds kReduceBlock floats.
  double BlockSum(const std::byte* run, uint64_t b, float* scratch) const {
    const uint64_t n = Length(b);
    return OnElements<T>(run + b * kReduceBlock * sizeof(T), n, scratch,
                         [&](const auto& k, const auto* x) { return k.row(f_.accumulate, x, n); });
  }
  Extreme BlockExtreme(const std::byte* run, uint64_t b, float* scratch) const {
    const uint64_t n = Length(b);
    return OnElements<T>(run + b * kReduceBlock * sizeof(T), n, scratch, [&](const auto& k, const auto* x) {
      return ExtremeOf(k, f_.max, f_.family == Family::kArg, x, n, b * kReduceBlock);
    });
  }
  double BlockExp(const std::byte* run, uint64_t b, float max, float* scratch) const {
    const uint64_t n = Length(b);
    const std::byte* block = run + b * kReduceBlock * sizeof(T);
    // What follows the block: the next row of a contiguous reduction, read by its maximum pass next.
    const simd::NextData next{block + n * sizeof(T), n * sizeof(T)};
    return OnElements<T>(block, n, scratch, [&](const auto& k, const auto* x) { return k.row_exp(x, n, max, next); });
  }

  // Span's sum family: the sums of up to kSumBatch runs, then their stores, so that the stores' square
  // roots, logs and roundings wait on no kernel's last add, and on each other neither.
  void SumSpan(const RowTarget& t, uint64_t in_step, uint64_t out_step, uint64_t n, float* scratch) const {
    double sums[kSumBatch];
    for (uint64_t j = 0; j < n; j += kSumBatch) {
      const uint64_t m = std::min(kSumBatch, n - j);
      for (uint64_t i = 0; i < m; ++i) sums[i] = BlockSum(t.in + (j + i) * in_step, 0, scratch);
      StoreSums<T>(f_.kind, t.out + j * out_step, out_step, sums, m, p_.count);
    }
  }

  // Span's MIN, MAX, ARGMIN, ARGMAX and LOG_SUM_EXP: each output stored straight from its block's
  // Extreme (and LOG_SUM_EXP's exp sum). Through the per-block array, each output's merge reloaded the
  // Extreme just stored field by field with wider loads, which waited for the stores to retire (perf: a
  // fifth of FLOAT16 inner ARGMIN's time at that load).
  void ExtremeSpan(const RowTarget& t, uint64_t in_step, uint64_t out_step, uint64_t n, float* scratch) const {
    for (uint64_t j = 0; j < n; ++j) {
      const std::byte* in = t.in + j * in_step;
      std::byte* out = t.out + j * out_step;
      const Extreme e = BlockExtreme(in, 0, scratch);
      if (f_.family != Family::kLogSumExp) {
        StoreExtreme(out, e);
      } else {
        StoreLogSumExpOf(out, e, SumsExps(e) ? BlockExp(in, 0, e.value, scratch) : 0);
      }
    }
  }

  // MIN/MAX's value or ARGMIN/ARGMAX's position of a run's Extreme, at `out`.
  void StoreExtreme(std::byte* out, const Extreme& e) const {
    if (f_.family == Family::kArg) return StoreIndex(out_type_, out, e.ArgPosition());
    reduce::MinMax<T, true>::Store(out, e.value, p_.count);
  }

  // LOG_SUM_EXP of a run from its Extreme and the sum of its exps (read only for a finite maximum).
  void StoreLogSumExpOf(std::byte* out, const Extreme& e, double total) const {
    StoreLogSumExp<T>(out, e.nan ? std::numeric_limits<float>::quiet_NaN() : e.value, total);
  }

  const ReducePlan& p_;
  Function f_;
  ops::DataType out_type_;
  uint64_t blocks_;
};

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
        for (uint64_t c = 0; c < w; ++c) acc.sums[c] = cpu::Fold(a_, acc.sums[c], later.sums[c]);
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
    if (f_.family == Family::kAccumulate) return StoreSums<T>(f_.kind, dst, kout * out_size_, c.sums.data(), w, p_.count);
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

bool ReduceFastApplies(const ReducePlan& plan, ops::DataType input_type) {
  if (input_type != ops::DataType::kFloat32 && input_type != ops::DataType::kFloat16) return false;
  // Column positions are kept as uint32.
  return FastLayout(plan) && (!plan.columns || plan.count <= std::numeric_limits<uint32_t>::max());
}

void ReduceFast(const ReducePlan& plan, ops::ReduceFunction function, ops::DataType input_type,
                ops::DataType output_type, const std::byte* in, std::byte* out, ThreadPool& pool) {
  const Function f = FloatFunction(function);
  auto run = [&](auto tag) {
    using T = typename decltype(tag)::type;
    if (plan.columns) {
      const ColumnReducer<T> reducer(plan, f, output_type, in, out, pool.threads());
      const ColumnTiles& tiles = reducer.tiles();
      ReduceTiles(tiles, reducer, std::max<uint64_t>(1, kMinElementsPerTask / (tiles.block_rows() * tiles.strip())),
                  pool);
    } else {
      const RowReducer<T> reducer(plan, f, output_type);
      ReduceRuns(plan, reducer, sizeof(T), reducer.out_size(), in, out, pool);
    }
  };
  if (input_type == ops::DataType::kFloat16) {
    run(TypeTag<Half>{});
  } else {
    run(TypeTag<float>{});
  }
}

}  // namespace dmlc::backends::cpu
