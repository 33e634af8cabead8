# SPDX-License-Identifier: Apache-2.0
# A target's native without a GPU: the notice named CUDAARCH_ARCHITECTURES, which cudaarch_target_architectures does not read.
include("${CMAKE_CURRENT_LIST_DIR}/../downstream.cmake")
downstream_case(ARGS -DK_ARCHITECTURES=native)
