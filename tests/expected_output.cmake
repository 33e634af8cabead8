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
# fails: it would pass whatever ran. <case> may be a list of such paths, the first first: each
# stream is read from the first that has its file (run_cases.cmake: a case's files for one
# CMake release, then its own).
function(_cudaarch_expect_case out_var case rc stdout stderr)
  set(failed "")
  set(found FALSE)
  list(GET case -1 base)
  set(expected_result 0)
  set(expected_stdout "")
  set(expected_stderr "")
  foreach(stream IN ITEMS result stdout stderr)
    set(file_${stream} "${base}-${stream}.txt")
    foreach(prefix IN LISTS case)
      if(EXISTS "${prefix}-${stream}.txt")
        set(found TRUE)
        set(file_${stream} "${prefix}-${stream}.txt")
        file(READ "${prefix}-${stream}.txt" expected_${stream})
        break()
      endif()
    endforeach()
  endforeach()
  if(NOT found)
    string(APPEND failed "no expected output: write ${base}-stdout.txt, -stderr.txt or -result.txt\n")
  endif()
  string(STRIP "${expected_result}" expected_result)
  if(NOT rc STREQUAL expected_result)
    string(APPEND failed "exit code (${file_result}): expected ${expected_result}, got ${rc}\n")
  endif()
  _cudaarch_expect_equal(failed "stdout (${file_stdout})" "${stdout}" "${expected_stdout}" ${ARGN})
  _cudaarch_expect_equal(failed "stderr (${file_stderr})" "${stderr}" "${expected_stderr}" ${ARGN})
  set(${out_var} "${${out_var}}${failed}" PARENT_SCOPE)
endfunction()
