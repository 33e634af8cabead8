# SPDX-License-Identifier: Apache-2.0
# CMAKE_JOB_POOLS on the command line: CMake ignored it once CudaArch set JOB_POOLS ("unknown pool name 'link'"); now its pools are kept beside cudaarch_nvcc.
# CMake 3.18 (@3.18 files): CudaArch gives the CUDA targets their pool at the directory's end
# (cmake_language(DEFER), 3.19+), so there it declares none and passes no --threads, as its
# report says; the project's own pools stay.
include("${CMAKE_CURRENT_LIST_DIR}/../downstream.cmake")
downstream_case(GENERATORS Ninja ARGS -DMODE=cmake_job_pools -DCMAKE_JOB_POOLS=link=1 -DCMAKE_JOB_POOL_LINK=link)
