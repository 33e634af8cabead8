# SPDX-License-Identifier: Apache-2.0
# The recipe's call after project(): a user's 100f (which CMake < 3.31.10 rejects in its
# compiler check) still arrives, through CudaArchBeforeProject.cmake.
include("${CMAKE_CURRENT_LIST_DIR}/../migration_prelude.cmake")
get_filename_component(source "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)
migration_case(USER 100f ARGS -DRECIPE=after_project
                    "-DCMAKE_PROJECT_TOP_LEVEL_INCLUDES=${source}/cmake/CudaArchBeforeProject.cmake")
