# The GPU kernel variants, the one list every GPU backend builds from: name|source|defines|device
# feature it needs ("-" for none). Defines are comma-separated. dispatch_plan.cpp produces these names.
set(DMLC_GPU_KERNEL_DIR ${CMAKE_CURRENT_LIST_DIR}/kernels)
set(DMLC_GPU_KERNEL_HEADERS ${DMLC_GPU_KERNEL_DIR}/common.hlsli ${DMLC_GPU_KERNEL_DIR}/reduce_log_sum_exp.hlsli
    ${DMLC_GPU_KERNEL_DIR}/reduce_select_keys.hlsli ${CMAKE_CURRENT_LIST_DIR}/param_layout.h)
set(DMLC_GPU_KERNELS)
foreach(kernel copy gather_nd1 one_hot diagonal_matrix)
  foreach(bytes 1 2 4 8)
    list(APPEND DMLC_GPU_KERNELS "${kernel}_b${bytes}|${kernel}.hlsl|ELEM_BYTES=${bytes}|-")
  endforeach()
endforeach()
foreach(bytes 1 2 4 8)  # DIAGONAL_MATRIX1 with an InputTensor
  list(APPEND DMLC_GPU_KERNELS "diagonal_matrix_input_b${bytes}|diagonal_matrix.hlsl|ELEM_BYTES=${bytes},DIAGONAL_INPUT|-")
endforeach()
list(APPEND DMLC_GPU_KERNELS
  "reduce_f32|reduce.hlsl|REDUCE_F32|-"
  "reduce_f16|reduce.hlsl|REDUCE_F16|-"
  "reduce_i8|reduce.hlsl|REDUCE_I8|-"
  "reduce_i16|reduce.hlsl|REDUCE_I16|-"
  "reduce_i32|reduce.hlsl|REDUCE_I32|-"
  "reduce_f16_words|reduce.hlsl|REDUCE_F16,REDUCE_OUTPUT_WORDS|-"
  "reduce_i8_words|reduce.hlsl|REDUCE_I8,REDUCE_OUTPUT_WORDS|-"
  "reduce_i16_words|reduce.hlsl|REDUCE_I16,REDUCE_OUTPUT_WORDS|-"
  "reduce_i64|reduce.hlsl|REDUCE_I64|shaderInt64"
)
