# SPDX-License-Identifier: Apache-2.0
# A target's 'a' list, which every CMake of the matrix writes (3.24 alone cannot).
include("${CMAKE_CURRENT_LIST_DIR}/../configure.cmake")
set_architectures_case(ARGS -DDEFAULT=86 -DTARGET_SPEC=9.0a)
