# SPDX-License-Identifier: Apache-2.0
# CUDAFLAGS in the environment and the user's CUDAARCH_ARCHITECTURES=OFF, the call before
# project(): the report says what the file holds, not "OFF (no architecture flags)".
include("${CMAKE_CURRENT_LIST_DIR}/../flags_case.cmake")
flags_case(ENV "CUDAFLAGS=-gencode arch=compute_80,code=sm_80" ARGS -DREQUEST=9.0a -DCUDAARCH_ARCHITECTURES=OFF)
