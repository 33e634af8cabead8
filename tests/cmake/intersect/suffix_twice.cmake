# SPDX-License-Identifier: Apache-2.0
include("${CUDAARCH_MODULE}")
include("${CMAKE_CURRENT_LIST_DIR}/../../toolkits/fixture_nvcc.cmake")
cudaarch_fixture_nvcc(nvcc nvcc-13.0 "${CMAKE_CURRENT_BINARY_DIR}/fake")
cudaarch_intersect(out MINIMUM 8.0 KEEP SUFFIX 12.0a 12.0f REQUEST 90 COMPILER "${nvcc}")
