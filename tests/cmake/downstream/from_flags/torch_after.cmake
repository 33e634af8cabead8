# SPDX-License-Identifier: Apache-2.0
# The flags find_package(Torch) appends after project(), taken by the call after it: 7.0 left
# out (POLICY WARN) of every flag nvcc sees, k90.cu not doubled by the request's flags.
# CMake 3.18 (@3.18 files): no job pool for the CUDA compiles, so no --threads (the report's
# line says so); the rest as on every release.
include("${CMAKE_CURRENT_LIST_DIR}/../flags_case.cmake")
flags_case(ARGS -DAFTER=ON INSPECT CMakeFiles/kernels.dir/k.cu.o CMakeFiles/kernels.dir/k90.cu.o)
