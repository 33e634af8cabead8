# SPDX-License-Identifier: Apache-2.0
# cmake -DTIME=<GNU time> -DCUDAARCH=<cudaarch> -DARCHIVE=<a zip bomb> -P bomb_memory.cmake
# Fails unless `cudaarch size ARCHIVE` refuses the bomb (exit 2) with at most 256 MB of
# resident memory (GNU time's %M, in KiB).
execute_process(COMMAND "${TIME}" -f "rss=%M" "${CUDAARCH}" size "${ARCHIVE}" RESULT_VARIABLE rc ERROR_VARIABLE err OUTPUT_QUIET)
if(NOT rc EQUAL 2)
  message(FATAL_ERROR "cudaarch size ${ARCHIVE} exited ${rc}, not 2:\n${err}")
endif()
if(NOT err MATCHES "rss=([0-9]+)")
  message(FATAL_ERROR "no resident memory measured:\n${err}")
endif()
math(EXPR limit "256 * 1000 * 1000 / 1024")
if(CMAKE_MATCH_1 GREATER limit)
  message(FATAL_ERROR "cudaarch size ${ARCHIVE} held ${CMAKE_MATCH_1} KiB, more than 256 MB")
endif()
message("${ARCHIVE}: refused in ${CMAKE_MATCH_1} KiB")
