# SPDX-License-Identifier: Apache-2.0
# Under Ninja, the job pool limits the targets with CUDA sources only (CMake 3.19+), sized
# by the cores: 8 cores, 2 threads, 4 compiles at a time.
include("${CMAKE_CURRENT_LIST_DIR}/../configure.cmake")
set_architectures_case(ARGS -G Ninja -DDEFAULT=all-major -DCUDAARCH_NVCC_THREADS=2 -DPOOL_TARGETS=ON
                       -D_CUDAARCH_LOGICAL_CORES=8)
