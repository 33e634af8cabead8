# SPDX-License-Identifier: Apache-2.0
# The flags find_package(Torch) appends after project(), taken by the call after it: 7.0 left
# out (POLICY WARN) of every flag nvcc sees, k90.cu not doubled by the request's flags.
include("${CMAKE_CURRENT_LIST_DIR}/../flags_case.cmake")
flags_case(ARGS -DAFTER=ON INSPECT CMakeFiles/kernels.dir/k.cu.o CMakeFiles/kernels.dir/k90.cu.o)
