# SPDX-License-Identifier: Apache-2.0
# Included by the oracle runners: the peers report a bad input with message(SEND_ERROR),
# which goes on and fails cmake -P only at the end, and OpenCV's block prints its flags as
# @@FLAGS@@<flags>@@. Both are kept in global properties instead, per input: the first
# error in _oracle_error, the flags in _oracle_flags.
macro(message mode)
  if("${mode}" STREQUAL "SEND_ERROR" OR "${mode}" STREQUAL "FATAL_ERROR")
    get_property(_oracle_first GLOBAL PROPERTY _oracle_error)
    if(_oracle_first STREQUAL "")  # the first error, not what it leads to
      set_property(GLOBAL PROPERTY _oracle_error "${ARGN}")
    endif()
  elseif("${mode}" MATCHES "^@@FLAGS@@(.*)@@$")
    set_property(GLOBAL PROPERTY _oracle_flags "${CMAKE_MATCH_1}")
  endif()
endmacro()
