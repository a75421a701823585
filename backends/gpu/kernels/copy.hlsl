// Strided copy of one tensor into a block of the output: JOIN runs one per input, the block starting at
// that input's position along Axis. Type-agnostic: ELEM_BYTES (1, 2, 4, 8) is all it needs to know.
#include "common.hlsli"

ByteAddressBuffer g_input : register(t1);
RWByteAddressBuffer g_output : register(u2);
DEFINE_ELEMENT_LOADER(LoadInput, g_input)
DEFINE_ELEMENT_STORER(StoreOutput, g_output)

[numthreads(DMLC_GPU_THREADS_PER_GROUP, 1, 1)]
void main(uint3 thread : SV_DispatchThreadID) {
  uint base = Scalar(DMLC_S_COPY_OUT_BASE);
  FOR_EACH_ELEMENT(i, thread.x) {
    Walk w = WalkTo(i);
    StoreOutput((base + w.out_offset) * ELEM_BYTES, ELEM_BYTES, LoadInput(w.in_offset * ELEM_BYTES, ELEM_BYTES));
  }
}
