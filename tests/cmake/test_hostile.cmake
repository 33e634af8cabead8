# SPDX-License-Identifier: Apache-2.0
# The CMake functions against the quoting mistakes and odd environments of issue 12, what the
# files of their cases (hostile/scripts/, hostile/projects/: cmake.hostile.scripts,
# cmake.hostile.projects) do not hold: a time limit, and the report a failed configure leaves.
# Label hostile.
#   cmake [-DWORK_DIR=<dir>] -P test_hostile.cmake
cmake_minimum_required(VERSION 3.18)
include("${CMAKE_CURRENT_LIST_DIR}/testing.cmake")
file(MAKE_DIRECTORY "${WORK_DIR}")

# FLEET is linear: 21,000 items (a fleet's list, one GPU per machine), each an argument of its
# own, in under 1 s of CPU, the module's own loading included; it took 28 s before (52 s of
# wall time on a busy machine).
if(EXISTS /usr/bin/time)
  string(REPEAT "T4;A100;H100;8.6;9.0;7.5;NVIDIA L4;" 3000 items)
  file(WRITE "${WORK_DIR}/fleet.cmake" "include(\"${CMAKE_CURRENT_LIST_DIR}/hostile_prelude.cmake\")
set(items \"${items}\")
cudaarch_set_architectures(FLEET \${items} COMPILER \"\${nvcc}\" VARIABLE out)
message(STATUS \"[\${out}]\")\n")
  execute_process(COMMAND /usr/bin/time -f "cpu %U %S" "${CMAKE_COMMAND}" "-DCUDAARCH_MODULE=${CUDAARCH_MODULE}"
                          -P "${WORK_DIR}/fleet.cmake" WORKING_DIRECTORY "${WORK_DIR}"
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  string(REGEX MATCH "cpu ([0-9]+)\\.([0-9]+) ([0-9]+)\\.([0-9]+)" ignored "${err}")
  math(EXPR centiseconds "${CMAKE_MATCH_1} * 100 + ${CMAKE_MATCH_2} + ${CMAKE_MATCH_3} * 100 + ${CMAKE_MATCH_4}")
  string(FIND "${out}" "-- [75-real;80-real;90-real]\n" at)
  check_equal("hostile.fleet_linear: exit code, and the result in [${out}]" "${rc}|${at}" "0|${at}")
  if(at EQUAL -1)
    check_equal("hostile.fleet_linear: the result" "${out}" "-- [75-real;80-real;90-real]")
  endif()
  if(centiseconds GREATER_EQUAL 100)
    check_equal("hostile.fleet_linear: CPU seconds for 21,000 items" "${CMAKE_MATCH_1}.${CMAKE_MATCH_2}" "< 1")
  endif()
else()
  message("SKIP hostile.fleet_linear: no /usr/bin/time to measure CPU time")
endif()

# Control bytes of a request are shown as escapes in the report line too, which the failed
# configure of hostile/projects/escape_request leaves behind.
_check_configure("${WORK_DIR}/escape_request" escape_request
                 "include(\"${CMAKE_CURRENT_LIST_DIR}/hostile/projects/escape_request.cmake\" NO_POLICY_SCOPE)"
                 rc results diagnostics)
check_equal("hostile.escape_request: exit code" "${rc}" 1)
file(READ "${WORK_DIR}/escape_request/build/cudaarch-report.txt" report)
check_equal("hostile.escape_request: the report line" "${report}" "request '\\e]0;owned\\x07' from the user's CUDAARCH_ARCHITECTURES\n")

check_finish()
