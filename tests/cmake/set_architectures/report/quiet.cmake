# SPDX-License-Identifier: Apache-2.0
# CUDAARCH_QUIET keeps the report off the terminal (no "-- CudaArch" line) but still writes
# cudaarch-report.txt, whose first two lines this prints.
include("${CMAKE_CURRENT_LIST_DIR}/../configure.cmake")
set_architectures_case(ARGS -DDEFAULT=86 -DCUDAARCH_QUIET=ON)
file(STRINGS "${CMAKE_CURRENT_BINARY_DIR}/build/cudaarch-report.txt" report LIMIT_COUNT 2)
foreach(line IN LISTS report)
  message(STATUS "REPORT ${line}")
endforeach()
