# SPDX-License-Identifier: Apache-2.0
# With the real nvcc and the CUDA language, a call after project(): CMake's own default (75
# for nvcc 13.0) is no request.
include("${CMAKE_CURRENT_LIST_DIR}/../configure.cmake")
get_filename_component(source_dir "${CMAKE_CURRENT_LIST_DIR}/../../../.." ABSOLUTE)
set_architectures_case(PROJECT "${source_dir}/tests/cmake/set_architectures/with_cuda" ARGS -DDEFAULT=86)
