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
# No verdict: no module counts (nothing to launch), and no module's answer is compared.
string(JSON verdicts LENGTH "${json}" files 0 verdicts)
if(verdicts EQUAL 0)
  set(errors "[]")
else()
  string(JSON errors GET "${json}" files 0 verdicts 0 module_errors)
endif()
string(JSON file_runs GET "${json}" files 0 runs)
get_filename_component(name "${FILE}" NAME)
string(REPLACE "\n" ";" load "${load}")
set(failures "")
set(known_fails FALSE)   # a counted module whose kernels were read fails
set(unread_fails FALSE)  # one whose kernels were not read (compressed) fails
set(some_loads FALSE)    # a counted module loads
foreach(line IN LISTS load)
  string(REPLACE " " ";" fields "${line}")
  list(GET fields 0 i)
  list(GET fields 1 driver)
  string(JSON counted GET "${json}" files 0 modules ${i} counted)
  string(JSON where GET "${json}" files 0 modules ${i} where)
  string(JSON kernels TYPE "${json}" files 0 modules ${i} kernels)
  if(NOT counted)
    message(STATUS "${name} module ${i} (${where}, not counted): driver ${driver}")
    continue()
  endif()
  string(JSON check GET "${errors}" ${i})
  message(STATUS "${name} module ${i} (${where}, counted): driver ${driver} | check ${check}")
  if(driver STREQUAL "rdc")
    continue()
  endif()
  if(NOT driver STREQUAL check)
    string(APPEND failures "${name} module ${i}: the driver answers ${driver}, check ${check}\n")
  endif()
  if(driver STREQUAL "0")
    set(some_loads TRUE)
  elseif(kernels STREQUAL "NULL")
    set(unread_fails TRUE)
  else()
    set(known_fails TRUE)
  endif()
endforeach()
# A failing module whose kernels were not read decides only where no counted module loads
# (decides_failure() in src/cudaarch/modules.hpp).
set(driver_fails FALSE)
if(known_fails OR (unread_fails AND NOT some_loads))
  set(driver_fails TRUE)
endif()
# The file: it runs unless a deciding module fails.
if((driver_fails AND file_runs) OR (NOT driver_fails AND NOT file_runs))
  string(APPEND failures "${name}: check says runs=${file_runs}, the driver fails a counted module: ${driver_fails}\n")
endif()
if(failures)
  message(FATAL_ERROR "${failures}${check_err}")
endif()
message(STATUS "${name}: the driver and check agree on every module")
