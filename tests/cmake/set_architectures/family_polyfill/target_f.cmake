# SPDX-License-Identifier: Apache-2.0
# ../family/target_f.cmake where this CMake cannot write 'f' lists: the polyfill builds them.
include("${CMAKE_CURRENT_LIST_DIR}/../family/target_f.cmake")
