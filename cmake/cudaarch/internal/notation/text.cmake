# SPDX-License-Identifier: Apache-2.0
# Internal, part of the notation engine (see ../notation.cmake): the text helpers every
# part shares: the placeholder bytes that keep user text whole in CMake lists, closures,
# quoting for messages, the unknown-value sentence, dotted capability names, and error propagation.
include_guard(GLOBAL)

# In the calling function: on an error in <error_var>, hand it to <out_var> in the
# caller's caller and return from the calling function.
macro(_cudaarch_propagate_error error_var out_var)
  if(NOT "${${error_var}}" STREQUAL "")
    set(${out_var} "${${error_var}}" PARENT_SCOPE)
    return()
  endif()
endmacro()

# Single bytes that stand in for ';', '[', ']' and '\' while user text is held in CMake
# lists, where those characters split or group elements. _cudaarch_parse_impl turns a
# user's own bytes 1 to 4 into '?'.
macro(_cudaarch_placeholders)
  string(ASCII 1 _cudaarch_sep)
  string(ASCII 2 _cudaarch_lb)
  string(ASCII 3 _cudaarch_rb)
  string(ASCII 4 _cudaarch_bs)
endmacro()

# PROTECT replaces ';', '[', ']' and '\' in <text> by the placeholders, RESTORE puts
# them back.
function(_cudaarch_placeholder_text out_var direction text)
  _cudaarch_placeholders()
  set(plain "[]\\;")
  set(hidden "${_cudaarch_lb}${_cudaarch_rb}${_cudaarch_bs}${_cudaarch_sep}")
  foreach(i RANGE 3)
    string(SUBSTRING "${plain}" ${i} 1 from)
    string(SUBSTRING "${hidden}" ${i} 1 to)
    if(direction STREQUAL "RESTORE")
      string(REPLACE "${to}" "${from}" text "${text}")
    else()
      string(REPLACE "${from}" "${to}" text "${text}")
    endif()
  endforeach()
  set(${out_var} "${text}" PARENT_SCOPE)
endfunction()

# <command> and the arguments after it as one value, a closure that is handed down to
# where it is called (_cudaarch_keyword): a list of the command and each argument with '%',
# ';', '[', ']' and '\' percent-encoded, so that any text, a list too, stays one item.
function(_cudaarch_bind out_var command)
  set(closure "${command}")
  math(EXPR last "${ARGC} - 1")
  foreach(i RANGE 2 ${last})
    set(argument "${ARGV${i}}")
    string(REPLACE "%" "%25" argument "${argument}")
    string(REPLACE ";" "%3B" argument "${argument}")
    string(REPLACE "[" "%5B" argument "${argument}")
    string(REPLACE "]" "%5D" argument "${argument}")
    string(REPLACE "\\" "%5C" argument "${argument}")
    list(APPEND closure "${argument}")
  endforeach()
  set(${out_var} "${closure}" PARENT_SCOPE)
endfunction()

# The arguments bound in <closure> (see _cudaarch_bind), decoded, into the variables named
# after it, in their order.
function(_cudaarch_unbind closure)
  set(i 0)
  foreach(name IN LISTS ARGN)
    math(EXPR i "${i} + 1")
    list(GET closure ${i} argument)
    string(REPLACE "%5C" "\\" argument "${argument}")
    string(REPLACE "%5D" "]" argument "${argument}")
    string(REPLACE "%5B" "[" argument "${argument}")
    string(REPLACE "%3B" ";" argument "${argument}")
    string(REPLACE "%25" "%" argument "${argument}")
    set(${name} "${argument}" PARENT_SCOPE)
  endforeach()
endfunction()

# <text> safe to show on a terminal, the twin of the C++ text::escape (src/cudaarch/text.hpp):
# ESC as \e, line feed, carriage return and tab as \n \r \t, the other control bytes and
# DEL as \xNN. Bytes 1 to 4 are left alone: inside CudaArch they are the placeholders, put
# back later (a user's own are '?' by then).
function(_cudaarch_escape out_var text)
  # Most text holds none of those bytes: one match instead of a pass per byte.
  string(ASCII 5 first)
  string(ASCII 31 last)
  string(ASCII 127 del)
  if(NOT text MATCHES "[${first}-${last}${del}]")
    set(${out_var} "${text}" PARENT_SCOPE)
    return()
  endif()
  string(ASCII 27 esc)
  string(ASCII 13 cr)
  string(REPLACE "${esc}" "\\e" text "${text}")
  string(REPLACE "\n" "\\n" text "${text}")
  string(REPLACE "${cr}" "\\r" text "${text}")
  string(REPLACE "\t" "\\t" text "${text}")
  foreach(code RANGE 5 31)
    string(ASCII ${code} byte)
    if(text MATCHES "${byte}")
      math(EXPR high "${code} / 16")
      math(EXPR low "${code} % 16")
      string(SUBSTRING "0123456789abcdef" ${low} 1 low)
      string(REPLACE "${byte}" "\\x${high}${low}" text "${text}")
    endif()
  endforeach()
  string(REPLACE "${del}" "\\x7f" text "${text}")
  set(${out_var} "${text}" PARENT_SCOPE)
endfunction()

# 'text' for a message, escaped; tokens over 64 bytes are cut to 60 bytes and '...', and
# their length given: '7777...' (131000 bytes).
function(_cudaarch_quote out_var text)
  string(LENGTH "${text}" length)
  if(length GREATER 64)
    string(SUBSTRING "${text}" 0 60 text)
  endif()
  _cudaarch_escape(text "${text}")
  if(length GREATER 64)
    set(${out_var} "'${text}...' (${length} bytes)" PARENT_SCOPE)
  else()
    set(${out_var} "'${text}'" PARENT_SCOPE)
  endif()
endfunction()

# The one sentence for a value that is none of the allowed ones, in the argument checks
# (_cudaarch_choice) and the engine's errors alike (format, dialect; the C++ wing words them
# the same): <out-var> = "unknown <noun> '<value>'; <plural>: <choice>, …." Here, at the
# bottom layer, so that the notation engine can use it too.
function(_cudaarch_unknown_value out_var noun plural value) # <choices>...
  _cudaarch_quote(q "${value}")
  list(JOIN ARGN ", " choices)
  set(${out_var} "unknown ${noun} ${q}; ${plural}: ${choices}." PARENT_SCOPE)
endfunction()

# 86 -> 8.6, 100f -> 10.0f
function(_cudaarch_dotted out_var key)
  string(REGEX MATCH "^([0-9]*)([0-9])([af]?)$" ignored "${key}")
  set(major "${CMAKE_MATCH_1}")
  if(major STREQUAL "")
    set(major 0)
  endif()
  set(${out_var} "${major}.${CMAKE_MATCH_2}${CMAKE_MATCH_3}" PARENT_SCOPE)
endfunction()
