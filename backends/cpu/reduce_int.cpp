#include "backends/cpu/reduce_int.h"

#include <algorithm>
#include <limits>
#include <optional>
#include <vector>

#include "backends/cpu/cpu_operator.h"
#include "backends/cpu/element.h"
#include "backends/cpu/reduce_fast.h"
#include "backends/cpu/reduce_int_kernels.h"

namespace dmlc::backends::cpu {
namespace {

using intk::Op;
using intk::Unsigned;
using ops::ReduceFunction;

enum class Family { kAccumulate, kExtreme, kArg };

struct IntFunction {
  Family family = Family::kAccumulate;
  Op op = Op::kSum;  // kAccumulate only
  bool max = true;   // extremes and args
};

// The functions with integer definitions; AVERAGE, L2, LOG_SUM and LOG_SUM_EXP have none.
std::optional<IntFunction> Classify(ReduceFunction f) {
  switch (f) {
    case ReduceFunction::kSum: return IntFunction{Family::kAccumulate, Op::kSum, true};
    case ReduceFunction::kL1: return IntFunction{Family::kAccumulate, Op::kAbs, true};
    case ReduceFunction::kSumSquare: return IntFunction{Family::kAccumulate, Op::kSquare, true};
    case ReduceFunction::kMultiply: return IntFunction{Family::kAccumulate, Op::kProduct, true};
    case ReduceFunction::kMin: return IntFunction{Family::kExtreme, Op::kSum, false};
    case ReduceFunction::kMax: return IntFunction{Family::kExtreme, Op::kSum, true};
    case ReduceFunction::kArgMin: return IntFunction{Family::kArg, Op::kSum, false};
    case ReduceFunction::kArgMax: return IntFunction{Family::kArg, Op::kSum, true};
    default: return std::nullopt;
  }
}

void StoreIndex(ops::DataType type, std::byte* p, uint64_t position) {
  DispatchIndexType(type, [&](auto tag) { StoreRaw(p, static_cast<typename decltype(tag)::type>(position)); });
}

// What one function does with partial results, whichever layout produced them.
template <class T>
class IntRules {
 public:
  using U = Unsigned<T>;
  using Wide = decltype(U{} + 0u);  // U's arithmetic without promotion to signed int

  IntRules(IntFunction f, ops::DataType out_type)
      : f_(f), out_type_(out_type), k_(intk::ActiveIntKernels<T>()),
        out_size_(f.family == Family::kArg ? ops::ElementSize(out_type) : sizeof(T)) {}

  const intk::IntKernels<T>& kernels() const { return k_; }
  const IntFunction& function() const { return f_; }
  size_t out_size() const { return out_size_; }

  U Identity() const { return f_.op == Op::kProduct ? U{1} : U{0}; }
  T Worst() const { return f_.max ? std::numeric_limits<T>::lowest() : std::numeric_limits<T>::max(); }
  U Combine(U a, U b) const {
    return static_cast<U>(f_.op == Op::kProduct ? Wide{a} * Wide{b} : Wide{a} + Wide{b});
  }
  // Whether `later` replaces `best`: strictly better, so ties keep the earlier position.
  bool Better(T later, T best) const { return f_.max ? later > best : later < best; }

  void Store(std::byte* out, U acc, T best, uint64_t position) const {
    switch (f_.family) {
      case Family::kAccumulate: return StoreRaw(out, static_cast<T>(acc));
      case Family::kExtreme: return StoreRaw(out, best);
      case Family::kArg: return StoreIndex(out_type_, out, position);
    }
  }

 private:
  IntFunction f_;
  ops::DataType out_type_;
  const intk::IntKernels<T>& k_;
  size_t out_size_;
};

// A row reduction's partial result: one block of one run.
template <class T>
struct Partial {
  Unsigned<T> acc = 0;
  T best{};
  uint64_t position = 0;
};

template <class T>
class IntRowReducer {
 public:
  IntRowReducer(const ReducePlan& p, IntFunction f, ops::DataType out_type)
      : p_(p), rules_(f, out_type), blocks_((p.count + kReduceBlock - 1) / kReduceBlock) {}

  uint64_t blocks() const { return blocks_; }
  size_t out_size() const { return rules_.out_size(); }

  Partial<T> Block(const T* run, uint64_t b) const {
    const uint64_t first = b * kReduceBlock, n = std::min(kReduceBlock, p_.count - first);
    const T* x = run + first;
    const IntFunction& f = rules_.function();
    const intk::IntKernels<T>& k = rules_.kernels();
    Partial<T> part;
    if (f.family == Family::kAccumulate) {
      part.acc = k.row[static_cast<int>(f.op)](x, n);
      return part;
    }
    part.best = k.row_extreme[f.max ? 1 : 0](x, n);
    if (f.family == Family::kArg) part.position = first + k.find(x, n, part.best);
    return part;
  }

  // `later` covers positions after `acc`'s.
  void Fold(Partial<T>& acc, const Partial<T>& later) const {
    if (rules_.function().family == Family::kAccumulate) {
      acc.acc = rules_.Combine(acc.acc, later.acc);
    } else if (rules_.Better(later.best, acc.best)) {
      acc = later;
    }
  }

  Partial<T> Whole(const T* run) const {
    Partial<T> acc = Block(run, 0);
    for (uint64_t b = 1; b < blocks_; ++b) Fold(acc, Block(run, b));
    return acc;
  }

  void Store(std::byte* out, const Partial<T>& part) const { rules_.Store(out, part.acc, part.best, part.position); }

 private:
  const ReducePlan& p_;
  IntRules<T> rules_;
  uint64_t blocks_;
};

template <class T>
void ReduceIntRows(const ReducePlan& p, IntFunction f, ops::DataType out_type, const std::byte* in, std::byte* out,
                   ThreadPool& pool) {
  const IntRowReducer<T> reducer(p, f, out_type);
  const uint64_t outputs = p.kept.ElementCount(), blocks = reducer.blocks();
  const uint64_t kin = p.kept.InnerStride(0), kout = p.kept.InnerStride(1);
  const T* input = reinterpret_cast<const T*>(in);
  const size_t out_size = reducer.out_size();
  if (blocks == 1 || outputs >= 2 * static_cast<uint64_t>(pool.threads())) {
    pool.ParallelFor(outputs, std::max<uint64_t>(1, kMinElementsPerTask / p.count), [&](uint64_t begin, uint64_t end) {
      p.kept.ForEachSpan(begin, end, [&](const StridedShape<2>::Offsets& o, uint64_t j0, uint64_t n) {
        for (uint64_t j = j0; j < j0 + n; ++j) {
          reducer.Store(out + (o[1] + j * kout) * out_size, reducer.Whole(input + o[0] + j * kin));
        }
      });
    });
    return;
  }
  // Few long runs: spread their blocks over the workers, then fold each run's blocks in order.
  std::vector<const T*> runs;
  std::vector<std::byte*> outs;
  p.kept.ForEachSpan(0, outputs, [&](const StridedShape<2>::Offsets& o, uint64_t j0, uint64_t n) {
    for (uint64_t j = j0; j < j0 + n; ++j) {
      runs.push_back(input + o[0] + j * kin);
      outs.push_back(out + (o[1] + j * kout) * out_size);
    }
  });
  std::vector<Partial<T>> parts(outputs * blocks);
  pool.ParallelFor(parts.size(), 1, [&](uint64_t begin, uint64_t end) {
    for (uint64_t u = begin; u < end; ++u) parts[u] = reducer.Block(runs[u / blocks], u % blocks);
  });
  for (uint64_t j = 0; j < outputs; ++j) {
    for (uint64_t b = 1; b < blocks; ++b) reducer.Fold(parts[j * blocks], parts[j * blocks + b]);
    reducer.Store(outs[j], parts[j * blocks]);
  }
}

// Column tiles: a strip of up to kStrip adjacent outputs by a block of reduced rows, kTilesPerThread
// tiles a worker (or a strip's rows whole when there are strips enough). A tile streams its rows through
// the kernels with each column's state in L1, so tiles can be long: fewer means fewer partial states to
// allocate and fold (256 KiB tiles had a 64 MiB outer SUM spend half its time in malloc and page
// clearing).
constexpr uint64_t kStrip = 1024;
constexpr uint64_t kTilesPerThread = 4;
// ARGMIN/ARGMAX take a tile's rows this many at a time: the group's extreme per column (vectorised),
// then the first row holding it, only for the columns whose extreme the group improved.
// Narrow types take more rows per group, so the per-group column test stays a small share of the work.
template <class T>
constexpr uint64_t kArgGroup = sizeof(T) <= 2 ? 64 : 16;
// Columns compared a chunk at a time against the group's extremes.
constexpr uint64_t kArgScan = 64;

// Per-column state of a tile, or of a strip once its tiles are folded.
template <class T>
struct IntColumns {
  std::vector<Unsigned<T>> acc;
  std::vector<T> best;
  std::vector<uint64_t> positions;
  std::vector<T> group;  // ARGMIN/ARGMAX: a row group's extremes
};

template <class T>
class IntColumnReducer {
 public:
  IntColumnReducer(const ReducePlan& p, IntFunction f, ops::DataType out_type, const std::byte* in, std::byte* out,
                   int threads)
      : p_(p), rules_(f, out_type), in_(reinterpret_cast<const T*>(in)), out_(out),
        width_(p.kept.RowLength()),
        strip_(std::min(width_, kStrip)),
        strips_per_row_((width_ + strip_ - 1) / strip_),
        strips_(p.kept.RowCount() * strips_per_row_),
        block_rows_(BlockRows(p.count, strips_, threads)),
        blocks_((p.count + block_rows_ - 1) / block_rows_) {}

  uint64_t strips() const { return strips_; }
  uint64_t blocks() const { return blocks_; }
  uint64_t Width(uint64_t s) const { return std::min(strip_, width_ - (s % strips_per_row_) * strip_); }

  // Reduces tile (strip s, block b) into `c`.
  void Reduce(uint64_t s, uint64_t b, IntColumns<T>& c) const {
    const uint64_t w = Width(s), r0 = b * block_rows_, r1 = std::min(p_.count, r0 + block_rows_);
    const IntFunction& f = rules_.function();
    const intk::IntKernels<T>& k = rules_.kernels();
    Init(c, w);
    const T* base = in_ + Offsets(s)[0] + (s % strips_per_row_) * strip_;
    const uint64_t rs = p_.reduced.InnerStride(0);
    uint64_t r = r0;
    p_.reduced.ForEachSpan(r0, r1, [&](const StridedShape<1>::Offsets& ro, uint64_t e0, uint64_t n) {
      const T* x = base + ro[0] + e0 * rs;
      switch (f.family) {
        case Family::kAccumulate: k.column[static_cast<int>(f.op)](x, n, rs, w, c.acc.data()); break;
        case Family::kExtreme: k.column_extreme[f.max ? 1 : 0](x, n, rs, w, c.best.data()); break;
        case Family::kArg: Args(x, n, rs, w, r, c); break;
      }
      r += n;
    });
  }

  // Folds a later tile of the same strip into `acc`.
  void Fold(IntColumns<T>& acc, const IntColumns<T>& later, uint64_t w) const {
    const Family family = rules_.function().family;
    for (uint64_t i = 0; i < w; ++i) {
      if (family == Family::kAccumulate) {
        acc.acc[i] = rules_.Combine(acc.acc[i], later.acc[i]);
      } else if (rules_.Better(later.best[i], acc.best[i])) {
        acc.best[i] = later.best[i];
        if (family == Family::kArg) acc.positions[i] = later.positions[i];
      }
    }
  }

  void Store(uint64_t s, const IntColumns<T>& c) const {
    const uint64_t w = Width(s), kout = p_.kept.InnerStride(1);
    const size_t size = rules_.out_size();
    std::byte* dst = out_ + (Offsets(s)[1] + (s % strips_per_row_) * strip_ * kout) * size;
    const bool acc = rules_.function().family == Family::kAccumulate;
    const bool arg = rules_.function().family == Family::kArg;
    for (uint64_t i = 0; i < w; ++i) {
      rules_.Store(dst + i * kout * size, acc ? c.acc[i] : 0, acc ? T{} : c.best[i], arg ? c.positions[i] : 0);
    }
  }

 private:
  // Rows per tile: a strip's rows cut into enough blocks for kTilesPerThread tiles a thread, in whole
  // row groups.
  static uint64_t BlockRows(uint64_t count, uint64_t strips, int threads) {
    return ColumnTileRows(count, strips, threads, kTilesPerThread, kArgGroup<T>);
  }

  void Init(IntColumns<T>& c, uint64_t w) const {
    if (rules_.function().family == Family::kAccumulate) return c.acc.assign(w, rules_.Identity());
    c.best.assign(w, rules_.Worst());
    if (rules_.function().family == Family::kArg) {
      c.positions.assign(w, 0);
      c.group.resize(w);
    }
  }

  // Rows [r, r + rows) at x (stride rs) into the running bests: per group, the columns' extremes over
  // the best so far and the group's rows; where that differs from the best, a row of the group beat it,
  // and the first row holding the new extreme is its position.
  void Args(const T* x, uint64_t rows, uint64_t rs, uint64_t w, uint64_t r, IntColumns<T>& c) const {
    const auto& extreme = rules_.kernels().column_extreme[rules_.function().max ? 1 : 0];
    for (uint64_t g = 0; g < rows; g += kArgGroup<T>) {
      const uint64_t n = std::min(kArgGroup<T>, rows - g);
      const T* gx = x + g * rs;
      std::copy(c.best.begin(), c.best.begin() + static_cast<std::ptrdiff_t>(w), c.group.begin());
      extreme(gx, n, rs, w, c.group.data());
      for (uint64_t i0 = 0; i0 < w; i0 += kArgScan) {
        const uint64_t i1 = std::min(w, i0 + kArgScan);
        unsigned changed = 0;  // a vectorised test of the chunk: most groups improve no column
        for (uint64_t i = i0; i < i1; ++i) changed |= c.group[i] != c.best[i] ? 1u : 0u;
        if (changed == 0) continue;
        for (uint64_t i = i0; i < i1; ++i) {
          if (c.group[i] == c.best[i]) continue;
          uint64_t at = 0;
          while (gx[at * rs + i] != c.group[i]) ++at;  // stops: some row holds the group's extreme
          c.best[i] = c.group[i];
          c.positions[i] = r + g + at;
        }
      }
    }
  }

  StridedShape<2>::Offsets Offsets(uint64_t s) const {
    StridedShape<2>::Offsets o{};
    const uint64_t row = s / strips_per_row_;
    p_.kept.ForEachRow(row, row + 1, [&](const StridedShape<2>::Offsets& r) { o = r; });
    return o;
  }

  const ReducePlan& p_;
  IntRules<T> rules_;
  const T* in_;
  std::byte* out_;
  uint64_t width_, strip_, strips_per_row_, strips_, block_rows_, blocks_;
};

template <class T>
void ReduceIntColumns(const ReducePlan& p, IntFunction f, ops::DataType out_type, const std::byte* in,
                      std::byte* out, ThreadPool& pool) {
  const IntColumnReducer<T> reducer(p, f, out_type, in, out, pool.threads());
  const uint64_t strips = reducer.strips(), blocks = reducer.blocks();
  if (blocks == 1) {  // one tile per strip: straight to the output
    pool.ParallelFor(strips, 1, [&](uint64_t begin, uint64_t end) {
      IntColumns<T> c;
      for (uint64_t s = begin; s < end; ++s) {
        reducer.Reduce(s, 0, c);
        reducer.Store(s, c);
      }
    });
    return;
  }
  std::vector<IntColumns<T>> partial(strips * blocks);
  pool.ParallelFor(partial.size(), 1, [&](uint64_t begin, uint64_t end) {
    for (uint64_t t = begin; t < end; ++t) reducer.Reduce(t / blocks, t % blocks, partial[t]);
  });
  pool.ParallelFor(strips, 1, [&](uint64_t begin, uint64_t end) {
    for (uint64_t s = begin; s < end; ++s) {
      for (uint64_t b = 1; b < blocks; ++b) reducer.Fold(partial[s * blocks], partial[s * blocks + b], reducer.Width(s));
      reducer.Store(s, partial[s * blocks]);
    }
  });
}

}  // namespace

bool ReduceIntApplies(const ReducePlan& plan, ops::ReduceFunction function, ops::DataType input_type) {
  if (!ops::IsInteger(input_type) || !Classify(function)) return false;
  if (plan.columns) return plan.kept.InnerStride(0) == 1;
  return plan.reduced.RowCount() == 1 && (plan.reduced.InnerStride(0) == 1 || plan.count == 1);
}

void ReduceInt(const ReducePlan& plan, ops::ReduceFunction function, ops::DataType input_type,
               ops::DataType output_type, const std::byte* in, std::byte* out, ThreadPool& pool) {
  const IntFunction f = *Classify(function);
  DispatchType(input_type, [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_integral_v<T>) {
      if (plan.columns) {
        ReduceIntColumns<T>(plan, f, output_type, in, out, pool);
      } else {
        ReduceIntRows<T>(plan, f, output_type, in, out, pool);
      }
    }
  });
}

}  // namespace dmlc::backends::cpu
