# SPDX-License-Identifier: Apache-2.0
# -arch=sm_80 in the library's own compile options (target_compile_options after the call):
# when the directory ends, the report says what its files hold and a warning names the option.
# CMake 3.18 (@3.18 files): no cmake_language(DEFER) to look at the directory's targets when it
# ends, so neither is said there; the file holds the same images (sm_80 sm_90, compute_80).
include("${CMAKE_CURRENT_LIST_DIR}/../flags_case.cmake")
flags_case(ARGS -DREQUEST=9.0 -DTARGET_OPTION=-arch=sm_80)
