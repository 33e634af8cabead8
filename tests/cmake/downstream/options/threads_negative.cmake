# SPDX-License-Identifier: Apache-2.0
# CUDAARCH_NVCC_THREADS=-3 reached nvcc ("must be non-negative" at build time): an error at configure.
include("${CMAKE_CURRENT_LIST_DIR}/../downstream.cmake")
downstream_case(ARGS -DCUDAARCH_NVCC_THREADS=-3)
