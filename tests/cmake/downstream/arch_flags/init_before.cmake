# SPDX-License-Identifier: Apache-2.0
# CMAKE_CUDA_FLAGS_INIT before project(): CMake will initialize CMAKE_CUDA_FLAGS from it, so
# the call before project() warns of it by that name.
include("${CMAKE_CURRENT_LIST_DIR}/../flags_case.cmake")
flags_case(ARGS -DREQUEST=9.0 -DCMAKE_CUDA_FLAGS_INIT=-arch=sm_80)
