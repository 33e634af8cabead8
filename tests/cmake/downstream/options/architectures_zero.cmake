# SPDX-License-Identifier: Apache-2.0
# CUDAARCH_ARCHITECTURES=0 silently built nvcc's default: 0 is no notation, OFF is.
include("${CMAKE_CURRENT_LIST_DIR}/../downstream.cmake")
downstream_case(ARGS -DCUDAARCH_ARCHITECTURES=0)
