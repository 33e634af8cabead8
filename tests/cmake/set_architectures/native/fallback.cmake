# SPDX-License-Identifier: Apache-2.0
# The fallback, expected on every runner without a GPU: one line naming it and how to
# choose, no CMake warning with a call stack (issue 27).
include("${CMAKE_CURRENT_LIST_DIR}/../configure.cmake")
set_architectures_case()
