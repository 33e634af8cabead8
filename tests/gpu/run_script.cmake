# SPDX-License-Identifier: Apache-2.0
# Runs one tests/gpu script where `cudaarch detect` finds a GPU, else prints "SKIP: ..." (the
# test's SKIP_REGULAR_EXPRESSION). The script's logs go under OUT; BUILD_DIR (the tree that
# built cudaarch) reaches it as CUDAARCH_BUILD_DIR, for what it builds of this project's own.
#   cmake -DCUDAARCH=<cudaarch> -DSCRIPT=<script.sh> -DOUT=<dir> -DBUILD_DIR=<dir> -P run_script.cmake
cmake_minimum_required(VERSION 3.18)
include("${CMAKE_CURRENT_LIST_DIR}/skip_without_gpu.cmake")
skip_without_gpu("${CUDAARCH}")
file(MAKE_DIRECTORY "${OUT}")
execute_process(COMMAND "${CMAKE_COMMAND}" -E env "OUT=${OUT}" "CUDAARCH_BUILD_DIR=${BUILD_DIR}" bash "${SCRIPT}" "${OUT}" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${SCRIPT} failed (exit ${rc}); its logs are under ${OUT}")
endif()
