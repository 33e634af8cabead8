# SPDX-License-Identifier: Apache-2.0
include("${CUDAARCH_MODULE}")
include("${CMAKE_CURRENT_LIST_DIR}/../../toolkits/fixture_nvcc.cmake")
cudaarch_fixture_nvcc(nvcc nvcc-13.0 "${CMAKE_CURRENT_BINARY_DIR}/fake")
cudaarch_intersect(a SUPPORTED 8.0 9.0a REQUEST 80-real 86-real 90-real COMPILER "${nvcc}")
cudaarch_intersect(b SUPPORTED 8.0 REQUEST 90 COMPILER "${nvcc}")
cudaarch_intersect(c SUPPORTED 12.0a REQUEST 120-real COMPILER "${nvcc}")
message(STATUS "[${a}] [${b}] [${c}]")
