# SPDX-License-Identifier: Apache-2.0
# What every case of torch_flags/ is built from: a project with the modules and ${nvcc} a fake
# nvcc 13.0; torch_flags_print() prints the report's request and architecture lines as RESULT
# lines.
#   torch_flags_project()  ...the case's calls...  torch_flags_print()
include_guard(GLOBAL)
include("${CMAKE_CURRENT_LIST_DIR}/../toolkits/fixture_nvcc.cmake")

macro(torch_flags_project)
  set(CUDAARCH_QUIET ON)
  include("${CUDAARCH_MODULES}/../CudaArch.cmake")
  cudaarch_fixture_nvcc(nvcc nvcc-13.0 "${CMAKE_CURRENT_BINARY_DIR}/fake")
endmacro()

function(torch_flags_print)
  file(STRINGS "${CMAKE_BINARY_DIR}/cudaarch-report.txt" lines REGEX "^(request|CUDA architectures)")
  foreach(line IN LISTS lines)
    message(STATUS "RESULT ${line}")
  endforeach()
endfunction()
