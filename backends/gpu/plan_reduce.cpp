#include "backends/gpu/planners.h"

#include <algorithm>
#include <bit>

#include "backends/gpu/iteration_space.h"

namespace dmlc::backends::gpu {
namespace {

Result<std::string> ReduceKernel(ops::DataType type) {
  switch (type) {
    case ops::DataType::kFloat32: return std::string("reduce_f32");
    case ops::DataType::kFloat16: return std::string("reduce_f16");
    case ops::DataType::kFloat64: return PlanError("REDUCE of FLOAT64", "no REDUCE table admits FLOAT64");
    default: return "reduce_i" + std::to_string(8 * ops::ElementSize(type));
  }
}

// Threads of a REDUCE dispatch: `lanes` per output, 256 / lanes outputs per workgroup (powers of two).
struct ReduceLayout {
  uint32_t lanes = 1;
  bool lane_major = false;
  bool vectors = false;  // 16-byte loads along one contiguous reduced axis
  uint32_t per_group() const { return kThreadsPerGroup / lanes; }
};

// Lanes enough for `count` elements, a power of two up to a whole group.
uint32_t CountLanes(uint64_t count) {
  return static_cast<uint32_t>(std::bit_ceil(std::clamp<uint64_t>(count, 1, kThreadsPerGroup)));
}

// Lane-major where the reduced elements are contiguous: a warp reads a stretch of one reduction.
ReduceLayout RowLayout(uint64_t count, uint32_t element_bytes) {
  // As many bytes a lane as 16 lanes give FLOAT32 (16 lanes for 4- and 8-byte elements, 8 for 2, 4 for
  // 1): on the H200 an inner FLOAT32 MAX or SUM over 1024-element rows ran faster with 16 lanes than
  // with 32, each lane folding more before the groupshared tree, and 8 were slower again; over
  // 1024-element rows of narrow types, 16 lanes left each lane a few vectors, and these lanes lift
  // FLOAT16 MIN and SUM and INT8 MIN most of all.
  return {std::min(std::min(16u, 4 * element_bytes), CountLanes(count)), true};
}

// Output-major otherwise: neighbouring threads take neighbouring outputs, at most `max_outputs` of them
// per group, so that the rest of the group shares their reductions as lanes.
ReduceLayout ColumnLayout(uint64_t outputs, uint64_t count, uint32_t max_outputs) {
  const uint32_t per_group = static_cast<uint32_t>(std::bit_ceil(std::clamp<uint64_t>(outputs, 1, max_outputs)));
  return {std::min(kThreadsPerGroup / per_group, CountLanes(count)), false};
}

void SetReduceLayout(Dispatch& d, ReduceLayout layout, uint32_t mode, uint32_t splits, uint64_t work,
                     const DeviceLimits& limits) {
  // Group counts stay below 2^24 so that the kernels' group stride (threads / 256) fits 32 bits.
  d.group_count = static_cast<uint32_t>(
      std::clamp<uint64_t>(work, 1, std::min<uint64_t>(std::max<uint32_t>(limits.max_group_count_x, 1), (1u << 24) - 1)));
  d.params[DMLC_P_THREAD_STRIDE] = d.group_count * kThreadsPerGroup;
  uint32_t* s = d.params.data() + DMLC_P_SCALARS;
  s[DMLC_S_REDUCE_LAYOUT] = mode | (layout.lane_major ? DMLC_REDUCE_LANE_MAJOR : 0u) | (layout.vectors ? DMLC_REDUCE_VECTORS : 0u) |
                            (static_cast<uint32_t>(std::countr_zero(layout.lanes)) << 8);
  s[DMLC_S_REDUCE_SPLITS] = splits;
}

// Splitting a reduction pays when its outputs fill fewer groups than the device runs at once.
constexpr uint64_t kReduceTargetGroups = 4096;
constexpr uint64_t kReduceMinPerLane = 64;     // elements per lane and span, so spans stay worth a state
constexpr uint64_t kReduceMaxScratch = 64u << 20;

}  // namespace

Result<std::vector<Dispatch>> Plan(const ops::ReduceDesc& desc, const DeviceLimits& limits) {
  const ops::TensorDesc& in = desc.InputTensor;
  const ops::TensorDesc& out = desc.OutputTensor;
  const uint32_t rank = in.DimensionCount();
  if (out.DimensionCount() != rank) return PlanError("REDUCE ranks differ", "a validated desc");
  Result<std::string> kernel = ReduceKernel(in.DataType);
  if (!kernel.ok()) return kernel.error();
  const std::vector<uint32_t> axes = ops::ReducedAxes(desc);
  if (!axes.empty() && axes.back() >= rank) return PlanError("REDUCE axes exceed the rank", "a validated desc");
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
  DMLC_RETURN_IF_ERROR(CheckCount(out.Sizes));
  // The reduced axes as a space of their own: j runs row-major over them whatever merging does.
  Space reduced(reduced_sizes, reduced_strides);
  DropUnitDims(reduced);
  MergeDims(reduced);
  if (reduced.sizes == std::vector<uint32_t>{1}) reduced = Space({}, {});  // one element: offset 0
  Space space(out.Sizes, ops::EffectiveStrides(out), walk_in);
  DropUnitDims(space);
  MergeDims(space);
  Dispatch d = Pack(*kernel, space, 1, limits);
  SetArray(d.params, DMLC_P_ARRAY_A, reduced.sizes);
  SetArray(d.params, DMLC_P_ARRAY_B, reduced.out);
  uint32_t* s = d.params.data() + DMLC_P_SCALARS;
  s[DMLC_S_REDUCE_FUNCTION] = static_cast<uint32_t>(desc.Function);
  s[DMLC_S_REDUCE_COUNT] = static_cast<uint32_t>(*count);
  s[DMLC_S_REDUCE_RANK] = static_cast<uint32_t>(reduced.rank());
  s[DMLC_S_REDUCE_OUT_BYTES] = ops::ElementSize(out.DataType);
  s[DMLC_S_REDUCE_SIGNED] = ops::IsSignedInteger(in.DataType) ? 1 : 0;
  d.inputs = {0};
  d.output = 1;

  const uint64_t outputs = d.params[DMLC_P_COUNT];
  const bool contiguous = reduced.rank() > 0 && reduced.out.back() == 1;
  // Output words where 8/16-bit neighbouring outputs are neighbouring elements of the input and of the
  // output, a whole word of them at every reduced position: a thread folds the word's 2 or 4 outputs.
  // They run the `_words` variants, which on the H200 lift FLOAT16 SUM and LOG_SUM_EXP over columns, and
  // the selections, with a best and position per output in registers, of FLOAT16, INT16 and INT8.
  const uint32_t element_bytes = ops::ElementSize(in.DataType);
  const uint32_t word_outputs = element_bytes <= 2 ? 4 / element_bytes : 1;
  const auto whole_words = [&](uint32_t v) { return v % word_outputs == 0; };
  const bool neighbours = space.in.back() == 1 && space.out.back() == 1;  // in the input and the output
  const bool output_words = !contiguous && word_outputs > 1 && neighbours &&
                            whole_words(space.sizes.back()) &&
                            std::all_of(space.in.begin(), space.in.end() - 1, whole_words) &&
                            std::all_of(reduced.out.begin(), reduced.out.end(), whole_words);
  const uint32_t per_thread = output_words ? word_outputs : 1;
  ReduceLayout layout = contiguous ? RowLayout(*count, element_bytes) : ColumnLayout(outputs / per_thread, *count, 32);
  if (output_words) d.kernel += "_words";
  // Vectors (one 16-byte load for 16 / element-bytes elements) where every reduction is a 16-byte-aligned
  // run of whole vectors: one contiguous reduced axis, and input offsets between reductions in whole
  // vectors: FLOAT16 inner SUM on the H200 ran far slower with one element a load.
  const uint32_t vector = 16 / element_bytes;
  layout.vectors = layout.lane_major && reduced.rank() == 1 && *count % vector == 0 &&
                   std::all_of(space.in.begin(), space.in.end(), [&](uint32_t v) { return v % vector == 0; });
  const uint64_t output_groups = (outputs / per_thread + layout.per_group() - 1) / layout.per_group();
  uint64_t splits = 1;
  if (limits.scratch_buffers && output_groups < kReduceTargetGroups) {
    const uint64_t wanted = (kReduceTargetGroups + output_groups - 1) / output_groups;
    const uint64_t worth = *count / (uint64_t{layout.lanes} * kReduceMinPerLane);
    const uint64_t room = kReduceMaxScratch / (std::max<uint64_t>(outputs, 1) * DMLC_REDUCE_STATE_BYTES);
    splits = std::max<uint64_t>(1, std::min({wanted, worth, room}));
  }
  if (splits == 1) {
    SetReduceLayout(d, layout, DMLC_REDUCE_MODE_FULL, 1, output_groups, limits);
    return std::vector<Dispatch>{std::move(d)};
  }
  // Partial states per (span, output) into scratch buffer 2 (the desc has bindings 0 and 1), then one
  // pass that folds them; few states per output, so output-major with a few lanes each.
  Dispatch combine = d;
  combine.kernel = *kernel;  // states, one output a thread
  SetReduceLayout(d, layout, DMLC_REDUCE_MODE_PARTIAL, static_cast<uint32_t>(splits), output_groups * splits, limits);
  d.output = 2;
  d.scratch_bytes = splits * outputs * DMLC_REDUCE_STATE_BYTES;
  const ReduceLayout fold = ColumnLayout(outputs, splits, 8);
  SetReduceLayout(combine, fold, DMLC_REDUCE_MODE_COMBINE, static_cast<uint32_t>(splits),
                  (outputs + fold.per_group() - 1) / fold.per_group(), limits);
  combine.inputs = {2};
  return std::vector<Dispatch>{std::move(d), std::move(combine)};
}

}  // namespace dmlc::backends::gpu
