# SPDX-License-Identifier: Apache-2.0
# cli.text_output.no_empty_values: no text output that a test compares whole has a
# "<label>: " line with nothing after the colon (issue 42: detect --pci printed an empty
# "capabilities: " line). Reads every case's expected stdout and stderr under tests/. A line
# that ends in ':' is a heading, and passes, when the line after it is indented ("options:"
# over a help's options, a list's lead-in).
#   cmake -DTESTS=<tests folder> -P no_empty_values.cmake
cmake_minimum_required(VERSION 3.18)
file(GLOB_RECURSE cases RELATIVE "${TESTS}" "${TESTS}/*-stdout.txt" "${TESTS}/*-stderr.txt")
list(SORT cases)
set(empty "")
foreach(case IN LISTS cases)
  file(READ "${TESTS}/${case}" text)
  # One list item a line: the characters that would part or join list items are no label's.
  string(REGEX REPLACE "[][;\\\\]" "_" text "${text}")
  string(REPLACE "\n" ";" lines "${text}")
  list(LENGTH lines count)
  set(number 0)
  foreach(line IN LISTS lines)
    math(EXPR number "${number} + 1")
    if(NOT line MATCHES "^[ ]*[A-Za-z][A-Za-z0-9 _.()/-]*:[ \t]*$")
      continue()
    endif()
    set(next "")
    if(number LESS count)
      list(GET lines ${number} next)
    endif()
    if(NOT next MATCHES "^[ \t]")
      string(APPEND empty "  ${case}:${number}: ${line}\n")
    endif()
  endforeach()
endforeach()
list(LENGTH cases files)
if(files LESS 100)
  message(FATAL_ERROR "no_empty_values.cmake: only ${files} expected outputs under ${TESTS}")
endif()
if(NOT empty STREQUAL "")
  message(FATAL_ERROR "no_empty_values.cmake: lines with a label and no value:\n${empty}")
endif()
message("${files} expected outputs, no label without a value")
