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
DEFINE_ROW_PASS_COPY(CopyRowPass, LoadAt, StoreAt)

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
      if (p.valid) CopyRowPass(p.w.in_offset, in_step, base + p.w.out_offset, out_step, p.column, p.lanes, length, words);
    }
    return;
  }
  FOR_EACH_ELEMENT(i, thread.x) {
    Walk w = WalkTo(i);
    StoreAt(base + w.out_offset, words, LoadAt(w.in_offset, words));
  }
}
