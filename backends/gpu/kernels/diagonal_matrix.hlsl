// DIAGONAL_MATRIX over the output's elements: Value where x - y == Offset in the last two dimensions,
// zero elsewhere. The host converted Value to the output type's bits, so the kernel is type-agnostic.
// On packed rows a thread writes a vector of elements (up to 16 bytes) as whole words, 16 bytes in one
// store (DEFINE_WIDE_VECTOR_STORER); the row walk works out the row coordinate y once per row and pass.
#include "common.hlsli"

RWByteAddressBuffer g_output : register(u1);
DEFINE_ELEMENT_STORER(StoreOutput, g_output)
DEFINE_WIDE_VECTOR_STORER(StoreOutputWords, g_output, u1)

// The vector (or element) at row y, column `column` (in vectors) of the last two dimensions.
uint4 DiagonalVector(uint y, uint column) {
  uint offset = Scalar(DMLC_S_DIAGONAL_OFFSET);
  uint2 value = uint2(Scalar(DMLC_S_DIAGONAL_VALUE_LO), Scalar(DMLC_S_DIAGONAL_VALUE_HI));
  bool right = (offset >> 31) == 0;
  uint distance = right ? offset : 0u - offset;  // |Offset|, exact for INT_MIN too
  uint vector_elements = Param(DMLC_P_VECTOR);
  uint4 v = uint4(0, 0, 0, 0);
  [unroll] for (uint s = 0; s < 16 / ELEM_BYTES; ++s) {
    if (s < vector_elements) {
      uint x = column * vector_elements + s;
      bool on = right ? (x >= y && x - y == distance) : (y >= x && y - x == distance);
      PutElement(v, s, ELEM_BYTES, on ? value : uint2(0, 0));
    }
  }
  return v;
}

DEFINE_VECTOR_OR_ELEMENT_STORE(StoreAt, StoreOutput, StoreOutputWords)

[numthreads(DMLC_GPU_THREADS_PER_GROUP, 1, 1)]
void main(uint3 thread : SV_DispatchThreadID, uint3 group : SV_GroupID, uint3 local : SV_GroupThreadID) {
  uint rank = Param(DMLC_P_RANK);
  uint words = VectorWords();
  if (RowLaneBits() != 0) {
    RowWalk r = MakeRowWalk();
    uint length = r.length;
    uint out_step = LastStride(DMLC_P_OUT_STRIDES);
    FOR_EACH_ROW_PASS(g, group.x, r) {
      RowPass p = RowPassAt(r, g, local.x, rank - 2, rank - 1);
      if (!p.valid) continue;
      [unroll] for (uint u = 0; u < DMLC_GPU_ROW_VECTORS; ++u) {
        uint c = p.column + u * p.lanes;
        if (c < length) StoreAt(p.w.out_offset + c * out_step, words, DiagonalVector(p.w.coord_a, c));
      }
    }
    return;
  }
  FOR_EACH_ELEMENT(i, thread.x) {
    Walk w = WalkToCoords(i, rank - 2, rank - 1);
    StoreAt(w.out_offset, words, DiagonalVector(w.coord_a, w.coord_b));
  }
}
