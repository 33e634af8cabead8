# SPDX-License-Identifier: Apache-2.0
# The usage line and option table of each docs/cli/<command>.md, generated from the CLI's own
# option tables (`cudaarch completion --json`: the CommandSyntax each command parses its
# arguments and prints its --help by), between the two marker lines below, which every
# command's page holds once. The rest of each page is written by hand.
#   cmake -DCUDAARCH=<built cudaarch> -DDOCS=<repo>/docs/cli [-DCHECK=ON] -P cli_options.cmake
# Without CHECK the pages are rewritten in place; with CHECK=ON nothing is written, and a page
# whose block differs from the CLI's fails (the test docs.cli.options_are_current).
cmake_minimum_required(VERSION 3.19)
set(begin_marker "<!-- options: generated from the CLI by docs/tools/cli_options.cmake; do not edit -->")
set(end_marker "<!-- end of the generated options -->")
execute_process(COMMAND "${CUDAARCH}" completion --json OUTPUT_VARIABLE json RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "'${CUDAARCH} completion --json' failed (exit ${rc})")
endif()

# The options of command `i` of the JSON `document`: its usage line, and a row per option with
# its --help text.
function(_cli_options_block out document i)
  string(JSON usage GET "${document}" commands ${i} usage)
  set(block "\n```\n${usage}\n```\n\n| option | meaning |\n|---|---|\n")
  string(JSON count LENGTH "${document}" commands ${i} options)
  math(EXPR last "${count} - 1")
  foreach(k RANGE ${last})
    string(JSON name GET "${document}" commands ${i} options ${k} name)
    string(JSON value GET "${document}" commands ${i} options ${k} value)
    string(JSON help GET "${document}" commands ${i} options ${k} help)
    string(JSON repeatable GET "${document}" commands ${i} options ${k} repeatable)
    if(NOT value STREQUAL "")
      string(APPEND name " ${value}")
    endif()
    if(repeatable)
      string(APPEND help " (repeatable)")
    endif()
    # A table cell ends at a '|', also within a code span: each is escaped.
    string(REPLACE "|" "\\|" name "${name}")
    string(REPLACE "|" "\\|" help "${help}")
    string(APPEND block "| `${name}` | ${help} |\n")
  endforeach()
  set(${out} "${block}\n" PARENT_SCOPE)
endfunction()

set(stale "")
string(JSON commands LENGTH "${json}" commands)
math(EXPR last "${commands} - 1")
foreach(i RANGE ${last})
  string(JSON command GET "${json}" commands ${i} name)
  set(page "${DOCS}/${command}.md")
  if(NOT EXISTS "${page}")
    message(FATAL_ERROR "the command '${command}' has no page ${page}: write one, with the two marker lines\n"
      "${begin_marker}\n${end_marker}\nwhere its options go")
  endif()
  file(READ "${page}" text)
  string(FIND "${text}" "${begin_marker}" begin)
  string(FIND "${text}" "${end_marker}" end)
  if(begin EQUAL -1 OR end LESS begin)
    message(FATAL_ERROR "${page} lacks the marker lines, in this order, where its options go:\n${begin_marker}\n${end_marker}")
  endif()
  string(LENGTH "${end_marker}" end_length)
  math(EXPR after "${end} + ${end_length}")
  string(SUBSTRING "${text}" 0 ${begin} head)
  string(SUBSTRING "${text}" ${after} -1 tail)
  _cli_options_block(block "${json}" ${i})
  set(fresh "${head}${begin_marker}\n${block}${end_marker}${tail}")
  if(NOT fresh STREQUAL text)
    if(CHECK)
      string(APPEND stale "  ${page}\n")
    else()
      file(WRITE "${page}" "${fresh}")
      message(STATUS "updated ${page}")
    endif()
  endif()
endforeach()
if(stale)
  message(FATAL_ERROR "these pages' option tables differ from the CLI's; run\n"
    "  cmake -DCUDAARCH=<built cudaarch> -DDOCS=docs/cli -P docs/tools/cli_options.cmake\n${stale}")
endif()
