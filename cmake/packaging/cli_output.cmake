# SPDX-License-Identifier: Apache-2.0
# Writes what the built CLI prints for some arguments to a file (a build step): the
# completion scripts (`completion bash`) and the man page (`help --man`).
#   cmake -DCUDAARCH=<cudaarch> "-DARGS=<argument>;..." -DOUTPUT=<file> -P cli_output.cmake
execute_process(COMMAND "${CUDAARCH}" ${ARGS} OUTPUT_FILE "${OUTPUT}" RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  string(REPLACE ";" " " shown "${ARGS}")
  message(FATAL_ERROR "${CUDAARCH} ${shown} failed (${rc})")
endif()
