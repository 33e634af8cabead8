# SPDX-License-Identifier: Apache-2.0
# What the cases of tests/cmake/downstream share, on the harness of
# tests/cmake/set_architectures/configure.cmake (set_architectures_case: a configure with the
# machine fixed, CudaArch's own lines of its output).
#   downstream_path_without_nvcc(<out_var>): this PATH less every folder that holds an nvcc,
#     a machine without one (CMake's compiler search also reads CUDACXX and CUDA_PATH, which
#     downstream_unset_cuda unsets).
#   downstream_fake_nvcc(<out_var> <dir>): <dir>/bin/nvcc, a second nvcc that runs CASE_NVCC
#     (the real one) for every request, so that where it is found tells the two apart.
#   downstream_print(<text> <regex>): each line of <text> that starts with what <regex>
#     matches, as a STATUS line of its own (its own "-- " taken off).
#   downstream_source_dir: this source tree.
include_guard(GLOBAL)
include("${CMAKE_CURRENT_LIST_DIR}/../set_architectures/configure.cmake")
get_filename_component(downstream_source_dir "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)
set(downstream_unset_cuda --unset=CUDACXX --unset=CUDA_PATH --unset=CUDAToolkit_ROOT --unset=CUDAHOSTCXX)

function(downstream_path_without_nvcc out_var)
  string(REPLACE ":" ";" folders "$ENV{PATH}")
  set(kept "")
  foreach(folder IN LISTS folders)
    if(NOT folder STREQUAL "" AND NOT EXISTS "${folder}/nvcc")
      list(APPEND kept "${folder}")
    endif()
  endforeach()
  string(REPLACE ";" ":" kept "${kept}")
  set(${out_var} "${kept}" PARENT_SCOPE)
endfunction()

function(downstream_fake_nvcc out_var dir)
  file(WRITE "${dir}/nvcc.in" "#!/bin/sh\nexec '${CASE_NVCC}' \"$@\"\n")
  file(COPY "${dir}/nvcc.in" DESTINATION "${dir}/bin" FILE_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE)
  file(RENAME "${dir}/bin/nvcc.in" "${dir}/bin/nvcc")
  set(${out_var} "${dir}/bin/nvcc" PARENT_SCOPE)
endfunction()

function(downstream_print text regex)
  string(ASCII 1 semicolon)  # a line's ';' would split the list of lines
  string(REPLACE ";" "${semicolon}" text "${text}")
  string(REGEX MATCHALL "${regex}[^\n]*" lines "${text}")
  foreach(line IN LISTS lines)
    string(REGEX REPLACE "^-- " "" line "${line}")
    string(REPLACE "${semicolon}" ";" line "${line}")
    message(STATUS "${line}")
  endforeach()
endfunction()
