# SPDX-License-Identifier: Apache-2.0
# Regenerates a generated file and fails when the committed copy differs.
#   cmake -DGENERATOR=<script> -DCOMMITTED=<file> -DFRESH=<scratch file> -P generated_is_current.cmake
cmake_minimum_required(VERSION 3.18)
execute_process(COMMAND "${CMAKE_COMMAND}" "-DOUTPUT=${FRESH}" -P "${GENERATOR}" RESULT_VARIABLE rc)
file(READ "${COMMITTED}" committed)
file(READ "${FRESH}" fresh)
if(NOT rc EQUAL 0 OR NOT committed STREQUAL fresh)
  message(FATAL_ERROR "${COMMITTED} is out of date: run cmake -DOUTPUT=${COMMITTED} -P ${GENERATOR}")
endif()
