# SPDX-License-Identifier: Apache-2.0
# CUDAARCH_NVCC_THREADS=OFF still opts out of --threads.
include("${CMAKE_CURRENT_LIST_DIR}/../downstream.cmake")
downstream_case(ARGS -DCUDAARCH_NVCC_THREADS=OFF)
