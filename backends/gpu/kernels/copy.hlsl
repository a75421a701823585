// Strided copy of one tensor into a block of the output: JOIN runs one per input, the block starting at
// that input's position along Axis. Type-agnostic: ELEM_BYTES (1, 2, 4, 8) is all it needs to know.
// Packed stretches are copied a vector (up to 16 bytes) per thread; the rest element by element. The plan
// never gives it the row walk (dispatch_plan.cpp says why).
//
// variant: copy_b1|ELEM_BYTES=1|-
// variant: copy_b2|ELEM_BYTES=2|-
// variant: copy_b4|ELEM_BYTES=4|-
// variant: copy_b8|ELEM_BYTES=8|-
#include "common.hlsli"

ByteAddressBuffer g_input : register(t1);
RWByteAddressBuffer g_output : register(u2);
DEFINE_ELEMENT_LOADER(LoadInput, g_input)
DEFINE_ELEMENT_STORER(StoreOutput, g_output)
DEFINE_VECTOR_LOADER(LoadInputWords, g_input)
DEFINE_VECTOR_STORER(StoreOutputWords, g_output)

DEFINE_VECTOR_OR_ELEMENT_ACCESS(LoadAt, StoreAt, LoadInput, LoadInputWords, StoreOutput, StoreOutputWords)

[numthreads(DMLC_GPU_THREADS_PER_GROUP, 1, 1)]
void main(uint3 thread : SV_DispatchThreadID) {
  uint base = Scalar(DMLC_S_COPY_OUT_BASE);
  uint words = VectorWords();
  FOR_EACH_ELEMENT(i, thread.x) {
    Walk w = WalkTo(i);
    StoreAt(base + w.out_offset, words, LoadAt(w.in_offset, words));
  }
}
