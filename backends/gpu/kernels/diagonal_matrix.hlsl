// DIAGONAL_MATRIX over the output's elements: Value where x - y == Offset in the last two dimensions,
// zero elsewhere. The host converted Value to the output type's bits, so the kernel is type-agnostic.
// On packed rows a thread writes a vector of elements (up to 16 bytes) as whole words. Row y's one
// diagonal column is worked out once per row (once per pass on the row walk).
#include "common.hlsli"

RWByteAddressBuffer g_output : register(u1);
DEFINE_ELEMENT_STORER(StoreOutput, g_output)
DEFINE_VECTOR_STORER(StoreOutputWords, g_output)

// Row y's span: the column y + Offset where that lies in [0, 2^32), else nothing.
Span DiagonalSpan(uint y) {
  uint offset = Scalar(DMLC_S_DIAGONAL_OFFSET);
  bool right = (offset >> 31) == 0;
  uint distance = right ? offset : 0u - offset;  // |Offset|, exact for INT_MIN too
  Span span;
  span.first = right ? y + distance : y - distance;
  span.count = (right ? span.first >= y : y >= distance) ? 1u : 0u;
  return span;
}

DEFINE_VECTOR_OR_ELEMENT_STORE(StoreAt, StoreOutput, StoreOutputWords)

[numthreads(DMLC_GPU_THREADS_PER_GROUP, 1, 1)]
void main(uint3 thread : SV_DispatchThreadID, uint3 group : SV_GroupID, uint3 local : SV_GroupThreadID) {
  uint rank = Param(DMLC_P_RANK);
  uint words = VectorWords();
  uint2 value = uint2(Scalar(DMLC_S_DIAGONAL_VALUE_LO), Scalar(DMLC_S_DIAGONAL_VALUE_HI));
  uint2 zero = uint2(0, 0);
  if (RowLaneBits() != 0) {
    RowWalk r = MakeRowWalk();
    uint length = r.length;
    uint out_step = LastStride(DMLC_P_OUT_STRIDES);
    FOR_EACH_ROW_PASS(g, group.x, r) {
      RowPass p = RowPassAt(r, g, local.x, rank - 2, rank - 1);
      if (!p.valid) continue;
      Span span = DiagonalSpan(p.w.coord_a);
      [unroll] for (uint u = 0; u < DMLC_GPU_ROW_VECTORS; ++u) {
        uint c = p.column + u * p.lanes;
        if (c < length) StoreAt(p.w.out_offset + c * out_step, words, SpanVector(span, c, value, zero));
      }
    }
    return;
  }
  FOR_EACH_ELEMENT(i, thread.x) {
    Walk w = WalkToCoords(i, rank - 2, rank - 1);
    StoreAt(w.out_offset, words, SpanVector(DiagonalSpan(w.coord_a), w.coord_b, value, zero));
  }
}
