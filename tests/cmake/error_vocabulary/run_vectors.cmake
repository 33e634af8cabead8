# SPDX-License-Identifier: Apache-2.0
# The CMake wing's error vocabulary (_cudaarch_unknown_value, _cudaarch_missing_value,
# _cudaarch_mutually_exclusive) against the shared vectors tests/vectors/error_vocabulary.tsv,
# which unit.ErrorVocabulary.SharedVectors runs against the C++ twins.
#   cmake -P run_vectors.cmake
cmake_minimum_required(VERSION 3.18)
include("${CMAKE_CURRENT_LIST_DIR}/../testing.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/../layering_scan.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/../../../cmake/cudaarch/internal/notation/text.cmake")

# file_lines writes ';' as ',': the vectors' expected sentences are compared that way too.
file_lines(lines "${CMAKE_CURRENT_LIST_DIR}/../../vectors/error_vocabulary.tsv")
set(rows 0)
set(number 0)
foreach(line IN LISTS lines)
  math(EXPR number "${number} + 1")
  if(line STREQUAL "" OR line MATCHES "^#")
    continue()
  endif()
  string(REGEX MATCH "^([a-z_]+)\t([^\t]*)\t(.*)$" ignored "${line}")
  set(helper "${CMAKE_MATCH_1}")
  set(expected "${CMAKE_MATCH_3}")
  string(REPLACE "|" ";" arguments "${CMAKE_MATCH_2}")
  set(actual "")
  if(helper STREQUAL "unknown_value")
    # An empty value is one argument: the list commands would drop it.
    string(REGEX MATCH "^([^|]*)\\|([^|]*)\\|([^|]*)\\|(.*)$" ignored "${CMAKE_MATCH_2}")
    string(REPLACE "|" ";" choices "${CMAKE_MATCH_4}")
    _cudaarch_unknown_value(actual "${CMAKE_MATCH_1}" "${CMAKE_MATCH_2}" "${CMAKE_MATCH_3}" ${choices})
  elseif(helper STREQUAL "missing_value")
    _cudaarch_missing_value(actual "${arguments}")
  elseif(helper STREQUAL "mutually_exclusive")
    list(GET arguments 0 first)
    list(GET arguments 1 second)
    _cudaarch_mutually_exclusive(actual "${first}" "${second}")
  endif()
  string(REPLACE ";" "," actual "${actual}")
  check_equal("line ${number} (${helper})" "${actual}" "${expected}")
  math(EXPR rows "${rows} + 1")
endforeach()
if(rows LESS 8)
  check_fail("rows" "${rows} rows read, fewer than the file's 8")
endif()
check_finish()
