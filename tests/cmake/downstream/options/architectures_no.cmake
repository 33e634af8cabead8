# SPDX-License-Identifier: Apache-2.0
# CUDAARCH_ARCHITECTURES=NO, the same.
include("${CMAKE_CURRENT_LIST_DIR}/../downstream.cmake")
downstream_case(ARGS -DCUDAARCH_ARCHITECTURES=NO)
