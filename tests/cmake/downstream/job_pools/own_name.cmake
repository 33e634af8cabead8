# SPDX-License-Identifier: Apache-2.0
# A pool of the project's named cudaarch_nvcc: its size is kept, CudaArch declares none.
# CMake 3.18 (@3.18 files): CudaArch gives the CUDA targets their pool at the directory's end
# (cmake_language(DEFER), 3.19+), so there it declares none and passes no --threads, as its
# report says; the project's own pools stay.
include("${CMAKE_CURRENT_LIST_DIR}/../downstream.cmake")
downstream_case(GENERATORS Ninja ARGS -DMODE=own_name )
