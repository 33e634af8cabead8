# SPDX-License-Identifier: Apache-2.0
include("${CMAKE_CURRENT_LIST_DIR}/../configure.cmake")
set_architectures_case(ARGS -DCMAKE_CUDA_ARCHITECTURES=OFF)
