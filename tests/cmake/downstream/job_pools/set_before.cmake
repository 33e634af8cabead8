# SPDX-License-Identifier: Apache-2.0
# JOB_POOLS set before the call: kept, cudaarch_nvcc added.
include("${CMAKE_CURRENT_LIST_DIR}/../downstream.cmake")
downstream_case(GENERATORS Ninja ARGS -DMODE=set_before )
