// The iteration space the element and REDUCE planners share (internal to backends/gpu): a dispatch's
// sizes and per-tensor strides, simplified (unit dimensions dropped, walks merged), cut into vectors and
// packed into a parameter block. Pure arithmetic on validated descs.
#pragma once

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "backends/gpu/dispatch_plan.h"
#include "ops/error.h"

namespace dmlc::backends::gpu {

inline constexpr uint64_t kMaxWord = std::numeric_limits<uint32_t>::max();

Error PlanError(std::string message, std::string rule);

void SetArray(ParamBlock& p, uint32_t at, const std::vector<uint32_t>& values);

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
  uint64_t count() const;  // elements (or vectors) in the space
};

// True when the output walks its elements in memory order with no gaps (row-major, packed).
bool IsPacked(const Space& s);

// Drops dimensions of size 1 (they move nothing), except `keep` (dimensions whose coordinates a kernel
// reads); returns each kept dimension's new position. At least one dimension stays.
std::vector<uint32_t> DropUnitDims(Space& s, const std::vector<uint32_t>& keep = {});

// Merges neighbouring dimensions that every tensor walks as one (stride[d] == stride[d + 1] * size[d + 1]):
// the same offsets with fewer divisions. Only for kernels that read no coordinates.
void MergeDims(Space& s);

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
uint32_t VectorElements(const Space& s, uint32_t element_bytes, const VectorRule& rule);

// The space in vectors of k elements: the last size counts vectors, the last strides step over them.
void Vectorize(Space& s, uint32_t k);

// An error where `sizes` hold more elements than one dispatch addresses (2^32 - 1).
Status CheckCount(const std::vector<uint32_t>& sizes);

// A dispatch walking `s` row-major, `vector` elements per step: count, thread stride, rank, sizes and
// strides filled in.
Dispatch Pack(std::string kernel, const Space& s, uint32_t vector, const DeviceLimits& limits);

// Switches an element dispatch over `s` (already in vectors) to the row walk where its rows are long
// enough: 2^n threads per row, the most that still gives each DMLC_GPU_ROW_VECTORS vectors, and one
// workgroup per pass (rows / (256 / 2^n) times the row's segments), capped so that the group stride
// (threads / 256) fits 32 bits.
void UseRowWalk(Dispatch& d, const Space& s, const DeviceLimits& limits);

}  // namespace dmlc::backends::gpu
