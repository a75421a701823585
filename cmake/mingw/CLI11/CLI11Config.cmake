# CLI11 for the mingw cross build: Debian's header-only libcli11-dev.
include(${CMAKE_CURRENT_LIST_DIR}/../host_headers.cmake)
if(NOT TARGET CLI11::CLI11)
  dmlc_host_headers(dir CLI)
  add_library(CLI11::CLI11 INTERFACE IMPORTED GLOBAL)
  set_target_properties(CLI11::CLI11 PROPERTIES INTERFACE_INCLUDE_DIRECTORIES ${dir})
endif()
