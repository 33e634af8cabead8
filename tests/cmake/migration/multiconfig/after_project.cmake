# SPDX-License-Identifier: Apache-2.0
# ../after_project.cmake under Ninja Multi-Config: each configuration's build checks its own file.
include("${CMAKE_CURRENT_LIST_DIR}/../after_project.cmake")
