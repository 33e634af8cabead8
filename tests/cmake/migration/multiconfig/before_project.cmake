# SPDX-License-Identifier: Apache-2.0
# ../before_project.cmake under Ninja Multi-Config: each configuration's build checks its own file.
include("${CMAKE_CURRENT_LIST_DIR}/../before_project.cmake")
