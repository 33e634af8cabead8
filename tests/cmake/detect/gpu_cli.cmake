# SPDX-License-Identifier: Apache-2.0
execute_process(COMMAND "${CUDAARCH_EXE}" detect RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
message("${out}${err}")
if(NOT rc EQUAL 0 OR NOT out MATCHES "\ncapabilities: ${EXPECTED_GPUS}\n$")
  fail("[gpu_cli] expected exit 0 and 'capabilities: ${EXPECTED_GPUS}', got (${rc}):\n${out}${err}")
endif()
