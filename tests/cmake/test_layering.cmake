# SPDX-License-Identifier: Apache-2.0
# The CMake wing's rules (docs/architecture.md): public files under cmake/cudaarch include
# internal files only, nothing under internal/ calls or includes a public command
# (comments and doc blocks are skipped), no function or macro in cmake/ is over 100 lines,
# every _CUDAARCH_ name a module uses is declared in internal/properties.cmake, no module
# changes the process environment, no internal reads a variable it was not given, and
# internal/ has no macro but the listed ones, an internal sets in its caller only the names
# it is given, its messages start with the name passed down to it, and a public command's
# with its own name. The rules on names, the environment and the
# variables read are also run on a fixture that breaks them.
#   cmake [-DWORK_DIR=<dir>] -P test_layering.cmake
cmake_minimum_required(VERSION 3.18)
include("${CMAKE_CURRENT_LIST_DIR}/testing.cmake")
set(modules "${CMAKE_CURRENT_LIST_DIR}/../../cmake/cudaarch")

# The lines of <file> as a list, the bytes a CMake list splits or groups on (';', '[',
# ']', '\\') replaced, so that each line stays one element.
function(file_lines out_var file)
  file(READ "${file}" content)
  content_lines(lines "${content}")
  set(${out_var} "${lines}" PARENT_SCOPE)
endfunction()

# <content> as file_lines gives a file's.
function(content_lines out_var content)
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

# The lines of <file> as file_lines gives them, bracket arguments ([[…]], [=[…]=]: a shell
# script, code to evaluate) blanked, their line breaks kept.
function(code_lines out_var file)
  file(READ "${file}" content)
  while(content MATCHES "(^|[ \t(])(\\[=*\\[)")
    set(open "${CMAKE_MATCH_2}")
    string(FIND "${content}" "${CMAKE_MATCH_0}" start)
    string(LENGTH "${CMAKE_MATCH_1}" lead)
    math(EXPR start "${start} + ${lead}")
    string(SUBSTRING "${content}" ${start} -1 tail)
    string(REPLACE "[" "]" close "${open}")
    string(FIND "${tail}" "${close}" length)
    string(LENGTH "${close}" close_length)
    math(EXPR length "${length} + ${close_length}")
    string(SUBSTRING "${tail}" 0 ${length} bracket)
    string(REGEX REPLACE "[^\n]" "" breaks "${bracket}")
    string(SUBSTRING "${content}" 0 ${start} head)
    string(SUBSTRING "${tail}" ${length} -1 tail)
    set(content "${head}\"\"${breaks}${tail}")
  endwhile()
  content_lines(lines "${content}")
  set(${out_var} "${lines}" PARENT_SCOPE)
endfunction()

# The variables each function or macro of <file> reads that it was not given: names it neither
# takes as a parameter nor writes, other than CMake's own (CMAKE_*, ARGC, ARGV, ARGN, ARGV<n>), as
# "<file>:<line>: <function> reads <name>"; "<...>" marks a part made at run time.
function(unbound_reads out_var file)
  code_lines(lines "${file}")
  get_filename_component(name "${file}" NAME)
  set(found "")
  set(number 0)
  set(definition "")
  foreach(line IN LISTS lines)
    math(EXPR number "${number} + 1")
    string(REGEX REPLACE "^[ \t]*#.*$" "" line "${line}")
    string(REGEX REPLACE "[ \t]#[^\"]*$" "" line "${line}")
    if(line MATCHES "^(function|macro)\\(([A-Za-z0-9_]+)([^)]*)\\)")
      set(definition "${CMAKE_MATCH_2}")
      string(REGEX MATCHALL "[A-Za-z0-9_]+" written "${CMAKE_MATCH_3}")
      set(written_patterns "")
      set(reads "")
      continue()
    elseif(line MATCHES "^end(function|macro)\\(" AND NOT definition STREQUAL "")
      list(REMOVE_DUPLICATES reads)
      foreach(read IN LISTS reads)
        string(REGEX MATCH "^[0-9]+ (.*)$" ignored "${read}")
        set(variable "${CMAKE_MATCH_1}")
        string(REGEX MATCH "^[0-9]+" at "${read}")
        if(variable IN_LIST written OR variable MATCHES "^(CMAKE_.*|ARGC|ARGV|ARGN|ARGV[0-9]+|ARGV<>|WIN32|APPLE|UNIX)$")
          continue()
        endif()
        set(bound FALSE)
        # Fields under a prefix it named (nvcc_VERSION); a name made at run time from one of
        # its own (${out_${v}} of a parameter out_kind).
        string(REGEX REPLACE "<>$" "" stem "${variable}")
        foreach(prefix IN LISTS written)
          string(FIND "${variable}" "${prefix}_" at_prefix)
          string(FIND "${prefix}" "${stem}" at_stem)
          if(at_prefix EQUAL 0 OR (variable MATCHES "<>$" AND at_stem EQUAL 0))
            set(bound TRUE)
          endif()
        endforeach()
        foreach(pattern IN LISTS written_patterns)
          if(variable MATCHES "^${pattern}$")
            set(bound TRUE)
          endif()
        endforeach()
        if(NOT bound)
          list(APPEND found "${name}:${at}: ${definition} reads ${variable}")
        endif()
      endforeach()
      set(definition "")
      continue()
    endif()
    if(definition STREQUAL "")
      continue()
    endif()
    # Reads: ${name}, ${prefix${...}} as prefix<>.
    string(REGEX MATCHALL "\\$\\{[A-Za-z0-9_]+\\}" refs "${line}")
    string(REGEX MATCHALL "\\$\\{[A-Za-z0-9_]+\\$\\{" dynamic "${line}")
    foreach(ref IN LISTS refs dynamic)
      string(REGEX REPLACE "^\\$\\{([A-Za-z0-9_]+)\\}$" "\\1" ref "${ref}")
      string(REGEX REPLACE "^\\$\\{([A-Za-z0-9_]+)\\$\\{$" "\\1<>" ref "${ref}")
      list(APPEND reads "${number} ${ref}")
    endforeach()
    string(REGEX REPLACE "\"[^\"]*(\"|$)" "" code "${line}")
    string(REGEX REPLACE "\\$\\{[^}]*\\}" "<>" code "${code}")
    string(REGEX REPLACE "(ENV|CACHE)\\{[^}]*\\}|TARGET [^ )]+" "" code "${code}")
    if(code MATCHES "^[ \t]*(if|elseif|while)[ \t]*\\((.*)$")
      string(REGEX MATCHALL "[A-Za-z_][A-Za-z0-9_]*" words "${CMAKE_MATCH_2}")
      foreach(word IN LISTS words)
        if(NOT word MATCHES "^(NOT|AND|OR|STREQUAL|MATCHES|IN_LIST|LESS|GREATER|EQUAL|LESS_EQUAL|GREATER_EQUAL|DEFINED|TARGET|COMMAND|POLICY|TEST|EXISTS|IS_ABSOLUTE|IS_DIRECTORY|IS_SYMLINK|IS_NEWER_THAN|VERSION_[A-Z_]+|STRLESS|STRGREATER|TRUE|FALSE|ON|OFF|CACHE|ENV)$")
          list(APPEND reads "${number} ${word}")
        endif()
      endforeach()
      continue()
    elseif(code MATCHES "^[ \t]*foreach[ \t]*\\([ \t]*([A-Za-z0-9_]+)(.*)$")
      list(APPEND written "${CMAKE_MATCH_1}")
      set(loop "${CMAKE_MATCH_2}")
      # Names given as items are set by name (set(${field} …)).
      if(loop MATCHES "ITEMS (.*)$")
        string(REGEX MATCHALL "[A-Za-z_][A-Za-z0-9_]*" words "${CMAKE_MATCH_1}")
        list(APPEND written ${words})
      endif()
      if(loop MATCHES "IN (.*)LISTS (.*)$")
        string(REGEX REPLACE "ITEMS.*$" "" lists "${CMAKE_MATCH_2}")
        string(REGEX MATCHALL "[A-Za-z_][A-Za-z0-9_]*" words "${lists}")
        list(TRANSFORM words PREPEND "${number} ")
        list(APPEND reads ${words})
      endif()
      continue()
    elseif(code MATCHES "cmake_parse_arguments\\((PARSE_ARGV [0-9]+ )?([A-Za-z0-9_]+)")
      list(APPEND written_patterns "${CMAKE_MATCH_2}_.*")
    endif()
    # Writes: every bare word of any other line (its command's name too, which does no harm).
    string(REGEX MATCHALL "[A-Za-z_][A-Za-z0-9_]*(<>)*" words "${code}")
    foreach(word IN LISTS words)
      if(word MATCHES "<>")
        string(REPLACE "<>" ".*" word "${word}")
        list(APPEND written_patterns "${word}")
      else()
        list(APPEND written "${word}")
      endif()
    endforeach()
  endforeach()
  set(${out_var} "${found}" PARENT_SCOPE)
endfunction()

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

# State travels in arguments (docs/architecture.md, rule 4): a function or macro of
# internal/ reads only what it takes, what it sets itself and CMake's own variables; the
# user's settings (CUDAARCH_*, CUDAToolkit_ROOT) are read where they apply. A macro exists
# only where CMake forces one. Each exception is listed here with its reason.
set(macros
  _cudaarch_parse_arguments   # only the command's own scope holds its ARGV<i>
  _cudaarch_propagate_error   # return() from the calling function
  _cudaarch_db_fail           # the same
  _cudaarch_keep_warnings     # the three below merge into the parse's own locals
  _cudaarch_drain_window
  _cudaarch_parse_items)
set(exempt "^(_cudaarch_keep_warnings|_cudaarch_drain_window|_cudaarch_parse_items) reads ")
set(unbound "")
set(extra_macros "")
foreach(file IN LISTS internal)
  unbound_reads(found "${file}")
  foreach(read IN LISTS found)
    string(REGEX MATCH "[^ ]+ reads .*$" what "${read}")
    if(NOT what MATCHES "${exempt}" AND NOT what MATCHES " reads (CUDAARCH_[A-Z_]+|CUDAToolkit_ROOT)$")
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
