#include "backends/cpu/reduce_fast.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "backends/cpu/cpu_operator.h"
#include "backends/cpu/reduce_fast_parts.h"

namespace dmlc::backends::cpu {
namespace {

using fast::FloatKind;
using fast::Fold;
using fast::Function;
using fast::OnElements;
using fast::StoreLogSumExp;
using fast::StoreSums;

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

}  // namespace

bool ReduceFastApplies(const ReducePlan& plan, ops::DataType input_type) {
  if (input_type != ops::DataType::kFloat32 && input_type != ops::DataType::kFloat16) return false;
  // Column positions are kept as uint32.
  return FastLayout(plan) && (!plan.columns || plan.count <= std::numeric_limits<uint32_t>::max());
}

void ReduceFast(const ReducePlan& plan, ops::ReduceFunction function, ops::DataType input_type,
                ops::DataType output_type, const std::byte* in, std::byte* out, ThreadPool& pool) {
  const Function f = fast::FloatFunction(function);
  if (plan.columns) return fast::ReduceColumns(plan, f, input_type, output_type, in, out, pool);
  const auto run = [&](auto tag) {
    using T = typename decltype(tag)::type;
    const RowReducer<T> reducer(plan, f, output_type);
    ReduceRuns(plan, reducer, sizeof(T), reducer.out_size(), in, out, pool);
  };
  if (input_type == ops::DataType::kFloat16) {
    run(TypeTag<Half>{});
  } else {
    run(TypeTag<float>{});
  }
}

}  // namespace dmlc::backends::cpu
