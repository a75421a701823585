# Exposes selected folders of the build host's /usr/include to the cross compiler through a staging
# directory of symlinks, so that a header-only library's headers are found without /usr/include itself
# (whose glibc headers would shadow mingw's).
function(dmlc_host_headers out_dir)
  set(stage ${CMAKE_BINARY_DIR}/host-headers)
  foreach(folder IN LISTS ARGN)
    if(NOT EXISTS /usr/include/${folder})
      message(FATAL_ERROR "/usr/include/${folder} is missing: install its Debian -dev package")
    endif()
    if(NOT EXISTS ${stage}/${folder})
      file(MAKE_DIRECTORY ${stage})
      file(CREATE_LINK /usr/include/${folder} ${stage}/${folder} SYMBOLIC)
    endif()
  endforeach()
  set(${out_dir} ${stage} PARENT_SCOPE)
endfunction()
