# SPDX-License-Identifier: Apache-2.0
# REQUEST defaults to the directory's resolved list.
include("${CUDAARCH_MODULE}")
include("${CMAKE_CURRENT_LIST_DIR}/../../toolkits/fixture_nvcc.cmake")
cudaarch_fixture_nvcc(nvcc nvcc-13.0 "${CMAKE_CURRENT_BINARY_DIR}/fake")
set(CUDAARCH_ARCHITECTURES_RESOLVED "75-real;80-real;90-real;100-real;110-real;120")
cudaarch_intersect(out MINIMUM 8.0 COMPILER "${nvcc}")
cudaarch_intersect(none SUPPORTED 12.1a COMPILER "${nvcc}")
message(STATUS "[${out}] [${none}]")
