# SPDX-License-Identifier: Apache-2.0
# check_output(<name> <rc> <expected rc> <output> <text>...): appends to `failures` unless
# the exit code is the expected one and every text is in the output (runs of spaces and
# newlines read as one space, so CMake's line wrapping does not matter).
function(check_output name rc rc_expected output)
  string(REGEX REPLACE "[ \n]+" " " flat "${output}")
  set(ok TRUE)
  if(NOT rc EQUAL rc_expected)
    set(ok FALSE)
  endif()
  foreach(text IN LISTS ARGN)
    string(FIND "${flat}" "${text}" at)
    if(at EQUAL -1)
      set(ok FALSE)
    endif()
  endforeach()
  if(NOT ok)
    set(failures "${failures}[${name}] expected exit ${rc_expected} and [${ARGN}], got exit ${rc}:\n${output}\n" PARENT_SCOPE)
  endif()
endfunction()
