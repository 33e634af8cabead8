# SPDX-License-Identifier: Apache-2.0
# CMAKE_JOB_POOL_COMPILE: every target keeps the project's compile pool, CUDA ones too.
# CMake 3.18 (@3.18 files): CudaArch gives the CUDA targets their pool at the directory's end
# (cmake_language(DEFER), 3.19+), so there it declares none and passes no --threads, as its
# report says; the project's own pools stay.
include("${CMAKE_CURRENT_LIST_DIR}/../downstream.cmake")
downstream_case(GENERATORS Ninja ARGS -DMODE=pool_compile "-DCMAKE_JOB_POOLS=compile=1;link=1" -DCMAKE_JOB_POOL_COMPILE=compile -DCMAKE_JOB_POOL_LINK=link)
