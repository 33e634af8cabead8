# SPDX-License-Identifier: Apache-2.0
# What every case of target/ is built from: a project with the modules, ${nvcc} a fake nvcc
# 13.0, a C++ library k, and the directory request <request> (none when empty).
#   target_project(<request>)  ...the case's call...  target_print()
include_guard(GLOBAL)
include("${CMAKE_CURRENT_LIST_DIR}/../toolkits/fixture_nvcc.cmake")

macro(target_project request)
  set(CUDAARCH_QUIET ON)
  include("${CUDAARCH_MODULES}/../CudaArch.cmake")
  cudaarch_fixture_nvcc(nvcc nvcc-13.0 "${CMAKE_CURRENT_BINARY_DIR}/fake")
  if(NOT "${request}" STREQUAL "")
    cudaarch_set_architectures(DEFAULT "${request}" COMPILER "${nvcc}")
  endif()
  enable_language(CXX)
  file(WRITE "${CMAKE_CURRENT_BINARY_DIR}/k.cpp" "")
  add_library(k STATIC "${CMAKE_CURRENT_BINARY_DIR}/k.cpp")
endmacro()

# target_print(): k's properties and the report's target lines, as RESULT lines.
function(target_print)
  get_target_property(archs k CUDA_ARCHITECTURES)
  get_target_property(own k CUDAARCH_ARCHITECTURES)
  get_target_property(excluded k EXCLUDE_FROM_ALL)
  message(STATUS "RESULT [${archs}] [${own}] [${excluded}]")
  file(STRINGS "${CMAKE_BINARY_DIR}/cudaarch-report.txt" lines REGEX "^target ")
  foreach(line IN LISTS lines)
    message(STATUS "RESULT ${line}")
  endforeach()
endfunction()
