# SPDX-License-Identifier: Apache-2.0
# 'sm_90a', a notation no CMake's compiler check reads.
include("${CMAKE_CURRENT_LIST_DIR}/../placement_prelude.cmake")
placement_case(sm_90a)
