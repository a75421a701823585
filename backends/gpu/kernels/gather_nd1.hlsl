// GATHER_ND1 over the output's elements: the walk gives the output offset, the input offset from the
// batch and trailing dimensions (IN strides) and the index tuple's offset (AUX strides); each tuple
// coordinate then adds its input stride. Packed trailing stretches move a vector (up to 16 bytes) per
// thread. An index out of range after negative wrap-around is clamped into its dimension (the
// "coordinate-clamp" behaviour the comparison admits, app/engine/behaviours.h): DirectML's own flat clamp
// needs each element's logical input offset, which the merged walk does not carry. On the row walk (planned only where the index tuple stays
// along the last dimension) the tuple is resolved once per row and pass, and a thread loads all its
// vectors of the pass before it stores them.
#include "common.hlsli"

ByteAddressBuffer g_input : register(t1);
ByteAddressBuffer g_indices : register(t2);
RWByteAddressBuffer g_output : register(u3);
DEFINE_ELEMENT_LOADER(LoadInput, g_input)
DEFINE_ELEMENT_LOADER(LoadIndex, g_indices)
DEFINE_ELEMENT_STORER(StoreOutput, g_output)
DEFINE_VECTOR_LOADER(LoadInputWords, g_input)
DEFINE_VECTOR_STORER(StoreOutputWords, g_output)

DEFINE_VECTOR_OR_ELEMENT_ACCESS(LoadAt, StoreAt, LoadInput, LoadInputWords, StoreOutput, StoreOutputWords)

// One row pass: a thread's DMLC_GPU_ROW_VECTORS vectors, columns `column`, column + lanes, ..., all
// loaded before any is stored so the loads are in flight together.
void CopyRowPass(uint in_offset, uint in_step, uint out_offset, uint out_step, uint column, uint lanes, uint length,
                 uint words) {
  uint4 v[DMLC_GPU_ROW_VECTORS];
  [unroll] for (uint u = 0; u < DMLC_GPU_ROW_VECTORS; ++u) {
    uint c = column + u * lanes;
    v[u] = uint4(0, 0, 0, 0);
    if (c < length) v[u] = LoadAt(in_offset + c * in_step, words);
  }
  [unroll] for (uint u2 = 0; u2 < DMLC_GPU_ROW_VECTORS; ++u2) {
    uint c = column + u2 * lanes;
    if (c < length) StoreAt(out_offset + c * out_step, words, v[u2]);
  }
}

// The index `bits` names in a dimension of `extent` (>= 1) elements, clamped into it: below -extent gives
// 0, beyond the end extent - 1.
uint ClampedIndex(uint2 bits, uint flags, uint extent) {
  uint resolved;
  if (ResolveIndex(bits, flags, extent, resolved)) return resolved;
  uint sign_word = (flags & DMLC_INDEX_WIDE) != 0 ? bits.y : bits.x;
  return ((flags & DMLC_INDEX_SIGNED) != 0 && (sign_word >> 31) != 0) ? 0u : extent - 1;
}

// Adds the input offset the index tuple at `tuple_at` (indices elements) selects.
void AddTuple(uint tuple_at, inout uint in_offset) {
  uint tuple_size = Scalar(DMLC_S_GATHER_TUPLE_SIZE);
  uint tuple_stride = Scalar(DMLC_S_GATHER_TUPLE_STRIDE);
  uint flags = Scalar(DMLC_S_GATHER_INDEX_FLAGS);
  uint index_bytes = IndexBytes(flags);
  for (uint t = 0; t < tuple_size; ++t) {
    uint2 bits = LoadIndex((tuple_at + t * tuple_stride) * index_bytes, index_bytes);
    in_offset += ClampedIndex(bits, flags, Param(DMLC_P_ARRAY_A + t)) * Param(DMLC_P_ARRAY_B + t);
  }
}

[numthreads(DMLC_GPU_THREADS_PER_GROUP, 1, 1)]
void main(uint3 thread : SV_DispatchThreadID, uint3 group : SV_GroupID, uint3 local : SV_GroupThreadID) {
  uint words = VectorWords();
  if (RowLaneBits() != 0) {
    RowWalk r = MakeRowWalk();
    uint length = r.length;
    uint out_step = LastStride(DMLC_P_OUT_STRIDES);
    uint in_step = LastStride(DMLC_P_IN_STRIDES);
    FOR_EACH_ROW_PASS(g, group.x, r) {
      RowPass p = RowPassAt(r, g, local.x, DMLC_GPU_MAX_DIMS, DMLC_GPU_MAX_DIMS);
      uint in_offset = p.w.in_offset;
      if (p.valid) {
        AddTuple(p.w.aux_offset, in_offset);
        CopyRowPass(in_offset, in_step, p.w.out_offset, out_step, p.column, p.lanes, length, words);
      }
    }
    return;
  }
  FOR_EACH_ELEMENT(i, thread.x) {
    Walk w = WalkTo(i);
    uint in_offset = w.in_offset;
    AddTuple(w.aux_offset, in_offset);
    StoreAt(w.out_offset, words, LoadAt(in_offset, words));
  }
}
