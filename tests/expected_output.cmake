# SPDX-License-Identifier: Apache-2.0
# The one comparison rule of CudaArch's test harnesses (docs/testing.md, "Expected output"):
# a command's whole stdout and whole stderr against expected text, after one normalisation,
# and its exit code exactly. tests/cli/expect_output.cmake (the CLI cases) and
# tests/cmake/testing.cmake (check_script) and tests/cmake/run_cases.cmake compare through these functions.
#
# The normalisation, applied alike to what ran and to what is expected:
#   - CRLF becomes LF;
#   - spaces and tabs at the end of each line are dropped;
#   - each placeholder's value becomes <name>: the build dir <build>, the source dir
#     <source>, and those a case names (PLACEHOLDERS name=value), the longest value first,
#     so that a path inside the build dir is named before the build dir;
#   - a fat binary's place in a section, which depends on the host linker, reads
#     ".nv_fatbin@0x_".
# Nothing else: every other byte counts, the last newline included.
include_guard(GLOBAL)

# _cudaarch_expect_normalise(<out_var> <text> [<name>=<value>...])
function(_cudaarch_expect_normalise out_var text)
  string(REPLACE "\r\n" "\n" text "${text}")
  string(REGEX REPLACE "[ \t]+\n" "\n" text "${text}")
  string(REGEX REPLACE "[ \t]+$" "" text "${text}")
  # Longest value first: "<1000000 + length>|<name>|<value>" keys, sorted as text, descending.
  set(keys "")
  foreach(placeholder IN LISTS ARGN)
    if(NOT placeholder MATCHES "^([A-Za-z_][A-Za-z0-9_]*)=(.+)$")
      message(FATAL_ERROR "expected_output.cmake: placeholder '${placeholder}' is not <name>=<value>")
    endif()
    string(LENGTH "${CMAKE_MATCH_2}" length)
    math(EXPR padded "1000000 + ${length}")
    list(APPEND keys "${padded}|${CMAKE_MATCH_1}|${CMAKE_MATCH_2}")
  endforeach()
  list(SORT keys ORDER DESCENDING)
  foreach(key IN LISTS keys)
    string(REGEX MATCH "^[0-9]+\\|([^|]+)\\|(.*)$" _ "${key}")
    string(REPLACE "${CMAKE_MATCH_2}" "<${CMAKE_MATCH_1}>" text "${text}")
  endforeach()
  string(REGEX REPLACE "\\.nv_fatbin@0x[0-9a-f]+" ".nv_fatbin@0x_" text "${text}")
  set(${out_var} "${text}" PARENT_SCOPE)
endfunction()

# _cudaarch_expect_equal(<out_var> <label> <actual> <expected> [<name>=<value>...]): appends to
# <out_var> (the caller's failure text) what differs between the two, both normalised.
function(_cudaarch_expect_equal out_var label actual expected)
  _cudaarch_expect_normalise(actual "${actual}" ${ARGN})
  _cudaarch_expect_normalise(expected "${expected}" ${ARGN})
  if(NOT actual STREQUAL expected)
    set(${out_var} "${${out_var}}${label}:\n  expected [${expected}]\n  got      [${actual}]\n" PARENT_SCOPE)
  endif()
endfunction()

# _cudaarch_expect_case(<out_var> <case> <rc> <stdout> <stderr> [<name>=<value>...]): compares
# a run with the files beside its case, <case>-result.txt (the exit code; absent: 0),
# <case>-stdout.txt and <case>-stderr.txt (absent: empty). A case with none of the three files
# fails: it would pass whatever ran.
function(_cudaarch_expect_case out_var case rc stdout stderr)
  set(failed "")
  set(found FALSE)
  set(expected_result 0)
  set(expected_stdout "")
  set(expected_stderr "")
  foreach(stream IN ITEMS result stdout stderr)
    if(EXISTS "${case}-${stream}.txt")
      set(found TRUE)
      file(READ "${case}-${stream}.txt" expected_${stream})
    endif()
  endforeach()
  if(NOT found)
    string(APPEND failed "no expected output: write ${case}-stdout.txt, -stderr.txt or -result.txt\n")
  endif()
  string(STRIP "${expected_result}" expected_result)
  if(NOT rc STREQUAL expected_result)
    string(APPEND failed "exit code (${case}-result.txt): expected ${expected_result}, got ${rc}\n")
  endif()
  _cudaarch_expect_equal(failed "stdout (${case}-stdout.txt)" "${stdout}" "${expected_stdout}" ${ARGN})
  _cudaarch_expect_equal(failed "stderr (${case}-stderr.txt)" "${stderr}" "${expected_stderr}" ${ARGN})
  set(${out_var} "${${out_var}}${failed}" PARENT_SCOPE)
endfunction()
