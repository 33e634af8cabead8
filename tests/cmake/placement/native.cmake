# SPDX-License-Identifier: Apache-2.0
# 'native', which CMake's compiler check rejects before 3.24.
include("${CMAKE_CURRENT_LIST_DIR}/../placement_prelude.cmake")
placement_case(native)
