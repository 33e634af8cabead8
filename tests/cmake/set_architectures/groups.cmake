# SPDX-License-Identifier: Apache-2.0
# cudaarch_test_case_groups(<out> <script>): the case groups of a case script, from its
# `if("<group>" IN_LIST CASES)` lines, in their order. The script's CMakeLists.txt registers
# one test per group from these lines and the script refuses a group not among them, so a
# group can be neither misspelt nor left unregistered.
function(cudaarch_test_case_groups out script)
  file(STRINGS "${script}" uses REGEX "^[ \t]*(else)?if *\\(.*IN_LIST +CASES")
  set(groups "")
  foreach(line IN LISTS uses)
    # Any other form would hide a group from the registration and so from every run.
    if(NOT line MATCHES "^if\\(\"([a-z_]+)\" IN_LIST CASES\\)$")
      string(STRIP "${line}" line)
      message(FATAL_ERROR "cases.cmake: a case group opens with a line `if(\"<group>\" IN_LIST CASES)` "
        "of its own, not `${line}`")
    endif()
    list(APPEND groups "${CMAKE_MATCH_1}")
  endforeach()
  set(${out} "${groups}" PARENT_SCOPE)
endfunction()
