#include "backends/gpu/dispatch_plan.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>

#include "ops/float16.h"

namespace dmlc::backends::gpu {
namespace {

constexpr uint64_t kMaxWord = std::numeric_limits<uint32_t>::max();

Error PlanError(std::string message, std::string rule) {
  return MakeError("gpu", "", std::move(message), std::move(rule));
}

void SetArray(ParamBlock& p, uint32_t at, const std::vector<uint32_t>& values) {
  std::copy(values.begin(), values.end(), p.begin() + at);
}

std::string ElementKernel(std::string_view base, ops::DataType type) {
  return std::string(base) + "_b" + std::to_string(ops::ElementSize(type));
}

uint32_t IndexFlags(ops::DataType type) {
  return (ops::IsSignedInteger(type) ? DMLC_INDEX_SIGNED : 0u) | (ops::ElementSize(type) == 8 ? DMLC_INDEX_WIDE : 0u);
}

// A dispatch walking `sizes` row-major: count, thread stride, rank and sizes filled in.
Result<Dispatch> NewDispatch(std::string kernel, const std::vector<uint32_t>& sizes, const DeviceLimits& limits) {
  Result<uint64_t> count = ops::ElementCount(sizes);
  if (!count.ok()) return count.error();
  if (*count > kMaxWord) {
    return PlanError("a walk over " + std::to_string(*count) + " elements",
                     "one dispatch addresses at most 2^32 - 1 elements");
  }
  Dispatch d;
  d.kernel = std::move(kernel);
  d.group_count = GroupCount(*count, limits);
  // A stride of 2^32 or more means one element per thread; the saturated value ends every loop the same way.
  const uint64_t threads = uint64_t{d.group_count} * kThreadsPerGroup;
  d.params[DMLC_P_COUNT] = static_cast<uint32_t>(*count);
  d.params[DMLC_P_THREAD_STRIDE] = static_cast<uint32_t>(std::min(threads, kMaxWord));
  d.params[DMLC_P_RANK] = static_cast<uint32_t>(sizes.size());
  SetArray(d.params, DMLC_P_SIZES, sizes);
  return d;
}

Result<std::vector<Dispatch>> PlanJoin(const ops::JoinDesc& desc, const DeviceLimits& limits) {
  const std::vector<uint32_t> out_strides = ops::EffectiveStrides(desc.OutputTensor);
  std::vector<Dispatch> plan;
  uint64_t position = 0;  // along Axis
  for (uint32_t i = 0; i < desc.InputCount(); ++i) {
    const ops::TensorDesc& in = desc.InputTensors[i];
    Result<Dispatch> d = NewDispatch(ElementKernel("copy", in.DataType), in.Sizes, limits);
    if (!d.ok()) return d.error();
    const uint64_t base = position * out_strides[desc.Axis];
    if (base > kMaxWord) return PlanError("JOIN block offset " + std::to_string(base), "offsets fit 32 bits");
    SetArray(d->params, DMLC_P_OUT_STRIDES, out_strides);
    SetArray(d->params, DMLC_P_IN_STRIDES, ops::EffectiveStrides(in));
    d->params[DMLC_P_SCALARS + DMLC_S_COPY_OUT_BASE] = static_cast<uint32_t>(base);
    d->inputs = {i};
    d->output = desc.InputCount();
    plan.push_back(std::move(*d));
    position += in.Sizes[desc.Axis];
  }
  return plan;
}

// Mirrors the CPU reference's layout: the output's dimensions are the indices' meaningful ones without
// the tuple dimension (batches first), then the input's dimensions after its batches and indexed ones.
Result<std::vector<Dispatch>> PlanGatherNd1(const ops::GatherNd1Desc& desc, const DeviceLimits& limits) {
  const ops::TensorDesc& in = desc.InputTensor;
  const ops::TensorDesc& idx = desc.IndicesTensor;
  const ops::TensorDesc& out = desc.OutputTensor;
  const uint32_t rank = in.DimensionCount();
  const uint32_t batches = desc.BatchDimensionCount;
  const uint32_t tuple = idx.Sizes.empty() ? 0 : idx.Sizes.back();
  if (idx.DimensionCount() != rank || out.DimensionCount() != rank || desc.InputDimensionCount > rank ||
      desc.IndicesDimensionCount > rank || batches + 1 > desc.IndicesDimensionCount ||
      batches + tuple > desc.InputDimensionCount) {
    return PlanError("GATHER_ND1 dimension counts do not fit the tensors", "a validated desc");
  }
  const uint32_t outer = desc.IndicesDimensionCount - 1;
  const uint32_t rest = desc.InputDimensionCount - batches - tuple;
  if (outer + rest > rank) return PlanError("GATHER_ND1 output needs more dimensions than it has", "a validated desc");
  const uint32_t in_first = rank - desc.InputDimensionCount;
  const uint32_t idx_first = rank - desc.IndicesDimensionCount;
  const uint32_t out_first = rank - outer - rest;
  const std::vector<uint32_t> in_s = ops::EffectiveStrides(in);
  const std::vector<uint32_t> idx_s = ops::EffectiveStrides(idx);

  Result<Dispatch> d = NewDispatch(ElementKernel("gather_nd1", in.DataType), out.Sizes, limits);
  if (!d.ok()) return d.error();
  std::vector<uint32_t> walk_in(rank, 0), walk_idx(rank, 0), tuple_sizes, tuple_strides;
  for (uint32_t o = 0; o < outer; ++o) {
    walk_idx[out_first + o] = idx_s[idx_first + o];
    if (o < batches) walk_in[out_first + o] = in_s[in_first + o];
  }
  for (uint32_t r = 0; r < rest; ++r) walk_in[out_first + outer + r] = in_s[in_first + batches + tuple + r];
  for (uint32_t t = 0; t < tuple; ++t) {
    tuple_sizes.push_back(in.Sizes[in_first + batches + t]);
    tuple_strides.push_back(in_s[in_first + batches + t]);
  }
  SetArray(d->params, DMLC_P_OUT_STRIDES, ops::EffectiveStrides(out));
  SetArray(d->params, DMLC_P_IN_STRIDES, walk_in);
  SetArray(d->params, DMLC_P_AUX_STRIDES, walk_idx);
  SetArray(d->params, DMLC_P_ARRAY_A, tuple_sizes);
  SetArray(d->params, DMLC_P_ARRAY_B, tuple_strides);
  d->params[DMLC_P_SCALARS + DMLC_S_GATHER_TUPLE_SIZE] = tuple;
  d->params[DMLC_P_SCALARS + DMLC_S_GATHER_TUPLE_STRIDE] = idx_s[rank - 1];
  d->params[DMLC_P_SCALARS + DMLC_S_GATHER_INDEX_FLAGS] = IndexFlags(idx.DataType);
  d->inputs = {0, 1};
  d->output = 2;
  return std::vector<Dispatch>{std::move(*d)};
}

Result<std::vector<Dispatch>> PlanOneHot(const ops::OneHotDesc& desc, const DeviceLimits& limits) {
  const ops::TensorDesc& out = desc.OutputTensor;
  Result<Dispatch> d = NewDispatch(ElementKernel("one_hot", out.DataType), out.Sizes, limits);
  if (!d.ok()) return d.error();
  std::vector<uint32_t> idx_s = ops::EffectiveStrides(desc.IndicesTensor);
  idx_s[desc.Axis] = 0;  // one index per sequence along Axis
  const uint64_t on_offset = ops::OneHotOnValueOffset(desc.ValuesTensor) * ops::ElementSize(out.DataType);
  if (on_offset > kMaxWord) return PlanError("OnValue offset " + std::to_string(on_offset), "offsets fit 32 bits");
  SetArray(d->params, DMLC_P_OUT_STRIDES, ops::EffectiveStrides(out));
  SetArray(d->params, DMLC_P_IN_STRIDES, idx_s);
  d->params[DMLC_P_SCALARS + DMLC_S_ONE_HOT_AXIS] = desc.Axis;
  d->params[DMLC_P_SCALARS + DMLC_S_ONE_HOT_DEPTH] = out.Sizes[desc.Axis];
  d->params[DMLC_P_SCALARS + DMLC_S_ONE_HOT_INDEX_FLAGS] = IndexFlags(desc.IndicesTensor.DataType);
  d->params[DMLC_P_SCALARS + DMLC_S_ONE_HOT_ON_OFFSET] = static_cast<uint32_t>(on_offset);
  d->inputs = {0, 1};
  d->output = 2;
  return std::vector<Dispatch>{std::move(*d)};
}

// Value's bits in the output type: floats round to nearest even, integers truncate toward zero.
Result<uint64_t> ValueBits(float value, ops::DataType type) {
  using ops::DataType;
  switch (type) {
    case DataType::kFloat64: return std::bit_cast<uint64_t>(static_cast<double>(value));
    case DataType::kFloat32: return uint64_t{std::bit_cast<uint32_t>(value)};
    case DataType::kFloat16: return uint64_t{ops::FloatToHalf(value)};
    default: break;
  }
  const double whole = std::trunc(static_cast<double>(value));
  // Validation rejected values that do not fit; this keeps the conversions below defined regardless.
  if (!(whole >= -0x1p63 && whole < 0x1p64)) return PlanError("Value does not fit the output type", "a validated desc");
  const uint64_t bits = whole < 0 ? static_cast<uint64_t>(static_cast<int64_t>(whole)) : static_cast<uint64_t>(whole);
  const uint32_t size = ops::ElementSize(type);
  return size == 8 ? bits : bits & ((uint64_t{1} << (size * 8)) - 1);
}

Result<std::vector<Dispatch>> PlanDiagonalMatrix(const ops::DiagonalMatrixDesc& desc, const DeviceLimits& limits) {
  const ops::TensorDesc& out = desc.OutputTensor;
  if (out.DimensionCount() < 2) return PlanError("DIAGONAL_MATRIX needs 2 dimensions", "a validated desc");
  Result<uint64_t> bits = ValueBits(desc.Value, out.DataType);
  if (!bits.ok()) return bits.error();
  Result<Dispatch> d = NewDispatch(ElementKernel("diagonal_matrix", out.DataType), out.Sizes, limits);
  if (!d.ok()) return d.error();
  SetArray(d->params, DMLC_P_OUT_STRIDES, ops::EffectiveStrides(out));
  d->params[DMLC_P_SCALARS + DMLC_S_DIAGONAL_OFFSET] = static_cast<uint32_t>(desc.Offset);
  d->params[DMLC_P_SCALARS + DMLC_S_DIAGONAL_VALUE_LO] = static_cast<uint32_t>(*bits);
  d->params[DMLC_P_SCALARS + DMLC_S_DIAGONAL_VALUE_HI] = static_cast<uint32_t>(*bits >> 32);
  d->output = 0;
  return std::vector<Dispatch>{std::move(*d)};
}

Result<std::string> ReduceKernel(ops::DataType type) {
  switch (type) {
    case ops::DataType::kFloat32: return std::string("reduce_f32");
    case ops::DataType::kFloat16: return std::string("reduce_f16");
    case ops::DataType::kFloat64: return PlanError("REDUCE of FLOAT64", "no REDUCE table admits FLOAT64");
    default: return std::string(ops::ElementSize(type) == 8 ? "reduce_i64" : "reduce_i32");
  }
}

Result<std::vector<Dispatch>> PlanReduce(const ops::ReduceDesc& desc, const DeviceLimits& limits) {
  const ops::TensorDesc& in = desc.InputTensor;
  const ops::TensorDesc& out = desc.OutputTensor;
  const uint32_t rank = in.DimensionCount();
  if (out.DimensionCount() != rank) return PlanError("REDUCE ranks differ", "a validated desc");
  Result<std::string> kernel = ReduceKernel(in.DataType);
  if (!kernel.ok()) return kernel.error();
  std::vector<uint32_t> axes = desc.Axes;
  std::sort(axes.begin(), axes.end());
  if (std::adjacent_find(axes.begin(), axes.end()) != axes.end() || (!axes.empty() && axes.back() >= rank)) {
    return PlanError("REDUCE axes repeat or exceed the rank", "a validated desc");
  }
  const std::vector<uint32_t> in_s = ops::EffectiveStrides(in);
  std::vector<uint32_t> walk_in = in_s, reduced_sizes, reduced_strides;
  for (uint32_t axis : axes) {
    walk_in[axis] = 0;  // the output's coordinate is 0 along a reduced axis
    reduced_sizes.push_back(in.Sizes[axis]);
    reduced_strides.push_back(in_s[axis]);
  }
  Result<uint64_t> count = ops::ElementCount(reduced_sizes);
  if (!count.ok()) return count.error();
  if (*count > kMaxWord) {
    return PlanError("a reduction over " + std::to_string(*count) + " elements",
                     "one reduction covers at most 2^32 - 1 elements");
  }
  Result<Dispatch> d = NewDispatch(*kernel, out.Sizes, limits);
  if (!d.ok()) return d.error();
  SetArray(d->params, DMLC_P_OUT_STRIDES, ops::EffectiveStrides(out));
  SetArray(d->params, DMLC_P_IN_STRIDES, walk_in);
  SetArray(d->params, DMLC_P_ARRAY_A, reduced_sizes);
  SetArray(d->params, DMLC_P_ARRAY_B, reduced_strides);
  uint32_t* s = d->params.data() + DMLC_P_SCALARS;
  s[DMLC_S_REDUCE_FUNCTION] = static_cast<uint32_t>(desc.Function);
  s[DMLC_S_REDUCE_COUNT] = static_cast<uint32_t>(*count);
  s[DMLC_S_REDUCE_RANK] = static_cast<uint32_t>(axes.size());
  s[DMLC_S_REDUCE_OUT_BYTES] = ops::ElementSize(out.DataType);
  s[DMLC_S_REDUCE_IN_BYTES] = ops::ElementSize(in.DataType);
  s[DMLC_S_REDUCE_SIGNED] = ops::IsSignedInteger(in.DataType) ? 1 : 0;
  d->inputs = {0};
  d->output = 1;
  return std::vector<Dispatch>{std::move(*d)};
}

template <class... Fs>
struct Overloaded : Fs... {
  using Fs::operator()...;
};

}  // namespace

uint32_t GroupCount(uint64_t count, const DeviceLimits& limits) {
  const uint64_t needed = (count + kThreadsPerGroup - 1) / kThreadsPerGroup;
  return static_cast<uint32_t>(std::clamp<uint64_t>(needed, 1, std::max<uint32_t>(limits.max_group_count_x, 1)));
}

Result<std::vector<Dispatch>> PlanDispatches(const ops::OperatorDesc& desc, const DeviceLimits& limits) {
  return std::visit(Overloaded{
                        [&](const ops::GatherNd1Desc& d) { return PlanGatherNd1(d, limits); },
                        [&](const ops::DiagonalMatrixDesc& d) { return PlanDiagonalMatrix(d, limits); },
                        [&](const ops::JoinDesc& d) { return PlanJoin(d, limits); },
                        [&](const ops::ReduceDesc& d) { return PlanReduce(d, limits); },
                        [&](const ops::OneHotDesc& d) { return PlanOneHot(d, limits); },
                    },
                    desc);
}

std::vector<std::string> AllKernelNames() {
  std::vector<std::string> names;
  for (const char* base : {"copy", "gather_nd1", "one_hot", "diagonal_matrix"}) {
    for (int bytes : {1, 2, 4, 8}) names.push_back(std::string(base) + "_b" + std::to_string(bytes));
  }
  for (const char* reduce : {"reduce_f32", "reduce_f16", "reduce_i32", "reduce_i64"}) names.emplace_back(reduce);
  return names;
}

}  // namespace dmlc::backends::gpu
