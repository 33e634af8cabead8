# SPDX-License-Identifier: Apache-2.0
# The CMake harness can fail: one script checked against -DEXPECTED_STDOUT=<text>. Run as
# cmake.harness.stdout_matches with what it prints, it passes; as cmake.harness.stdout_differs
# (WILL_FAIL) with one character changed, the same check must fail.
include("${CMAKE_CURRENT_LIST_DIR}/testing.cmake")
file(MAKE_DIRECTORY "${WORK_DIR}")
check_script(harness [[message(STATUS "75-real;86")]] 0 "${EXPECTED_STDOUT}" "")
check_finish()
