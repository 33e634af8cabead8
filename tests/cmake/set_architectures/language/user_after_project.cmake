# SPDX-License-Identifier: Apache-2.0
# With the real nvcc and the CUDA language, the user's CMAKE_CUDA_ARCHITECTURES is the request.
include("${CMAKE_CURRENT_LIST_DIR}/../configure.cmake")
get_filename_component(source_dir "${CMAKE_CURRENT_LIST_DIR}/../../../.." ABSOLUTE)
set_architectures_case(PROJECT "${source_dir}/tests/cmake/set_architectures/with_cuda" ARGS -DDEFAULT=86 -DCMAKE_CUDA_ARCHITECTURES=75)
