# SPDX-License-Identifier: Apache-2.0
# cmake -DINSPECT=<cudaarch> -DCUOBJDUMP=<cuobjdump> -DDIR=<dir> -DFILE=<path> -P compare_cuobjdump.cmake
# Runs `cuobjdump -lelf -lptx FILE` and `cudaarch inspect --cuobjdump FILE` in DIR and fails unless
# stdout and stderr are byte-identical and the exit codes correspond (cuobjdump 255 = cudaarch 1).
if(NOT EXISTS "${CUOBJDUMP}")
  message("SKIP: cuobjdump not found (tests/toolkits/fetch.sh fetches it into .deps, then reconfigure; the test workflow does both)")
  return()
endif()
if(NOT EXISTS "${FILE}" AND NOT EXISTS "${DIR}/${FILE}")
  message("SKIP: ${FILE} not found")
  return()
endif()
execute_process(COMMAND "${CUOBJDUMP}" -lelf -lptx "${FILE}" WORKING_DIRECTORY "${DIR}"
                OUTPUT_VARIABLE expected_out ERROR_VARIABLE expected_err RESULT_VARIABLE expected_rc)
execute_process(COMMAND "${INSPECT}" inspect --cuobjdump "${FILE}" WORKING_DIRECTORY "${DIR}"
                OUTPUT_VARIABLE actual_out ERROR_VARIABLE actual_err RESULT_VARIABLE actual_rc)
set(rc_map_0 0)
set(rc_map_255 1)
set(mapped_rc "${rc_map_${expected_rc}}")
if(NOT actual_out STREQUAL expected_out OR NOT actual_err STREQUAL expected_err OR NOT "${actual_rc}" STREQUAL "${mapped_rc}")
  message(FATAL_ERROR "cudaarch inspect --cuobjdump ${FILE} differs from cuobjdump -lelf -lptx:\n"
          "--- cuobjdump (exit ${expected_rc}) stdout:\n${expected_out}--- stderr:\n${expected_err}"
          "--- cudaarch (exit ${actual_rc}, want ${mapped_rc}) stdout:\n${actual_out}--- stderr:\n${actual_err}")
endif()
string(REGEX MATCHALL "\n" lines "${expected_out}")
list(LENGTH lines count)
message("identical: ${count} stdout lines, exit ${expected_rc}")
