# SPDX-License-Identifier: Apache-2.0
# Runs one command and compares its exit code, stdout and stderr with exact expectations:
# the one harness of the CLI tests.
#   cmake -DCOMMAND=<;-list> -DEXPECT_RC=<n>
#         [-DEXPECT_STDOUT=<text> | -DEXPECT_STDOUT_FILE=<file>]
#         [-DEXPECT_STDERR=<text> | -DEXPECT_STDERR_FILE=<file>] [-DDIR=<folder>] -P expect_output.cmake
# A stream with no expectation must be empty. In an EXPECT_<stream> text "\n" stands for a
# newline and "\;" for ";"; an EXPECT_<stream>_FILE (the case's expected output beside it)
# holds the text as is. With DIR the command runs there, and "<dir>" in a file stands for it
# (the build-time fixtures' absolute folder).
# Where a fat binary sits in a section of an object or library that nvcc built at test time
# depends on the host compiler and linker: compared as ".nv_fatbin@0x_".
cmake_minimum_required(VERSION 3.18)
if(NOT DIR)
  set(DIR "${CMAKE_CURRENT_BINARY_DIR}")
endif()
execute_process(COMMAND ${COMMAND} WORKING_DIRECTORY "${DIR}" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
set(failed "")
if(NOT rc STREQUAL EXPECT_RC)
  string(APPEND failed "exit code: expected ${EXPECT_RC}, got ${rc}\n")
endif()
foreach(stream IN ITEMS STDOUT STDERR)
  if(stream STREQUAL "STDOUT")
    set(got "${out}")
  else()
    set(got "${err}")
  endif()
  if(DEFINED EXPECT_${stream}_FILE)
    file(READ "${EXPECT_${stream}_FILE}" expected)
    string(REPLACE "<dir>" "${DIR}" expected "${expected}")
  else()
    string(REPLACE "\\n" "\n" expected "${EXPECT_${stream}}")
    string(REPLACE "\\;" ";" expected "${expected}")
  endif()
  string(REGEX REPLACE "\\.nv_fatbin@0x[0-9a-f]+" ".nv_fatbin@0x_" expected "${expected}")
  string(REGEX REPLACE "\\.nv_fatbin@0x[0-9a-f]+" ".nv_fatbin@0x_" got "${got}")
  if(NOT got STREQUAL expected)
    string(APPEND failed "${stream}:\n  expected [${expected}]\n  got      [${got}]\n")
  endif()
endforeach()
if(failed)
  string(REPLACE ";" " " shown "${COMMAND}")
  message(FATAL_ERROR "${shown}\n${failed}")
endif()
