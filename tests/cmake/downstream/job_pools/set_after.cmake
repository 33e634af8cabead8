# SPDX-License-Identifier: Apache-2.0
# JOB_POOLS set after the call without APPEND: it deleted cudaarch_nvcc while app still named it ("unknown pool name 'cudaarch_nvcc'"); now the pool is declared after the project's code.
# CMake 3.18 (@3.18 files): CudaArch gives the CUDA targets their pool at the directory's end
# (cmake_language(DEFER), 3.19+), so there it declares none and passes no --threads, as its
# report says; the project's own pools stay.
include("${CMAKE_CURRENT_LIST_DIR}/../downstream.cmake")
downstream_case(GENERATORS Ninja ARGS -DMODE=set_after )
