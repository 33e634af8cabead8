# SPDX-License-Identifier: Apache-2.0
# Shared by the corpus runners: corpus_answers(<corpus file> <output file> <reader>) calls
# <reader>(<out-flags> <out-error> <line>) for each line and writes "OK <flags>" or
# "ERR <error>" a line to <output file>. Lines are cut out of the text by position: a list
# would split them at their own ';'.
function(corpus_answers corpus output reader)
  file(READ "${corpus}" text)
  set(out "")
  string(LENGTH "${text}" size)
  set(start 0)
  while(start LESS size)
    string(SUBSTRING "${text}" ${start} -1 rest)
    string(FIND "${rest}" "\n" length)
    if(length EQUAL -1)
      string(LENGTH "${rest}" length)
    endif()
    string(SUBSTRING "${rest}" 0 ${length} line)
    math(EXPR start "${start} + ${length} + 1")
    cmake_language(CALL ${reader} flags error "${line}")
    if(error STREQUAL "")
      string(APPEND out "OK ${flags}\n")
    else()
      string(APPEND out "ERR ${error}\n")
    endif()
  endwhile()
  file(WRITE "${output}" "${out}")
endfunction()
