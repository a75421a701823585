// The parameter block every GPU kernel reads from its constant buffer (register b0): one layout, written
// by dispatch_plan.cpp and read by kernels/common.hlsli. Plain #defines so that C++ and HLSL include the
// same file; there is no other copy of these numbers. All values are 32-bit words; strides and offsets
// are in elements of the tensor they walk, sizes in elements.
#ifndef DMLC_BACKENDS_GPU_PARAM_LAYOUT_H_
#define DMLC_BACKENDS_GPU_PARAM_LAYOUT_H_

// 256 threads: enough warps per group to hide memory latency, and the reduce kernels' lanes x outputs
// layouts (powers of two) divide it.
#define DMLC_GPU_THREAD_BITS 8
#define DMLC_GPU_THREADS_PER_GROUP (1 << DMLC_GPU_THREAD_BITS)
#define DMLC_GPU_MAX_DIMS 8

// The iteration space: `count` logical elements of `sizes` (row-major), visited by a grid-stride loop of
// `thread stride` threads. Each coordinate moves three tensors by its own strides: the output, the
// kernel's first input and an auxiliary input (0 where a tensor does not move along that coordinate).
// `vector`: elements one thread handles along the last dimension (1, or k with k * element bytes of 4,
// 8 or 16). With k > 1 the last size counts vectors, the last strides of the tensors that move are k,
// and every vector starts on a k-element boundary, so a thread loads and stores whole words (no
// sub-word atomics) in one Load/Load2/Load4.
#define DMLC_P_COUNT 0
#define DMLC_P_THREAD_STRIDE 1
#define DMLC_P_RANK 2
#define DMLC_P_VECTOR 3
#define DMLC_P_SIZES 4
#define DMLC_P_OUT_STRIDES 12
#define DMLC_P_IN_STRIDES 20
#define DMLC_P_AUX_STRIDES 28
#define DMLC_P_SCALARS 36
#define DMLC_P_ARRAY_A 44
#define DMLC_P_ARRAY_B 52
#define DMLC_P_WORDS 60

// Row walk of the element kernels (scalar 7; REDUCE uses that word for its splits): 0 walks the space
// element (vector) by element as above; n > 0 cuts it into rows along the last dimension, 2^n
// threads per row and 256 / 2^n rows per workgroup pass, each thread taking DMLC_GPU_ROW_VECTORS
// vectors 2^n apart. The coordinate division (and GATHER_ND1's index tuple, ONE_HOT's index) is then
// worked out once per row and pass, and a thread has several independent loads in flight.
#define DMLC_S_ROW_LANE_BITS 7
#define DMLC_GPU_ROW_VECTOR_BITS 2
#define DMLC_GPU_ROW_VECTORS (1 << DMLC_GPU_ROW_VECTOR_BITS)

// Kernel-specific scalars (index into the scalar block).
// copy: the output element offset the copied block starts at (JOIN's position along Axis).
#define DMLC_S_COPY_OUT_BASE 0
// gather_nd1: tuple size, indices stride along the tuple dimension, index flags, the input buffer's last
// element (TotalTensorSizeInBytes / element size - 1, at most 2^32 - 1), which every read is clamped to.
// ARRAY_A holds the sizes of the indexed input dimensions, ARRAY_B their strides.
#define DMLC_S_GATHER_TUPLE_SIZE 0
#define DMLC_S_GATHER_TUPLE_STRIDE 1
#define DMLC_S_GATHER_INDEX_FLAGS 2
#define DMLC_S_GATHER_LAST_ELEMENT 3
// one_hot: Axis, the output size along it, index flags, byte offset of OnValue in ValuesTensor
// (OffValue is element 0, at byte 0).
#define DMLC_S_ONE_HOT_AXIS 0
#define DMLC_S_ONE_HOT_DEPTH 1
#define DMLC_S_ONE_HOT_INDEX_FLAGS 2
#define DMLC_S_ONE_HOT_ON_OFFSET 3
// ... and, for vectors, the indices' stride (elements) between neighbouring elements of a vector.
#define DMLC_S_ONE_HOT_INDEX_STEP 4
// diagonal_matrix (DIAGONAL_MATRIX and DIAGONAL_MATRIX1): the band's bounds begin <= end, each a 64-bit
// two's complement word pair (low, high; they lie in [-2^31, 2^31]), whether it is inverted (Value
// outside the band), and the bits of Value in the output type (low, high word).
#define DMLC_S_DIAGONAL_BEGIN 0
#define DMLC_S_DIAGONAL_END 2
#define DMLC_S_DIAGONAL_INVERTED 4
#define DMLC_S_DIAGONAL_VALUE_LO 5
#define DMLC_S_DIAGONAL_VALUE_HI 6
// ... and in ARRAY_A, the flat walk (columns > 0): a packed output with no input walked as one run of
// 16-byte vectors whatever its row length, with the last two dimensions' sizes (columns, rows) and its
// element count.
#define DMLC_A_DIAGONAL_FLAT_COLUMNS 0
#define DMLC_A_DIAGONAL_FLAT_ROWS 1
#define DMLC_A_DIAGONAL_FLAT_ELEMENTS 2
// reduce: function (DML_REDUCE_FUNCTION), elements per reduction, reduced axis count, output element
// bytes, input signedness (integers), the thread layout, and splits (scalar 4 is unused: the input
// width is the kernel variant's). ARRAY_A
// holds the reduced axes' sizes, ARRAY_B their input strides, in ascending axis order (the last one
// moves fastest). The walk (COUNT, SIZES, ...) goes over the output elements; a workgroup reduces
// 256 / lanes of them, each with `lanes` threads combined in groupshared memory in a fixed tree.
#define DMLC_S_REDUCE_FUNCTION 0
#define DMLC_S_REDUCE_COUNT 1
#define DMLC_S_REDUCE_RANK 2
#define DMLC_S_REDUCE_OUT_BYTES 3
#define DMLC_S_REDUCE_SIGNED 5
// Layout word: mode (bits 0-1, DMLC_REDUCE_MODE_*), lane-major (bit 2: a thread's lane is its index
// modulo lanes, so lanes read neighbouring reduced elements; else neighbouring threads take
// neighbouring outputs), vectors (bit 3: one contiguous reduced axis whose every reduction starts on a
// 16-byte boundary and holds whole 16-byte vectors, so a lane loads 16 / element-bytes elements at a
// time and spans are cut at whole vectors), log2(lanes) (bits 8-15).
#define DMLC_S_REDUCE_LAYOUT 6
// MODE_PARTIAL: the reduction is cut into this many spans, one partial state each; MODE_COMBINE: the
// partial states per output to combine. 1 in MODE_FULL.
#define DMLC_S_REDUCE_SPLITS 7
#define DMLC_REDUCE_MODE_FULL 0     // input -> output
#define DMLC_REDUCE_MODE_PARTIAL 1  // input -> partial states: 16 bytes per (split, output), split-major
#define DMLC_REDUCE_MODE_COMBINE 2  // partial states -> output
#define DMLC_REDUCE_LANE_MAJOR 4
#define DMLC_REDUCE_VECTORS 8
#define DMLC_REDUCE_STATE_BYTES 16

// Index element flags (GATHER_ND1 and ONE_HOT indices: INT32, UINT32, INT64, UINT64).
#define DMLC_INDEX_SIGNED 1
#define DMLC_INDEX_WIDE 2

#endif  // DMLC_BACKENDS_GPU_PARAM_LAYOUT_H_
