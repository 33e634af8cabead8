# SPDX-License-Identifier: Apache-2.0
# CMAKE_JOB_POOLS on the command line: CMake ignored it once CudaArch set JOB_POOLS ("unknown pool name 'link'"); now its pools are kept beside cudaarch_nvcc.
include("${CMAKE_CURRENT_LIST_DIR}/../downstream.cmake")
downstream_case(GENERATORS Ninja ARGS -DMODE=cmake_job_pools -DCMAKE_JOB_POOLS=link=1 -DCMAKE_JOB_POOL_LINK=link)
