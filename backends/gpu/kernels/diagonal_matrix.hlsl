// DIAGONAL_MATRIX over the output's elements: Value where x - y == Offset in the last two dimensions,
// zero elsewhere. The host converted Value to the output type's bits, so the kernel is type-agnostic.
// On packed rows a thread writes a vector of elements (up to 16 bytes) as whole words.
#include "common.hlsli"

RWByteAddressBuffer g_output : register(u1);
DEFINE_ELEMENT_STORER(StoreOutput, g_output)
DEFINE_VECTOR_STORER(StoreOutputWords, g_output)

[numthreads(DMLC_GPU_THREADS_PER_GROUP, 1, 1)]
void main(uint3 thread : SV_DispatchThreadID) {
  uint rank = Param(DMLC_P_RANK);
  uint offset = Scalar(DMLC_S_DIAGONAL_OFFSET);
  uint2 value = uint2(Scalar(DMLC_S_DIAGONAL_VALUE_LO), Scalar(DMLC_S_DIAGONAL_VALUE_HI));
  bool right = (offset >> 31) == 0;
  uint distance = right ? offset : 0u - offset;  // |Offset|, exact for INT_MIN too
  uint vector_elements = Param(DMLC_P_VECTOR);
  FOR_EACH_ELEMENT(i, thread.x) {
    Walk w = WalkToCoords(i, rank - 2, rank - 1);
    uint y = w.coord_a;
    uint4 v = uint4(0, 0, 0, 0);
    [unroll] for (uint s = 0; s < 16 / ELEM_BYTES; ++s) {
      if (s < vector_elements) {
        uint x = w.coord_b * vector_elements + s;
        bool on = right ? (x >= y && x - y == distance) : (y >= x && y - x == distance);
        PutElement(v, s, ELEM_BYTES, on ? value : uint2(0, 0));
      }
    }
    if (vector_elements > 1) {
      StoreOutputWords(w.out_offset * ELEM_BYTES, vector_elements * ELEM_BYTES / 4, v);
    } else {
      StoreOutput(w.out_offset * ELEM_BYTES, ELEM_BYTES, ELEM_BYTES == 8 ? v.xy : uint2(v.x, 0));
    }
  }
}
