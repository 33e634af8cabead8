# SPDX-License-Identifier: Apache-2.0
# Runs one CLI case and compares its exit code, whole stdout and whole stderr with the files
# beside the case, by the one rule of tests/expected_output.cmake: the harness of the CLI tests.
#   cmake -DCOMMAND=<;-list> -DEXPECT_CASE=<folder>/<case> "-DPLACEHOLDERS=build=<dir>;source=<dir>;..."
#         [-DDIR=<folder>] -P expect_output.cmake
# <case>-result.txt holds the exit code (absent: 0), <case>-stdout.txt and <case>-stderr.txt the
# streams (absent: empty). With DIR the command runs there.
cmake_minimum_required(VERSION 3.18)
include("${CMAKE_CURRENT_LIST_DIR}/../expected_output.cmake")
if(NOT PLACEHOLDERS MATCHES "(^|;)build=" OR NOT PLACEHOLDERS MATCHES "(^|;)source=")
  message(FATAL_ERROR "expect_output.cmake: PLACEHOLDERS must name build=<build dir> and source=<source dir>")
endif()
if(NOT DEFINED EXPECT_CASE)
  message(FATAL_ERROR "expect_output.cmake: give EXPECT_CASE, the case's path without -stdout.txt")
endif()
if(NOT DIR)
  set(DIR "${CMAKE_CURRENT_BINARY_DIR}")
endif()
execute_process(COMMAND ${COMMAND} WORKING_DIRECTORY "${DIR}" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
set(failed "")
_cudaarch_expect_case(failed "${EXPECT_CASE}" "${rc}" "${out}" "${err}" ${PLACEHOLDERS})
if(failed)
  # Unwrapped, so that a "got" block can be pasted into the case's file as it is.
  string(REPLACE ";" " " shown "${COMMAND}")
  message("${shown}\n${failed}")
  message(FATAL_ERROR "${EXPECT_CASE}: the output differs from the case's files")
endif()
