// ONE_HOT over the output's elements: the element at coordinate k along Axis is OnValue when the
// sequence's index resolves to k, else OffValue (ValuesTensor element 0). The walk's IN strides move the
// indices (zero along Axis). Type-agnostic: values are copied as ELEM_BYTES-byte bit patterns. On packed
// rows a thread writes a vector of elements (up to 16 bytes) as whole words, 16 bytes in one store
// (DEFINE_WIDE_VECTOR_STORER). Where one index serves a whole vector (the indices do not move along the
// last dimension) it becomes the vector's span of OnValue columns, resolved once per vector (once per
// row and pass on the row walk, which is planned only there).
//
// variant: one_hot_b1|ELEM_BYTES=1|-
// variant: one_hot_b2|ELEM_BYTES=2|-
// variant: one_hot_b4|ELEM_BYTES=4|-
// variant: one_hot_b8|ELEM_BYTES=8|-
#include "common.hlsli"

ByteAddressBuffer g_indices : register(t1);
ByteAddressBuffer g_values : register(t2);
RWByteAddressBuffer g_output : register(u3);
DEFINE_ELEMENT_LOADER(LoadIndex, g_indices)
DEFINE_ELEMENT_LOADER(LoadValue, g_values)
DEFINE_ELEMENT_STORER(StoreOutput, g_output)
DEFINE_WIDE_VECTOR_STORER(StoreOutputWords, g_output, u3)

// A row holds OnValue in a span of columns and OffValue elsewhere. The span is worked out once per row,
// so an element costs a subtraction and a compare: resolving the index per element made ONE_HOT run far
// slower on the H200 (with 16-byte stores the span keeps up with the copy, so storing OffValue before the
// index arrives is no faster).
struct Span {
  uint first;  // elements x along the last dimension with x - first < count (unsigned) are in the span
  uint count;
};

Span EmptySpan() {
  Span s;
  s.first = 0;
  s.count = 0;
  return s;
}

// The vector (or element) at `column` (in vectors) of a row whose span holds `inside`, the rest `outside`:
// `outside` in every element, then `inside` over the span's part of the vector, worked out from its
// ends rather than by a compare per element (a compare per element held 16-element INT8 vectors well
// below the copy on the H200).
uint4 SpanVector(Span span, uint column, uint2 inside, uint2 outside) {
  uint k = Param(DMLC_P_VECTOR);
  uint x = column * k;
  uint4 v = FillVector(outside, ELEM_BYTES);
  // The span's part of the vector: positions [lo, hi) (empty where lo >= hi).
  uint lo = span.first > x ? span.first - x : 0u;
  uint end = span.count > 0xFFFFFFFFu - span.first ? 0xFFFFFFFFu : span.first + span.count;
  uint hi = end > x ? min(end - x, k) : 0u;
  if (lo == 0 && hi == k) return FillVector(inside, ELEM_BYTES);
  for (uint s = lo; s < hi; ++s) SetElement(v, s, ELEM_BYTES, inside);
  return v;
}

bool IsHot(uint2 index, uint position) {
  uint resolved;
  return ResolveIndex(index, Scalar(DMLC_S_ONE_HOT_INDEX_FLAGS), Scalar(DMLC_S_ONE_HOT_DEPTH), resolved) &&
         resolved == position;
}

uint2 LoadIndexAt(uint element) {
  uint index_bytes = IndexBytes(Scalar(DMLC_S_ONE_HOT_INDEX_FLAGS));
  return LoadIndex(element * index_bytes, index_bytes);
}

// The OnValue columns of a row (along the last dimension) whose index is `index`: the resolved column
// when Axis is the last dimension, else every column or none, by the row's coordinate along Axis.
Span OneHotSpan(uint2 index, uint along_axis) {
  Span span = EmptySpan();
  if (Scalar(DMLC_S_ONE_HOT_AXIS) == Param(DMLC_P_RANK) - 1) {
    uint resolved;
    if (ResolveIndex(index, Scalar(DMLC_S_ONE_HOT_INDEX_FLAGS), Scalar(DMLC_S_ONE_HOT_DEPTH), resolved)) {
      span.first = resolved;
      span.count = 1;
    }
  } else if (IsHot(index, along_axis)) {
    span.count = 0xFFFFFFFFu;
  }
  return span;
}

// A vector whose elements each have their own index (the indices move along the last dimension, `step`
// elements apart), Axis not being the last dimension.
uint4 OneHotVectorOfIndices(uint2 on, uint2 off, uint in_offset, uint step, uint along_axis) {
  uint vector_elements = Param(DMLC_P_VECTOR);
  uint4 v = uint4(0, 0, 0, 0);
  [unroll] for (uint s = 0; s < 16 / ELEM_BYTES; ++s) {
    if (s < vector_elements) {
      PutElement(v, s, ELEM_BYTES, IsHot(LoadIndexAt(in_offset + s * step), along_axis) ? on : off);
    }
  }
  return v;
}

DEFINE_VECTOR_OR_ELEMENT_STORE(StoreAt, StoreOutput, StoreOutputWords)

[numthreads(DMLC_GPU_THREADS_PER_GROUP, 1, 1)]
void main(uint3 thread : SV_DispatchThreadID, uint3 group : SV_GroupID, uint3 local : SV_GroupThreadID) {
  uint axis = Scalar(DMLC_S_ONE_HOT_AXIS);
  uint step = Scalar(DMLC_S_ONE_HOT_INDEX_STEP);
  uint words = VectorWords();
  uint last = Param(DMLC_P_RANK) - 1;
  // OffValue and OnValue, loaded once per thread (loads between the stores would wait).
  uint2 off = LoadValue(0, ELEM_BYTES);
  uint2 on = LoadValue(Scalar(DMLC_S_ONE_HOT_ON_OFFSET), ELEM_BYTES);
  if (RowLaneBits() != 0) {
    RowWalk r = MakeRowWalk();
    uint length = r.length;
    uint out_step = LastStride(DMLC_P_OUT_STRIDES);
    FOR_EACH_ROW_PASS(g, group.x, r) {
      RowPass p = RowPassAt(r, g, local.x, axis, last);
      if (!p.valid) continue;
      Span span = OneHotSpan(LoadIndexAt(p.w.in_offset), p.w.coord_a);
      [unroll] for (uint u = 0; u < DMLC_GPU_ROW_VECTORS; ++u) {
        uint c = p.column + u * p.lanes;
        if (c < length) StoreAt(p.w.out_offset + c * out_step, words, SpanVector(span, c, on, off));
      }
    }
    return;
  }
  FOR_EACH_ELEMENT(i, thread.x) {
    Walk w = WalkToCoords(i, axis, last);
    uint4 v = step == 0 ? SpanVector(OneHotSpan(LoadIndexAt(w.in_offset), w.coord_a), w.coord_b, on, off)
                        : OneHotVectorOfIndices(on, off, w.in_offset, step, w.coord_a);
    StoreAt(w.out_offset, words, v);
  }
}
