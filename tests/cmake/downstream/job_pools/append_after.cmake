# SPDX-License-Identifier: Apache-2.0
# JOB_POOLS appended to after the call: both pools.
include("${CMAKE_CURRENT_LIST_DIR}/../downstream.cmake")
downstream_case(GENERATORS Ninja ARGS -DMODE=append_after )
