# SPDX-License-Identifier: Apache-2.0
# Writes the completion script the built CLI generates for one shell (build step).
#   cmake -DCUDAARCH=<cudaarch> -DSHELL_NAME=bash|zsh|fish -DOUTPUT=<file> -P completion.cmake
execute_process(COMMAND "${CUDAARCH}" completion "${SHELL_NAME}" OUTPUT_FILE "${OUTPUT}" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${CUDAARCH} completion ${SHELL_NAME} failed (${rc})")
endif()
