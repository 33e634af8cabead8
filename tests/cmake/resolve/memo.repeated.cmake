# SPDX-License-Identifier: Apache-2.0
# One resolution per request and CMake run (the configure cost of many targets given the
# same list): a request resolved again gives the same list and warnings, and one differing
# in the policy or the dialect its own answer.
include("${CMAKE_CURRENT_LIST_DIR}/../resolve_prelude.cmake")
foreach(round 1 2)
  cudaarch_resolve(out 10.7 8.0 COMPILER "${nvcc}" POLICY CLAMP)
  cudaarch_resolve(warn 10.7 8.0 COMPILER "${nvcc}" POLICY WARN)
  cudaarch_resolve(torch all-major COMPILER "${nvcc}" FROM TORCH)
  cudaarch_resolve(plain all-major COMPILER "${nvcc}")
  message(STATUS "[${out}] [${warn}] [${torch}] [${plain}]")
endforeach()
