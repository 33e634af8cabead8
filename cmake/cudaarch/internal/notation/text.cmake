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

# <sep-var>, <lb-var>, <rb-var>, <bs-var> = the single bytes that stand in for ';', '[', ']'
# and '\' while user text is held in CMake lists, where those characters split or group
# elements. _cudaarch_parse_impl turns a user's own bytes 1 to 4 into '?'.
function(_cudaarch_placeholders sep_var lb_var rb_var bs_var)
  string(ASCII 1 byte)
  set(${sep_var} "${byte}" PARENT_SCOPE)
  string(ASCII 2 byte)
  set(${lb_var} "${byte}" PARENT_SCOPE)
  string(ASCII 3 byte)
  set(${rb_var} "${byte}" PARENT_SCOPE)
  string(ASCII 4 byte)
  set(${bs_var} "${byte}" PARENT_SCOPE)
endfunction()

# <out-var> = <text> with each byte of <bytes> replaced by the item of <codes> at its place,
# in that order; with <direction> RESTORE or DECODE each code by its byte, in the reverse
# order.
function(_cudaarch_swap_bytes out_var direction text bytes codes)
  list(LENGTH codes count)
  math(EXPR last "${count} - 1")
  set(order RANGE ${last})
  set(back FALSE)
  if(direction MATCHES "^(RESTORE|DECODE)$")
    set(back TRUE)
    set(order RANGE ${last} 0 -1)
  endif()
  foreach(i ${order})
    string(SUBSTRING "${bytes}" ${i} 1 byte)
    list(GET codes ${i} code)
    if(back)
      string(REPLACE "${code}" "${byte}" text "${text}")
    else()
      string(REPLACE "${byte}" "${code}" text "${text}")
    endif()
  endforeach()
  set(${out_var} "${text}" PARENT_SCOPE)
endfunction()

# PROTECT replaces ';', '[', ']' and '\' in <text> by the placeholders, RESTORE puts
# them back.
function(_cudaarch_placeholder_text out_var direction text)
  _cudaarch_placeholders(sep lb rb bs)
  _cudaarch_swap_bytes(text ${direction} "${text}" "[]\\;" "${lb};${rb};${bs};${sep}")
  set(${out_var} "${text}" PARENT_SCOPE)
endfunction()

# <text> with '%', ';', '[', ']' and '\' percent-encoded, so that any text, a list too,
# stays one item of a CMake list (ENCODE), or back (DECODE). '%' is encoded first and
# decoded last, so that no code is read twice.
function(_cudaarch_percent_text out_var direction text)
  _cudaarch_swap_bytes(text ${direction} "${text}" "%;[]\\" "%25;%3B;%5B;%5D;%5C")
  set(${out_var} "${text}" PARENT_SCOPE)
endfunction()

# <command> and the named values after it (<name> <value> pairs) as one value, a closure that
# is handed down to where it is called (_cudaarch_keyword): a list of the command and one
# "<name>=<value>" item per pair, each value percent-encoded (_cudaarch_percent_text). Read
# by name (_cudaarch_unbind), never by position: a closure's fields can be added or reordered
# without its readers counting.
function(_cudaarch_bind out_var command) # <name> <value>...
  set(closure "${command}")
  math(EXPR last "${ARGC} - 1")
  if(last GREATER 1)
    foreach(i RANGE 2 ${last} 2)
      math(EXPR next "${i} + 1")
      _cudaarch_percent_text(value ENCODE "${ARGV${next}}")
      list(APPEND closure "${ARGV${i}}=${value}")
    endforeach()
  endif()
  set(${out_var} "${closure}" PARENT_SCOPE)
endfunction()

# The values bound in <closure> (see _cudaarch_bind) under each <name>, decoded, into the
# variable of that name; empty for a name the closure does not bind.
function(_cudaarch_unbind closure) # <name>...
  foreach(name IN LISTS ARGN)
    set(${name} "" PARENT_SCOPE)
    foreach(item IN LISTS closure)
      string(FIND "${item}" "${name}=" at)
      if(at EQUAL 0)
        string(LENGTH "${name}=" length)
        string(SUBSTRING "${item}" ${length} -1 value)
        _cudaarch_percent_text(value DECODE "${value}")
        set(${name} "${value}" PARENT_SCOPE)
        break()
      endif()
    endforeach()
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

# The error vocabulary: one sentence each for an unknown value, a missing value and two
# arguments or settings that exclude each other, in the argument checks, the commands and the
# engine alike; the C++ wing's twins are text::unknown_value, text::missing_value and
# text::mutually_exclusive (src/cudaarch/text.hpp). Here, at the bottom layer, so that the
# notation engine can use them too. They return the sentence; the caller puts its command's
# name before it ("${command}: ") and what follows after. cmake.error_vocabulary.source_scan
# fails where one is spelled by hand.

# <out-var> = "unknown <noun> '<value>'; <plural>: <choice>, …." (<value> quoted, escaped).
function(_cudaarch_unknown_value out_var noun plural value) # <choices>...
  _cudaarch_quote(q "${value}")
  list(JOIN ARGN ", " choices)
  set(${out_var} "unknown ${noun} ${q}; ${plural}: ${choices}." PARENT_SCOPE)
endfunction()

# <out-var> = "<what> needs a value" (<what>: the keyword or flag as the message shows it).
function(_cudaarch_missing_value out_var what)
  set(${out_var} "${what} needs a value" PARENT_SCOPE)
endfunction()

# <out-var> = "give <first> or <second>, not both".
function(_cudaarch_mutually_exclusive out_var first second)
  set(${out_var} "give ${first} or ${second}, not both" PARENT_SCOPE)
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
