# SPDX-License-Identifier: Apache-2.0
# Runs COMMAND in DIR and compares its exit code and stdout with EXPECT_RC and the file
# EXPECTED, where "<dir>" stands for DIR (the build-time fixtures' absolute folder).
#   cmake -DCOMMAND=<;-list> -DDIR=<folder> -DEXPECT_RC=<n> -DEXPECTED=<file> -P expect_in_dir.cmake
cmake_minimum_required(VERSION 3.18)
execute_process(COMMAND ${COMMAND} WORKING_DIRECTORY "${DIR}" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
file(READ "${EXPECTED}" expected)
string(REPLACE "<dir>" "${DIR}" expected "${expected}")
set(failed "")
if(NOT rc STREQUAL EXPECT_RC)
  string(APPEND failed "exit code: expected ${EXPECT_RC}, got ${rc}\n")
endif()
if(NOT out STREQUAL expected)
  string(APPEND failed "stdout:\n  expected [${expected}]\n  got      [${out}]\n")
endif()
if(NOT err STREQUAL "")
  string(APPEND failed "stderr: expected nothing, got [${err}]\n")
endif()
if(failed)
  string(REPLACE ";" " " shown "${COMMAND}")
  message(FATAL_ERROR "${shown}\n${failed}")
endif()
