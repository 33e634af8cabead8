# SPDX-License-Identifier: Apache-2.0
# What every case of placement/ starts with: placement_case(<value> [ARGS -D...]) configures
# tests/cmake/placement/project, which calls cudaarch_set_architectures after project(), with
# the real nvcc (CASE_NVCC), under CASE_GENERATOR (default Ninja), the user's
# CMAKE_CUDA_ARCHITECTURES=<value> and CudaArchBeforeProject.cmake: through
# CMAKE_PROJECT_TOP_LEVEL_INCLUDES from CMake 3.24, through include() before project() before
# (-DBEFORE_PROJECT_INCLUDE=ON). It prints what set_architectures_case prints (nvcc's threads
# left out: how they are shared depends on the generator and the release), less what the CMake
# release decides, which it checks against the data file instead
# (set_architectures_release_lines), so that what it prints is the same on every CMake.
include("${CMAKE_CURRENT_LIST_DIR}/set_architectures/configure.cmake")
get_filename_component(_placement_source "${CMAKE_CURRENT_LIST_DIR}/../.." ABSOLUTE)

function(placement_case value)
  cmake_parse_arguments(PARSE_ARGV 1 a "" "" "ARGS")
  set(source "${_placement_source}")
  set(generator "${CASE_GENERATOR}")
  if(NOT generator)
    set(generator Ninja)
  endif()
  set(hook -DBEFORE_PROJECT_INCLUDE=ON)
  if(CMAKE_VERSION VERSION_GREATER_EQUAL 3.24)
    set(hook "-DCMAKE_PROJECT_TOP_LEVEL_INCLUDES=${source}/cmake/CudaArchBeforeProject.cmake")
  endif()
  set_architectures_case(RETURN run PROJECT "${source}/tests/cmake/placement/project"
    ARGS -G "${generator}" "-DCMAKE_CUDA_COMPILER=${CASE_NVCC}" "${hook}" -DCUDAARCH_NVCC_THREADS=OFF
         "-DCMAKE_CUDA_ARCHITECTURES=${value}" ${a_ARGS})
  set(lines "${run_lines}")
  set_architectures_release_lines(lines why "${value}")
  set_architectures_print("${lines}" "${run_stderr}" "${run_rc}")
  if(why)
    message(FATAL_ERROR "${why}")
  endif()
endfunction()
