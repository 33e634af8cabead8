# SPDX-License-Identifier: Apache-2.0
# '90a;100f', which CMake's compiler check rejects on 3.24 to 4.0.1 (3.31.10 and later 3.31
# take it); where CMake cannot write it, the polyfill builds it.
include("${CMAKE_CURRENT_LIST_DIR}/../placement_prelude.cmake")
placement_case("90a;100f")
