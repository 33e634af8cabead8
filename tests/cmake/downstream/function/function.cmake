# SPDX-License-Identifier: Apache-2.0
# Inside a function(): the result never reaches the directory, which is an error that says so.
include("${CMAKE_CURRENT_LIST_DIR}/../downstream.cmake")
set_architectures_case(PROJECT "${CMAKE_CURRENT_LIST_DIR}" ARGS -DHOW=function)
