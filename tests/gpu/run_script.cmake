# SPDX-License-Identifier: Apache-2.0
# Runs one tests/gpu script where `cudaarch detect` finds a GPU, else prints "SKIP: ..." (the
# test's SKIP_REGULAR_EXPRESSION). The script's logs go under OUT.
#   cmake -DCUDAARCH=<cudaarch> -DSCRIPT=<script.sh> -DOUT=<dir> -P run_script.cmake
cmake_minimum_required(VERSION 3.18)
execute_process(COMMAND "${CUDAARCH}" detect RESULT_VARIABLE detect_rc OUTPUT_QUIET ERROR_VARIABLE why
                ERROR_STRIP_TRAILING_WHITESPACE)
if(NOT detect_rc EQUAL 0)
  message(STATUS "SKIP: no GPU: ${why}")
  return()
endif()
file(MAKE_DIRECTORY "${OUT}")
execute_process(COMMAND "${CMAKE_COMMAND}" -E env "OUT=${OUT}" bash "${SCRIPT}" "${OUT}" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${SCRIPT} failed (exit ${rc}); its logs are under ${OUT}")
endif()
