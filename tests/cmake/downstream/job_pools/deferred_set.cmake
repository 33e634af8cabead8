# SPDX-License-Identifier: Apache-2.0
# JOB_POOLS set without APPEND by a call the project deferred to its end, after CudaArch's: the pool is declared after it.
# CMake 3.18 (@3.18 files): the project's own cmake_language(DEFER) needs 3.19, so its configure
# fails there, in CMake's code, before any build.
include("${CMAKE_CURRENT_LIST_DIR}/../downstream.cmake")
downstream_case(GENERATORS Ninja ARGS -DMODE=deferred_set)
