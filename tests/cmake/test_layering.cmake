# The CMake wing's layering (docs/architecture.md): public files under cmake/cudaarch
# include internal files only, and nothing under internal/ calls or includes a public
# command. Comments are skipped.
#   cmake -P test_layering.cmake
cmake_minimum_required(VERSION 3.18)
include("${CMAKE_CURRENT_LIST_DIR}/testing.cmake")
set(modules "${CMAKE_CURRENT_LIST_DIR}/../../cmake/cudaarch")

# The lines of <file> that match <regex>, comments left out, as "<file>:<line>: <text>".
function(matching_lines out_var file regex)
  file(STRINGS "${file}" lines)
  get_filename_component(name "${file}" NAME)
  set(found "")
  set(number 0)
  foreach(line IN LISTS lines)
    math(EXPR number "${number} + 1")
    string(REGEX REPLACE "#.*$" "" code "${line}")
    if(code MATCHES "${regex}")
      string(STRIP "${code}" code)
      list(APPEND found "${name}:${number}: ${code}")
    endif()
  endforeach()
  set(${out_var} "${found}" PARENT_SCOPE)
endfunction()

file(GLOB internal "${modules}/internal/*.cmake")
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

check_finish()
