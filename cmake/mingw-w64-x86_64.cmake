# Cross-compiles the tool for Windows x64 with Debian's mingw-w64 (g++-mingw-w64-x86-64-posix: the posix
# thread model, which std::thread and std::mutex need). Used by the "windows-mingw" preset:
#   cmake --preset windows-mingw && cmake --build --preset windows-mingw
# The header-only dependencies (CLI11, nlohmann_json, spdlog with fmt, both header-only) come from the
# host's Debian packages through the config packages in cmake/mingw/, which expose only those headers,
# never the rest of /usr/include; GoogleTest is built from /usr/src/googletest inside the build. Google
# Benchmark has no Windows build in Debian, so dml-bench is not part of the Windows build.
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)

set(DMLC_MINGW_TRIPLE x86_64-w64-mingw32)
set(CMAKE_C_COMPILER ${DMLC_MINGW_TRIPLE}-gcc-posix)
set(CMAKE_CXX_COMPILER ${DMLC_MINGW_TRIPLE}-g++-posix)
set(CMAKE_RC_COMPILER ${DMLC_MINGW_TRIPLE}-windres)

set(CMAKE_FIND_ROOT_PATH /usr/${DMLC_MINGW_TRIPLE})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# Static runtime: the .exe files run on a bare Windows (and under Wine) without mingw's DLLs beside them.
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static -static-libgcc -static-libstdc++")

foreach(package CLI11 nlohmann_json spdlog GTest)
  set(${package}_DIR ${CMAKE_CURRENT_LIST_DIR}/mingw/${package} CACHE PATH "cross config package")
endforeach()

# Tests run under Wine where it is installed; test discovery waits for ctest instead of running every
# .exe at build time.
find_program(DMLC_WINE NAMES wine wine64)
if(DMLC_WINE)
  set(CMAKE_CROSSCOMPILING_EMULATOR ${DMLC_WINE})
endif()
set(CMAKE_GTEST_DISCOVER_TESTS_DISCOVERY_MODE PRE_TEST)
