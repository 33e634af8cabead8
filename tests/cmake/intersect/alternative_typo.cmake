# SPDX-License-Identifier: Apache-2.0
# Every alternative of an "A|B" entry is read, so a typo in one this nvcc would not choose fails.
include("${CUDAARCH_MODULE}")
include("${CMAKE_CURRENT_LIST_DIR}/../../toolkits/fixture_nvcc.cmake")
cudaarch_fixture_nvcc(nvcc nvcc-13.0 "${CMAKE_CURRENT_BINARY_DIR}/fake")
cudaarch_intersect(out SUPPORTED "10.0f|10.0x" REQUEST 100-real COMPILER "${nvcc}")
