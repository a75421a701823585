// ONE_HOT over the output's elements: the element at coordinate k along Axis is OnValue when the
// sequence's index resolves to k, else OffValue (ValuesTensor element 0). The walk's IN strides move the
// indices (zero along Axis). Type-agnostic: values are copied as ELEM_BYTES-byte bit patterns. On packed
// rows a thread writes a vector of elements (up to 16 bytes) as whole words.
#include "common.hlsli"

ByteAddressBuffer g_indices : register(t1);
ByteAddressBuffer g_values : register(t2);
RWByteAddressBuffer g_output : register(u3);
DEFINE_ELEMENT_LOADER(LoadIndex, g_indices)
DEFINE_ELEMENT_LOADER(LoadValue, g_values)
DEFINE_ELEMENT_STORER(StoreOutput, g_output)
DEFINE_VECTOR_STORER(StoreOutputWords, g_output)

[numthreads(DMLC_GPU_THREADS_PER_GROUP, 1, 1)]
void main(uint3 thread : SV_DispatchThreadID) {
  uint axis = Scalar(DMLC_S_ONE_HOT_AXIS);
  uint depth = Scalar(DMLC_S_ONE_HOT_DEPTH);
  uint flags = Scalar(DMLC_S_ONE_HOT_INDEX_FLAGS);
  uint step = Scalar(DMLC_S_ONE_HOT_INDEX_STEP);
  uint index_bytes = IndexBytes(flags);
  uint2 off_value = LoadValue(0, ELEM_BYTES);
  uint2 on_value = LoadValue(Scalar(DMLC_S_ONE_HOT_ON_OFFSET), ELEM_BYTES);
  uint last = Param(DMLC_P_RANK) - 1;
  uint vector_elements = Param(DMLC_P_VECTOR);
  FOR_EACH_ELEMENT(i, thread.x) {
    Walk w = WalkToCoords(i, axis, last);
    // Along Axis the index is the same for the whole vector (step 0): one load serves it.
    uint2 first_index = LoadIndex(w.in_offset * index_bytes, index_bytes);
    uint4 v = uint4(0, 0, 0, 0);
    [unroll] for (uint s = 0; s < 16 / ELEM_BYTES; ++s) {
      if (s < vector_elements) {
        uint2 index = step == 0 ? first_index : LoadIndex((w.in_offset + s * step) * index_bytes, index_bytes);
        uint position = axis == last ? w.coord_b * vector_elements + s : w.coord_a;
        uint resolved;
        bool hot = ResolveIndex(index, flags, depth, resolved) && resolved == position;
        PutElement(v, s, ELEM_BYTES, hot ? on_value : off_value);
      }
    }
    if (vector_elements > 1) {
      StoreOutputWords(w.out_offset * ELEM_BYTES, vector_elements * ELEM_BYTES / 4, v);
    } else {
      StoreOutput(w.out_offset * ELEM_BYTES, ELEM_BYTES, ELEM_BYTES == 8 ? v.xy : uint2(v.x, 0));
    }
  }
}
