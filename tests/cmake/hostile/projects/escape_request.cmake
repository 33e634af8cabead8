# SPDX-License-Identifier: Apache-2.0
# Control bytes of a request are shown as escapes in the error (issue 22), and in the report
# line (cmake.hostile, test_hostile.cmake, reads the report this case leaves).
include("${CMAKE_CURRENT_LIST_DIR}/../../hostile_prelude.cmake")
string(ASCII 27 esc)
string(ASCII 7 bell)
set(CUDAARCH_ARCHITECTURES "${esc}]0;owned${bell}")
set(CUDAARCH_QUIET OFF)
cudaarch_set_architectures(COMPILER "${nvcc}")
