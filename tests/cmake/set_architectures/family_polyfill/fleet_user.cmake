# SPDX-License-Identifier: Apache-2.0
# ../family/fleet_user.cmake where this CMake cannot write 'f' lists: the polyfill builds them.
include("${CMAKE_CURRENT_LIST_DIR}/../family/fleet_user.cmake")
