# SPDX-License-Identifier: Apache-2.0
# A pool of the project's named cudaarch_nvcc: its size is kept, CudaArch declares none.
include("${CMAKE_CURRENT_LIST_DIR}/../downstream.cmake")
downstream_case(GENERATORS Ninja ARGS -DMODE=own_name )
