// GATHER_ND1 over the output's elements: the walk gives the output offset, the input offset from the
// batch and trailing dimensions (IN strides) and the index tuple's offset (AUX strides); each tuple
// coordinate then adds its input stride. Packed trailing stretches move a vector (up to 16 bytes) per
// thread. The host checked every index is in range before dispatch; the range test here only keeps a
// bad index from reading out of bounds.
#include "common.hlsli"

ByteAddressBuffer g_input : register(t1);
ByteAddressBuffer g_indices : register(t2);
RWByteAddressBuffer g_output : register(u3);
DEFINE_ELEMENT_LOADER(LoadInput, g_input)
DEFINE_ELEMENT_LOADER(LoadIndex, g_indices)
DEFINE_ELEMENT_STORER(StoreOutput, g_output)
DEFINE_VECTOR_LOADER(LoadInputWords, g_input)
DEFINE_VECTOR_STORER(StoreOutputWords, g_output)

[numthreads(DMLC_GPU_THREADS_PER_GROUP, 1, 1)]
void main(uint3 thread : SV_DispatchThreadID) {
  uint tuple_size = Scalar(DMLC_S_GATHER_TUPLE_SIZE);
  uint tuple_stride = Scalar(DMLC_S_GATHER_TUPLE_STRIDE);
  uint flags = Scalar(DMLC_S_GATHER_INDEX_FLAGS);
  uint index_bytes = IndexBytes(flags);
  uint vector_elements = Param(DMLC_P_VECTOR);
  uint words = vector_elements * ELEM_BYTES / 4;
  FOR_EACH_ELEMENT(i, thread.x) {
    Walk w = WalkTo(i);
    uint in_offset = w.in_offset;
    bool in_range = true;
    for (uint t = 0; t < tuple_size; ++t) {
      uint resolved;
      uint2 bits = LoadIndex((w.aux_offset + t * tuple_stride) * index_bytes, index_bytes);
      in_range = in_range && ResolveIndex(bits, flags, Param(DMLC_P_ARRAY_A + t), resolved);
      in_offset += resolved * Param(DMLC_P_ARRAY_B + t);
    }
    if (!in_range) continue;
    if (vector_elements > 1) {
      StoreOutputWords(w.out_offset * ELEM_BYTES, words, LoadInputWords(in_offset * ELEM_BYTES, words));
    } else {
      StoreOutput(w.out_offset * ELEM_BYTES, ELEM_BYTES, LoadInput(in_offset * ELEM_BYTES, ELEM_BYTES));
    }
  }
}
