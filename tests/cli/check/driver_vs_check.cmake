# SPDX-License-Identifier: Apache-2.0
# The real driver's answer beside `cudaarch check`'s verdict for one file, on this machine's
# GPU 0 and driver; fails when they disagree. Prints "SKIP: ..." without a GPU.
#   cmake -DDRIVER_LOAD=<driver_load> -DCUDAARCH=<cudaarch> -DFILE=<file> -P driver_vs_check.cmake
cmake_minimum_required(VERSION 3.18)
execute_process(COMMAND "${DRIVER_LOAD}" "${FILE}" RESULT_VARIABLE load_rc OUTPUT_VARIABLE load
                OUTPUT_STRIP_TRAILING_WHITESPACE)
if(load_rc EQUAL 77)
  message(STATUS "${load}")
  return()
elseif(NOT load_rc EQUAL 0)
  message(FATAL_ERROR "driver_load ${FILE} failed (${load_rc}): ${load}")
endif()
string(REGEX REPLACE " .*" "" driver_result "${load}")

# Only GPU 0, the one driver_load used.
execute_process(COMMAND "${CMAKE_COMMAND}" -E env CUDA_VISIBLE_DEVICES=0 "${CUDAARCH}" check "${FILE}"
                RESULT_VARIABLE check_rc OUTPUT_VARIABLE check ERROR_VARIABLE check_err)
string(REGEX MATCH "\n  [^\n]*" verdict "${check}")
string(STRIP "${verdict}" verdict)
get_filename_component(name "${FILE}" NAME)
message(STATUS "${name}: driver cuModuleLoadData: ${load} | cudaarch check (exit ${check_rc}): ${verdict}")

# 0 loads and runs; 209 (no kernel image) and 222 (PTX too new) are what check predicts.
if(driver_result STREQUAL "0")
  set(agree FALSE)
  if(check_rc EQUAL 0)
    set(agree TRUE)
  endif()
else()
  string(FIND "${check}" "(error ${driver_result})" at)
  set(agree FALSE)
  if(check_rc EQUAL 1 AND NOT at EQUAL -1)
    set(agree TRUE)
  endif()
endif()
if(NOT agree)
  message(FATAL_ERROR "the driver and cudaarch check disagree on ${FILE}:\n${check}${check_err}")
endif()
