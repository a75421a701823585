// The scheduling the two REDUCE fast paths share, float (reduce_fast.cpp) and integer (reduce_int.cpp):
// which family a function is, how a rows plan is cut into runs and blocks and spread over the workers, how
// a columns plan is cut into tiles and their states folded, and ARGMIN/ARGMAX's scan of column groups. The
// paths bring the arithmetic: a reducer per layout whose members the drivers below name (a template
// contract, so every call is direct and each path's types stay its own). Which thread reduces what never
// changes a result: a run's blocks and a strip's tiles are folded in order on one thread.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

#include "backends/cpu/cpu_operator.h"
#include "backends/cpu/element.h"
#include "backends/cpu/reduce_plan.h"
#include "backends/thread_pool.h"
#include "ops/operators/reduce.h"

namespace dmlc::backends::cpu {

// Elements a block of a row run: the unit of the row kernels, and of the work spread when runs are few.
inline constexpr uint64_t kReduceBlock = 16384;

// Columns an ARGMIN/ARGMAX group scan compares at a time against the group's extremes (ScanArgGroups).
inline constexpr uint64_t kArgScan = 64;

// How a function reduces, whatever the element type.
enum class Family { kAccumulate, kExtreme, kArg, kLogSumExp };

struct ReduceClass {
  Family family = Family::kAccumulate;
  Accumulate accumulate = Accumulate::kSum;  // kAccumulate only
  bool max = true;                           // extremes, args (and the maximum LOG_SUM_EXP starts from)
};

inline ReduceClass Classify(ops::ReduceFunction f) {
  using ops::ReduceFunction;
  switch (f) {
    case ReduceFunction::kArgMax: return {Family::kArg, Accumulate::kSum, true};
    case ReduceFunction::kArgMin: return {Family::kArg, Accumulate::kSum, false};
    case ReduceFunction::kMax: return {Family::kExtreme, Accumulate::kSum, true};
    case ReduceFunction::kMin: return {Family::kExtreme, Accumulate::kSum, false};
    case ReduceFunction::kLogSumExp: return {Family::kLogSumExp, Accumulate::kSum, true};
    case ReduceFunction::kL1: return {Family::kAccumulate, Accumulate::kAbs, true};
    case ReduceFunction::kL2:
    case ReduceFunction::kSumSquare: return {Family::kAccumulate, Accumulate::kSquare, true};
    case ReduceFunction::kMultiply: return {Family::kAccumulate, Accumulate::kProduct, true};
    case ReduceFunction::kAverage:
    case ReduceFunction::kLogSum:
    case ReduceFunction::kSum: break;
  }
  return {Family::kAccumulate, Accumulate::kSum, true};
}

// Whether the drivers below cover the plan's layout: columns whose kept elements are adjacent, or rows
// whose reduced elements are one contiguous run.
inline bool FastLayout(const ReducePlan& p) {
  if (p.columns) return p.kept.InnerStride(0) == 1;
  return p.reduced.RowCount() == 1 && (p.reduced.InnerStride(0) == 1 || p.count == 1);
}

// The position of an ARGMIN/ARGMAX result, stored as the output's index type.
inline void StoreIndex(ops::DataType type, std::byte* p, uint64_t position) {
  DispatchIndexType(type, [&](auto tag) { StoreRaw(p, static_cast<typename decltype(tag)::type>(position)); });
}

// One output of a rows plan: its run of reduced elements and its output element.
struct RowTarget {
  const std::byte* in;
  std::byte* out;
};

// A rows plan (each output's reduced elements one contiguous run, `in_size` bytes an element) by the
// reducer R, which provides
//   Scratch MakeScratch() const;                     a worker's reusable memory
//   uint64_t blocks() const;                         kReduceBlock blocks a run
//   void Span(RowTarget first, uint64_t in_step, uint64_t out_step, uint64_t n, Scratch&) const;
//                                                    n outputs of one block, steps in bytes
//   Part Block(const std::byte* run, uint64_t b, Scratch&) const;
//   bool TwoPasses() const;                          whether a second pass over the blocks follows:
//   Between Between(const Part* parts) const;        what it needs of a run's first (all its parts),
//   void SecondPass(const std::byte* run, uint64_t b, const Between&, Part&, Scratch&) const;
//   void Finish(RowTarget, Part* parts) const;       folds a run's parts in block order and stores
// Outputs run in parallel; when there are too few for the workers, the blocks of all runs do, and each
// run's parts are folded afterwards.
template <class R>
void ReduceRuns(const ReducePlan& p, const R& r, size_t in_size, size_t out_size, const std::byte* in,
                std::byte* out, ThreadPool& pool) {
  using Part = decltype(r.Block(nullptr, 0, std::declval<decltype(r.MakeScratch())&>()));
  const uint64_t outputs = p.kept.ElementCount(), blocks = r.blocks();
  const uint64_t kin = p.kept.InnerStride(0), kout = p.kept.InnerStride(1);
  const auto target = [&](const StridedShape<2>::Offsets& o, uint64_t j) {
    return RowTarget{in + (o[0] + j * kin) * in_size, out + (o[1] + j * kout) * out_size};
  };
  if (blocks == 1 || outputs >= 2 * static_cast<uint64_t>(pool.threads())) {
    pool.ParallelFor(outputs, std::max<uint64_t>(1, kMinElementsPerTask / p.count), [&](uint64_t begin, uint64_t end) {
      auto scratch = r.MakeScratch();
      std::vector<Part> parts(blocks);
      p.kept.ForEachSpan(begin, end, [&](const StridedShape<2>::Offsets& o, uint64_t j0, uint64_t n) {
        if (blocks == 1) return r.Span(target(o, j0), kin * in_size, kout * out_size, n, scratch);
        for (uint64_t j = j0; j < j0 + n; ++j) {  // one output start to finish
          const RowTarget t = target(o, j);
          for (uint64_t b = 0; b < blocks; ++b) parts[b] = r.Block(t.in, b, scratch);
          if (r.TwoPasses()) {
            const auto between = r.Between(parts.data());
            for (uint64_t b = 0; b < blocks; ++b) r.SecondPass(t.in, b, between, parts[b], scratch);
          }
          r.Finish(t, parts.data());
        }
      });
    });
    return;
  }
  std::vector<RowTarget> targets;
  p.kept.ForEachSpan(0, outputs, [&](const StridedShape<2>::Offsets& o, uint64_t j0, uint64_t n) {
    for (uint64_t j = j0; j < j0 + n; ++j) targets.push_back(target(o, j));
  });
  std::vector<Part> parts(outputs * blocks);
  pool.ParallelFor(parts.size(), 1, [&](uint64_t begin, uint64_t end) {
    auto scratch = r.MakeScratch();
    for (uint64_t u = begin; u < end; ++u) parts[u] = r.Block(targets[u / blocks].in, u % blocks, scratch);
  });
  if (r.TwoPasses()) {
    std::vector<decltype(r.Between(nullptr))> between(outputs);
    for (uint64_t j = 0; j < outputs; ++j) between[j] = r.Between(&parts[j * blocks]);
    pool.ParallelFor(parts.size(), 1, [&](uint64_t begin, uint64_t end) {
      auto scratch = r.MakeScratch();
      for (uint64_t u = begin; u < end; ++u) {
        r.SecondPass(targets[u / blocks].in, u % blocks, between[u / blocks], parts[u], scratch);
      }
    });
  }
  for (uint64_t j = 0; j < outputs; ++j) r.Finish(targets[j], &parts[j * blocks]);
}

// A columns plan cut into tiles: a strip of up to `max_strip` adjacent outputs (adjacent in memory) by a
// block of reduced rows. Offsets are in elements.
class ColumnTiles {
 public:
  // rows_for(strips): the rows a tile takes, given the number of strips.
  template <class RowsFor>
  ColumnTiles(const ReducePlan& p, uint64_t max_strip, const RowsFor& rows_for)
      : p_(p),
        width_(p.kept.RowLength()),
        strip_(std::min(width_, max_strip)),
        strips_per_row_((width_ + strip_ - 1) / strip_),
        strips_(p.kept.RowCount() * strips_per_row_),
        block_rows_(rows_for(strips_)),
        blocks_((p.count + block_rows_ - 1) / block_rows_) {}

  uint64_t strips() const { return strips_; }
  uint64_t blocks() const { return blocks_; }
  uint64_t block_rows() const { return block_rows_; }
  uint64_t strip() const { return strip_; }  // the widest strip's width
  uint64_t Width(uint64_t s) const { return std::min(strip_, width_ - (s % strips_per_row_) * strip_); }
  // Reduced rows [RowBegin(b), RowEnd(b)) make block b.
  uint64_t RowBegin(uint64_t b) const { return b * block_rows_; }
  uint64_t RowEnd(uint64_t b) const { return std::min(p_.count, (b + 1) * block_rows_); }
  uint64_t InputOffset(uint64_t s) const { return Offsets(s)[0] + (s % strips_per_row_) * strip_; }
  uint64_t OutputOffset(uint64_t s) const {
    return Offsets(s)[1] + (s % strips_per_row_) * strip_ * p_.kept.InnerStride(1);
  }

 private:
  StridedShape<2>::Offsets Offsets(uint64_t s) const {
    StridedShape<2>::Offsets o{};
    const uint64_t row = s / strips_per_row_;
    p_.kept.ForEachRow(row, row + 1, [&](const StridedShape<2>::Offsets& r) { o = r; });
    return o;
  }

  const ReducePlan& p_;
  uint64_t width_, strip_, strips_per_row_, strips_, block_rows_, blocks_;
};

// The tiles by the reducer R, which provides
//   State                                             a tile's per-column state (default-constructible)
//   Scratch MakeScratch() const;                      a worker's reusable memory
//   void Reduce(uint64_t s, uint64_t b, State&, Scratch&) const;   tile (strip s, block b), from scratch
//   void Fold(State& acc, const State& later, uint64_t w) const;   a later block of the same strip
//   void Store(uint64_t s, const State&) const;
// Tiles run in parallel, `grain` a task; then each strip's tiles are folded in order. With one block a
// strip, each tile goes straight to the output.
template <class R>
void ReduceTiles(const ColumnTiles& tiles, const R& r, uint64_t grain, ThreadPool& pool) {
  using State = typename R::State;
  const uint64_t strips = tiles.strips(), blocks = tiles.blocks();
  if (blocks == 1) {
    pool.ParallelFor(strips, grain, [&](uint64_t begin, uint64_t end) {
      State c;
      auto scratch = r.MakeScratch();
      for (uint64_t s = begin; s < end; ++s) {
        r.Reduce(s, 0, c, scratch);
        r.Store(s, c);
      }
    });
    return;
  }
  std::vector<State> partial(strips * blocks);
  pool.ParallelFor(partial.size(), grain, [&](uint64_t begin, uint64_t end) {
    auto scratch = r.MakeScratch();
    for (uint64_t t = begin; t < end; ++t) r.Reduce(t / blocks, t % blocks, partial[t], scratch);
  });
  pool.ParallelFor(strips, 1, [&](uint64_t begin, uint64_t end) {
    for (uint64_t s = begin; s < end; ++s) {
      State& acc = partial[s * blocks];
      const uint64_t w = tiles.Width(s);
      for (uint64_t b = 1; b < blocks; ++b) r.Fold(acc, partial[s * blocks + b], w);
      r.Store(s, acc);
    }
  });
}

// Whether m bests are unchanged by their group, bit for bit: a float's +0 and -0 differ, and a NaN best
// (a leading NaN ARGMIN/ARGMAX keeps) is unchanged. Integers in a loop the compiler vectorises.
template <class V>
inline bool Unchanged(const V* group, const V* best, uint64_t m) {
  if constexpr (std::is_floating_point_v<V>) {
    return std::memcmp(group, best, m * sizeof(V)) == 0;
  } else {
    unsigned changed = 0;
    for (uint64_t i = 0; i < m; ++i) changed |= group[i] != best[i] ? 1u : 0u;
    return changed == 0;
  }
}

// ARGMIN/ARGMAX over `rows` rows of w columns, `group_rows` at a time: the group's extremes over the
// running bests first (extreme(g, n, group): rows [g, g + n) into `group`, which starts as the bests; the
// cheaper MIN/MAX kernel), then take(g, n, i, m) only on the chunks of kArgScan columns [i, i + m) where
// they moved off the bests, to find the rows that did it and update the bests and positions. A running
// extreme moves exactly where a row is better than the best and never back, so most groups move none
// once the first rows are in.
template <class V, class Extreme, class Take>
void ScanArgGroups(uint64_t rows, uint64_t group_rows, uint64_t w, const V* best, V* group, const Extreme& extreme,
                   const Take& take) {
  for (uint64_t g = 0; g < rows; g += group_rows) {
    const uint64_t n = std::min(group_rows, rows - g);
    std::copy_n(best, w, group);
    extreme(g, n, group);
    for (uint64_t i = 0; i < w; i += kArgScan) {
      const uint64_t m = std::min(kArgScan, w - i);
      if (!Unchanged(group + i, best + i, m)) take(g, n, i, m);
    }
  }
}

}  // namespace dmlc::backends::cpu
