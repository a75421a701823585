// The parameter block every GPU kernel reads from its constant buffer (register b0): one layout, written
// by dispatch_plan.cpp and read by kernels/common.hlsli. Plain #defines so that C++ and HLSL include the
// same file; there is no other copy of these numbers. All values are 32-bit words; strides and offsets
// are in elements of the tensor they walk, sizes in elements.
#ifndef DMLC_BACKENDS_GPU_PARAM_LAYOUT_H_
#define DMLC_BACKENDS_GPU_PARAM_LAYOUT_H_

#define DMLC_GPU_THREADS_PER_GROUP 64
#define DMLC_GPU_MAX_DIMS 8

// The iteration space: `count` logical elements of `sizes` (row-major), visited by a grid-stride loop of
// `thread stride` threads. Each coordinate moves three tensors by its own strides: the output, the
// kernel's first input and an auxiliary input (0 where a tensor does not move along that coordinate).
#define DMLC_P_COUNT 0
#define DMLC_P_THREAD_STRIDE 1
#define DMLC_P_RANK 2
#define DMLC_P_SIZES 4
#define DMLC_P_OUT_STRIDES 12
#define DMLC_P_IN_STRIDES 20
#define DMLC_P_AUX_STRIDES 28
#define DMLC_P_SCALARS 36
#define DMLC_P_ARRAY_A 44
#define DMLC_P_ARRAY_B 52
#define DMLC_P_WORDS 60

// Kernel-specific scalars (index into the scalar block).
// copy: the output element offset the copied block starts at (JOIN's position along Axis).
#define DMLC_S_COPY_OUT_BASE 0
// gather_nd1: tuple size, indices stride along the tuple dimension, index flags. ARRAY_A holds the
// sizes of the indexed input dimensions, ARRAY_B their strides.
#define DMLC_S_GATHER_TUPLE_SIZE 0
#define DMLC_S_GATHER_TUPLE_STRIDE 1
#define DMLC_S_GATHER_INDEX_FLAGS 2
// one_hot: Axis, the output size along it, index flags, byte offset of OnValue in ValuesTensor
// (OffValue is element 0, at byte 0).
#define DMLC_S_ONE_HOT_AXIS 0
#define DMLC_S_ONE_HOT_DEPTH 1
#define DMLC_S_ONE_HOT_INDEX_FLAGS 2
#define DMLC_S_ONE_HOT_ON_OFFSET 3
// diagonal_matrix: Offset (two's complement), the bits of Value in the output type (low, high word).
#define DMLC_S_DIAGONAL_OFFSET 0
#define DMLC_S_DIAGONAL_VALUE_LO 1
#define DMLC_S_DIAGONAL_VALUE_HI 2
// reduce: function (DML_REDUCE_FUNCTION), elements per reduction, reduced axis count, output element
// bytes, input element bytes, input signedness (integers). ARRAY_A holds the reduced axes' sizes,
// ARRAY_B their input strides, in ascending axis order (the last one moves fastest).
#define DMLC_S_REDUCE_FUNCTION 0
#define DMLC_S_REDUCE_COUNT 1
#define DMLC_S_REDUCE_RANK 2
#define DMLC_S_REDUCE_OUT_BYTES 3
#define DMLC_S_REDUCE_IN_BYTES 4
#define DMLC_S_REDUCE_SIGNED 5

// Index element flags (GATHER_ND1 and ONE_HOT indices: INT32, UINT32, INT64, UINT64).
#define DMLC_INDEX_SIGNED 1
#define DMLC_INDEX_WIDE 2

#endif  // DMLC_BACKENDS_GPU_PARAM_LAYOUT_H_
