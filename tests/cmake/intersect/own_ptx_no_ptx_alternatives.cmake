# SPDX-License-Identifier: Apache-2.0
# The examples of cudaarch_intersect's doc block for issue 39: a kernel's own PTX, NO_PTX,
# alternatives.
include("${CUDAARCH_MODULE}")
include("${CMAKE_CURRENT_LIST_DIR}/../../toolkits/fixture_nvcc.cmake")
cudaarch_fixture_nvcc(nvcc nvcc-13.0 "${CMAKE_CURRENT_BINARY_DIR}/fake")
cudaarch_intersect(a SUPPORTED 8.0+PTX REQUEST 86-real 100f-real 120a-real COMPILER "${nvcc}")
cudaarch_intersect(b SUPPORTED 8.0 8.6 8.9 NO_PTX REQUEST 89-real 90 COMPILER "${nvcc}")
cudaarch_intersect(c SUPPORTED "10.0f|10.0a" REQUEST 100-real COMPILER "${nvcc}")
message(STATUS "[${a}] [${b}] [${c}]")
