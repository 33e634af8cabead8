# SPDX-License-Identifier: Apache-2.0
# Internal: the build step of cudaarch_size_budget (COMMAND, which its messages start with).
# Runs `cudaarch size --max-size MAX [--per-arch PER_ARCH] FILE`: within the budget (exit 0)
# it writes STAMP; over it (exit 1) it prints the tool's report and stops, or with WARN warns
# and writes STAMP; a size or file the tool cannot read (exit 2) stops it whatever WARN says.
#   cmake -DCOMMAND=<command> -DCUDAARCH=<tool> -DTARGET=<target> -DFILE=<file> -DMAX=<size>
#         [-DPER_ARCH=<size>] [-DWARN=TRUE] -DSTAMP=<file> -P size_budget.cmake
cmake_minimum_required(VERSION 3.18)
set(arguments size --max-size "${MAX}")
if(NOT PER_ARCH STREQUAL "")
  list(APPEND arguments --per-arch "${PER_ARCH}")
endif()
execute_process(COMMAND "${CUDAARCH}" ${arguments} "${FILE}" RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(rc EQUAL 0)
  file(TOUCH "${STAMP}")
elseif(rc EQUAL 1)
  # The report as the tool wrote it (message(FATAL_ERROR) and message(WARNING) reflow their
  # text), then the verdict.
  message("${COMMAND}: ${TARGET}: ${FILE} is over its size budget:\n${out}")
  if(WARN)
    message(WARNING "${COMMAND}: ${TARGET} is over its size budget (WARN)")
    file(TOUCH "${STAMP}")
  else()
    message(FATAL_ERROR "${COMMAND}: ${TARGET} is over its size budget")
  endif()
else()
  message("${COMMAND}: ${TARGET}: cannot judge ${FILE}:\n${err}${out}")
  message(FATAL_ERROR "${COMMAND}: ${TARGET}: the budget cannot be judged")
endif()
