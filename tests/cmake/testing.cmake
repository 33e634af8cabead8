# SPDX-License-Identifier: Apache-2.0
# Checks for the script-mode tests in this directory. Each check prints what failed;
# check_finish() then fails the script when any check did.
include_guard(GLOBAL)
include("${CMAKE_CURRENT_LIST_DIR}/../expected_output.cmake")

set(CUDAARCH_MODULE "${CMAKE_CURRENT_LIST_DIR}/../../cmake/CudaArch.cmake")
if(NOT DEFINED WORK_DIR)
  set(WORK_DIR "${CMAKE_CURRENT_BINARY_DIR}/cudaarch_cmake_tests")
endif()
set_property(GLOBAL PROPERTY _CHECKS 0)
set_property(GLOBAL PROPERTY _CHECK_FAILURES 0)

function(_check_count failed)
  get_property(checks GLOBAL PROPERTY _CHECKS)
  math(EXPR checks "${checks} + 1")
  set_property(GLOBAL PROPERTY _CHECKS ${checks})
  if(failed)
    get_property(failures GLOBAL PROPERTY _CHECK_FAILURES)
    math(EXPR failures "${failures} + 1")
    set_property(GLOBAL PROPERTY _CHECK_FAILURES ${failures})
  endif()
endfunction()

# _check_stream(<name> <actual> <expected>): a whole stream by the one rule of
# tests/expected_output.cmake, with WORK_DIR (where the checks run) as <build> and the source
# tree as <source>.
function(_check_stream name actual expected)
  set(failed "")
  get_filename_component(source "${CUDAARCH_MODULE}/../.." ABSOLUTE)
  _cudaarch_expect_equal(failed "${name}" "${actual}" "${expected}" "build=${WORK_DIR}" "source=${source}")
  if(failed)
    _check_count(TRUE)
    message("FAIL ${failed}")
  else()
    _check_count(FALSE)
  endif()
endfunction()

function(check_equal name actual expected)
  if(actual STREQUAL expected)
    _check_count(FALSE)
  else()
    _check_count(TRUE)
    message("FAIL ${name}\n  expected: [${expected}]\n  actual:   [${actual}]")
  endif()
endfunction()

# The CMake diagnostics in <stderr>, one per line: "Error: <text>" or "Warning: <text>",
# the text unwrapped: CMake indents it, breaks it at spaces and puts two spaces after a
# sentence. Plain message() lines are left out.
function(_check_diagnostics out_var stderr)
  set(result "")
  # A module's notices: whole lines of their own, "cudaarch_<command>: ..." (report.cmake).
  string(REGEX MATCHALL "(^|\n)cudaarch_[a-z_]+: [^\n]*" notices "${stderr}")
  foreach(notice IN LISTS notices)
    string(STRIP "${notice}" notice)
    string(APPEND result "Notice: ${notice}\n")
  endforeach()
  set(rest "${stderr}")
  while(rest MATCHES "CMake (Error|Warning|Warning \\(dev\\))[^\n]*:\n((  [^\n]*\n)*)(.*)$")
    set(kind "${CMAKE_MATCH_1}")
    set(body "${CMAKE_MATCH_2}")
    set(rest "${CMAKE_MATCH_4}")
    string(REGEX REPLACE "\n  " " " body "\n${body}")
    string(REGEX REPLACE "\\.  " ". " body "${body}")
    string(STRIP "${body}" body)
    string(APPEND result "${kind}: ${body}\n")
  endwhile()
  set(${out_var} "${result}" PARENT_SCOPE)
endfunction()

# Runs <code> as a script of its own (cmake -P) and checks its exit code, its whole stdout
# (message(STATUS) lines) and its diagnostics (see _check_diagnostics), the streams by the one
# rule of tests/expected_output.cmake. The script can include the module as
# include("${CUDAARCH_MODULE}").
function(check_script name code expected_rc expected_stdout expected_diagnostics)
  set(script "${WORK_DIR}/${name}.cmake")
  file(WRITE "${script}" "set(CUDAARCH_MODULE \"${CUDAARCH_MODULE}\")\n${code}\n")
  execute_process(COMMAND "${CMAKE_COMMAND}" -P "${script}" WORKING_DIRECTORY "${WORK_DIR}"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE stdout ERROR_VARIABLE stderr)
  _check_diagnostics(diagnostics "${stderr}")
  check_equal("${name}: exit code" "${rc}" "${expected_rc}")
  _check_stream("${name}: stdout" "${stdout}" "${expected_stdout}")
  _check_stream("${name}: diagnostics" "${diagnostics}" "${expected_diagnostics}")
endfunction()

# _check_configure(<dir> <name> <code> <rc_var> <results_var> <diagnostics_var>): configures
# <code> as the CMakeLists.txt of a project <name> of its own (languages NONE) in <dir>/source,
# built in <dir>/build, with the CMake running the test; sets <rc_var> to its exit code,
# <results_var> to the lines its code prints as message(STATUS "RESULT <text>") (the <text>
# lines: the rest of a configure's stdout is CMake's own and differs by release) and
# <diagnostics_var> to its diagnostics (see _check_diagnostics). ${CUDAARCH_MODULES} is
# cmake/cudaarch. run_cases.cmake configures a folder of project cases by it.
function(_check_configure dir name code rc_var results_var diagnostics_var)
  file(REMOVE_RECURSE "${dir}")
  file(WRITE "${dir}/source/CMakeLists.txt" "cmake_minimum_required(VERSION 3.18)
project(${name} NONE)
set(CUDAARCH_MODULES \"${CMAKE_CURRENT_FUNCTION_LIST_DIR}/../../cmake/cudaarch\")
${code}\n")
  execute_process(COMMAND "${CMAKE_COMMAND}" -S "${dir}/source" -B "${dir}/build"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE stdout ERROR_VARIABLE stderr)
  set(results "")
  set(rest "${stdout}")
  while(rest MATCHES "-- RESULT ([^\n]*\n)(.*)$")
    string(APPEND results "${CMAKE_MATCH_1}")
    set(rest "${CMAKE_MATCH_2}")
  endwhile()
  _check_diagnostics(diagnostics "${stderr}")
  set(${rc_var} "${rc}" PARENT_SCOPE)
  set(${results_var} "${results}" PARENT_SCOPE)
  set(${diagnostics_var} "${diagnostics}" PARENT_SCOPE)
endfunction()

# check_fail(<name> <why>): a failed check the others do not express.
function(check_fail name why)
  _check_count(TRUE)
  message("FAIL ${name}: ${why}")
endfunction()

function(check_finish)
  get_property(checks GLOBAL PROPERTY _CHECKS)
  get_property(failures GLOBAL PROPERTY _CHECK_FAILURES)
  message("${checks} checks, ${failures} failed")
  if(checks EQUAL 0 OR failures GREATER 0)
    message(FATAL_ERROR "${CMAKE_CURRENT_LIST_FILE} failed")
  endif()
endfunction()
