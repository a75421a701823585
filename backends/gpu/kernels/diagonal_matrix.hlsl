// DIAGONAL_MATRIX over the output's elements: Value where x - y == Offset in the last two dimensions,
// zero elsewhere. The host converted Value to the output type's bits, so the kernel is type-agnostic.
#include "common.hlsli"

RWByteAddressBuffer g_output : register(u1);
DEFINE_ELEMENT_STORER(StoreOutput, g_output)

[numthreads(DMLC_GPU_THREADS_PER_GROUP, 1, 1)]
void main(uint3 thread : SV_DispatchThreadID) {
  uint rank = Param(DMLC_P_RANK);
  uint offset = Scalar(DMLC_S_DIAGONAL_OFFSET);
  uint2 value = uint2(Scalar(DMLC_S_DIAGONAL_VALUE_LO), Scalar(DMLC_S_DIAGONAL_VALUE_HI));
  bool right = (offset >> 31) == 0;
  uint distance = right ? offset : 0u - offset;  // |Offset|, exact for INT_MIN too
  FOR_EACH_ELEMENT(i, thread.x) {
    Walk w = WalkTo(i);
    uint y = w.coords[rank - 2];
    uint x = w.coords[rank - 1];
    bool on = right ? (x >= y && x - y == distance) : (y >= x && y - x == distance);
    StoreOutput(w.out_offset * ELEM_BYTES, ELEM_BYTES, on ? value : uint2(0, 0));
  }
}
