# SPDX-License-Identifier: Apache-2.0
# The driver's answer for each module of a file (module_load.cpp) beside `cudaarch check
# --json`'s module_errors, on this machine's GPU 0 and driver, under the caller's environment
# (CUDA_FORCE_PTX_JIT, CUDA_DISABLE_PTX_JIT); fails when any module's answers differ, and when
# the file's verdict (its worst counted module) contradicts the driver. "SKIP: ..." without a GPU.
#   cmake -DMODULE_LOAD=<module_load> -DCUDAARCH=<cudaarch> -DFILE=<file> -P modules_vs_driver.cmake
cmake_minimum_required(VERSION 3.19)  # string(JSON)
execute_process(COMMAND "${MODULE_LOAD}" "${FILE}" RESULT_VARIABLE load_rc OUTPUT_VARIABLE load
                OUTPUT_STRIP_TRAILING_WHITESPACE)
if(load_rc EQUAL 77)
  message(STATUS "${load}")
  return()
elseif(NOT load_rc EQUAL 0)
  message(FATAL_ERROR "module_load ${FILE} failed (${load_rc}): ${load}")
endif()
execute_process(COMMAND "${CMAKE_COMMAND}" -E env CUDA_VISIBLE_DEVICES=0 "${CUDAARCH}" check --json "${FILE}"
                RESULT_VARIABLE check_rc OUTPUT_VARIABLE json ERROR_VARIABLE check_err)
string(JSON errors GET "${json}" files 0 verdicts 0 module_errors)
string(JSON file_runs GET "${json}" files 0 runs)
get_filename_component(name "${FILE}" NAME)
string(REPLACE "\n" ";" load "${load}")
set(failures "")
set(driver_fails FALSE)
foreach(line IN LISTS load)
  string(REPLACE " " ";" fields "${line}")
  list(GET fields 0 i)
  list(GET fields 1 driver)
  string(JSON check GET "${errors}" ${i})
  string(JSON counted GET "${json}" files 0 modules ${i} counted)
  string(JSON where GET "${json}" files 0 modules ${i} where)
  message(STATUS "${name} module ${i} (${where}, counted ${counted}): driver ${driver} | check ${check}")
  if(driver STREQUAL "rdc")
    continue()
  endif()
  if(NOT driver STREQUAL check)
    string(APPEND failures "${name} module ${i}: the driver answers ${driver}, check ${check}\n")
  endif()
  if(counted AND NOT driver STREQUAL "0")
    set(driver_fails TRUE)
  endif()
endforeach()
# The file: it runs unless a counted module fails.
if((driver_fails AND file_runs) OR (NOT driver_fails AND NOT file_runs))
  string(APPEND failures "${name}: check says runs=${file_runs}, the driver fails a counted module: ${driver_fails}\n")
endif()
if(failures)
  message(FATAL_ERROR "${failures}${check_err}")
endif()
message(STATUS "${name}: the driver and check agree on every module")
