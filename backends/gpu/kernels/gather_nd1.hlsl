// GATHER_ND1 over the output's elements: the walk gives the output offset, the input offset from the
// batch and trailing dimensions (IN strides) and the index tuple's offset (AUX strides); each tuple
// coordinate then adds its input stride. Packed trailing stretches move a vector (up to 16 bytes) per
// thread. Indices out of range read what DirectML 1.15.4 reads (ops/operators/gather_nd1.h): the offset
// wraps modulo 2^32 as uint arithmetic does, and each element's offset is clamped to the buffer's last
// element, so nothing is read out of bounds. On the row walk (planned only where the index tuple stays
// along the last dimension) the tuple is resolved once per row and pass, and a thread loads all its
// vectors of the pass before it stores them.
//
// variant: gather_nd1_b1|ELEM_BYTES=1|-
// variant: gather_nd1_b2|ELEM_BYTES=2|-
// variant: gather_nd1_b4|ELEM_BYTES=4|-
// variant: gather_nd1_b8|ELEM_BYTES=8|-
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

// The vector (or element, `words` as LoadAt) at input element `element`, each element's offset clamped
// to the buffer's last element: one load where the whole vector lies in the buffer, as it does for every
// index in range.
uint4 LoadClamped(uint element, uint words) {
  uint last = Scalar(DMLC_S_GATHER_LAST_ELEMENT);
  uint count = words > 0 ? words * 4 / ELEM_BYTES : 1u;
  if (element <= last && last - element >= count - 1) return LoadAt(element, words);
  uint4 v = uint4(0, 0, 0, 0);
  for (uint e = 0; e < count; ++e) PutElement(v, e, ELEM_BYTES, LoadInput(min(element + e, last) * ELEM_BYTES, ELEM_BYTES));
  return v;
}

// One row pass: a thread's DMLC_GPU_ROW_VECTORS vectors, columns `column`, column + lanes, ..., all
// loaded before any is stored so the loads are in flight together.
void CopyRowPass(uint in_offset, uint in_step, uint out_offset, uint out_step, uint column, uint lanes, uint length,
                 uint words) {
  uint4 v[DMLC_GPU_ROW_VECTORS];
  [unroll] for (uint u = 0; u < DMLC_GPU_ROW_VECTORS; ++u) {
    uint c = column + u * lanes;
    v[u] = uint4(0, 0, 0, 0);
    if (c < length) v[u] = LoadClamped(in_offset + c * in_step, words);
  }
  [unroll] for (uint u2 = 0; u2 < DMLC_GPU_ROW_VECTORS; ++u2) {
    uint c = column + u2 * lanes;
    if (c < length) StoreAt(out_offset + c * out_step, words, v[u2]);
  }
}

// A tuple coordinate as DirectML reads it (ops::GatherCoordinateBits): a negative one gets the size of its
// dimension, `extent`, added once, and then only its low 32 bits count; 64-bit indices, UINT64's too,
// read as signed.
uint CoordinateBits(uint2 bits, uint flags, uint extent) {
  bool wide = (flags & DMLC_INDEX_WIDE) != 0;
  bool negative = wide ? (bits.y >> 31) != 0 : ((flags & DMLC_INDEX_SIGNED) != 0 && (bits.x >> 31) != 0);
  return negative ? bits.x + extent : bits.x;
}

// Adds the input offset the index tuple at `tuple_at` (indices elements) selects.
void AddTuple(uint tuple_at, inout uint in_offset) {
  uint tuple_size = Scalar(DMLC_S_GATHER_TUPLE_SIZE);
  uint tuple_stride = Scalar(DMLC_S_GATHER_TUPLE_STRIDE);
  uint flags = Scalar(DMLC_S_GATHER_INDEX_FLAGS);
  uint index_bytes = IndexBytes(flags);
  for (uint t = 0; t < tuple_size; ++t) {
    uint2 bits = LoadIndex((tuple_at + t * tuple_stride) * index_bytes, index_bytes);
    in_offset += CoordinateBits(bits, flags, Param(DMLC_P_ARRAY_A + t)) * Param(DMLC_P_ARRAY_B + t);
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
    StoreAt(w.out_offset, words, LoadClamped(in_offset, words));
  }
}
