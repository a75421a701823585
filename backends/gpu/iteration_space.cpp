#include "backends/gpu/iteration_space.h"

#include <algorithm>
#include <bit>

namespace dmlc::backends::gpu {
namespace {

// Rows of at least this many vectors take the row walk (DMLC_S_ROW_LANE_BITS); shorter ones would
// leave most of a row's threads idle, and the element walk serves them. So does a space of one
// dimension: its element walk needs no division, and the copy runs fastest on it.
constexpr uint32_t kRowMinVectors = 2 * DMLC_GPU_ROW_VECTORS;

}  // namespace

Error PlanError(std::string message, std::string rule) {
  return MakeError("gpu", "", std::move(message), std::move(rule));
}

void SetArray(ParamBlock& p, uint32_t at, const std::vector<uint32_t>& values) {
  std::copy(values.begin(), values.end(), p.begin() + at);
}

uint64_t Space::count() const {
  uint64_t n = 1;
  for (uint32_t size : sizes) n *= size;
  return n;
}

bool IsPacked(const Space& s) {
  uint64_t expected = 1;
  for (size_t d = s.rank(); d-- > 0;) {
    if (s.sizes[d] != 1 && s.out[d] != expected) return false;
    expected *= s.sizes[d];
  }
  return true;
}

std::vector<uint32_t> DropUnitDims(Space& s, const std::vector<uint32_t>& keep) {
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

Dispatch Pack(std::string kernel, const Space& s, uint32_t vector, const DeviceLimits& limits) {
  const uint64_t count = s.count();
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

uint32_t GroupCount(uint64_t count, const DeviceLimits& limits) {
  const uint64_t needed = (count + kThreadsPerGroup - 1) / kThreadsPerGroup;
  return static_cast<uint32_t>(std::clamp<uint64_t>(needed, 1, std::max<uint32_t>(limits.max_group_count_x, 1)));
}

}  // namespace dmlc::backends::gpu
