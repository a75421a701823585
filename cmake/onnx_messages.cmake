# The ONNX messages (onnx::ModelProto, TensorProto) as the target dmlc_onnx_messages, and
# DMLC_ONNX_FOUND saying whether there are any (CMakeLists.txt says where each build gets them).
set(DMLC_ONNX_FOUND OFF)
if(NOT DMLC_WITH_ONNX)
  return()
endif()

if(DMLC_PROTOBUF_MINGW)
  # The cross build: the host's protoc (Debian's, the version of the cross-built library) generates the
  # messages from the host's onnx.proto; its headers and library are the prefix's, never the host's.
  find_program(DMLC_PROTOC protoc)
  set(DMLC_ONNX_PROTO /usr/include/onnx/onnx.proto CACHE FILEPATH "onnx.proto (libonnx-dev's) for the generated messages")
  if(NOT DMLC_PROTOC OR NOT EXISTS "${DMLC_ONNX_PROTO}" OR NOT EXISTS "${DMLC_PROTOBUF_MINGW}/lib/libprotobuf-lite.a")
    message(STATUS "ONNX node tests: not read (need protoc, ${DMLC_ONNX_PROTO} and ${DMLC_PROTOBUF_MINGW}/lib/libprotobuf-lite.a)")
    return()
  endif()
  get_filename_component(dmlc_onnx_proto_dir "${DMLC_ONNX_PROTO}" DIRECTORY)  # .../include/onnx
  get_filename_component(dmlc_onnx_import_dir "${dmlc_onnx_proto_dir}" DIRECTORY)
  set(gen "${CMAKE_BINARY_DIR}/onnx_messages")
  add_custom_command(
    OUTPUT "${gen}/onnx/onnx.pb.cc" "${gen}/onnx/onnx.pb.h"
    COMMAND ${CMAKE_COMMAND} -E make_directory "${gen}"
    COMMAND "${DMLC_PROTOC}" --cpp_out=${gen} -I${dmlc_onnx_import_dir} "${DMLC_ONNX_PROTO}"
    DEPENDS "${DMLC_ONNX_PROTO}"
    COMMENT "Generating the ONNX messages from ${DMLC_ONNX_PROTO}")
  # The header name Debian's libonnx-dev gives them, so that the reader includes one name in both builds.
  file(WRITE "${gen}/onnx/onnx_pb.h" "// Generated: the ONNX messages under libonnx-dev's header name.\n#pragma once\n#include \"onnx/onnx.pb.h\"\n")
  add_library(dmlc_onnx_messages STATIC "${gen}/onnx/onnx.pb.cc")
  target_include_directories(dmlc_onnx_messages SYSTEM PUBLIC "${gen}" "${DMLC_PROTOBUF_MINGW}/include")
  target_link_libraries(dmlc_onnx_messages PUBLIC "${DMLC_PROTOBUF_MINGW}/lib/libprotobuf-lite.a")
  target_compile_options(dmlc_onnx_messages PRIVATE -w)  # protoc's code, not ours
  set(DMLC_ONNX_FOUND ON)
  return()
endif()

find_package(Protobuf QUIET)
find_package(ONNX CONFIG QUIET)
if(Protobuf_FOUND AND ONNX_FOUND AND TARGET onnx_proto)
  add_library(dmlc_onnx_messages INTERFACE)
  target_link_libraries(dmlc_onnx_messages INTERFACE onnx_proto protobuf::libprotobuf)
  set(DMLC_ONNX_FOUND ON)
else()
  message(STATUS "ONNX node tests: not read (libonnx-dev or libprotobuf-dev not found)")
endif()
