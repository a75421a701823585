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

// One dispatch's iteration space before it is packed: sizes and, per dimension, how far the output,
// the first input and the auxiliary input move (elements; 0 where a tensor stays).
struct Space {
  std::vector<uint32_t> sizes;
  std::vector<uint32_t> out;
  std::vector<uint32_t> in;
  std::vector<uint32_t> aux;

  Space(std::vector<uint32_t> s, std::vector<uint32_t> o, std::vector<uint32_t> i = {}, std::vector<uint32_t> a = {})
      : sizes(std::move(s)), out(std::move(o)), in(std::move(i)), aux(std::move(a)) {
    in.resize(sizes.size(), 0);
    aux.resize(sizes.size(), 0);
  }
  size_t rank() const { return sizes.size(); }
  uint64_t count() const {
    uint64_t n = 1;
    for (uint32_t size : sizes) n *= size;
    return n;
  }
};

// True when the output walks its elements in memory order with no gaps (row-major, packed).
bool IsPacked(const Space& s) {
  uint64_t expected = 1;
  for (size_t d = s.rank(); d-- > 0;) {
    if (s.sizes[d] != 1 && s.out[d] != expected) return false;
    expected *= s.sizes[d];
  }
  return true;
}

// Drops dimensions of size 1 (they move nothing), except `keep` (dimensions whose coordinates a kernel
// reads); returns each kept dimension's new position. At least one dimension stays.
std::vector<uint32_t> DropUnitDims(Space& s, const std::vector<uint32_t>& keep = {}) {
  Space kept({}, {});
  std::vector<uint32_t> positions;
  for (uint32_t d = 0; d < s.rank(); ++d) {
    const bool keep_d = std::find(keep.begin(), keep.end(), d) != keep.end();
    if (keep_d) positions.push_back(static_cast<uint32_t>(kept.sizes.size()));
    if (s.sizes[d] == 1 && !keep_d) continue;
    kept.sizes.push_back(s.sizes[d]);
    kept.out.push_back(s.out[d]);
    kept.in.push_back(s.in[d]);
    kept.aux.push_back(s.aux[d]);
  }
  if (kept.sizes.empty()) kept = Space({1}, {0});
  s = std::move(kept);
  return positions;
}

// Merges neighbouring dimensions that every tensor walks as one (stride[d] == stride[d + 1] * size[d + 1]):
// the same offsets with fewer divisions. Only for kernels that read no coordinates.
void MergeDims(Space& s) {
  for (size_t d = s.rank() - 1; d-- > 0;) {
    const uint64_t inner = s.sizes[d + 1];
    auto joins = [&](const std::vector<uint32_t>& st) { return uint64_t{st[d]} == st[d + 1] * inner; };
    if (!joins(s.out) || !joins(s.in) || !joins(s.aux)) continue;
    // The merged size is at most the element count, which the caller checked fits 32 bits.
    s.sizes[d + 1] = static_cast<uint32_t>(std::min(uint64_t{s.sizes[d]} * inner, kMaxWord));
    for (std::vector<uint32_t>* st : {&s.sizes, &s.out, &s.in, &s.aux}) st->erase(st->begin() + d);
  }
}

// How a tensor may move along the last dimension for a thread to take a vector of it.
enum class Along {
  kContiguous,  // stride 1, and every other stride a multiple of the vector (the kernel loads it whole)
  kStill,       // stride 0 (one value serves the vector)
  kAny,         // the kernel steps through it element by element
};

struct VectorRule {
  Along in = Along::kAny;
  Along aux = Along::kAny;
  std::vector<uint64_t> multiples;  // further element offsets every vector start must stay aligned with
};

// Elements per thread: the largest k with k * element bytes in {16, 8, 4} for which the output (and
// what `rule` names) is contiguous along a last dimension divisible by k, so every thread owns whole,
// aligned words. 1 when none fits.
uint32_t VectorElements(const Space& s, uint32_t element_bytes, const VectorRule& rule) {
  const size_t last = s.rank() - 1;
  for (uint32_t bytes : {16u, 8u, 4u}) {
    if (bytes <= element_bytes) break;
    const uint32_t k = bytes / element_bytes;
    auto fits = [&](const std::vector<uint32_t>& st, Along along) {
      if (along == Along::kAny) return true;
      if (along == Along::kStill) return st[last] == 0;
      if (st[last] != 1) return false;
      return std::all_of(st.begin(), st.end() - 1, [&](uint32_t v) { return v % k == 0; });
    };
    if (s.sizes[last] % k != 0 || !fits(s.out, Along::kContiguous) || !fits(s.in, rule.in) ||
        !fits(s.aux, rule.aux)) {
      continue;
    }
    if (std::all_of(rule.multiples.begin(), rule.multiples.end(), [&](uint64_t v) { return v % k == 0; })) return k;
  }
  return 1;
}

// The space in vectors of k elements: the last size counts vectors, the last strides step over them.
void Vectorize(Space& s, uint32_t k) {
  const size_t last = s.rank() - 1;
  s.sizes[last] /= k;
  s.out[last] *= k;
  s.in[last] *= k;
  s.aux[last] *= k;
}

Status CheckCount(const std::vector<uint32_t>& sizes) {
  Result<uint64_t> count = ops::ElementCount(sizes);
  if (!count.ok()) return count.error();
  if (*count > kMaxWord) {
    return PlanError("a walk over " + std::to_string(*count) + " elements",
                     "one dispatch addresses at most 2^32 - 1 elements");
  }
  return OkStatus();
}

// A dispatch walking `s` row-major, `vector` elements per step: count, thread stride, rank, sizes and
// strides filled in.
Dispatch Pack(std::string kernel, const Space& s, uint32_t vector, const DeviceLimits& limits) {
  uint64_t count = 1;
  for (uint32_t size : s.sizes) count *= size;
  Dispatch d;
  d.kernel = std::move(kernel);
  d.group_count = GroupCount(count, limits);
  // A stride of 2^32 or more means one element per thread; the saturated value ends every loop the same way.
  const uint64_t threads = uint64_t{d.group_count} * kThreadsPerGroup;
  d.params[DMLC_P_COUNT] = static_cast<uint32_t>(count);
  d.params[DMLC_P_THREAD_STRIDE] = static_cast<uint32_t>(std::min(threads, kMaxWord));
  d.params[DMLC_P_RANK] = static_cast<uint32_t>(s.rank());
  d.params[DMLC_P_VECTOR] = vector;
  SetArray(d.params, DMLC_P_SIZES, s.sizes);
  SetArray(d.params, DMLC_P_OUT_STRIDES, s.out);
  SetArray(d.params, DMLC_P_IN_STRIDES, s.in);
  SetArray(d.params, DMLC_P_AUX_STRIDES, s.aux);
  return d;
}

// Rows of at least this many vectors take the row walk (DMLC_S_ROW_LANE_BITS); shorter ones would
// leave most of a row's threads idle, and the element walk serves them. So does a space of one
// dimension: its element walk needs no division, and the copy runs fastest on it.
constexpr uint32_t kRowMinVectors = 2 * DMLC_GPU_ROW_VECTORS;

// Switches an element dispatch over `s` (already in vectors) to the row walk where its rows are long
// enough: 2^n threads per row, the most that still gives each DMLC_GPU_ROW_VECTORS vectors, and one
// workgroup per pass (rows / (256 / 2^n) times the row's segments), capped so that the group stride
// (threads / 256) fits 32 bits.
void UseRowWalk(Dispatch& d, const Space& s, const DeviceLimits& limits) {
  const uint64_t length = s.sizes.back();
  if (s.rank() < 2 || length < kRowMinVectors) return;
  const uint32_t lanes = static_cast<uint32_t>(
      std::min<uint64_t>(kThreadsPerGroup, std::bit_floor(length / DMLC_GPU_ROW_VECTORS)));
  const uint64_t rows = d.params[DMLC_P_COUNT] / length;
  const uint64_t per_pass = kThreadsPerGroup / lanes;
  const uint64_t chunk = uint64_t{lanes} * DMLC_GPU_ROW_VECTORS;
  const uint64_t passes = (rows + per_pass - 1) / per_pass * ((length + chunk - 1) / chunk);
  d.group_count = static_cast<uint32_t>(
      std::clamp<uint64_t>(passes, 1, std::min<uint64_t>(std::max<uint32_t>(limits.max_group_count_x, 1), (1u << 24) - 1)));
  d.params[DMLC_P_THREAD_STRIDE] = d.group_count * kThreadsPerGroup;
  d.params[DMLC_P_SCALARS + DMLC_S_ROW_LANE_BITS] = static_cast<uint32_t>(std::countr_zero(lanes));
}

Result<std::vector<Dispatch>> PlanJoin(const ops::JoinDesc& desc, const DeviceLimits& limits) {
  const std::vector<uint32_t> out_strides = ops::EffectiveStrides(desc.OutputTensor);
  std::vector<Dispatch> plan;
  uint64_t position = 0;  // along Axis
  for (uint32_t i = 0; i < desc.InputCount(); ++i) {
    const ops::TensorDesc& in = desc.InputTensors[i];
    DMLC_RETURN_IF_ERROR(CheckCount(in.Sizes));
    const uint64_t base = position * out_strides[desc.Axis];
    if (base > kMaxWord) return PlanError("JOIN block offset " + std::to_string(base), "offsets fit 32 bits");
    Space space(in.Sizes, out_strides, ops::EffectiveStrides(in));
    DropUnitDims(space);
    MergeDims(space);
    const uint32_t k = VectorElements(space, ops::ElementSize(in.DataType), {Along::kContiguous, Along::kAny, {base}});
    Vectorize(space, k);
    // The element walk, even where rows are long: on the H200 a JOIN of two 512-element halves of 1 GiB
    // rows ran at 4.1 TB/s on it and at 2.9 on the row walk (which made neither kernel shorter).
    Dispatch d = Pack(ElementKernel("copy", in.DataType), space, k, limits);
    d.params[DMLC_P_SCALARS + DMLC_S_COPY_OUT_BASE] = static_cast<uint32_t>(base);
    d.inputs = {i};
    d.output = desc.InputCount();
    plan.push_back(std::move(d));
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

  DMLC_RETURN_IF_ERROR(CheckCount(out.Sizes));
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
  Space space(out.Sizes, ops::EffectiveStrides(out), walk_in, walk_idx);
  DropUnitDims(space);
  MergeDims(space);
  // A vector moves along trailing input dimensions: one index tuple serves it, and the tuple's strides
  // keep its start aligned.
  const uint32_t k = VectorElements(space, ops::ElementSize(in.DataType),
                                    {Along::kContiguous, Along::kStill, {tuple_strides.begin(), tuple_strides.end()}});
  Vectorize(space, k);
  Dispatch d = Pack(ElementKernel("gather_nd1", in.DataType), space, k, limits);
  if (space.aux.back() == 0) UseRowWalk(d, space, limits);  // one index tuple per row
  SetArray(d.params, DMLC_P_ARRAY_A, tuple_sizes);
  SetArray(d.params, DMLC_P_ARRAY_B, tuple_strides);
  d.params[DMLC_P_SCALARS + DMLC_S_GATHER_TUPLE_SIZE] = tuple;
  d.params[DMLC_P_SCALARS + DMLC_S_GATHER_TUPLE_STRIDE] = idx_s[rank - 1];
  d.params[DMLC_P_SCALARS + DMLC_S_GATHER_INDEX_FLAGS] = IndexFlags(idx.DataType);
  d.inputs = {0, 1};
  d.output = 2;
  return std::vector<Dispatch>{std::move(d)};
}

Result<std::vector<Dispatch>> PlanOneHot(const ops::OneHotDesc& desc, const DeviceLimits& limits) {
  const ops::TensorDesc& out = desc.OutputTensor;
  DMLC_RETURN_IF_ERROR(CheckCount(out.Sizes));
  std::vector<uint32_t> idx_s = ops::EffectiveStrides(desc.IndicesTensor);
  idx_s[desc.Axis] = 0;  // one index per sequence along Axis
  const uint64_t on_offset = ops::OneHotOnValueOffset(desc.ValuesTensor) * ops::ElementSize(out.DataType);
  if (on_offset > kMaxWord) return PlanError("OnValue offset " + std::to_string(on_offset), "offsets fit 32 bits");
  Space space(out.Sizes, ops::EffectiveStrides(out), idx_s);
  const uint32_t axis = DropUnitDims(space, {desc.Axis}).at(0);
  const uint32_t step = space.in.back();  // the indices' stride between a vector's elements
  const uint32_t k = VectorElements(space, ops::ElementSize(out.DataType), {});
  Vectorize(space, k);
  Dispatch d = Pack(ElementKernel("one_hot", out.DataType), space, k, limits);
  if (step == 0) UseRowWalk(d, space, limits);  // one index per row
  d.params[DMLC_P_SCALARS + DMLC_S_ONE_HOT_AXIS] = axis;
  d.params[DMLC_P_SCALARS + DMLC_S_ONE_HOT_DEPTH] = out.Sizes[desc.Axis];
  d.params[DMLC_P_SCALARS + DMLC_S_ONE_HOT_INDEX_FLAGS] = IndexFlags(desc.IndicesTensor.DataType);
  d.params[DMLC_P_SCALARS + DMLC_S_ONE_HOT_ON_OFFSET] = static_cast<uint32_t>(on_offset);
  d.params[DMLC_P_SCALARS + DMLC_S_ONE_HOT_INDEX_STEP] = step;
  d.inputs = {0, 1};
  d.output = 2;
  return std::vector<Dispatch>{std::move(d)};
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
  DMLC_RETURN_IF_ERROR(CheckCount(out.Sizes));
  Space space(out.Sizes, ops::EffectiveStrides(out));
  const uint32_t rank = out.DimensionCount();
  DropUnitDims(space, {rank - 2, rank - 1});  // the kernel reads the last two coordinates
  const uint32_t element_bytes = ops::ElementSize(out.DataType);
  const uint32_t k = VectorElements(space, element_bytes, {});
  Dispatch d;
  if (k * element_bytes < 16 && IsPacked(space)) {
    // Rows that do not hold whole 16-byte vectors (an odd size, say): the flat walk stores whole vectors
    // regardless. On the H200 a 23170 x 23170 FLOAT16 identity went from 0.27 of the copy (one element a
    // thread, atomics for the 16-bit stores) to ...
    const uint32_t flat = 16 / element_bytes;
    const uint64_t elements = space.count();
    d = Pack(ElementKernel("diagonal_matrix", out.DataType), Space({static_cast<uint32_t>((elements + flat - 1) / flat)}, {flat}),
             flat, limits);
    d.params[DMLC_P_SCALARS + DMLC_S_DIAGONAL_FLAT_COLUMNS] = space.sizes[space.rank() - 1];
    d.params[DMLC_P_SCALARS + DMLC_S_DIAGONAL_FLAT_ROWS] = space.sizes[space.rank() - 2];
    d.params[DMLC_P_SCALARS + DMLC_S_DIAGONAL_FLAT_ELEMENTS] = static_cast<uint32_t>(elements);
  } else {
    Vectorize(space, k);
    d = Pack(ElementKernel("diagonal_matrix", out.DataType), space, k, limits);
    UseRowWalk(d, space, limits);
  }
  d.params[DMLC_P_SCALARS + DMLC_S_DIAGONAL_OFFSET] = static_cast<uint32_t>(desc.Offset);
  d.params[DMLC_P_SCALARS + DMLC_S_DIAGONAL_VALUE_LO] = static_cast<uint32_t>(*bits);
  d.params[DMLC_P_SCALARS + DMLC_S_DIAGONAL_VALUE_HI] = static_cast<uint32_t>(*bits >> 32);
  d.output = 0;
  return std::vector<Dispatch>{std::move(d)};
}

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

// Lane-major where the reduced elements are contiguous (a warp reads a stretch of one reduction);
// otherwise neighbouring threads take neighbouring outputs, at most `max_outputs` of them per group so
// that the rest of the group shares their reductions as lanes.
ReduceLayout ChooseReduceLayout(uint64_t outputs, uint64_t count, bool contiguous, uint32_t max_outputs) {
  const uint32_t count_lanes = static_cast<uint32_t>(std::bit_ceil(std::clamp<uint64_t>(count, 1, kThreadsPerGroup)));
  // 16 lanes: on the H200 an inner MAX over 1024-element rows ran 1.2x faster than with 32 (and SUM 1.07x),
  // each lane folding more elements before the groupshared tree; 8 lanes were slower again.
  if (contiguous) return {std::min(16u, count_lanes), true};
  const uint32_t per_group = static_cast<uint32_t>(std::bit_ceil(std::clamp<uint64_t>(outputs, 1, max_outputs)));
  return {std::min(kThreadsPerGroup / per_group, count_lanes), false};
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
  ReduceLayout layout = ChooseReduceLayout(outputs, *count, contiguous, 32);
  // Vectors (one 16-byte load for 16 / element-bytes elements) where every reduction is a 16-byte-aligned
  // run of whole vectors: one contiguous reduced axis, and input offsets between reductions in whole
  // vectors. FLOAT16 inner REDUCE on the H200 went from 0.23-0.52 of the copy with one element a load to ...
  const uint32_t vector = 16 / ops::ElementSize(in.DataType);
  layout.vectors = layout.lane_major && reduced.rank() == 1 && *count % vector == 0 &&
                   std::all_of(space.in.begin(), space.in.end(), [&](uint32_t v) { return v % vector == 0; });
  const uint64_t output_groups = (outputs + layout.per_group() - 1) / layout.per_group();
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
  SetReduceLayout(d, layout, DMLC_REDUCE_MODE_PARTIAL, static_cast<uint32_t>(splits), output_groups * splits, limits);
  d.output = 2;
  d.scratch_bytes = splits * outputs * DMLC_REDUCE_STATE_BYTES;
  const ReduceLayout fold = ChooseReduceLayout(outputs, splits, false, 8);
  SetReduceLayout(combine, fold, DMLC_REDUCE_MODE_COMBINE, static_cast<uint32_t>(splits),
                  (outputs + fold.per_group() - 1) / fold.per_group(), limits);
  combine.inputs = {2};
  return std::vector<Dispatch>{std::move(d), std::move(combine)};
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
