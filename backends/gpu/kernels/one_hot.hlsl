// ONE_HOT over the output's elements: the element at coordinate k along Axis is OnValue when the
// sequence's index resolves to k, else OffValue (ValuesTensor element 0). The walk's IN strides move the
// indices (zero along Axis). Type-agnostic: values are copied as ELEM_BYTES-byte bit patterns. On packed
// rows a thread writes a vector of elements (up to 16 bytes) as whole words. The row walk (planned only
// where the indices stay along the last dimension) loads and resolves the index once per row and pass.
#include "common.hlsli"

ByteAddressBuffer g_indices : register(t1);
ByteAddressBuffer g_values : register(t2);
RWByteAddressBuffer g_output : register(u3);
DEFINE_ELEMENT_LOADER(LoadIndex, g_indices)
DEFINE_ELEMENT_LOADER(LoadValue, g_values)
DEFINE_ELEMENT_STORER(StoreOutput, g_output)
DEFINE_VECTOR_STORER(StoreOutputWords, g_output)

// The vector (or element) at `column` along the last dimension, `first_index` the bits of its first
// element's index at `in_offset`, `along_axis` its coordinate along Axis unless Axis is the last one;
// `values` holds OffValue and OnValue, loaded once per thread (loads between the stores would wait).
uint4 OneHotVector(uint4 values, uint2 first_index, uint in_offset, uint along_axis, uint column) {
  uint axis = Scalar(DMLC_S_ONE_HOT_AXIS);
  uint depth = Scalar(DMLC_S_ONE_HOT_DEPTH);
  uint flags = Scalar(DMLC_S_ONE_HOT_INDEX_FLAGS);
  uint step = Scalar(DMLC_S_ONE_HOT_INDEX_STEP);
  uint index_bytes = IndexBytes(flags);
  uint last = Param(DMLC_P_RANK) - 1;
  uint vector_elements = Param(DMLC_P_VECTOR);
  uint4 v = uint4(0, 0, 0, 0);
  [unroll] for (uint s = 0; s < 16 / ELEM_BYTES; ++s) {
    if (s < vector_elements) {
      // Along Axis the index is the same for the whole vector (step 0): one load serves it.
      uint2 index = step == 0 ? first_index : LoadIndex((in_offset + s * step) * index_bytes, index_bytes);
      uint position = axis == last ? column * vector_elements + s : along_axis;
      uint resolved;
      bool hot = ResolveIndex(index, flags, depth, resolved) && resolved == position;
      PutElement(v, s, ELEM_BYTES, hot ? values.zw : values.xy);
    }
  }
  return v;
}

DEFINE_VECTOR_OR_ELEMENT_STORE(StoreAt, StoreOutput, StoreOutputWords)

[numthreads(DMLC_GPU_THREADS_PER_GROUP, 1, 1)]
void main(uint3 thread : SV_DispatchThreadID, uint3 group : SV_GroupID, uint3 local : SV_GroupThreadID) {
  uint axis = Scalar(DMLC_S_ONE_HOT_AXIS);
  uint words = VectorWords();
  uint index_bytes = IndexBytes(Scalar(DMLC_S_ONE_HOT_INDEX_FLAGS));
  uint last = Param(DMLC_P_RANK) - 1;
  uint4 values = uint4(LoadValue(0, ELEM_BYTES), LoadValue(Scalar(DMLC_S_ONE_HOT_ON_OFFSET), ELEM_BYTES));
  if (RowLaneBits() != 0) {
    RowWalk r = MakeRowWalk();
    uint length = r.length;
    uint out_step = LastStride(DMLC_P_OUT_STRIDES);
    FOR_EACH_ROW_PASS(g, group.x, r) {
      RowPass p = RowPassAt(r, g, local.x, axis, last);
      if (!p.valid) continue;
      uint2 index = LoadIndex(p.w.in_offset * index_bytes, index_bytes);
      [unroll] for (uint u = 0; u < DMLC_GPU_ROW_VECTORS; ++u) {
        uint c = p.column + u * p.lanes;
        if (c < length) StoreAt(p.w.out_offset + c * out_step, words, OneHotVector(values, index, p.w.in_offset, p.w.coord_a, c));
      }
    }
    return;
  }
  FOR_EACH_ELEMENT(i, thread.x) {
    Walk w = WalkToCoords(i, axis, last);
    uint2 first_index = LoadIndex(w.in_offset * index_bytes, index_bytes);
    StoreAt(w.out_offset, words, OneHotVector(values, first_index, w.in_offset, w.coord_a, w.coord_b));
  }
}
