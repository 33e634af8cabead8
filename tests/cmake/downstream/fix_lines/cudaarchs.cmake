# SPDX-License-Identifier: Apache-2.0
# A CUDAARCHS of a later configure is not applied (it only initializes a build tree): the
# report's fix, -DCMAKE_CUDA_ARCHITECTURES=<value>, names the releases that take its 'a' or 'f'
# images and adds CUDAARCH_ARCHITECTURES, which every release takes; a plain list needs neither.
include("${CMAKE_CURRENT_LIST_DIR}/../downstream.cmake")
foreach(value IN ITEMS 90 "90a-real;100f-real" 100f)
  set_architectures_case(RETURN c PROJECT "${CMAKE_CURRENT_LIST_DIR}" AGAIN ENV "CUDAARCHS=${value}")
  downstream_print("${c_lines}" "-- CudaArch: CUDAARCHS=")
endforeach()
