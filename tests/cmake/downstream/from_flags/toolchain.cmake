# SPDX-License-Identifier: Apache-2.0
# With a toolchain file the call before project() waits until project() has read it: the
# CMAKE_CUDA_FLAGS without the flags it took still reaches the directory (before_project's
# request, the compiler check and the build as there).
# CMake 3.18 (@3.18 files): no job pool for the CUDA compiles, so no --threads (the report's
# line says so); the rest as on every release.
include("${CMAKE_CURRENT_LIST_DIR}/../flags_case.cmake")
file(WRITE "${CMAKE_CURRENT_BINARY_DIR}/toolchain.cmake" "set(from_flags_toolchain ON)\n")
flags_case(ARGS "-DCMAKE_TOOLCHAIN_FILE=${CMAKE_CURRENT_BINARY_DIR}/toolchain.cmake"
           "-DCMAKE_CUDA_FLAGS=-Xfatbin -compress-all -gencode arch=compute_70,code=sm_70 -gencode arch=compute_80,code=sm_80 -gencode arch=compute_90a,code=sm_90a"
           INSPECT CMakeFiles/kernels.dir/k.cu.o CMakeFiles/kernels.dir/k90.cu.o)
