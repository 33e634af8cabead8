# SPDX-License-Identifier: Apache-2.0
# Runs COMMAND in DIR and compares its exit code and stdout with EXPECT_RC and the file
# EXPECTED, where "<dir>" stands for DIR (the build-time fixtures' absolute folder).
#   cmake -DCOMMAND=<;-list> -DDIR=<folder> -DEXPECT_RC=<n> -DEXPECTED=<file> -P expect_in_dir.cmake
cmake_minimum_required(VERSION 3.18)
execute_process(COMMAND ${COMMAND} WORKING_DIRECTORY "${DIR}" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
file(READ "${EXPECTED}" expected)
string(REPLACE "<dir>" "${DIR}" expected "${expected}")
# Where a fat binary sits in a section of an object or library that nvcc built at test time
# depends on the host compiler and linker: compared as ".nv_fatbin@0x_".
string(REGEX REPLACE "\\.nv_fatbin@0x[0-9a-f]+" ".nv_fatbin@0x_" expected "${expected}")
string(REGEX REPLACE "\\.nv_fatbin@0x[0-9a-f]+" ".nv_fatbin@0x_" out "${out}")
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
