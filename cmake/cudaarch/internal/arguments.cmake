# SPDX-License-Identifier: Apache-2.0
# Internal: the one argument checker of every public command.
#
#   _cudaarch_parse_arguments(<command> <argc>
#     [usage <usage>] [leading <NAME>...] [options <KEYWORD>...] [one_value <KEYWORD>...]
#     [multi_value <KEYWORD>...] [rest <NAME>] [required <KEYWORD or NAME>...]
#     [variables <KEYWORD or NAME>...])
# (The checker's own keywords are lower case, so that none is a command's keyword.)
#
# Called first thing in a public command, with ${ARGC}. Sets in the command's scope:
#   arg_<NAME>     each leading argument, in order (<out-var>, <target>...);
#   arg_<KEYWORD>  TRUE or FALSE for an options keyword; the value of a one_value keyword;
#                  for a multi_value keyword its values joined with ';' (a quoted "75;86"
#                  is two values, as in every CMake list);
#   arg_<rest>     the arguments that belong to no keyword, joined with ';'.
# Every one of these names is set, "" when not given, so that none is read from a calling
# function's scope. Stops with "<command>: <problem>; usage: <usage>" when a leading
# argument is missing, an argument belongs to no keyword and there is no rest, a one-value
# keyword is given twice (FROM TORCH FROM TF: naming both), a keyword has no value (an
# empty string is none, on every CMake: before 3.31 cmake_parse_arguments drops it
# silently), a required keyword or rest is absent, or a variables value does not name one
# variable.
#
# A macro, because only the command's own scope holds its ARGV<i>, and the list forms
# (ARGN, cmake_parse_arguments' results) split an argument at its own ';' and group
# unbalanced '[' ']'. It reads ARGV and ARGV0 to ARGV<argc - 1> and nothing else of the
# command's scope: it makes them one list, each argument an item (percent-encoded where it
# holds '%', ';', '[', ']' or '\'), and hands that to _cudaarch_check_arguments, which does
# the rest. Where no argument holds one of those bytes (the list has <argc> items), that list
# is ARGV itself, with no pass over the arguments: FLEET takes thousands. Besides the arg_
# names of its arguments, the only names it touches are its own scratch variables
# _cudaarch_argv and _cudaarch_i, unset again before it ends.
include_guard(GLOBAL)
macro(_cudaarch_parse_arguments command argc)
  # Read by name: in a macro, ARGV written out is the macro's own.
  set(_cudaarch_i ARGV)
  set(_cudaarch_argv "${${_cudaarch_i}}")
  list(LENGTH _cudaarch_argv _cudaarch_i)
  if(NOT _cudaarch_i EQUAL ${argc} OR _cudaarch_argv MATCHES "[][\\%]")
    set(_cudaarch_argv "")
    math(EXPR _cudaarch_i "${argc} - 1")
    foreach(_cudaarch_i RANGE ${_cudaarch_i})
      if("${ARGV${_cudaarch_i}}" MATCHES "[][;\\%]")
        _cudaarch_append_encoded(_cudaarch_argv "${_cudaarch_argv}" "${ARGV${_cudaarch_i}}")
      else()
        string(APPEND _cudaarch_argv ";${ARGV${_cudaarch_i}}")
      endif()
    endforeach()
  elseif(${argc} GREATER 0)
    # Each item after a ';' of its own, so that an empty first argument is an item too.
    string(PREPEND _cudaarch_argv ";")
  endif()
  _cudaarch_check_arguments(${command} ${argc} "${_cudaarch_argv}" ${ARGN})
  unset(_cudaarch_argv)
  unset(_cudaarch_i)
endmacro()

# Part of _cudaarch_parse_arguments: <out-var> = <list> with ';' and <text>, percent-encoded.
function(_cudaarch_append_encoded out_var list text)
  _cudaarch_percent_text(text ENCODE "${text}")
  set(${out_var} "${list};${text}" PARENT_SCOPE)
endfunction()

# The checks of _cudaarch_parse_arguments, on <command>'s <argc> arguments in <argv> (each
# item after a ';', percent-encoded where it holds a list's bytes); the spec follows. Sets
# arg_<NAME> in the caller for every name of the spec.
function(_cudaarch_check_arguments command argc argv)
  cmake_parse_arguments(PARSE_ARGV 3 spec "" "usage;rest"
                        "leading;options;one_value;multi_value;required;variables")
  set(usage "")
  if(spec_usage)
    set(usage "; usage: ${spec_usage}")
  endif()
  set(keywords ${spec_options} ${spec_one_value} ${spec_multi_value})
  if(argc GREATER 0)
    string(SUBSTRING "${argv}" 1 -1 argv)
  endif()
  set(i 0)
  foreach(name IN LISTS spec_leading)
    set(value "")
    if(i LESS argc)
      list(GET argv ${i} value)
    endif()
    if(value STREQUAL "" OR value IN_LIST keywords)
      _cudaarch_argument_name(shown ${name})
      message(FATAL_ERROR "${command}: missing ${shown}${usage}")
    endif()
    _cudaarch_percent_text(arg_${name} DECODE "${value}")
    math(EXPR i "${i} + 1")
  endforeach()
  set(others "")
  if(i LESS argc)
    list(SUBLIST argv ${i} -1 others)
  endif()
  _cudaarch_read_keywords(given ${command} "${usage}" "${others}" "${spec_options}" "${spec_one_value}"
    "${spec_multi_value}" "${spec_rest}")
  foreach(name IN LISTS spec_multi_value)
    if(name IN_LIST given AND "${arg_${name}}" MATCHES "^;*$")
      _cudaarch_keyword_needs_value(${command} "${name}" "${usage}")
    endif()
  endforeach()
  foreach(name IN LISTS spec_required)
    if(NOT name IN_LIST given)
      _cudaarch_argument_name(shown ${name})
      message(FATAL_ERROR "${command}: missing ${shown}${usage}")
    endif()
  endforeach()
  foreach(name IN LISTS spec_variables)
    if(name IN_LIST given AND "${arg_${name}}" MATCHES "[;\\\\]|^$")
      _cudaarch_argument_name(shown ${name})
      message(FATAL_ERROR "${command}: ${shown} must name one variable, not '${arg_${name}}'${usage}")
    endif()
  endforeach()
  foreach(name IN LISTS spec_leading keywords spec_rest)
    set(arg_${name} "${arg_${name}}" PARENT_SCOPE)
  endforeach()
  # Every public command starts here: the first one called reads the data file, so that a
  # problem with it stops that command, named.
  _cudaarch_load_database(${command})
endfunction()

# Part of _cudaarch_check_arguments: reads <arguments> (items as in its <argv>) as
# cmake_parse_arguments does (values after an option or a one-value keyword's value belong to
# <rest>) and sets in the caller arg_<KEYWORD> for every keyword of <options>, <one-value> and
# <multi-value>, arg_<rest>, and <given-var>: the keywords given, and <rest> if anything
# belongs to it. <usage> ends <command>'s messages. Lists are built with a leading ';',
# removed at the end; this loop runs once per argument, a hundred thousand of them in tests,
# so it is kept to a few commands.
function(_cudaarch_read_keywords given_var command usage arguments options one_value multi_value rest)
  foreach(name IN LISTS one_value multi_value rest)
    set(arg_${name} "")
  endforeach()
  foreach(name IN LISTS options)
    set(arg_${name} FALSE)
  endforeach()
  set(names "${rest}")
  if(rest STREQUAL "")
    set(rest _unknown)
  endif()
  set(arg_${rest} "")
  set(keywords ${options} ${one_value} ${multi_value})
  set(target "${rest}")  # where a plain argument goes
  set(expect "")         # a one-value keyword waiting for its value
  set(pending "")        # a multi-value keyword waiting for its first value
  set(given "")
  foreach(value IN LISTS arguments)
    if(value IN_LIST keywords)
      _cudaarch_keyword_needs_value(${command} "${expect}${pending}" "${usage}")
      list(APPEND given ${value})
      set(target "${rest}")
      if(value IN_LIST options)
        set(arg_${value} TRUE)
      elseif(value IN_LIST one_value)
        set(expect ${value})
      else()
        set(pending ${value})
        set(target ${value})
      endif()
    elseif(NOT expect STREQUAL "")
      if(value STREQUAL "")
        _cudaarch_keyword_needs_value(${command} "${expect}" "${usage}")
      elseif(NOT "${arg_${expect}}" STREQUAL "")  # the last one would win silently
        _cudaarch_given_twice(${command} ${expect} "${arg_${expect}}" "${value}" "${usage}")
      endif()
      set(arg_${expect} "${value}")
      set(expect "")
    else()
      string(APPEND arg_${target} ";${value}")
      set(pending "")
    endif()
  endforeach()
  _cudaarch_keyword_needs_value(${command} "${expect}${pending}" "${usage}")
  if(NOT "${arg__unknown}" STREQUAL "")
    _cudaarch_unknown_argument(${command} "${arg__unknown}" "${usage}")
  endif()
  foreach(name IN LISTS multi_value names)
    if(NOT "${arg_${name}}" STREQUAL "")
      string(SUBSTRING "${arg_${name}}" 1 -1 arg_${name})
      list(APPEND given ${name})
    endif()
  endforeach()
  foreach(name IN LISTS one_value multi_value names)
    if("${arg_${name}}" MATCHES "%")
      _cudaarch_percent_text(arg_${name} DECODE "${arg_${name}}")
    endif()
    set(arg_${name} "${arg_${name}}" PARENT_SCOPE)
  endforeach()
  foreach(name IN LISTS options)
    set(arg_${name} "${arg_${name}}" PARENT_SCOPE)
  endforeach()
  list(REMOVE_DUPLICATES given)
  set(${given_var} "${given}" PARENT_SCOPE)
endfunction()

# Stops: <command>'s one-value <keyword> was given twice, with the <first> and <second> values
# (percent-encoded items of _cudaarch_read_keywords).
function(_cudaarch_given_twice command keyword first second usage)
  _cudaarch_percent_text(first DECODE "${first}")
  _cudaarch_percent_text(second DECODE "${second}")
  _cudaarch_quote(first_q "${first}")
  _cudaarch_quote(second_q "${second}")
  message(FATAL_ERROR "${command}: ${keyword} is given twice, as ${first_q} and ${second_q}; keep one${usage}")
endfunction()

# Stops on the first of <unknown>, the arguments <command> has no place for (each after a
# ';', percent-encoded, as _cudaarch_read_keywords collects them).
function(_cudaarch_unknown_argument command unknown usage)
  string(REGEX MATCH "^;([^;]*)" ignored "${unknown}")
  _cudaarch_percent_text(first DECODE "${CMAKE_MATCH_1}")
  message(FATAL_ERROR "${command}: unknown argument '${first}'${usage}")
endfunction()

# Stops when <pending>, a keyword that takes a value, got none.
function(_cudaarch_keyword_needs_value command pending usage)
  if(NOT pending STREQUAL "")
    _cudaarch_missing_value(missing "${pending}")
    message(FATAL_ERROR "${command}: ${missing}${usage}")
  endif()
endfunction()

# How an argument is named in a message: keywords as they are (POLICY), placeholders in
# angle brackets and lower case (OUT_VAR -> <out-var>).
function(_cudaarch_argument_name out_var name)
  set(shown "${name}")
  if(NOT name MATCHES "^[A-Z_]+$" OR name MATCHES "_VAR$|^(TARGET|FILE|FORMAT|SPEC)$")
    string(TOLOWER "${name}" shown)
    string(REPLACE "_" "-" shown "<${shown}>")
  endif()
  set(${out_var} "${shown}" PARENT_SCOPE)
endfunction()

# The end of cudaarch_parse, cudaarch_format and cudaarch_resolve: prints <command>'s
# <warnings> and stops with its <error> unless the user named an <error-variable> to take
# it; the command itself sets its results.
function(_cudaarch_hand_back command warnings error error_variable)
  foreach(warning IN LISTS warnings)
    message(WARNING "${command}: ${warning}")
  endforeach()
  if(error_variable STREQUAL "" AND NOT error STREQUAL "")
    message(FATAL_ERROR "${command}: ${error}")
  endif()
endfunction()

# Stops <command> when <value>, from the user's <source>, holds a line break: CMake keeps
# only the first line of a cached value, so the next configure would build something else
# (75;86, then 75). Every channel of the user the same: a -D, a cache entry, an environment
# variable.
function(_cudaarch_one_line command source value)
  string(ASCII 13 cr)
  if(value MATCHES "[\n${cr}]")
    _cudaarch_quote(q "${value}")
    message(FATAL_ERROR "${command}: ${source} ${q} holds a line break; CMake keeps only the first line of a "
                        "cached value, so the next configure would build something else. Give it on one line, "
                        "its items separated by ';' or spaces")
  endif()
endfunction()

# <out-var> = <value>, given to <command> as <keyword>, in upper case, one of <choices>, or
# <default> when empty.
function(_cudaarch_choice out_var command keyword value default) # <choices>...
  set(choice "${default}")
  if(NOT value STREQUAL "")
    string(TOUPPER "${value}" choice)
    if(NOT choice IN_LIST ARGN)
      _cudaarch_unknown_value(error "${keyword} value" "${keyword} values" "${value}" ${ARGN})
      message(FATAL_ERROR "${command}: ${error}")
    endif()
  endif()
  set(${out_var} "${choice}" PARENT_SCOPE)
endfunction()

# <out-var> = <value>, given to <command> as <keyword>, a positive number up to <max>, or
# <default> when empty: a whole number, or with FRACTION one with a decimal part too (0.5).
# UNIT names what it counts in the message (seconds).
function(_cudaarch_positive_number out_var command keyword value default max)
  cmake_parse_arguments(PARSE_ARGV 6 number "FRACTION" "UNIT" "")
  if(value STREQUAL "")
    set(value "${default}")
  else()
    set(pattern "^([1-9][0-9]*)()$")
    if(number_FRACTION)
      set(pattern "^([0-9]*)(\\.[0-9]+)?$")
    endif()
    # The length first: if() compares numbers past 2^63 as the largest one it can hold.
    set(whole "")
    set(digits 0)
    if(value MATCHES "${pattern}" AND NOT value EQUAL 0)
      set(whole "${CMAKE_MATCH_1}")
      string(LENGTH "${whole}" digits)
    endif()
    if(NOT value MATCHES "${pattern}" OR value EQUAL 0 OR digits GREATER 9 OR whole GREATER max)
      set(unit "")
      if(number_UNIT)
        set(unit " of ${number_UNIT}")
      endif()
      _cudaarch_quote(q "${value}")
      message(FATAL_ERROR "${command}: ${keyword} must be a positive number${unit} up to ${max}, not ${q}")
    endif()
  endif()
  set(${out_var} "${value}" PARENT_SCOPE)
endfunction()

# <out-var> = <value>, given to <command> as <keyword>, as one capability number without a
# suffix (8.0, sm_80, 80-real: 80), in any notation the parser reads.
function(_cudaarch_capability out_var command keyword value)
  _cudaarch_parse_impl(model error "" "${value}")
  list(LENGTH model count)
  if(error OR NOT count EQUAL 1 OR NOT model MATCHES "^([0-9]+)\\|\\|")
    _cudaarch_quote(q "${value}")
    message(FATAL_ERROR "${command}: ${keyword} must be one compute capability without a suffix, such as 8.0, not ${q}")
  endif()
  set(${out_var} "${CMAKE_MATCH_1}" PARENT_SCOPE)
endfunction()

# <out-var> = <file>, the <what> (a JSON file) <command> is to write, as an absolute path (a
# relative one is taken in CMAKE_CURRENT_BINARY_DIR); stops when it is a folder, suggesting
# <example> (gpus.json) in it.
function(_cudaarch_output_file out_var command file what example)
  if(NOT IS_ABSOLUTE "${file}")
    set(file "${CMAKE_CURRENT_BINARY_DIR}/${file}")
  endif()
  if(IS_DIRECTORY "${file}")
    message(FATAL_ERROR "${command}: '${file}' is a folder; name the ${what} to write, such as ${file}/${example}")
  endif()
  set(${out_var} "${file}" PARENT_SCOPE)
endfunction()

# <out-var> = the cudaarch tool's file as a generator expression, for what <command> adds
# (<use>: "the test", "VERIFY"); stops when no target provides the tool.
function(_cudaarch_cli_file out_var command use)
  if(TARGET CudaArch::cudaarch)
    set(${out_var} "$<TARGET_FILE:CudaArch::cudaarch>" PARENT_SCOPE)
  elseif(TARGET cudaarch AND TARGET cudaarch_model)  # CudaArch itself, added as a subdirectory
    set(${out_var} "$<TARGET_FILE:cudaarch>" PARENT_SCOPE)
  else()
    message(FATAL_ERROR "${command}: ${use} needs the cudaarch tool (target CudaArch::cudaarch): "
                        "find_package(CudaArch) from a build or install tree with the CLI, or add CudaArch "
                        "with add_subdirectory")
  endif()
endfunction()

# Stops <command> unless <target> names a target it can act on. By default one this project
# builds code for: an ALIAS names another target, an IMPORTED one was built elsewhere, and an
# INTERFACE library or a custom target compiles nothing, so none can take architectures
# (CMake would stop with its own message, or halfway). With FILE, one that builds a single
# file to inspect: an executable, a shared, module or static library (an ALIAS or IMPORTED
# one too).
function(_cudaarch_check_target command target) # [FILE]
  if(NOT TARGET "${target}")
    message(FATAL_ERROR "${command}: '${target}' is not a target")
  endif()
  get_target_property(aliased "${target}" ALIASED_TARGET)
  get_target_property(imported "${target}" IMPORTED)
  get_target_property(type "${target}" TYPE)
  if(ARGN STREQUAL "FILE")
    if(NOT type MATCHES "^(EXECUTABLE|SHARED_LIBRARY|MODULE_LIBRARY|STATIC_LIBRARY)$")
      message(FATAL_ERROR "${command}: '${target}' is a ${type}, which builds no single file to inspect")
    endif()
  elseif(aliased)
    message(FATAL_ERROR "${command}: '${target}' is an ALIAS of '${aliased}'; name '${aliased}' \
itself, since properties cannot be set through an alias")
  elseif(imported)
    message(FATAL_ERROR "${command}: '${target}' is an IMPORTED target, built elsewhere with the \
architectures it has; set them where it is built")
  elseif(type STREQUAL "INTERFACE_LIBRARY")
    message(FATAL_ERROR "${command}: '${target}' is an INTERFACE library, which compiles nothing; \
name the targets that link it")
  elseif(type STREQUAL "UTILITY")
    message(FATAL_ERROR "${command}: '${target}' is a custom target, which compiles nothing")
  endif()
endfunction()
