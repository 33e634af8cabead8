# SPDX-License-Identifier: Apache-2.0
# Runs one command and compares its exit code, stdout and stderr with exact expectations.
#   cmake -DCOMMAND=<;-list> -DEXPECT_RC=<n> [-DEXPECT_STDOUT=<text>] [-DEXPECT_STDERR=<text>] -P expect_output.cmake
# Each expected text is compared whole; in it "\n" stands for a newline and "\;" for ";".
# Where a fat binary sits in a section of an object or library that nvcc built at test time
# depends on the host compiler and linker: compared as ".nv_fatbin@0x_".
cmake_minimum_required(VERSION 3.18)
execute_process(COMMAND ${COMMAND} RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
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
  string(REPLACE "\\n" "\n" expected "${EXPECT_${stream}}")
  string(REPLACE "\\;" ";" expected "${expected}")
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
