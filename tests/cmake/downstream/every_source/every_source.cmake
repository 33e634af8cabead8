# SPDX-License-Identifier: Apache-2.0
# A Release build with Ninja and the real nvcc (CASE_NVCC): each object file of ops holds the
# target's list (sm_80), but hopper.cu, which holds its own (sm_90a).
include("${CMAKE_CURRENT_LIST_DIR}/../images.cmake")
downstream_real_build("-- CudaArch: (request|CUDA architectures|target)" ARGS -DCMAKE_BUILD_TYPE=Release)
downstream_images("${CMAKE_CURRENT_BINARY_DIR}/build" CMakeFiles/ops.dir/own.cu.o CMakeFiles/ops.dir/hopper.cu.o CMakeFiles/ops.dir/gen.cu.o
                  CMakeFiles/ops.dir/iface.cu.o)
