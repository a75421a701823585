#include "backends/cpu/reduce_int.h"

#include <algorithm>
#include <limits>
#include <vector>

#include "backends/cpu/cpu_operator.h"
#include "backends/cpu/element.h"
#include "backends/cpu/reduce_int_kernels.h"
#include "backends/cpu/reduce_skeleton.h"

namespace dmlc::backends::cpu {
namespace {

using intk::Unsigned;
using ops::ReduceFunction;

// AVERAGE, L2, LOG_SUM and LOG_SUM_EXP have no integer definition.
bool HasIntegerDefinition(ReduceFunction f) {
  switch (f) {
    case ReduceFunction::kAverage:
    case ReduceFunction::kL2:
    case ReduceFunction::kLogSum:
    case ReduceFunction::kLogSumExp: return false;
    default: return true;
  }
}

// What one function does with partial results, whichever layout produced them.
template <class T>
class IntRules {
 public:
  using U = Unsigned<T>;
  using Wide = decltype(U{} + 0u);  // U's arithmetic without promotion to signed int

  IntRules(ReduceClass f, ops::DataType out_type)
      : f_(f), out_type_(out_type), k_(intk::ActiveIntKernels<T>()),
        out_size_(f.family == Family::kArg ? ops::ElementSize(out_type) : sizeof(T)) {}

  const intk::IntKernels<T>& kernels() const { return k_; }
  const ReduceClass& function() const { return f_; }
  size_t out_size() const { return out_size_; }

  U Identity() const { return f_.accumulate == Accumulate::kProduct ? U{1} : U{0}; }
  T Worst() const { return f_.max ? std::numeric_limits<T>::lowest() : std::numeric_limits<T>::max(); }
  U Combine(U a, U b) const {
    return static_cast<U>(f_.accumulate == Accumulate::kProduct ? Wide{a} * Wide{b} : Wide{a} + Wide{b});
  }
  // Whether `later` replaces `best`: strictly better, so ties keep the earlier position.
  bool Better(T later, T best) const { return f_.max ? later > best : later < best; }

  void Store(std::byte* out, U acc, T best, uint64_t position) const {
    switch (f_.family) {
      case Family::kExtreme: return StoreRaw(out, best);
      case Family::kArg: return StoreIndex(out_type_, out, position);
      default: return StoreRaw(out, static_cast<T>(acc));
    }
  }

 private:
  ReduceClass f_;
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

// Rows for ReduceRuns (reduce_skeleton.h): the integer kernels need no scratch and one pass.
template <class T>
class IntRowReducer {
 public:
  struct Scratch {};

  IntRowReducer(const ReducePlan& p, ReduceClass f, ops::DataType out_type)
      : p_(p), rules_(f, out_type), blocks_((p.count + kReduceBlock - 1) / kReduceBlock) {}

  Scratch MakeScratch() const { return {}; }
  uint64_t blocks() const { return blocks_; }
  size_t out_size() const { return rules_.out_size(); }

  Partial<T> Block(const std::byte* run, uint64_t b, Scratch&) const {
    const uint64_t first = b * kReduceBlock, n = std::min(kReduceBlock, p_.count - first);
    const T* x = reinterpret_cast<const T*>(run) + first;
    const ReduceClass& f = rules_.function();
    const intk::IntKernels<T>& k = rules_.kernels();
    Partial<T> part;
    if (f.family == Family::kAccumulate) {
      part.acc = k.row[static_cast<int>(f.accumulate)](x, n);
      return part;
    }
    part.best = k.row_extreme[f.max ? 1 : 0](x, n);
    if (f.family == Family::kArg) part.position = first + k.find(x, n, part.best);
    return part;
  }

  void Span(const RowTarget& t, uint64_t in_step, uint64_t out_step, uint64_t n, Scratch& scratch) const {
    for (uint64_t j = 0; j < n; ++j) Store(t.out + j * out_step, Block(t.in + j * in_step, 0, scratch));
  }

  bool TwoPasses() const { return false; }
  int Between(const Partial<T>*) const { return 0; }
  void SecondPass(const std::byte*, uint64_t, int, Partial<T>&, Scratch&) const {}

  void Finish(const RowTarget& t, Partial<T>* parts) const {
    for (uint64_t b = 1; b < blocks_; ++b) Fold(parts[0], parts[b]);
    Store(t.out, parts[0]);
  }

 private:
  // `later` covers positions after `acc`'s.
  void Fold(Partial<T>& acc, const Partial<T>& later) const {
    if (rules_.function().family == Family::kAccumulate) {
      acc.acc = rules_.Combine(acc.acc, later.acc);
    } else if (rules_.Better(later.best, acc.best)) {
      acc = later;
    }
  }

  void Store(std::byte* out, const Partial<T>& part) const { rules_.Store(out, part.acc, part.best, part.position); }

  const ReducePlan& p_;
  IntRules<T> rules_;
  uint64_t blocks_;
};

// Column tiles: a strip of up to kStrip adjacent outputs by a block of reduced rows, kTilesPerThread
// tiles a worker (or a strip's rows whole when there are strips enough). A tile streams its rows through
// the kernels with each column's state in L1, so tiles can be long: fewer means fewer partial states to
// allocate and fold (256 KiB tiles had a 64 MiB outer SUM spend half its time in malloc and page
// clearing).
constexpr uint64_t kStrip = 1024;
constexpr uint64_t kTilesPerThread = 4;
// ARGMIN/ARGMAX take a tile's rows this many at a time (ScanArgGroups). Narrow types take more rows per
// group, so the per-group column test stays a small share of the work.
template <class T>
constexpr uint64_t kArgGroup = sizeof(T) <= 2 ? 64 : 16;

// Per-column state of a tile, or of a strip once its tiles are folded.
template <class T>
struct IntColumns {
  std::vector<Unsigned<T>> acc;
  std::vector<T> best;
  std::vector<uint64_t> positions;
  std::vector<T> group;  // ARGMIN/ARGMAX: a row group's extremes
};

// Tiles for ReduceTiles (reduce_skeleton.h).
template <class T>
class IntColumnReducer {
 public:
  using State = IntColumns<T>;
  struct Scratch {};

  IntColumnReducer(const ReducePlan& p, ReduceClass f, ops::DataType out_type, const std::byte* in, std::byte* out,
                   int threads)
      : p_(p), rules_(f, out_type), in_(reinterpret_cast<const T*>(in)), out_(out),
        tiles_(p, kStrip, [&](uint64_t strips) {
          return ColumnTileRows(p.count, strips, threads, kTilesPerThread, kArgGroup<T>);
        }) {}

  const ColumnTiles& tiles() const { return tiles_; }
  Scratch MakeScratch() const { return {}; }

  // Reduces tile (strip s, block b) into `c`.
  void Reduce(uint64_t s, uint64_t b, IntColumns<T>& c, Scratch&) const {
    const uint64_t w = tiles_.Width(s), r0 = tiles_.RowBegin(b), r1 = tiles_.RowEnd(b);
    const ReduceClass& f = rules_.function();
    const intk::IntKernels<T>& k = rules_.kernels();
    Init(c, w);
    const T* base = in_ + tiles_.InputOffset(s);
    const uint64_t rs = p_.reduced.InnerStride(0);
    uint64_t r = r0;
    p_.reduced.ForEachSpan(r0, r1, [&](const StridedShape<1>::Offsets& ro, uint64_t e0, uint64_t n) {
      const T* x = base + ro[0] + e0 * rs;
      switch (f.family) {
        case Family::kExtreme: k.column_extreme[f.max ? 1 : 0](x, n, rs, w, c.best.data()); break;
        case Family::kArg: Args(x, n, rs, w, r, c); break;
        default: k.column[static_cast<int>(f.accumulate)](x, n, rs, w, c.acc.data()); break;
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
    const uint64_t w = tiles_.Width(s), kout = p_.kept.InnerStride(1);
    const size_t size = rules_.out_size();
    std::byte* dst = out_ + tiles_.OutputOffset(s) * size;
    const bool acc = rules_.function().family == Family::kAccumulate;
    const bool arg = rules_.function().family == Family::kArg;
    for (uint64_t i = 0; i < w; ++i) {
      rules_.Store(dst + i * kout * size, acc ? c.acc[i] : 0, acc ? T{} : c.best[i], arg ? c.positions[i] : 0);
    }
  }

 private:
  void Init(IntColumns<T>& c, uint64_t w) const {
    if (rules_.function().family == Family::kAccumulate) return c.acc.assign(w, rules_.Identity());
    c.best.assign(w, rules_.Worst());
    if (rules_.function().family == Family::kArg) {
      c.positions.assign(w, 0);
      c.group.resize(w);
    }
  }

  // Rows [r, r + rows) at x (stride rs) into the running bests; in a group that moved a column's best,
  // the first row holding the group's extreme is its position.
  void Args(const T* x, uint64_t rows, uint64_t rs, uint64_t w, uint64_t r, IntColumns<T>& c) const {
    const auto& extreme = rules_.kernels().column_extreme[rules_.function().max ? 1 : 0];
    ScanArgGroups(
        rows, kArgGroup<T>, w, c.best.data(), c.group.data(),
        [&](uint64_t g, uint64_t n, T* group) { extreme(x + g * rs, n, rs, w, group); },
        [&](uint64_t g, uint64_t, uint64_t i0, uint64_t m) {
          const T* gx = x + g * rs;
          for (uint64_t i = i0; i < i0 + m; ++i) {
            if (c.group[i] == c.best[i]) continue;
            uint64_t at = 0;
            while (gx[at * rs + i] != c.group[i]) ++at;  // stops: some row holds the group's extreme
            c.best[i] = c.group[i];
            c.positions[i] = r + g + at;
          }
        });
  }

  const ReducePlan& p_;
  IntRules<T> rules_;
  const T* in_;
  std::byte* out_;
  ColumnTiles tiles_;
};

}  // namespace

bool ReduceIntApplies(const ReducePlan& plan, ops::ReduceFunction function, ops::DataType input_type) {
  if (!ops::IsInteger(input_type) || !HasIntegerDefinition(function)) return false;
  return FastLayout(plan);
}

void ReduceInt(const ReducePlan& plan, ops::ReduceFunction function, ops::DataType input_type,
               ops::DataType output_type, const std::byte* in, std::byte* out, ThreadPool& pool) {
  const ReduceClass f = Classify(function);
  DispatchType(input_type, [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_integral_v<T>) {
      if (plan.columns) {
        const IntColumnReducer<T> reducer(plan, f, output_type, in, out, pool.threads());
        ReduceTiles(reducer.tiles(), reducer, 1, pool);
      } else {
        const IntRowReducer<T> reducer(plan, f, output_type);
        ReduceRuns(plan, reducer, sizeof(T), reducer.out_size(), in, out, pool);
      }
    }
  });
}

}  // namespace dmlc::backends::cpu
