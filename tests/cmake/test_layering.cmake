# SPDX-License-Identifier: Apache-2.0
# The CMake wing's rules (docs/architecture.md): public files under cmake/cudaarch include
# internal files only, nothing under internal/ calls or includes a public command
# (comments and doc blocks are skipped), and no function or macro in cmake/ is over 100 lines.
#   cmake -P test_layering.cmake
cmake_minimum_required(VERSION 3.18)
include("${CMAKE_CURRENT_LIST_DIR}/testing.cmake")
set(modules "${CMAKE_CURRENT_LIST_DIR}/../../cmake/cudaarch")

# The lines of <file> as a list, the bytes a CMake list splits or groups on (';', '[',
# ']', '\\') replaced, so that each line stays one element.
function(file_lines out_var file)
  file(READ "${file}" content)
  string(REPLACE ";" "," content "${content}")
  string(REPLACE "[" "(" content "${content}")
  string(REPLACE "]" ")" content "${content}")
  string(REPLACE "\\" "/" content "${content}")
  string(REPLACE "\n" ";" lines "${content}")
  set(${out_var} "${lines}" PARENT_SCOPE)
endfunction()

# The lines of <file> that match <regex>, comments left out (doc blocks too: their
# examples are not code), as "<file>:<line>: <text>".
function(matching_lines out_var file regex)
  file_lines(lines "${file}")
  get_filename_component(name "${file}" NAME)
  set(found "")
  set(number 0)
  set(in_block FALSE)
  foreach(line IN LISTS lines)
    math(EXPR number "${number} + 1")
    if(line MATCHES "^#\\(=*\\(")
      set(in_block TRUE)
    elseif(in_block AND line MATCHES "^#\\)=*\\)")
      set(in_block FALSE)
      continue()
    endif()
    if(in_block)
      continue()
    endif()
    string(REGEX REPLACE "#.*$" "" code "${line}")
    # Message text names commands without calling them: strings are left out, also one
    # that goes on to the next line.
    string(REGEX REPLACE "\"[^\"]*(\"|$)" "" code "${code}")
    if(code MATCHES "${regex}")
      string(STRIP "${code}" code)
      list(APPEND found "${name}:${number}: ${code}")
    endif()
  endforeach()
  set(${out_var} "${found}" PARENT_SCOPE)
endfunction()

file(GLOB_RECURSE internal "${modules}/internal/*.cmake")
file(GLOB public "${modules}/cudaarch_*.cmake")
set(calls "")
foreach(file IN LISTS internal)
  # A public command is called, or a public file included.
  matching_lines(found "${file}" "(^|[^_A-Za-z0-9])cudaarch_[a-z_]+[ \t]*\\(|include\\([^)]*cudaarch_[a-z_]+\\.cmake")
  list(APPEND calls ${found})
endforeach()
check_equal("internal files calling public commands" "${calls}" "")

set(includes "")
foreach(file IN LISTS public)
  matching_lines(found "${file}" "include\\(")
  list(FILTER found EXCLUDE REGEX "include\\(\"\\\${CMAKE_CURRENT_LIST_DIR}/internal/[a-z_]+\\.cmake\"\\)$")
  list(APPEND includes ${found})
endforeach()
check_equal("public files including anything but internal files" "${includes}" "")

set(long "")
file(GLOB_RECURSE all "${CMAKE_CURRENT_LIST_DIR}/../../cmake/*.cmake")
foreach(file IN LISTS all)
  file_lines(lines "${file}")
  get_filename_component(name "${file}" NAME)
  set(number 0)
  foreach(line IN LISTS lines)
    math(EXPR number "${number} + 1")
    if(line MATCHES "^(function|macro)\\(([A-Za-z0-9_]+)")
      set(start ${number})
      set(definition "${CMAKE_MATCH_2}")
    elseif(line MATCHES "^end(function|macro)\\(")
      math(EXPR length "${number} - ${start} + 1")
      if(length GREATER 100)
        list(APPEND long "${name}: ${definition} has ${length} lines")
      endif()
    endif()
  endforeach()
endforeach()
check_equal("functions over 100 lines" "${long}" "")

check_finish()
