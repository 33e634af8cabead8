# SPDX-License-Identifier: Apache-2.0
# The groups the registration reads from cases.cmake.
include("${CMAKE_CURRENT_LIST_DIR}/../groups.cmake")
cudaarch_test_case_groups(groups "${CMAKE_CURRENT_LIST_DIR}/../cases.cmake")
message(STATUS "${groups}")
