# SPDX-License-Identifier: Apache-2.0
# Inside a function(): the result never reaches the directory, which is an error that says so.
# CMake 3.18 (@3.18 files): no cmake_language(DEFER) to check at the directory's end, so the
# call inside a function() passes unsaid there (RESULT []), as docs/resolution-order.md says.
include("${CMAKE_CURRENT_LIST_DIR}/../downstream.cmake")
set_architectures_case(PROJECT "${CMAKE_CURRENT_LIST_DIR}" ARGS -DHOW=function)
