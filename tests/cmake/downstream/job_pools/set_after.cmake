# SPDX-License-Identifier: Apache-2.0
# JOB_POOLS set after the call without APPEND: it deleted cudaarch_nvcc while app still named it ("unknown pool name 'cudaarch_nvcc'"); now the pool is declared after the project's code.
include("${CMAKE_CURRENT_LIST_DIR}/../downstream.cmake")
downstream_case(GENERATORS Ninja ARGS -DMODE=set_after )
