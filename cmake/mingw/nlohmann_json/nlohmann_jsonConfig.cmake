# nlohmann_json for the mingw cross build: Debian's header-only nlohmann-json3-dev.
include(${CMAKE_CURRENT_LIST_DIR}/../host_headers.cmake)
if(NOT TARGET nlohmann_json::nlohmann_json)
  dmlc_host_headers(dir nlohmann)
  add_library(nlohmann_json::nlohmann_json INTERFACE IMPORTED GLOBAL)
  set_target_properties(nlohmann_json::nlohmann_json PROPERTIES INTERFACE_INCLUDE_DIRECTORIES ${dir})
endif()
