// ONE_HOT over the output's elements: the element at coordinate k along Axis is OnValue when the
// sequence's index resolves to k, else OffValue (ValuesTensor element 0). The walk's IN strides move the
// indices (zero along Axis). Type-agnostic: values are copied as ELEM_BYTES-byte bit patterns.
#include "common.hlsli"

ByteAddressBuffer g_indices : register(t1);
ByteAddressBuffer g_values : register(t2);
RWByteAddressBuffer g_output : register(u3);
DEFINE_ELEMENT_LOADER(LoadIndex, g_indices)
DEFINE_ELEMENT_LOADER(LoadValue, g_values)
DEFINE_ELEMENT_STORER(StoreOutput, g_output)

[numthreads(DMLC_GPU_THREADS_PER_GROUP, 1, 1)]
void main(uint3 thread : SV_DispatchThreadID) {
  uint axis = Scalar(DMLC_S_ONE_HOT_AXIS);
  uint depth = Scalar(DMLC_S_ONE_HOT_DEPTH);
  uint flags = Scalar(DMLC_S_ONE_HOT_INDEX_FLAGS);
  uint index_bytes = IndexBytes(flags);
  uint2 off_value = LoadValue(0, ELEM_BYTES);
  uint2 on_value = LoadValue(Scalar(DMLC_S_ONE_HOT_ON_OFFSET), ELEM_BYTES);
  FOR_EACH_ELEMENT(i, thread.x) {
    Walk w = WalkTo(i);
    uint resolved;
    bool hot = ResolveIndex(LoadIndex(w.in_offset * index_bytes, index_bytes), flags, depth, resolved) &&
               resolved == w.coords[axis];
    StoreOutput(w.out_offset * ELEM_BYTES, ELEM_BYTES, hot ? on_value : off_value);
  }
}
