# The operators' source stems: each folder that keeps a file per operator adds its files from this one
# list, so an operator in files of its own is named here once, not in five CMakeLists.txt:
#   ops/operators/<stem>.cpp, backends/cpu/<stem>.cpp, backends/plain/<stem>.cpp,
#   backends/gpu/plan_<stem>.cpp, app/fuzz/<stem>_draft.cpp.
# An operator beside a sibling (DIAGONAL_MATRIX1 in diagonal_matrix) adds nothing here.
set(DMLC_OPERATOR_SOURCES diagonal_matrix gather_nd1 join one_hot reduce)

# Sets <out> to <prefix><stem><suffix> for every stem.
function(dmlc_operator_files out prefix suffix)
  set(files ${DMLC_OPERATOR_SOURCES})
  list(TRANSFORM files PREPEND "${prefix}")
  list(TRANSFORM files APPEND "${suffix}")
  set(${out} ${files} PARENT_SCOPE)
endfunction()
