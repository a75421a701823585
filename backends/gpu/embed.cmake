# What the GPU backends' embed steps share, at configure time and in their build-time scripts
# (cmake -P): the kernel list as a manifest file, one kernels.cmake line split into its fields, and a
# generated file written only when its text changes (so an unchanged kernel set rebuilds nothing).

# Writes DMLC_GPU_KERNELS (kernels.cmake), one "name|source|defines|feature" line per variant.
function(dmlc_write_kernel_manifest path)
  string(REPLACE ";" "\n" text "${DMLC_GPU_KERNELS}")
  file(CONFIGURE OUTPUT ${path} CONTENT "${text}\n")
endfunction()

# Sets <prefix>_name, <prefix>_source, <prefix>_defines (a list) and <prefix>_feature ("" for "-").
macro(dmlc_kernel_fields entry prefix)
  string(REPLACE "|" ";" _dmlc_fields "${entry}")
  list(GET _dmlc_fields 0 ${prefix}_name)
  list(GET _dmlc_fields 1 ${prefix}_source)
  list(GET _dmlc_fields 2 ${prefix}_defines)
  list(GET _dmlc_fields 3 ${prefix}_feature)
  string(REPLACE "," ";" ${prefix}_defines "${${prefix}_defines}")
  if(${prefix}_feature STREQUAL "-")
    set(${prefix}_feature "")
  endif()
endmacro()

function(dmlc_write_generated output text)
  file(WRITE ${output}.tmp "${text}")
  file(COPY_FILE ${output}.tmp ${output} ONLY_IF_DIFFERENT)
endfunction()
