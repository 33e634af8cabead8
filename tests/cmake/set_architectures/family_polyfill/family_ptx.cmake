# SPDX-License-Identifier: Apache-2.0
# ../family/family_ptx.cmake where this CMake cannot write 'f' lists: the polyfill builds them.
include("${CMAKE_CURRENT_LIST_DIR}/../family/family_ptx.cmake")
