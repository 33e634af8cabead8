# SPDX-License-Identifier: Apache-2.0
# The user's fleet with commas: both GPUs, 75-real;86-real.
include("${CMAKE_CURRENT_LIST_DIR}/../downstream.cmake")
downstream_case(ARGS -DCUDAARCH_FLEET=T4,A10)
