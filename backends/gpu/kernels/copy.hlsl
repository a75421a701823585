// Strided copy of one tensor into a block of the output: JOIN runs one per input, the block starting at
// that input's position along Axis. Type-agnostic: ELEM_BYTES (1, 2, 4, 8) is all it needs to know.
// Packed stretches are copied a vector (up to 16 bytes) per thread; the rest element by element.
#include "common.hlsli"

ByteAddressBuffer g_input : register(t1);
RWByteAddressBuffer g_output : register(u2);
DEFINE_ELEMENT_LOADER(LoadInput, g_input)
DEFINE_ELEMENT_STORER(StoreOutput, g_output)
DEFINE_VECTOR_LOADER(LoadInputWords, g_input)
DEFINE_VECTOR_STORER(StoreOutputWords, g_output)

[numthreads(DMLC_GPU_THREADS_PER_GROUP, 1, 1)]
void main(uint3 thread : SV_DispatchThreadID) {
  uint base = Scalar(DMLC_S_COPY_OUT_BASE);
  uint vector_elements = Param(DMLC_P_VECTOR);
  uint words = vector_elements * ELEM_BYTES / 4;
  FOR_EACH_ELEMENT(i, thread.x) {
    Walk w = WalkTo(i);
    uint out_at = (base + w.out_offset) * ELEM_BYTES;
    if (vector_elements > 1) {
      StoreOutputWords(out_at, words, LoadInputWords(w.in_offset * ELEM_BYTES, words));
    } else {
      StoreOutput(out_at, ELEM_BYTES, LoadInput(w.in_offset * ELEM_BYTES, ELEM_BYTES));
    }
  }
}
