# SPDX-License-Identifier: Apache-2.0
include("${CUDAARCH_MODULE}")
include("${CMAKE_CURRENT_LIST_DIR}/../../toolkits/fixture_nvcc.cmake")
cudaarch_fixture_nvcc(nvcc nvcc-13.0 "${CMAKE_CURRENT_BINARY_DIR}/fake")
cudaarch_intersect(out SUPPORTED 12.0 KEEP SUFFIX 12.0a 12.1 REQUEST 90 COMPILER "${nvcc}")
