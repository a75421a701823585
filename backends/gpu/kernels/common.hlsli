// Shared by every kernel: the parameter block, the grid-stride walk over the iteration space, and
// element access on raw 32-bit words. Written once for SPIR-V (glslang) and D3D12 (DXC/FXC): buffers are
// ByteAddressBuffer/RWByteAddressBuffer, so 8- and 16-bit elements are bit fields of their word and
// 64-bit elements are word pairs; no 8/16-bit storage feature is needed. FXC (cs_5_1 DXBC, what Wine's
// vkd3d runs) is the strictest of the three: a for statement's variable belongs to the enclosing scope
// there, so sibling loops take different names (X3078); no vector component is written at a run-time
// index (X3550, ElementMask); macro arguments are never empty nor a function-like macro's bare name (X1516).
#ifndef DMLC_GPU_COMMON_HLSLI_
#define DMLC_GPU_COMMON_HLSLI_

#include "param_layout.h"

cbuffer Params : register(b0) {
  uint4 g_params[DMLC_P_WORDS / 4];
};

uint Param(uint i) { return g_params[i >> 2][i & 3]; }
uint Scalar(uint i) { return Param(DMLC_P_SCALARS + i); }

// Where logical element `index` of the iteration space lies in each tensor, in elements, and its
// coordinates along two dimensions the kernel asks for (`dim_a`, `dim_b`; DMLC_GPU_MAX_DIMS for none).
// No array of coordinates: a dynamically indexed one would live in local memory.
struct Walk {
  uint out_offset;
  uint in_offset;
  uint aux_offset;
  uint coord_a;
  uint coord_b;
};

void Step(inout Walk w, uint d, uint c, uint dim_a, uint dim_b) {
  w.out_offset += c * Param(DMLC_P_OUT_STRIDES + d);
  w.in_offset += c * Param(DMLC_P_IN_STRIDES + d);
  w.aux_offset += c * Param(DMLC_P_AUX_STRIDES + d);
  if (d == dim_a) w.coord_a = c;
  if (d == dim_b) w.coord_b = c;
}

Walk WalkToCoords(uint index, uint dim_a, uint dim_b) {
  Walk w;
  w.out_offset = 0;
  w.in_offset = 0;
  w.aux_offset = 0;
  w.coord_a = 0;
  w.coord_b = 0;
  uint rank = Param(DMLC_P_RANK);
  // Ranks 1 and 2 (what most plans merge down to) with constant parameter indices.
  if (rank == 1) {
    Step(w, 0, index, dim_a, dim_b);
  } else if (rank == 2) {
    uint size = Param(DMLC_P_SIZES + 1);
    Step(w, 1, index % size, dim_a, dim_b);
    Step(w, 0, index / size, dim_a, dim_b);
  } else {
    for (uint j = 0; j < rank; ++j) {
      uint d = rank - 1 - j;
      // The outermost coordinate is what is left: index < count bounds it, so it needs no division.
      uint c = index;
      if (d != 0) {
        uint size = Param(DMLC_P_SIZES + d);
        c = index % size;
        index /= size;
      }
      Step(w, d, c, dim_a, dim_b);
    }
  }
  return w;
}

Walk WalkTo(uint index) { return WalkToCoords(index, DMLC_GPU_MAX_DIMS, DMLC_GPU_MAX_DIMS); }

// Next element of this thread's grid-stride loop; ends at the count without wrapping past 2^32.
uint NextIndex(uint i) {
  uint count = Param(DMLC_P_COUNT);
  uint stride = Param(DMLC_P_THREAD_STRIDE);
  return (count - i > stride) ? i + stride : count;
}

#define FOR_EACH_ELEMENT(i, first) for (uint i = (first); i < Param(DMLC_P_COUNT); i = NextIndex(i))

// The row walk (DMLC_S_ROW_LANE_BITS > 0). Pass `g` of a workgroup covers 256 / 2^n rows, one
// segment of 2^n * DMLC_GPU_ROW_VECTORS vectors of each; its threads take neighbouring vectors, so a
// warp reads and writes contiguous stretches of a row. The counts are worked out once per thread, with
// shifts where the divisors are powers of two: one division per thread, and one per pass only where
// rows have several segments.
struct RowWalk {
  uint bits;      // log2 of the threads per row
  uint length;    // vectors per row (the last size)
  uint rows;
  uint segments;  // per row
  uint passes;    // row groups times segments: at most the element count, so 32 bits
};

uint RowLaneBits() { return Scalar(DMLC_S_ROW_LANE_BITS); }
uint LastStride(uint strides) { return Param(strides + Param(DMLC_P_RANK) - 1); }

// ceil(value / 2^bits)
uint CeilShift(uint value, uint bits) { return (value >> bits) + ((value & ((1u << bits) - 1u)) != 0 ? 1u : 0u); }

RowWalk MakeRowWalk() {
  RowWalk r;
  r.bits = RowLaneBits();
  r.length = Param(DMLC_P_SIZES + Param(DMLC_P_RANK) - 1);
  r.rows = Param(DMLC_P_COUNT) / r.length;
  r.segments = CeilShift(r.length, r.bits + DMLC_GPU_ROW_VECTOR_BITS);
  r.passes = CeilShift(r.rows, DMLC_GPU_THREAD_BITS - r.bits) * r.segments;
  return r;
}

struct RowPass {
  Walk w;       // at the row's first element; coordinates along the last dimension are 0
  uint column;  // this thread's first vector along the last dimension; the next ones are `lanes` apart
  uint lanes;
  bool valid;   // false past the last row
};

// The walk to the first element of `row` (rank 2, what most row walks are, without a division).
Walk WalkRow(uint row, uint length, uint dim_a, uint dim_b) {
  if (Param(DMLC_P_RANK) != 2) return WalkToCoords(row * length, dim_a, dim_b);
  Walk w = WalkToCoords(0, dim_a, dim_b);
  Step(w, 0, row, dim_a, dim_b);
  return w;
}

RowPass RowPassAt(RowWalk r, uint g, uint local, uint dim_a, uint dim_b) {
  uint block = r.segments == 1 ? g : g / r.segments;
  uint row = (block << (DMLC_GPU_THREAD_BITS - r.bits)) + (local >> r.bits);
  RowPass p;
  p.lanes = 1u << r.bits;
  p.column = ((g - block * r.segments) << (r.bits + DMLC_GPU_ROW_VECTOR_BITS)) + (local & (p.lanes - 1u));
  p.valid = row < r.rows;
  p.w = WalkRow(p.valid ? row : 0, r.length, dim_a, dim_b);
  return p;
}

// Next pass of this workgroup; ends at the pass count without wrapping past 2^32.
uint NextPass(uint g, uint passes) {
  uint stride = Param(DMLC_P_THREAD_STRIDE) / DMLC_GPU_THREADS_PER_GROUP;
  return (passes - g > stride) ? g + stride : passes;
}

#define FOR_EACH_ROW_PASS(g, first, r) for (uint g = (first); g < r.passes; g = NextPass(g, r.passes))

// glslang cannot pass buffers to functions, so loaders and storers are stamped out per buffer.
// Loader: the bits of the `bytes`-byte element at byte offset `at`, zero-extended into (low, high).
#define DEFINE_ELEMENT_LOADER(Name, buf)                   \
  uint2 Name(uint at, uint bytes) {                        \
    if (bytes == 8) return buf.Load2(at);                  \
    uint word = buf.Load(at & ~3u);                        \
    if (bytes == 4) return uint2(word, 0);                 \
    uint mask = bytes == 1 ? 0xFFu : 0xFFFFu;              \
    return uint2((word >> ((at & 3u) * 8u)) & mask, 0);    \
  }

// Storer: writes only the element's own bytes. Neighbouring 8/16-bit elements share a word and may be
// written by other threads (or be stride gaps the caller checks), so sub-word stores clear and set
// their bits with atomics instead of a read-modify-write of the whole word.
#define DEFINE_ELEMENT_STORER(Name, buf)                   \
  void Name(uint at, uint bytes, uint2 bits) {             \
    if (bytes == 8) {                                      \
      buf.Store2(at, bits);                                \
    } else if (bytes == 4) {                               \
      buf.Store(at, bits.x);                               \
    } else {                                               \
      uint shift = (at & 3u) * 8u;                         \
      uint mask = (bytes == 1 ? 0xFFu : 0xFFFFu) << shift; \
      uint previous;                                       \
      buf.InterlockedAnd(at & ~3u, ~mask, previous);       \
      buf.InterlockedOr(at & ~3u, (bits.x << shift) & mask, previous); \
    }                                                      \
  }

// Vector access: `words` (1, 2 or 4) whole words at byte offset `at`, a multiple of 4 * words. The
// plan only vectorizes where a thread owns every byte it stores, so no atomics are needed.
#define DEFINE_VECTOR_LOADER(Name, buf)                    \
  uint4 Name(uint at, uint words) {                        \
    if (words == 4) return buf.Load4(at & ~15u);           \
    if (words == 2) return uint4(buf.Load2(at & ~7u), 0, 0); \
    return uint4(buf.Load(at), 0, 0, 0);                   \
  }

#define DEFINE_VECTOR_STORER(Name, buf)                    \
  void Name(uint at, uint words, uint4 v) {                \
    if (words == 4) {                                      \
      buf.Store4(at & ~15u, v);                            \
    } else if (words == 2) {                               \
      buf.Store2(at & ~7u, v.xy);                          \
    } else {                                               \
      buf.Store(at, v.x);                                  \
    }                                                      \
  }

// The vector storer above with one 16-byte store per vector under Vulkan, for write-only kernels:
// glslang lowers Store4 on a byte-address buffer to four 32-bit stores, which the NVIDIA driver, as
// measured, does not fuse even with the offset masked; a RWStructuredBuffer<uint4> view of the same
// binding (register `slot`, declared here) stores the vector whole. On the H200 that brought ONE_HOT up
// to the copy and DIAGONAL_MATRIX close to it. The view aliases the byte-address buffer; a dispatch
// stores through one of the two only (`words` is the plan's), so no store of one passes a store of the
// other to the same bytes. VULKAN is glslang's own macro under -V: the D3D12 compilers keep the plain
// storer.
#ifdef VULKAN
#define DEFINE_WIDE_VECTOR_STORER(Name, buf, slot)          \
  RWStructuredBuffer<uint4> buf##_vectors : register(slot); \
  DEFINE_VECTOR_STORER(Name##Narrow, buf)                   \
  void Name(uint at, uint words, uint4 v) {                 \
    if (words == 4) {                                       \
      buf##_vectors[at >> 4] = v;                           \
    } else {                                                \
      Name##Narrow(at, words, v);                           \
    }                                                       \
  }
#else
#define DEFINE_WIDE_VECTOR_STORER(Name, buf, slot) DEFINE_VECTOR_STORER(Name, buf)
#endif

#ifdef ELEM_BYTES  // the element kernels, which are compiled per element size
// Words a thread moves per vector (1, 2 or 4), or 0 when the plan moves one element at a time.
uint VectorWords() {
  uint vector_elements = Param(DMLC_P_VECTOR);
  return vector_elements > 1 ? vector_elements * ELEM_BYTES / 4 : 0u;
}
#endif

// Storing one vector or element, given element offsets: `words` 1, 2 or 4 for a vector (as above), 0
// for one ELEM_BYTES element (sub-word stores through the element storer's atomics).
#define DEFINE_VECTOR_OR_ELEMENT_STORE(StoreName, ElementStorer, VectorStorer)                                   \
  void StoreName(uint element, uint words, uint4 v) {                                                             \
    if (words > 0) {                                                                                              \
      VectorStorer(element * ELEM_BYTES, words, v);                                                               \
    } else {                                                                                                      \
      ElementStorer(element * ELEM_BYTES, ELEM_BYTES, v.xy);                                                      \
    }                                                                                                             \
  }

// Moving one vector or element: the store above and its load.
#define DEFINE_VECTOR_OR_ELEMENT_ACCESS(LoadName, StoreName, ElementLoader, VectorLoader, ElementStorer, VectorStorer) \
  uint4 LoadName(uint element, uint words) {                                                                      \
    if (words > 0) return VectorLoader(element * ELEM_BYTES, words);                                              \
    return uint4(ElementLoader(element * ELEM_BYTES, ELEM_BYTES), 0, 0);                                          \
  }                                                                                                               \
  DEFINE_VECTOR_OR_ELEMENT_STORE(StoreName, ElementStorer, VectorStorer)

// Element `s` of a vector of `bytes`-byte elements: the bits it occupies in the vector's words, and
// `bits` moved there. Picked by a compare with each word's index, not at a run-time component index,
// which FXC cannot write (X3550: it must then unroll the loop around it, which fails for loops of
// run-time length, X3511).
uint4 ElementMask(uint s, uint bytes) {
  if (bytes == 8) return uint4(uint4(0, 0, 1, 1) == s) * 0xFFFFFFFFu;
  uint mask = bytes == 4 ? 0xFFFFFFFFu : bytes == 2 ? 0xFFFFu : 0xFFu;
  return uint4(uint4(0, 1, 2, 3) == (s * bytes) >> 2) * (mask << (((s * bytes) & 3u) * 8u));
}
uint4 ElementBits(uint s, uint bytes, uint2 bits) {
  if (bytes == 8) return bits.xyxy;
  uint word = bits.x << (((s * bytes) & 3u) * 8u);
  return uint4(word, word, word, word);
}

// Places element `s` of a vector of `bytes`-byte elements into its words (zero-initialized).
void PutElement(inout uint4 v, uint s, uint bytes, uint2 bits) { v |= ElementMask(s, bytes) & ElementBits(s, bytes, bits); }

// A vector of `bytes`-byte elements, every one `bits`.
uint4 FillVector(uint2 bits, uint bytes) {
  if (bytes == 8) return uint4(bits.x, bits.y, bits.x, bits.y);
  if (bytes == 4) return uint4(bits.x, bits.x, bits.x, bits.x);
  uint word = bytes == 2 ? (bits.x & 0xFFFFu) * 0x00010001u : (bits.x & 0xFFu) * 0x01010101u;
  return uint4(word, word, word, word);
}

// Replaces element `s` of a vector of `bytes`-byte elements with `bits`.
void SetElement(inout uint4 v, uint s, uint bytes, uint2 bits) {
  uint4 mask = ElementMask(s, bytes);
  v = (v & ~mask) | (mask & ElementBits(s, bytes, bits));
}

// Element `s` of a vector of `bytes`-byte elements, as PutElement placed it (the low 8/16 bits for
// narrow elements; a word pair for 64-bit ones).
uint2 GetElement(uint4 v, uint s, uint bytes) {
  if (bytes == 8) return uint2(v[s * 2], v[s * 2 + 1]);
  if (bytes == 4) return uint2(v[s], 0);
  uint mask = bytes == 1 ? 0xFFu : 0xFFFFu;
  return uint2((v[(s * bytes) >> 2] >> (((s * bytes) & 3u) * 8u)) & mask, 0);
}

// An index element (INT32, UINT32, INT64, UINT64 per DMLC_INDEX_* flags) resolved against a dimension
// of `extent` elements: negative values of signed types count from the end. False when the value lies
// outside [-extent, extent - 1].
bool ResolveIndex(uint2 bits, uint flags, uint extent, out uint resolved) {
  bool is_signed = (flags & DMLC_INDEX_SIGNED) != 0;
  uint lo = bits.x;
  uint hi = (flags & DMLC_INDEX_WIDE) != 0 ? bits.y : ((is_signed && (lo >> 31) != 0) ? 0xFFFFFFFFu : 0u);
  if (!is_signed || (hi >> 31) == 0) {
    resolved = lo;
    return hi == 0 && lo < extent;
  }
  // value = lo - 2^32 (hi all ones); in range when value >= -extent, i.e. lo >= 2^32 - extent.
  resolved = lo + extent;
  return hi == 0xFFFFFFFFu && extent != 0 && lo >= 0u - extent;
}

uint IndexBytes(uint flags) { return (flags & DMLC_INDEX_WIDE) != 0 ? 8u : 4u; }

#endif  // DMLC_GPU_COMMON_HLSLI_
