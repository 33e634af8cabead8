# SPDX-License-Identifier: Apache-2.0
# -DCMAKE_CUDA_FLAGS with compute_70, which nvcc 13 refuses, the call before project(): POLICY
# WARN leaves 7.0 out, the flags leave CMAKE_CUDA_FLAGS, so CMake's compiler check and the build
# pass; k.cu holds the request's images, k90.cu its own list only.
# CMake 3.18 (@3.18 files): no job pool for the CUDA compiles, so no --threads (the report's
# line says so); the rest as on every release.
include("${CMAKE_CURRENT_LIST_DIR}/../flags_case.cmake")
flags_case(ARGS "-DCMAKE_CUDA_FLAGS=-Xfatbin -compress-all -gencode arch=compute_70,code=sm_70 -gencode arch=compute_80,code=sm_80 -gencode arch=compute_90a,code=sm_90a"
           INSPECT CMakeFiles/kernels.dir/k.cu.o CMakeFiles/kernels.dir/k90.cu.o)
