# spdlog for the mingw cross build: Debian's libspdlog-dev and libfmt-dev headers, both used header-only
# (Debian ships their compiled libraries for Linux only). Debian's spdlog/tweakme.h sets SPDLOG_FMT_EXTERNAL.
include(${CMAKE_CURRENT_LIST_DIR}/../host_headers.cmake)
if(NOT TARGET spdlog::spdlog)
  dmlc_host_headers(dir spdlog fmt)
  add_library(fmt::fmt-header-only INTERFACE IMPORTED GLOBAL)
  set_target_properties(fmt::fmt-header-only PROPERTIES
    INTERFACE_INCLUDE_DIRECTORIES ${dir} INTERFACE_COMPILE_DEFINITIONS FMT_HEADER_ONLY=1)
  add_library(fmt::fmt ALIAS fmt::fmt-header-only)
  add_library(spdlog::spdlog_header_only INTERFACE IMPORTED GLOBAL)
  set_target_properties(spdlog::spdlog_header_only PROPERTIES
    INTERFACE_COMPILE_DEFINITIONS "SPDLOG_HEADER_ONLY;SPDLOG_FMT_EXTERNAL"
    INTERFACE_LINK_LIBRARIES fmt::fmt-header-only)
  add_library(spdlog::spdlog ALIAS spdlog::spdlog_header_only)
endif()
