# SPDX-License-Identifier: Apache-2.0
# A line break in a request is an error naming its channel (issue 22): CMake keeps only the
# first line of a cached value, so the next configure would build something else.
include("${CMAKE_CURRENT_LIST_DIR}/../../hostile_prelude.cmake")
set(CUDAARCH_FLEET "T4\nA100" CACHE STRING "")
cudaarch_set_architectures(COMPILER "${nvcc}")
