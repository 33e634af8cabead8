# SPDX-License-Identifier: Apache-2.0
# skip_without_gpu(<cudaarch>): where `cudaarch detect` finds no GPU, the calling script
# prints "SKIP: no GPU: <why>" (the GPU tests' SKIP_REGULAR_EXPRESSION) and stops. A macro, so
# that its return() ends the calling script.
macro(skip_without_gpu cudaarch)
  execute_process(COMMAND "${cudaarch}" detect RESULT_VARIABLE _skip_detect_rc OUTPUT_QUIET
                  ERROR_VARIABLE _skip_why ERROR_STRIP_TRAILING_WHITESPACE)
  if(NOT _skip_detect_rc EQUAL 0)
    message(STATUS "SKIP: no GPU: ${_skip_why}")
    return()
  endif()
endmacro()
