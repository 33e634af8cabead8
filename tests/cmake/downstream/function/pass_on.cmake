# SPDX-License-Identifier: Apache-2.0
# A function that passes CMAKE_CUDA_ARCHITECTURES on to its caller works.
include("${CMAKE_CURRENT_LIST_DIR}/../downstream.cmake")
set_architectures_case(PROJECT "${CMAKE_CURRENT_LIST_DIR}" ARGS -DHOW=pass_on)
