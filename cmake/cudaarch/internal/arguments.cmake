include_guard(GLOBAL)

# Stops with "<function>: ..." when the caller's cmake_parse_arguments (prefix arg) left
# unknown arguments or keywords without values.
function(_cudaarch_reject_bad_arguments function usage)
  if(arg_UNPARSED_ARGUMENTS)
    list(GET arg_UNPARSED_ARGUMENTS 0 first)
    message(FATAL_ERROR "${function}: unknown argument '${first}'; ${usage}")
  endif()
  if(arg_KEYWORDS_MISSING_VALUES)
    list(GET arg_KEYWORDS_MISSING_VALUES 0 first)
    message(FATAL_ERROR "${function}: ${first} needs a value; ${usage}")
  endif()
endfunction()

# <out-var> = the caller's arg_<keyword>, a positive whole number, or <default> when unset.
function(_cudaarch_positive_number out_var function keyword default)
  set(value "${default}")
  if(DEFINED arg_${keyword})
    set(value "${arg_${keyword}}")
    if(NOT value MATCHES "^[1-9][0-9]*$")
      message(FATAL_ERROR "${function}: ${keyword} must be a positive number, not '${value}'")
    endif()
  endif()
  set(${out_var} "${value}" PARENT_SCOPE)
endfunction()
