# SPDX-License-Identifier: Apache-2.0
# ../family/target_a.cmake where this CMake cannot write 'f' lists: the polyfill builds them.
include("${CMAKE_CURRENT_LIST_DIR}/../family/target_a.cmake")
