# SPDX-License-Identifier: Apache-2.0
# Two directories asking for the same: one notice for the fallback, one report.
include("${CMAKE_CURRENT_LIST_DIR}/../../hostile_prelude.cmake")
file(WRITE "${CMAKE_CURRENT_SOURCE_DIR}/sub/CMakeLists.txt"
     "cudaarch_set_architectures(COMPILER \"${nvcc}\")\n")
cudaarch_set_architectures(COMPILER "${nvcc}")
add_subdirectory(sub)
file(STRINGS "${CMAKE_BINARY_DIR}/cudaarch-report.txt" lines)
list(LENGTH lines count)
message(STATUS "RESULT ${count} report lines")
