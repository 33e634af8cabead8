# SPDX-License-Identifier: Apache-2.0
# The CMake wing's rules (docs/architecture.md): public files under cmake/cudaarch include
# internal files only, nothing under internal/ calls or includes a public command
# (comments and doc blocks are skipped), no function or macro in cmake/ is over 100 lines,
# every _CUDAARCH_ name a module uses is declared in internal/properties.cmake, and no module
# changes the process environment. The last two are also run on a fixture that breaks them.
#   cmake [-DWORK_DIR=<dir>] -P test_layering.cmake
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
    if(ARGN STREQUAL "CODE_ONLY")
      # Message text names commands without calling them: strings are left out, also one
      # that goes on to the next line.
      string(REGEX REPLACE "\"[^\"]*(\"|$)" "" code "${code}")
    endif()
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
  matching_lines(found "${file}" "(^|[^_A-Za-z0-9])cudaarch_[a-z_]+[ \t]*\\(" CODE_ONLY)
  list(APPEND calls ${found})
  matching_lines(found "${file}" "include\\([^)]*cudaarch_[a-z_]+\\.cmake")
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

# The _CUDAARCH_ names <declarations> (a properties.cmake) declares, "<...>" parts as "<>".
function(declared_names out_var declarations)
  file(STRINGS "${declarations}" lines
       REGEX "^# _CUDAARCH_[A-Za-z0-9_<>]+  (GLOBAL|DIRECTORY|TARGET|CACHE|VARIABLE)  ")
  set(names "")
  foreach(line IN LISTS lines)
    string(REGEX MATCH "^# ([^ ]+)" ignored "${line}")
    string(REGEX REPLACE "<[^>]*>" "<>" name "${CMAKE_MATCH_1}")
    list(APPEND names "${name}")
  endforeach()
  set(${out_var} "${names}" PARENT_SCOPE)
endfunction()

# The uses of _CUDAARCH_ names in the .cmake files under <root> (comments left out) that
# <root>/cudaarch/internal/properties.cmake does not declare. A name made at run time
# (_CUDAARCH_CC_${nn}_${field}) must fit a declared one; a bare prefix (_CUDAARCH_CC_) must
# start one.
function(undeclared_names out_var root)
  declared_names(declared "${root}/cudaarch/internal/properties.cmake")
  file(GLOB_RECURSE files "${root}/*.cmake")
  list(REMOVE_ITEM files "${root}/cudaarch/internal/properties.cmake")
  set(undeclared "")
  foreach(file IN LISTS files)
    matching_lines(found "${file}" "_CUDAARCH_")
    foreach(line IN LISTS found)
      string(REGEX MATCHALL "_CUDAARCH_([A-Za-z0-9_]|\\$\\{[A-Za-z0-9_]*\\})*" uses "${line}")
      foreach(use IN LISTS uses)
        string(REGEX REPLACE "(\\$\\{[A-Za-z0-9_]*\\})+" "<>" use "${use}")
        string(REPLACE "<>" "[A-Za-z0-9_<>]+" pattern "${use}")
        set(known FALSE)
        foreach(name IN LISTS declared)
          string(FIND "${name}" "${use}" at)
          if(name MATCHES "^${pattern}$" OR (use MATCHES "_$" AND at EQUAL 0))
            set(known TRUE)
            break()
          endif()
        endforeach()
        if(NOT known)
          string(REGEX MATCH "^[^:]*:[0-9]+" where "${line}")
          list(APPEND undeclared "${where}: ${use}")
        endif()
      endforeach()
    endforeach()
  endforeach()
  set(${out_var} "${undeclared}" PARENT_SCOPE)
endfunction()

# The lines of the .cmake files under <root> that set or unset an environment variable.
function(environment_changes out_var root)
  file(GLOB_RECURSE files "${root}/*.cmake")
  set(changes "")
  foreach(file IN LISTS files)
    matching_lines(found "${file}" "(^|[^A-Za-z0-9_])(set|unset)\\([ \t]*ENV\\{" CODE_ONLY)
    list(APPEND changes ${found})
  endforeach()
  set(${out_var} "${changes}" PARENT_SCOPE)
endfunction()

set(root "${CMAKE_CURRENT_LIST_DIR}/../../cmake")
undeclared_names(undeclared "${root}")
check_equal("_CUDAARCH_ names not declared in internal/properties.cmake" "${undeclared}" "")
environment_changes(changes "${root}")
check_equal("modules changing the process environment" "${changes}" "")

# The same checks on a module that breaks both rules, beside one that keeps them.
set(fixture "${WORK_DIR}/layering_fixture")
file(REMOVE_RECURSE "${fixture}")
file(WRITE "${fixture}/cudaarch/internal/properties.cmake" "\
# _CUDAARCH_KNOWN  GLOBAL  good -> good
#   A declared property.
# _CUDAARCH_CC_<nn>_FAMILY  GLOBAL  good -> good
#   A declared name made at run time.
")
file(WRITE "${fixture}/cudaarch/internal/good.cmake" [=[
# _CUDAARCH_UNDECLARED in a comment is no use. set(ENV{X} 1)
set_property(GLOBAL PROPERTY _CUDAARCH_KNOWN 1)
get_property(family GLOBAL PROPERTY _CUDAARCH_CC_${nn}_${field})
message(STATUS "set(ENV{X} 1) in a message is no change")
]=])
file(WRITE "${fixture}/cudaarch/internal/bad.cmake" [=[
set_property(GLOBAL PROPERTY _CUDAARCH_UNDECLARED 1)
get_property(x DIRECTORY PROPERTY "_CUDAARCH_TORCH_${name}")
set(ENV{CUDAARCHS} "")
unset(ENV{CUDAARCHS})
]=])
undeclared_names(undeclared "${fixture}")
check_equal("fixture: undeclared names found" "${undeclared}"
            "bad.cmake:1: _CUDAARCH_UNDECLARED;bad.cmake:2: _CUDAARCH_TORCH_<>")
environment_changes(changes "${fixture}")
check_equal("fixture: environment changes found" "${changes}"
            "bad.cmake:3: set(ENV{CUDAARCHS} );bad.cmake:4: unset(ENV{CUDAARCHS})")

check_finish()
