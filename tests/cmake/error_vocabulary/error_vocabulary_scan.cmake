# SPDX-License-Identifier: Apache-2.0
# One error vocabulary: "unknown <noun> '<value>'; <plural>: …" (<plural> may be "accepted"),
# "<what> needs a value" and "give <first> or <second>, not both" are spelled only by their
# helpers, the CMake wing's in cmake/cudaarch/internal/notation/text.cmake, the C++ wing's in
# src/cudaarch/text.hpp; any other place that raises one calls them. Comments (and CMake doc blocks) are skipped.
#   cmake -DWING=cmake|cxx -DROOT=<repo> -P error_vocabulary_scan.cmake
cmake_minimum_required(VERSION 3.18)
include("${CMAKE_CURRENT_LIST_DIR}/../testing.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/../layering_scan.cmake")

# The sentences spelled by hand, as the lines read (layering_scan.cmake's file_lines writes
# ';' as ','). Other sentences with such words are other errors: "unknown option '--frm';
# did you mean …" (a suggestion, not a list), "FROM is given twice …; keep one" (one keyword
# twice), "sm_86 is requested built from both compute_75 and compute_86; keep one." (two
# pairings of one image).
set(spellings
  "needs a value"
  "not both"
  "exclude each other"
  "are set, keep one"
  "both say what to build"
  "judge different things, give one"
  ", accepted: "
  "unknown [a-z]+ '?\\$\\{[^}]+\\}'?, [a-z ]+: "
  "\"unknown [a-z]+ \"[^\"]*\", [a-z]+: ")
list(JOIN spellings "|" regex)

set(found "")
if(WING STREQUAL "cmake")
  file(GLOB_RECURSE files "${ROOT}/cmake/*.cmake")
  list(SORT files)
  foreach(file IN LISTS files)
    if(NOT file MATCHES "/internal/notation/text\\.cmake$")
      matching_lines(lines "${file}" "${regex}")
      list(APPEND found ${lines})
    endif()
  endforeach()
elseif(WING STREQUAL "cxx")
  file(GLOB_RECURSE files "${ROOT}/src/*.cpp" "${ROOT}/src/*.hpp")
  list(SORT files)
  foreach(file IN LISTS files)
    if(file MATCHES "/src/cudaarch/text\\.hpp$")
      continue()
    endif()
    file_lines(lines "${file}")
    get_filename_component(name "${file}" NAME)
    set(number 0)
    foreach(line IN LISTS lines)
      math(EXPR number "${number} + 1")
      # A comment line, or a comment after the code that holds no string.
      string(REGEX REPLACE "^[ \t]*//.*$" "" code "${line}")
      string(REGEX REPLACE "[ \t]+//[^\"]*$" "" code "${code}")
      if(code MATCHES "${regex}")
        string(STRIP "${code}" code)
        list(APPEND found "${name}:${number}: ${code}")
      endif()
    endforeach()
  endforeach()
else()
  check_fail("WING" "give -DWING=cmake or -DWING=cxx, not '${WING}'")
endif()
if(NOT files)
  check_fail("ROOT" "no source under '${ROOT}': give -DROOT=<repo>")
endif()
check_equal("errors of the vocabulary spelled outside its helpers" "${found}" "")
check_finish()
