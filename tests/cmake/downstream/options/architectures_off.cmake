# SPDX-License-Identifier: Apache-2.0
# CUDAARCH_ARCHITECTURES=OFF: no architecture flags, as documented.
include("${CMAKE_CURRENT_LIST_DIR}/../downstream.cmake")
downstream_case(ARGS -DCUDAARCH_ARCHITECTURES=OFF)
