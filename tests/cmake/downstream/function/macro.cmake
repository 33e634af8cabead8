# SPDX-License-Identifier: Apache-2.0
# A macro() runs in the directory's scope and works.
include("${CMAKE_CURRENT_LIST_DIR}/../downstream.cmake")
set_architectures_case(PROJECT "${CMAKE_CURRENT_LIST_DIR}" ARGS -DHOW=macro)
