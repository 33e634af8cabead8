# SPDX-License-Identifier: Apache-2.0
# The CMake wing's rules (docs/architecture.md): public files under cmake/cudaarch include
# internal files only, nothing under internal/ calls or includes a public command
# (comments and doc blocks are skipped), no function or macro in cmake/ is over 80 lines,
# every _CUDAARCH_ name a module uses is declared in internal/properties.cmake, no module
# changes the process environment, no internal reads a variable it was not given, and
# internal/ has no macro but the listed ones, an internal sets in its caller only the names
# it is given, its messages start with the name passed down to it, and a public command's
# with its own name. The rules on names, the environment and the
# variables read are also run on a fixture that breaks them.
#   cmake [-DWORK_DIR=<dir>] -P test_layering.cmake
cmake_minimum_required(VERSION 3.18)
include("${CMAKE_CURRENT_LIST_DIR}/testing.cmake")
include("${CMAKE_CURRENT_LIST_DIR}/layering_scan.cmake")
set(modules "${CMAKE_CURRENT_LIST_DIR}/../../cmake/cudaarch")

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
      if(length GREATER 80)
        list(APPEND long "${name}: ${definition} has ${length} lines")
      endif()
    endif()
  endforeach()
endforeach()
check_equal("functions over 80 lines" "${long}" "")

set(root "${CMAKE_CURRENT_LIST_DIR}/../../cmake")
undeclared_names(undeclared "${root}")
check_equal("_CUDAARCH_ names not declared in internal/properties.cmake" "${undeclared}" "")
environment_changes(changes "${root}")
check_equal("modules changing the process environment" "${changes}" "")

# State travels in arguments (docs/architecture.md, rule 4): a function or macro of
# internal/ reads only what it takes, what it sets itself and CMake's own variables; the
# user's settings (CUDAARCH_*, CUDAToolkit_ROOT) are read where they apply. A macro exists
# only where CMake forces one. Each exception is listed here with its reason.
set(macros
  _cudaarch_parse_arguments   # only the command's own scope holds its ARGV<i>
  _cudaarch_propagate_error   # return() from the calling function
  _cudaarch_db_fail)          # the same
set(unbound "")
set(extra_macros "")
foreach(file IN LISTS internal)
  unbound_reads(found "${file}")
  foreach(read IN LISTS found)
    string(REGEX MATCH "[^ ]+ reads .*$" what "${read}")
    if(NOT what MATCHES " reads (CUDAARCH_[A-Z_]+|CUDAToolkit_ROOT)$")
      list(APPEND unbound "${read}")
    endif()
  endforeach()
  matching_lines(found "${file}" "^macro\\(")
  foreach(line IN LISTS found)
    string(REGEX MATCH "macro\\(([A-Za-z0-9_]+)" ignored "${line}")
    if(NOT CMAKE_MATCH_1 IN_LIST macros)
      list(APPEND extra_macros "${line}")
    endif()
  endforeach()
endforeach()
check_equal("internals reading a variable they were not given" "${unbound}" "")

# An internal sets in its caller only names it is given: set(${out_var} … PARENT_SCOPE), or
# fields under a prefix it is given. The two exceptions: the argument checker's arg_<NAME>
# (the names of its spec) and CudaArchBeforeProject's documented CMAKE_CUDA_ARCHITECTURES OFF.
set(fixed "")
foreach(file IN LISTS internal)
  matching_lines(found "${file}" "(^|[ \t])(set|unset)\\([A-Za-z_][^ )]* .*PARENT_SCOPE")
  list(APPEND fixed ${found})
endforeach()
list(FILTER fixed EXCLUDE REGEX "^arguments\\.cmake:[0-9]+: set\\(arg_\\$\\{name\\} ")
list(FILTER fixed EXCLUDE REGEX "^request\\.cmake:[0-9]+: set\\(CMAKE_CUDA_ARCHITECTURES OFF PARENT_SCOPE\\)$")
check_equal("internals setting a name of their own in the caller" "${fixed}" "")

# An internal's errors and warnings start with the name of the public command (or module)
# it works for, passed down to it: "${command}: …". generate_database.cmake is a build
# step's script of its own.
set(named "")
foreach(file IN LISTS internal)
  if(file MATCHES "/generate_database\\.cmake$")
    continue()
  endif()
  matching_lines(found "${file}" "message\\((FATAL_ERROR|SEND_ERROR|WARNING|AUTHOR_WARNING) \"[^$]")
  list(APPEND named ${found})
endforeach()
check_equal("internal messages with a name of their own" "${named}" "")
# A public command's errors and warnings start with its own name.
set(misnamed "")
foreach(file IN LISTS public)
  get_filename_component(command "${file}" NAME_WE)
  matching_lines(found "${file}" "message\\((FATAL_ERROR|SEND_ERROR|WARNING|AUTHOR_WARNING) \"")
  list(FILTER found EXCLUDE REGEX "message\\([A-Z_]+ \"(${command}|\\$\\{command\\}): ")
  list(APPEND misnamed ${found})
endforeach()
check_equal("public commands' messages not starting with their name" "${misnamed}" "")

check_equal("macros in internal/ that CMake does not force" "${extra_macros}" "")

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
file(WRITE "${fixture}/cudaarch/internal/state.cmake" [=[
function(_cudaarch_good out_var value)
  cmake_parse_arguments(PARSE_ARGV 2 opt "" "MODE" "")
  _cudaarch_toolkit(nvcc "${opt_MODE}")
  foreach(field IN ITEMS a b)
    set(${field} "${value}")  # ${comment}
  endforeach()
  if(a AND nvcc_VERSION AND CMAKE_VERSION AND DEFINED ENV{HOME} AND TARGET x)
    execute_process(COMMAND sh -c [[echo ${shell}]] OUTPUT_VARIABLE out)
    set(${out_var} "${b}${out}" PARENT_SCOPE)
  endif()
endfunction()
function(_cudaarch_bad out_var)
  if(spec_usage)
    set(${out_var} "${arg_${keyword}}" PARENT_SCOPE)
  endif()
  foreach(x IN LISTS given)
  endforeach()
endfunction()
]=])
unbound_reads(unbound "${fixture}/cudaarch/internal/state.cmake")
check_equal("fixture: variables read and not given" "${unbound}"
  "state.cmake:13: _cudaarch_bad reads spec_usage;state.cmake:14: _cudaarch_bad reads keyword;\
state.cmake:14: _cudaarch_bad reads arg_<>;state.cmake:16: _cudaarch_bad reads given")
undeclared_names(undeclared "${fixture}")
check_equal("fixture: undeclared names found" "${undeclared}"
            "bad.cmake:1: _CUDAARCH_UNDECLARED;bad.cmake:2: _CUDAARCH_TORCH_<>")
environment_changes(changes "${fixture}")
check_equal("fixture: environment changes found" "${changes}"
            "bad.cmake:3: set(ENV{CUDAARCHS} );bad.cmake:4: unset(ENV{CUDAARCHS})")

check_finish()
