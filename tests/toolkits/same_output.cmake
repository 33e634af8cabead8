# SPDX-License-Identifier: Apache-2.0
# Asserts that two commands print the same stdout and both succeed.
#   cmake -DCOMMAND=<;-list> -DEXPECT_FROM=<;-list> -P same_output.cmake
cmake_minimum_required(VERSION 3.18)
execute_process(COMMAND ${COMMAND} RESULT_VARIABLE rc1 OUTPUT_VARIABLE out1 ERROR_VARIABLE err1)
execute_process(COMMAND ${EXPECT_FROM} RESULT_VARIABLE rc2 OUTPUT_VARIABLE out2 ERROR_VARIABLE err2)
if(NOT rc1 EQUAL 0 OR NOT rc2 EQUAL 0 OR NOT out1 STREQUAL out2)
  message(FATAL_ERROR "live (exit ${rc1}): ${out1}${err1}recorded (exit ${rc2}): ${out2}${err2}")
endif()
