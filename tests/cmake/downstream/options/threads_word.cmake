# SPDX-License-Identifier: Apache-2.0
# CUDAARCH_NVCC_THREADS=abc stopped in math ("cannot parse \"2 / abc\""): an error naming the variable.
include("${CMAKE_CURRENT_LIST_DIR}/../downstream.cmake")
downstream_case(ARGS -DCUDAARCH_NVCC_THREADS=abc)
