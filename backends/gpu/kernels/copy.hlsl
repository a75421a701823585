// Strided copy of one tensor into a block of the output: JOIN runs one per input, the block starting at
// that input's position along Axis. Type-agnostic: ELEM_BYTES (1, 2, 4, 8) is all it needs to know.
// Packed stretches are copied a vector (up to 16 bytes) per thread; the rest element by element. On the
// row walk a thread loads all its vectors of a pass before it stores them.
#include "common.hlsli"

ByteAddressBuffer g_input : register(t1);
RWByteAddressBuffer g_output : register(u2);
DEFINE_ELEMENT_LOADER(LoadInput, g_input)
DEFINE_ELEMENT_STORER(StoreOutput, g_output)
DEFINE_VECTOR_LOADER(LoadInputWords, g_input)
DEFINE_VECTOR_STORER(StoreOutputWords, g_output)

DEFINE_VECTOR_OR_ELEMENT_ACCESS(LoadAt, StoreAt, LoadInput, LoadInputWords, StoreOutput, StoreOutputWords)

[numthreads(DMLC_GPU_THREADS_PER_GROUP, 1, 1)]
void main(uint3 thread : SV_DispatchThreadID, uint3 group : SV_GroupID, uint3 local : SV_GroupThreadID) {
  uint base = Scalar(DMLC_S_COPY_OUT_BASE);
  uint words = VectorWords();
  if (RowLaneBits() != 0) {
    RowWalk r = MakeRowWalk();
    uint length = r.length;
    uint out_step = LastStride(DMLC_P_OUT_STRIDES);
    uint in_step = LastStride(DMLC_P_IN_STRIDES);
    FOR_EACH_ROW_PASS(g, group.x, r) {
      RowPass p = RowPassAt(r, g, local.x, DMLC_GPU_MAX_DIMS, DMLC_GPU_MAX_DIMS);
      if (!p.valid) continue;
      uint4 v[DMLC_GPU_ROW_VECTORS];
      [unroll] for (uint u = 0; u < DMLC_GPU_ROW_VECTORS; ++u) {
        uint c = p.column + u * p.lanes;
        v[u] = uint4(0, 0, 0, 0);
        if (c < length) v[u] = LoadAt(p.w.in_offset + c * in_step, words);
      }
      [unroll] for (uint u2 = 0; u2 < DMLC_GPU_ROW_VECTORS; ++u2) {
        uint c = p.column + u2 * p.lanes;
        if (c < length) StoreAt(base + p.w.out_offset + c * out_step, words, v[u2]);
      }
    }
    return;
  }
  FOR_EACH_ELEMENT(i, thread.x) {
    Walk w = WalkTo(i);
    StoreAt(base + w.out_offset, words, LoadAt(w.in_offset, words));
  }
}
