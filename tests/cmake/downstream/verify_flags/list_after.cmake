# SPDX-License-Identifier: Apache-2.0
# As list_before, the call after project() and the flag in -DCMAKE_CUDA_FLAGS=-arch=sm_80: the
# same warnings.
set(CASE_ENV "")
set(CASE_ARGS -DAFTER=ON -DCMAKE_CUDA_FLAGS=-arch=sm_80)
include("${CMAKE_CURRENT_LIST_DIR}/list_before.cmake")
