# SPDX-License-Identifier: Apache-2.0
# The user's OFF with a SUPPORTED target said "call cudaarch_set_architectures first", though it was called, and "pass REQUEST", which the command does not take.
include("${CMAKE_CURRENT_LIST_DIR}/../downstream.cmake")
downstream_case(ARGS -DCMAKE_CUDA_ARCHITECTURES=OFF -DK_ARCHITECTURES=supported)
