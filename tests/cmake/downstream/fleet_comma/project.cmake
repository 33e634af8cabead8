# SPDX-License-Identifier: Apache-2.0
# The project's FLEET "T4,A10": both GPUs, 75-real;86-real.
include("${CMAKE_CURRENT_LIST_DIR}/../downstream.cmake")
downstream_case(ARGS -DPROJECT_FLEET=ON)
