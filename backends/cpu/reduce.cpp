// REDUCE kernels. FLOAT32 and FLOAT16 inputs in the layouts reduce_fast.h covers take the SIMD fast
// paths, integer inputs in those layouts reduce_int.h's; everything else runs the generic kernels here, one accumulator policy (reduce_functions.h) per
// element. Two generic strategies, chosen by the plan (reduce_plan.h):
// - rows: each output element walks its reduced elements, innermost reduced dimension in a tight loop;
//   used when the reduced elements are the closer ones in memory (e.g. reducing the innermost axis).
// - columns: a strip of up to kColumnStrip adjacent output elements is accumulated together while
//   walking the reduced elements, so reads stay sequential when the kept dimension is innermost (e.g.
//   reducing the outermost axis).
// Both parallelise over output elements; each output element is reduced by one thread in one fixed order,
// so results do not depend on the thread count.
#include <algorithm>
#include <vector>

#include "backends/cpu/cpu_operator.h"
#include "backends/cpu/element.h"
#include "backends/cpu/kernels.h"
#include "backends/cpu/reduce_fast.h"
#include "backends/cpu/reduce_functions.h"
#include "backends/cpu/reduce_int.h"
#include "backends/cpu/reduce_plan.h"
#include "backends/cpu/strided.h"

namespace dmlc::backends::cpu {

ReducePlan MakeReducePlan(const ops::ReduceDesc& desc) {
  ReducePlan p;
  const std::vector<uint64_t> in_s = Strides64(desc.InputTensor), out_s = Strides64(desc.OutputTensor);
  for (size_t d = 0; d < in_s.size(); ++d) {
    const uint64_t size = desc.InputTensor.Sizes[d];
    if (std::find(desc.Axes.begin(), desc.Axes.end(), d) != desc.Axes.end()) {
      p.reduced.Append(size, {in_s[d]});
      p.count *= size;
    } else {
      p.kept.Append(size, {in_s[d], out_s[d]});
    }
  }
  p.kept.Coalesce();
  p.reduced.Coalesce();
  p.columns = p.count > 1 && p.kept.RowLength() > 1 && p.kept.InnerStride(0) < p.reduced.InnerStride(0);
  return p;
}

namespace {

constexpr uint64_t kColumnStrip = 256;

using Plan = ReducePlan;

template <class Op>
void ReduceRows(const Plan& p, const std::byte* in, std::byte* out, ThreadPool& pool) {
  using T = typename Op::In;
  using O = typename Op::Out;
  const uint64_t rows = p.reduced.RowCount(), length = p.reduced.RowLength(), rs = p.reduced.InnerStride(0);
  const uint64_t kin = p.kept.InnerStride(0), kout = p.kept.InnerStride(1);
  pool.ParallelFor(p.kept.ElementCount(), std::max<uint64_t>(1, kMinElementsPerTask / p.count),
                   [&](uint64_t begin, uint64_t end) {
    p.kept.ForEachSpan(begin, end, [&](const StridedShape<2>::Offsets& o, uint64_t j0, uint64_t n) {
      for (uint64_t j = j0; j < j0 + n; ++j) {
        const std::byte* base = in + (o[0] + j * kin) * sizeof(T);
        typename Op::Acc acc = Op::Init();
        uint64_t r = 0;
        p.reduced.ForEachRow(0, rows, [&](const StridedShape<1>::Offsets& ro) {
          const std::byte* row = base + ro[0] * sizeof(T);
          for (uint64_t k = 0; k < length; ++k, ++r) Op::Update(acc, Load<T>(row + k * rs * sizeof(T)), r);
        });
        Op::Store(out + (o[1] + j * kout) * sizeof(O), acc, p.count);
      }
    });
  });
}

template <class Op>
void ReduceColumns(const Plan& p, const std::byte* in, std::byte* out, ThreadPool& pool) {
  using T = typename Op::In;
  using O = typename Op::Out;
  const uint64_t rows = p.reduced.RowCount(), length = p.reduced.RowLength(), rs = p.reduced.InnerStride(0);
  const uint64_t width = p.kept.RowLength(), kin = p.kept.InnerStride(0), kout = p.kept.InnerStride(1);
  const uint64_t strips_per_row = (width + kColumnStrip - 1) / kColumnStrip;
  const uint64_t grain = std::max<uint64_t>(1, kMinElementsPerTask / (p.count * kColumnStrip));
  pool.ParallelFor(p.kept.RowCount() * strips_per_row, grain, [&](uint64_t begin, uint64_t end) {
    std::vector<typename Op::Acc> acc(kColumnStrip);
    for (uint64_t unit = begin; unit < end; ++unit) {
      const uint64_t kept_row = unit / strips_per_row;
      const uint64_t first = (unit % strips_per_row) * kColumnStrip;
      const uint64_t strip = std::min(kColumnStrip, width - first);
      p.kept.ForEachRow(kept_row, kept_row + 1, [&](const StridedShape<2>::Offsets& o) {
        const std::byte* base = in + (o[0] + first * kin) * sizeof(T);
        std::fill(acc.begin(), acc.begin() + strip, Op::Init());
        uint64_t r = 0;
        p.reduced.ForEachRow(0, rows, [&](const StridedShape<1>::Offsets& ro) {
          for (uint64_t k = 0; k < length; ++k, ++r) {
            const std::byte* src = base + (ro[0] + k * rs) * sizeof(T);
            for (uint64_t c = 0; c < strip; ++c) Op::Update(acc[c], Load<T>(src + c * kin * sizeof(T)), r);
          }
        });
        std::byte* dst = out + (o[1] + first * kout) * sizeof(O);
        for (uint64_t c = 0; c < strip; ++c) Op::Store(dst + c * kout * sizeof(O), acc[c], p.count);
      });
    }
  });
}

class ReduceOperator final : public CpuOperator {
 public:
  ReduceOperator(const ops::ReduceDesc& desc, std::shared_ptr<ThreadPool> pool)
      : CpuOperator("REDUCE", {&desc.InputTensor}, {&desc.OutputTensor}, std::move(pool)),
        function_(desc.Function),
        input_type_(desc.InputTensor.DataType),
        output_type_(desc.OutputTensor.DataType),
        plan_(MakeReducePlan(desc)),
        fast_(ReduceFastApplies(plan_, input_type_)),
        int_fast_(ReduceIntApplies(plan_, function_, input_type_)) {}

 protected:
  Status Run(std::span<const ConstBuffer> inputs, std::span<const MutableBuffer> outputs) override {
    const std::byte* in = inputs[0].data();
    std::byte* out = outputs[0].data();
    if (fast_) {
      ReduceFast(plan_, function_, input_type_, output_type_, in, out, pool());
      return OkStatus();
    }
    // The integer kernels read the input as T: a buffer that is not T-aligned takes the generic path.
    if (int_fast_ && reinterpret_cast<uintptr_t>(in) % ops::ElementSize(input_type_) == 0) {
      ReduceInt(plan_, function_, input_type_, output_type_, in, out, pool());
      return OkStatus();
    }
    DispatchType(input_type_, [&](auto tag) { Dispatch<typename decltype(tag)::type>(in, out); });
    return OkStatus();
  }

 private:
  template <class Op>
  void Reduce(const std::byte* in, std::byte* out) const {
    if (plan_.columns) {
      ReduceColumns<Op>(plan_, in, out, pool());
    } else {
      ReduceRows<Op>(plan_, in, out, pool());
    }
  }

  // Picks the policy for (function, T); PrepareReduce() has ruled out float-only functions on integers.
  template <class T>
  void Dispatch(const std::byte* in, std::byte* out) const {
    using ops::ReduceFunction;
    using namespace reduce;
    switch (function_) {
      case ReduceFunction::kArgMax:
        return DispatchIndexType(output_type_, [&](auto i) {
          Reduce<ArgMinMax<T, typename decltype(i)::type, true>>(in, out);
        });
      case ReduceFunction::kArgMin:
        return DispatchIndexType(output_type_, [&](auto i) {
          Reduce<ArgMinMax<T, typename decltype(i)::type, false>>(in, out);
        });
      case ReduceFunction::kMax: return Reduce<MinMax<T, true>>(in, out);
      case ReduceFunction::kMin: return Reduce<MinMax<T, false>>(in, out);
      default: break;
    }
    if constexpr (kIsFloating<T>) {
      switch (function_) {
        case ReduceFunction::kSum: return Reduce<FloatReduce<T, FloatKind::kSum>>(in, out);
        case ReduceFunction::kAverage: return Reduce<FloatReduce<T, FloatKind::kAverage>>(in, out);
        case ReduceFunction::kL1: return Reduce<FloatReduce<T, FloatKind::kL1>>(in, out);
        case ReduceFunction::kL2: return Reduce<FloatReduce<T, FloatKind::kL2>>(in, out);
        case ReduceFunction::kLogSum: return Reduce<FloatReduce<T, FloatKind::kLogSum>>(in, out);
        case ReduceFunction::kSumSquare: return Reduce<FloatReduce<T, FloatKind::kSumSquare>>(in, out);
        case ReduceFunction::kMultiply: return Reduce<FloatReduce<T, FloatKind::kMultiply>>(in, out);
        case ReduceFunction::kLogSumExp: return Reduce<LogSumExp<T>>(in, out);
        default: return;
      }
    } else {
      switch (function_) {
        case ReduceFunction::kSum: return Reduce<IntReduce<T, IntKind::kSum>>(in, out);
        case ReduceFunction::kL1: return Reduce<IntReduce<T, IntKind::kL1>>(in, out);
        case ReduceFunction::kSumSquare: return Reduce<IntReduce<T, IntKind::kSumSquare>>(in, out);
        case ReduceFunction::kMultiply: return Reduce<IntReduce<T, IntKind::kMultiply>>(in, out);
        default: return;
      }
    }
  }

  ops::ReduceFunction function_;
  ops::DataType input_type_;
  ops::DataType output_type_;
  Plan plan_;
  bool fast_;
  bool int_fast_;
};

bool FloatOnly(ops::ReduceFunction f) {
  using ops::ReduceFunction;
  return f == ReduceFunction::kAverage || f == ReduceFunction::kL2 || f == ReduceFunction::kLogSum ||
         f == ReduceFunction::kLogSumExp;
}

}  // namespace

Result<std::unique_ptr<PreparedOperator>> Prepare(const ops::ReduceDesc& desc, std::shared_ptr<ThreadPool> pool) {
  if (FloatOnly(desc.Function) && !ops::IsFloat(desc.InputTensor.DataType)) {
    return MakeError("REDUCE", "InputTensor.DataType",
                     std::string(ops::ReduceFunctionName(desc.Function)) + " is defined for floating-point types only",
                     "AVERAGE, L2, LOG_SUM and LOG_SUM_EXP take FLOAT16, FLOAT32 or FLOAT64");
  }
  const ops::DataType out = desc.OutputTensor.DataType;
  if (ops::IsArgReduce(desc.Function)) {
    if (out != ops::DataType::kInt32 && out != ops::DataType::kInt64 && out != ops::DataType::kUint32 &&
        out != ops::DataType::kUint64) {
      return MakeError("REDUCE", "OutputTensor.DataType",
                       "OutputTensor.DataType is " + std::string(ops::DataTypeName(out)),
                       "ARGMIN and ARGMAX write INT32, INT64, UINT32 or UINT64");
    }
  } else if (out != desc.InputTensor.DataType) {
    return MakeError("REDUCE", "OutputTensor.DataType", "OutputTensor.DataType must equal InputTensor.DataType",
                     "only ARGMIN and ARGMAX change the type");
  }
  return std::unique_ptr<PreparedOperator>(std::make_unique<ReduceOperator>(desc, std::move(pool)));
}

}  // namespace dmlc::backends::cpu
